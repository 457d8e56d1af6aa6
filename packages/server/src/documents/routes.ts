// The document API on one listener (production or sandbox): `POST /v1/documents` (multipart
// `file` + `options`, or JSON `file_url` + `options`; content checks, the 200 MiB and 200-page
// limits read at submit, `wait=true` long-polling up to 30 s, Idempotency-Key replays),
// `GET /v1/documents[/{id}]`, review and reprocess, and (loan-routes.ts) the loans. Every answer
// carries `X-Service-Env`, `X-Response-Time-Ms` and the per-key token bucket's headers; every
// error is `{error: {type, code, message, doc_url}}`.
import { randomBytes } from 'node:crypto';
import type { BlockList } from 'node:net';
import { MAX_FILE_BYTES, MAX_PAGES, PdfFile, sniffFormat } from '@loupe/core';
import { nodeDigests } from '@loupe/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentCaller, documentCaller } from '../http/auth/document-caller.js';
import { type Egress, EgressError, lastPathSegment } from '../http/egress/egress.js';
import { DocumentHttpError, documentError } from '../http/errors/document-errors.js';
import { idempotency } from '../http/idempotency.js';
import type { RateState } from '../http/rates/rate-state.js';
import { TokenBuckets } from '../http/rates/token-bucket.js';
import { loanRoutes } from '../loans/loan-routes.js';
import type { FinishSignal } from '../queue/finish-signal.js';
import type { CaptureSigner } from '../recapture/c2pa.js';
import { recaptureRoutes } from '../recapture/routes.js';
import type { PageRenderer } from '../reports/generate.js';
import { reportRoutes } from '../reports/routes.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store, StoredDocument } from '../store/store.js';
import { documentView, type SubmitFacts, summaryView } from '../views/document-view.js';
import { parseOptions, type SubmitOptions } from './options.js';

/** What the document routes need. */
export interface DocumentRouteDeps {
  /** Where rate counters live (default: this process). */
  rates?: RateState;
  /** The borrower-message channels this deployment has. */
  channels: { email: boolean; sms: boolean };
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  /** The outbound fetcher for `file_url` (200 MiB, 60 s, three redirects). */
  egress: Egress;
  /** Private ranges the deployment lets outbound requests reach (also accepted in `webhook_url`). */
  egressAllow: BlockList;
  /** Wakes the analysis workers after a submission. */
  notify: () => void;
  /** Wakes `wait=true` requests when their document finishes in this process. */
  finishes: FinishSignal;
  /** Wakes the webhook sender after events were recorded. */
  notifyEvents: () => void;
  /** Renders PDF pages (reports, simulated captures). */
  renderer: PageRenderer;
  /** Signs and reads captured photos' C2PA manifests. */
  signer: CaptureSigner;
  /** The host of the borrower's capture page. */
  claimBase?: string;
  now?: () => Date;
  /** Longest `wait=true` poll (default 30 s). */
  waitMs?: number;
}

const VERDICTS = ['CLEAN', 'SUSPICIOUS', 'FORGED', 'INSUFFICIENT_EVIDENCE'];
const DISPOSITIONS = ['in_review', 'cleared', 'escalated', 'confirmed_fraud'];
const SERVICE_PATHS = /^\/v1\/(documents|loans|audit-reports|recapture|verifi)(\/|$|\?)/;

/** True when a request belongs to the document service (and so speaks its error shape). */
export const isDocumentPath = (url: string, environment: Environment): boolean => environment === 'sandbox' || SERVICE_PATHS.test(url);

/** JSON text parsed, or the text itself when it is not JSON (option validation then refuses it). */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The bytes of an upload as they stream in, held once: sized from the request's Content-Length
 * (the multipart framing is a little larger than the file) when it is declared, else grown by
 * doubling; never past `cap` plus one chunk.
 */
class GrowingBuffer {
  private buffer: Buffer;
  private length = 0;

  constructor(
    hint: number,
    private readonly cap: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(Math.max(hint, 64 * 1024), cap + 64 * 1024));
  }

  append(chunk: Buffer): void {
    if (this.length + chunk.length > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.length + chunk.length, Math.min(this.buffer.length * 2, this.cap + 64 * 1024)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length += chunk.length;
  }

  /** The bytes received (a view, not a copy). */
  take(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Reads the multipart parts: the file under the 200 MiB cap while it streams, and `options`. */
async function readForm(request: FastifyRequest): Promise<{ file?: { bytes: Buffer; name: string }; options?: string }> {
  const out: { file?: { bytes: Buffer; name: string }; options?: string } = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'options' && typeof part.value === 'string') out.options = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      // refused the moment the cap is passed, not after the rest has been read
      const tooLarge = documentError(413, 'file_too_large', `The file is over ${MAX_FILE_BYTES} bytes (200 MiB).`);
      part.file.once('limit', () => part.file.destroy(tooLarge));
      const bytes = new GrowingBuffer(Number(request.headers['content-length']) || 0, MAX_FILE_BYTES);
      for await (const chunk of part.file as AsyncIterable<Buffer>) bytes.append(chunk);
      if (part.file.truncated) throw tooLarge;
      out.file = { bytes: bytes.take(), name: part.filename || 'document.pdf' };
    }
  } catch (error) {
    if (error instanceof DocumentHttpError) throw error;
    throw documentError(400, 'invalid_request', `The multipart body could not be read: ${(error as Error).message}`);
  }
  return out;
}

