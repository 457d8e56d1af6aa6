// The submit use case of `POST /v1/documents`: the content decides the type (422 for unknown
// content, 415 for other image formats), a PDF's pages are counted when its page tree reads (over
// 200 is 413; a PDF over 16 MiB is counted by its analysis instead, so an upload streamed to disk
// is never read whole here), the bytes are stored content-addressed (a staged upload is moved in,
// not copied), and the store decides under a lock on the
// bytes whether this is a byte-identical resubmission (same bytes, models, file name and
// external_ref: the existing document, unless it failed, which is analysed again under its id) or
// a new document with its job. Then the workers are woken and, with `wait`, the answer waits for
// the analysis up to the wait limit. A `file_url` is fetched here under the egress rule.
import { randomBytes } from 'node:crypto';
import { ENGINE_MODEL, MAX_FILE_BYTES, MAX_PAGES, sniffFormat } from '@loupe/core';
import { defined, PdfFile } from '@loupe/core/internal';
import { nodeDigests } from '@loupe/node';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { type Egress, EgressError, lastPathSegment } from '../http/egress/egress.js';
import { documentError } from '../http/errors/document-errors.js';
import type { StagedUpload } from '../http/uploads/document-form.js';
import type { FinishSignal } from '../queue/finish-signal.js';
import type { BlobStore } from '../store/blob-store.js';
import type { SubmitFacts, SubmitOptions } from '../store/document-fields.js';
import type { Environment, KeyClaim, Store, StoredDocument } from '../store/store.js';
import type { EarlyScans } from './early-scans.js';

/** What the document use cases need. */
export interface DocumentUseCaseDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  /** Wakes the analysis workers after a submission. */
  notify: () => void;
  /** Wakes `wait=true` requests when their document finishes in this process. */
  finishes: FinishSignal;
  now: () => Date;
  /** Longest `wait=true` poll (default 30 s). */
  waitMs?: number;
  /**
   * Starts the analysis of bytes in hand before they are stored and queued (early-scans.ts), for
   * `wait=true`; answers how to forget it when no job will take it. Absent: no early scans.
   */
  scanEarly?: EarlyScans['start'];
}

/** A file to submit: an upload, or bytes in memory (fetched from `file_url`). */
export interface Submission {
  file: StagedUpload | { bytes: Uint8Array; name: string };
  options: SubmitOptions;
  /** Long-poll for the verdict. */
  wait: boolean;
}

/** What a submission came to: 200 with a finished or existing document, 202 while it is analysed. */
export interface Submitted {
  status: 200 | 202;
  document: StoredDocument;
}

/** PDFs up to this size have their pages counted at submit (read back from the staged upload). */
const PAGE_COUNT_MAX_BYTES = 16 * 1024 * 1024;

/** What submitting needs of a file, an upload or bytes in memory. */
function fileFacts(file: Submission['file'], blobs: BlobStore) {
  if ('keepIn' in file) return { ...file, keep: () => file.keepIn(blobs) };
  const { bytes, name } = file;
  const sha256 = nodeDigests.sha256(bytes);
  return {
    name,
    size: bytes.length,
    head: bytes,
    sha256,
    md5: nodeDigests.md5(bytes),
    read: async () => bytes,
    keep: async () => void (await blobs.put(bytes)),
  };
}

