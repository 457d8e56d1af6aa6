// The document API's first routes on one listener (production or sandbox): `POST /v1/documents`
// (multipart `file` + `options`, or JSON `file_url` + `options`; content checks, the 200 MiB and
// 200-page limits read at submit, `wait=true` long-polling up to 30 s) and
// `GET /v1/documents/{id}`. Every answer carries `X-Service-Env`, `X-Response-Time-Ms` and the
// per-key token bucket's headers; every error is `{error: {type, code, message, doc_url}}`.
import { randomBytes } from 'node:crypto';
import { MAX_FILE_BYTES, MAX_PAGES, md5Hex, PdfFile, sniffFormat } from '@loupe/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Egress, EgressError } from '../http/egress.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store, StoredDocument } from '../store/store.js';
import { type DocumentCaller, documentCaller } from './auth.js';
import { DocumentHttpError, documentError } from './errors.js';
import { parseOptions, type SubmitOptions } from './options.js';
import { TokenBuckets } from './token-bucket.js';
import { documentView, type SubmitFacts, summaryView } from './view.js';

/** What the document routes need. */
export interface DocumentRouteDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  /** The outbound fetcher for `file_url` (200 MiB, 60 s, three redirects). */
  egress: Egress;
  /** Wakes the analysis workers after a submission. */
  notify: () => void;
  now?: () => Date;
  /** Longest `wait=true` poll (default 30 s). */
  waitMs?: number;
}

const VERDICTS = ['CLEAN', 'SUSPICIOUS', 'FORGED', 'INSUFFICIENT_EVIDENCE'];
const SERVICE_PATHS = /^\/v1\/(documents|loans|audit-reports|recapture)(\/|$|\?)/;

/** True when a request belongs to the document service (and so speaks its error shape). */
export const isDocumentPath = (url: string, environment: Environment): boolean => environment === 'sandbox' || SERVICE_PATHS.test(url);

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
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      if (part.file.truncated) throw documentError(413, 'file_too_large', `The file is over ${MAX_FILE_BYTES} bytes (200 MiB).`);
      out.file = { bytes: Buffer.concat(chunks), name: part.filename || 'document.pdf' };
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

/** The file name of a fetched document: Content-Disposition, else the last path segment, else `document.pdf`. */
function fetchedName(filename: string | null, finalUrl: string): string {
  if (filename) return filename;
  try {
    const segment = decodeURIComponent(new URL(finalUrl).pathname.split('/').filter(Boolean).at(-1) ?? '');
    if (segment) return segment;
  } catch {
    // fall through
  }
  return 'document.pdf';
}

/** Registers the document routes on one listener. */
export function documentRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  const now = deps.now ?? (() => new Date());
  const buckets = new TokenBuckets();
  const environment = deps.environment;

  app.addHook('onRequest', async (request, reply) => {
    if (!isDocumentPath(request.url, environment)) return;
    reply.header('x-service-env', environment);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isDocumentPath(request.url, environment)) reply.header('x-response-time-ms', reply.elapsedTime.toFixed(1));
    return payload;
  });

  const caller = async (request: FastifyRequest, reply: FastifyReply): Promise<DocumentCaller> => {
    const c = await documentCaller(deps.store, request, environment);
    const decision = buckets.take(c.key.id);
    reply.headers(decision.headers);
    if (!decision.allowed) throw new DocumentHttpError(429, 'rate_limited', 'The key used up its request allowance; honour Retry-After.', {}, decision.headers);
    return c;
  };

  const view = (d: StoredDocument): Record<string, unknown> => documentView(d, now());

  app.post(
    '/v1/documents',
    { schema: { tags: ['documents'], summary: 'Submit a document for analysis', security: [{ documentKey: [] }] } },
    async (request, reply) => {
      const who = await caller(request, reply);
      const wait = (request.query as { wait?: string }).wait;
      if (wait !== undefined && wait !== 'true' && wait !== 'false') throw documentError(400, 'invalid_request', 'wait is true or false.');
      let bytes: Uint8Array;
      let name: string;
      let options: SubmitOptions;
      if (request.isMultipart()) {
        const form = await readForm(request);
        options = parseOptions(form.options);
        if (!form.file || form.file.bytes.length === 0) throw documentError(400, 'missing_file', 'The file part is missing or empty.');
        bytes = new Uint8Array(form.file.bytes.buffer, form.file.bytes.byteOffset, form.file.bytes.byteLength);
        name = form.file.name;
      } else {
        const body = request.body as { file_url?: unknown; options?: unknown } | undefined;
        if (!body || typeof body !== 'object') throw documentError(400, 'missing_file', 'Send multipart/form-data with a file part, or JSON with file_url.');
        options = parseOptions(body.options);
        if (typeof body.file_url !== 'string' || !/^https?:\/\//i.test(body.file_url))
          throw documentError(400, 'invalid_request', 'file_url is an absolute http(s) URL.');
        try {
          const fetched = await deps.egress.fetch(body.file_url);
          bytes = fetched.bytes;
          name = fetchedName(fetched.filename, fetched.finalUrl);
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
      const facts: SubmitFacts = { md5: md5Hex(bytes), ...(pages === undefined ? {} : { pages }) };
      const stored = await deps.store.createDocument({
        id: `doc_${randomBytes(12).toString('hex')}`,
        accountId: who.account.id,
        environment,
        sha256,
        fileName: name,
        fileType: format,
        sizeBytes: bytes.length,
        options: JSON.stringify({ ...options, facts }),
        externalRef: options.external_ref ?? null,
        createdAt: now().toISOString(),
      });
      deps.notify();
      let current = stored;
      if (wait === 'true') {
        const deadline = Date.now() + (deps.waitMs ?? 30_000);
        while (current.status === 'processing' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          current = (await deps.store.document(who.account.id, environment, stored.id)) ?? current;
        }
      }
      return reply.code(current.status === 'processing' ? 202 : 200).send(view(current));
    },
  );

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