/** The page count of a PDF when it can be read at submit (undefined otherwise). */
function pdfPages(bytes: Uint8Array): number | undefined {
  try {
    const pages = PdfFile.open(bytes).view().pages().length;
    return pages > 0 ? pages : undefined;
  } catch {
    return undefined;
  }
}

/** Registers the document routes on one listener. */
export function documentRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  const now = deps.now ?? (() => new Date());
  const buckets = new TokenBuckets(1200, 600, Date.now, deps.rates);
  const environment = deps.environment;

  app.addHook('onRequest', async (request, reply) => {
    if (!isDocumentPath(request.url, environment)) return;
    reply.header('x-service-env', environment);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isDocumentPath(request.url, environment)) return payload;
    // answers that never reached a route's authentication (unknown paths, wrong verbs) still count
    // against the key that sent them; a request without a valid key is counted against none
    if (!reply.hasHeader('x-ratelimit-limit')) {
      const who = await documentCaller(deps.store, request, environment).catch(() => undefined);
      reply.headers(who ? (await buckets.take(who.key.id)).headers : buckets.uncounted());
    }
    reply.header('x-response-time-ms', reply.elapsedTime.toFixed(1));
    return payload;
  });

  const caller = async (request: FastifyRequest, reply: FastifyReply): Promise<DocumentCaller> => {
    const c = await documentCaller(deps.store, request, environment);
    const decision = await buckets.take(c.key.id);
    reply.headers(decision.headers);
    if (!decision.allowed) throw new DocumentHttpError(429, 'rate_limited', 'The key used up its request allowance; honour Retry-After.', {}, decision.headers);
    return c;
  };

  const view = (d: StoredDocument): Record<string, unknown> => documentView(d, now());

  /** Long-polls a processing document up to the wait limit when `wait` is true. */
  const waited = async (who: DocumentCaller, document: StoredDocument, wait: string | undefined): Promise<StoredDocument> => {
    let current = document;
    if (wait !== 'true') return current;
    const deadline = Date.now() + (deps.waitMs ?? 30_000);
    while (Date.now() < deadline) {
      // listen first, then look, so a finish between the two is not missed
      const woken = deps.finishes.wait(document.id, Math.min(1000, deadline - Date.now()));
      current = (await deps.store.document(who.account.id, environment, document.id)) ?? current;
      if (current.status !== 'processing') break;
      await woken;
    }
    return current;
  };

  const ROUTE = 'POST /v1/documents';
  const idem = idempotency(deps.store, environment, now);
  const replay = (who: DocumentCaller, key: string | undefined, payloadHash: string, reply: FastifyReply) => idem.replay(who, ROUTE, key, payloadHash, reply);
  const answer = (who: DocumentCaller, key: string | undefined, payloadHash: string, reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    idem.answer(who, ROUTE, key, payloadHash, reply, status, body);
  const hashOf = idem.hashOf;

  app.post(
    '/v1/documents',
    { schema: { tags: ['documents'], summary: 'Submit a document for analysis', security: [{ documentKey: [] }] } },
    async (request, reply) => {
      const who = await caller(request, reply);
      const wait = (request.query as { wait?: string }).wait;
      if (wait !== undefined && wait !== 'true' && wait !== 'false') throw documentError(400, 'invalid_request', 'wait is true or false.');
      const key = idem.keyOf(request);
      let bytes: Uint8Array;
      let name: string;
      let options: SubmitOptions;
      let payloadHash: string;
      if (request.isMultipart()) {
        const form = await readForm(request);
        const raw = form.options === undefined ? undefined : safeJson(form.options);
        if (!form.file || form.file.bytes.length === 0) throw documentError(400, 'missing_file', 'The file part is missing or empty.');
        bytes = new Uint8Array(form.file.bytes.buffer, form.file.bytes.byteOffset, form.file.bytes.byteLength);
        name = form.file.name;
        payloadHash = hashOf({ file_sha256: nodeDigests.sha256(bytes), file_name: name, options: raw });
        const replayed = await replay(who, key, payloadHash, reply);
        if (replayed) return replayed;
        options = parseOptions(form.options, deps.egressAllow);
      } else {
        const body = request.body as { file_url?: unknown; options?: unknown } | undefined;
        if (!body || typeof body !== 'object') throw documentError(400, 'missing_file', 'Send multipart/form-data with a file part, or JSON with file_url.');
        payloadHash = hashOf({ file_url: body.file_url, options: body.options });
        const replayed = await replay(who, key, payloadHash, reply);
        if (replayed) return replayed;
        options = parseOptions(body.options, deps.egressAllow);
        if (typeof body.file_url !== 'string' || !/^https?:\/\//i.test(body.file_url))
          throw documentError(400, 'invalid_request', 'file_url is an absolute http(s) URL.');
        try {
          const fetched = await deps.egress.fetch(body.file_url);
          bytes = fetched.bytes;
          // Content-Disposition, else the last path segment, else document.pdf
          name = fetched.filename ?? lastPathSegment(fetched.finalUrl) ?? 'document.pdf';
        } catch (error) {
          if (error instanceof EgressError) {
            if (error.reason === 'too_large') throw documentError(413, 'file_too_large', error.message);
            throw documentError(422, 'url_fetch_failed', error.message);
          }
          throw error;
        }
      }
      const format = sniffFormat(bytes);
      if (format === 'unknown') throw documentError(422, 'unreadable_document', 'The content matches no known document signature (PDF, PNG or JPEG).');
      if (format !== 'pdf' && format !== 'png' && format !== 'jpg')
        throw documentError(415, 'unsupported_type', `${format.toUpperCase()} files are not supported; submit a PDF, PNG or JPEG.`);
      const pages = format === 'pdf' ? pdfPages(bytes) : 1;
      if (pages !== undefined && pages > MAX_PAGES) throw documentError(413, 'file_too_large', `The PDF has ${pages} pages; the limit is ${MAX_PAGES}.`);
      const sha256 = await deps.blobs.put(bytes);
      // a byte-identical resubmission (same bytes, models, file name, external_ref), decided by the
      // store under a lock on the bytes so concurrent submissions to any process make one document
      const models = JSON.stringify(options.models ?? []);
      const sameAs = (d: StoredDocument): boolean =>
        d.fileName === name &&
        d.externalRef === (options.external_ref ?? null) &&
        JSON.stringify((JSON.parse(d.options) as SubmitOptions).models ?? []) === models;
      const facts: SubmitFacts = { md5: nodeDigests.md5(bytes), ...(pages === undefined ? {} : { pages }) };
      const created = await deps.store.createDocument(
        {
          id: `doc_${randomBytes(12).toString('hex')}`,
          accountId: who.account.id,
          environment,
          sha256,
          fileName: name,
          fileType: format,
          sizeBytes: bytes.length,
          options: JSON.stringify({ ...options, facts }),
          externalRef: options.external_ref ?? null,
          attributionCurrency: options.attribution?.currency ?? null,
          createdAt: now().toISOString(),
        },
        sameAs,
      );
      if ('currencyConflict' in created)
        throw documentError(
          422,
          'attribution_currency_conflict',
          `This loan's attributions are in ${created.currencyConflict}; one loan carries one currency.`,
          {
            currency: created.currencyConflict,
          },
        );
      let document: StoredDocument;
      if ('duplicate' in created) {
        const same = created.duplicate;
        if (same.status !== 'failed') return answer(who, key, payloadHash, reply, 200, view(same));
        // a failed document is analysed again under its id with its original options
        const again = await deps.store.reprocessDocument(who.account.id, environment, same.id);
        document = typeof again === 'object' ? again : ((await deps.store.document(who.account.id, environment, same.id)) ?? same);
      } else document = created;
      deps.notify();
      const current = await waited(who, document, wait);
      return answer(who, key, payloadHash, reply, current.status === 'processing' ? 202 : 200, view(current));
    },
  );

  app.post(
    '/v1/documents/:id/review',
    { schema: { tags: ['documents'], summary: "Set a completed document's review disposition (a later call replaces it)", security: [{ documentKey: [] }] } },
    async (request, reply) => {
      const who = await caller(request, reply);
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object') throw documentError(400, 'invalid_request', 'Send JSON {disposition, note, reviewer}.');
      if (typeof body.disposition !== 'string' || !DISPOSITIONS.includes(body.disposition))
        throw documentError(400, 'invalid_request', `disposition is one of ${DISPOSITIONS.join(', ')}.`);
      for (const field of ['note', 'reviewer'] as const) {
        if (body[field] !== undefined && (typeof body[field] !== 'string' || (body[field] as string).length > 4000))
          throw documentError(400, 'invalid_request', `${field} is a string of at most 4,000 characters.`);
      }
      const review = { disposition: body.disposition, note: body.note, reviewer: body.reviewer, reviewed_at: now().toISOString() };
      const result = await deps.store.reviewDocument(who.account.id, environment, (request.params as { id: string }).id, JSON.stringify(review));
      if (!result) throw documentError(404, 'not_found', 'No document with that id in this environment.');
      if (result === 'not_completed') throw documentError(409, 'not_reviewable', 'Only a completed document can be reviewed.');
      return view(result);
    },
  );

  app.post(
    '/v1/documents/:id/reprocess',
    {
      schema: {
        tags: ['documents'],
        summary: 'Analyse a finished document again (multipart with the original file; the prior verdict stays readable until the new one lands)',
        security: [{ documentKey: [] }],
      },
    },
    async (request, reply) => {
      const who = await caller(request, reply);
      const id = (request.params as { id: string }).id;
      const found = await deps.store.document(who.account.id, environment, id);
      if (!found) throw documentError(404, 'not_found', 'No document with that id in this environment.');
      const form = request.isMultipart() ? await readForm(request) : {};
      if (!form.file || form.file.bytes.length === 0)
        throw documentError(400, 'source_file_required', 'Attach the original document in the multipart part file.');
      if (nodeDigests.sha256(form.file.bytes) !== found.sha256)
        throw documentError(400, 'invalid_request', "The attached file's SHA-256 does not match the document's.");
      const inProgress = () => documentError(409, 'analysis_in_progress', 'An analysis of this document is queued or running.');
      if (found.status === 'processing') throw inProgress();
      if (!(await deps.blobs.has(found.sha256)))
        throw documentError(409, 'file_not_retained', 'The bytes of this document are no longer held, so it cannot be reprocessed.');
      const queued = await deps.store.reprocessDocument(who.account.id, environment, id);
      if (queued === 'in_progress') throw inProgress();
      if (!queued) throw documentError(404, 'not_found', 'No document with that id in this environment.');
      deps.notify();
      return reply.code(202).send(view(queued));
    },
  );

  loanRoutes(app, { store: deps.store, environment, now, caller, notifyEvents: deps.notifyEvents });
  reportRoutes(app, { store: deps.store, blobs: deps.blobs, environment, now, caller, idempotency: idem, notify: deps.notify });
  recaptureRoutes(app, {
    store: deps.store,
    blobs: deps.blobs,
    environment,
    now,
    caller,
    idempotency: idem,
    notify: deps.notify,
    notifyEvents: deps.notifyEvents,
    channels: deps.channels,
    finishes: deps.finishes,
    renderer: deps.renderer,
    signer: deps.signer,
    ...(deps.claimBase ? { claimBase: deps.claimBase } : {}),
  });

  app.get(
    '/v1/documents',
    { schema: { tags: ['documents'], summary: 'List documents, newest first (cursor-paginated)', security: [{ documentKey: [] }] } },
    async (request, reply) => {
      const who = await caller(request, reply);
      const q = request.query as Record<string, string | undefined>;
      const limit = q.limit === undefined ? 25 : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw documentError(400, 'invalid_request', 'limit is a whole number from 1 to 100.');
      const viewName = q.view ?? 'summary';
      if (viewName !== 'summary' && viewName !== 'full') throw documentError(400, 'invalid_request', 'view is summary or full.');
      if (q.verdict !== undefined && !VERDICTS.includes(q.verdict)) throw documentError(400, 'invalid_request', `verdict is one of ${VERDICTS.join(', ')}.`);
      const page = await deps.store.listDocuments(who.account.id, environment, {
        limit,
        ...(q.external_ref === undefined ? {} : { externalRef: q.external_ref }),
        ...(q.verdict === undefined ? {} : { verdict: q.verdict }),
        ...(q.starting_after === undefined ? {} : { startingAfter: q.starting_after }),
      });
      const at = now();
      return { object: 'list', data: page.documents.map((d) => (viewName === 'full' ? documentView(d, at) : summaryView(d, at))), has_more: page.hasMore };
    },
  );

  app.get(
    '/v1/documents/:id',
    { schema: { tags: ['documents'], summary: 'Read a document in any status', security: [{ documentKey: [] }] } },
    async (request, reply) => {
      const who = await caller(request, reply);
      const found = await deps.store.document(who.account.id, environment, (request.params as { id: string }).id);
      if (!found) throw documentError(404, 'not_found', 'No document with that id in this environment.');
      return view(found);
    },
  );
}