/** Fetches a `file_url` under the egress rule: its bytes and name (Content-Disposition, else the last path segment, else document.pdf). */
export async function fetchDocument(egress: Egress, url: string): Promise<{ bytes: Uint8Array; name: string }> {
  if (!/^https?:\/\//i.test(url)) throw documentError('url_fetch_failed', 'file_url is fetched over http or https only.');
  try {
    const fetched = await egress.fetch(url);
    return { bytes: fetched.bytes, name: fetched.filename ?? lastPathSegment(fetched.finalUrl) ?? 'document.pdf' };
  } catch (error) {
    if (!(error instanceof EgressError)) throw error;
    if (error.reason === 'too_large') throw documentError('file_too_large', error.message);
    throw documentError('url_fetch_failed', error.message);
  }
}

/** The models an analysis runs beyond the default one, as one comparable string (naming the default changes nothing). */
const analysisModels = (models: readonly string[] | undefined): string => JSON.stringify([...new Set(models ?? [])].filter((m) => m !== ENGINE_MODEL).sort());

/** The page count of a PDF when it can be read at submit (undefined otherwise). */
function pdfPages(bytes: Uint8Array): number | undefined {
  try {
    const pages = PdfFile.open(bytes).view().pages().length;
    return pages > 0 ? pages : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Long-polls a processing document up to the wait limit: answered by the finish signal with the
 * document as its analysis committed it when it finishes in this process (the caller's own
 * document: it made it), else by looking at the store.
 */
async function waitForFinish(deps: DocumentUseCaseDeps, who: DocumentCaller, document: StoredDocument): Promise<StoredDocument> {
  let current = document;
  const deadline = Date.now() + (deps.waitMs ?? 30_000);
  while (Date.now() < deadline) {
    // listen first, then look, so a finish between the two is not missed
    const woken = deps.finishes.wait(document.id, Math.min(1000, deadline - Date.now()));
    current = (await deps.store.documents.document(who.account.id, deps.environment, document.id)) ?? current;
    if (current.status !== 'processing') break;
    const finished = await woken;
    if (finished) return finished;
  }
  return current;
}

/**
 * Submits a file for analysis. Under an Idempotency-Key `claim` whose earlier holder created or
 * matched a document, answers that document (waited for when asked) without analysing it again.
 */
export async function submitDocument(deps: DocumentUseCaseDeps, who: DocumentCaller, submission: Submission, claim?: KeyClaim): Promise<Submitted> {
  const { options } = submission;
  const file = fileFacts(submission.file, deps.blobs);
  const { name } = file;
  const format = sniffFormat(file.head);
  if (format === 'unknown') throw documentError('unreadable_document', 'The content matches no known document signature (PDF, PNG or JPEG).');
  if (format !== 'pdf' && format !== 'png' && format !== 'jpg')
    throw documentError('unsupported_type', `${format.toUpperCase()} files are not supported; submit a PDF, PNG or JPEG.`);
  if (file.size > MAX_FILE_BYTES) throw documentError('file_too_large', `The file is over ${MAX_FILE_BYTES} bytes (200 MiB).`);
  // a caller waits and the file is wholly in hand: its analysis starts while it is counted, stored
  // and queued (a PDF over the page limit is refused by the engine as fast as by the count below)
  const forgetEarly =
    submission.wait && deps.scanEarly && file.size <= file.head.length
      ? deps.scanEarly(file.head, file.sha256, { name, ...(options.models ? { models: options.models } : {}) })
      : undefined;
  try {
    // a large PDF's pages are counted by its analysis, so an upload is never read whole here
    const pages = format !== 'pdf' ? 1 : file.size <= PAGE_COUNT_MAX_BYTES ? pdfPages(await file.read()) : undefined;
    if (pages !== undefined && pages > MAX_PAGES) throw documentError('file_too_large', `The PDF has ${pages} pages; the limit is ${MAX_PAGES}.`);
    return await storeAndQueue(deps, who, submission, { file, format, pages }, claim, forgetEarly);
  } catch (error) {
    forgetEarly?.();
    throw error;
  }
}

/** Keeps the bytes, records the document (or finds its byte-identical twin), queues its job and answers. */
async function storeAndQueue(
  deps: DocumentUseCaseDeps,
  who: DocumentCaller,
  submission: Submission,
  checked: { file: ReturnType<typeof fileFacts>; format: 'pdf' | 'png' | 'jpg'; pages: number | undefined },
  claim: KeyClaim | undefined,
  forgetEarly: (() => void) | undefined,
): Promise<Submitted> {
  const { options } = submission;
  const { file, format, pages } = checked;
  const { name } = file;
  const sha256 = file.sha256;
  await file.keep();
  const models = analysisModels(options.models);
  const sameAs = (d: StoredDocument): boolean =>
    d.fileName === name && d.externalRef === (options.external_ref ?? null) && analysisModels(d.options.models) === models;
  const facts: SubmitFacts = { md5: file.md5, ...defined({ pages }) };
  const created = await deps.store.documents.createDocument(
    {
      id: `doc_${randomBytes(12).toString('hex')}`,
      accountId: who.account.id,
      environment: deps.environment,
      sha256,
      fileName: name,
      fileType: format,
      sizeBytes: file.size,
      options: { ...options, facts },
      externalRef: options.external_ref ?? null,
      attributionCurrency: options.attribution?.currency ?? null,
      createdAt: deps.now().toISOString(),
    },
    sameAs,
    claim,
  );
  if ('currencyConflict' in created)
    throw documentError('attribution_currency_conflict', `This loan's attributions are in ${created.currencyConflict}; one loan carries one currency.`, {
      currency: created.currencyConflict,
    });
  let document: StoredDocument;
  if ('duplicate' in created) {
    const same = created.duplicate;
    if (same.status !== 'failed') {
      forgetEarly?.();
      return { status: 200, document: same };
    }
    // a failed document is analysed again under its id with its original options
    const again = await deps.store.documents.reprocessDocument(who.account.id, deps.environment, same.id);
    document = typeof again === 'object' ? again : ((await deps.store.documents.document(who.account.id, deps.environment, same.id)) ?? same);
  } else document = created;
  deps.notify();
  return answerOf(deps, who, document, submission.wait);
}

/** The submission's answer: the document, waited for when asked; 202 while it is processing. */
async function answerOf(deps: DocumentUseCaseDeps, who: DocumentCaller, document: StoredDocument, wait: boolean): Promise<Submitted> {
  const current = wait ? await waitForFinish(deps, who, document) : document;
  return { status: current.status === 'processing' ? 202 : 200, document: current };
}
