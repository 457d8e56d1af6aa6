// What a worker does with a job the queue leased to it: a document analysis runs through the
// document engine on the worker pool (or takes the scan of its file begun early, `HeldScans`,
// without reading the file back) and finishes the document exactly once (completed with the
// engine's Document, or failed with the spec's error); other jobs (audit reports) go to their
// handler. A job taken more often than `maxAttempts` (its workers kept dying on it) fails its
// document instead of killing another worker.
import { type DocumentError, ERROR_DOC_BASE, type LoanWord, type ScanDetail, type ScanInput, toDocumentError } from '@loupe/core';
import { analysisEvents } from '../notifications/events.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import { MAX_JOB_TAKES } from '../queue/job-queue.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Job, LoanSnapshot, NewEvent, Store, StoredDocument, StoredResult } from '../store/store.js';
import { outlastingOutage } from '../store/store-error.js';

/** Runs document scans (the worker pool). */
export interface ScanRunner {
  /** Scans one document (in a worker thread in the default runner). */
  scan(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
}

/** Scans begun before their job (`early-scans.ts`), by file. */
export interface HeldScans {
  /** The scan begun early of the file `sha256` with this input, once; undefined when none is held (the job scans the stored file). */
  take(sha256: string, input: ScanInput): Promise<ScanDetail> | undefined;
}

/** Options of the job handler. */
export interface JobHandlerOptions {
  store: Store;
  blobs: BlobStore;
  runner: ScanRunner;
  /** Scans begun before their job (`wait=true` uploads): a job takes its file's instead of reading the file back. */
  early?: HeldScans;
  /** Takes of one job after which its document fails (default 4). */
  maxAttempts?: number;
  /** True once this process is stopping: a scan that fails then (its pool closed) leaves its job to be handed back, not its document failed. */
  stopping?: () => boolean;
  /** Where finished jobs are timed and analyses counted by verdict. */
  metrics?: Pick<ServiceMetrics, 'job'>;
  /** Called once a document has finished (completed or failed) and its events are in the outbox; given the finished document as committed. */
  onFinished?: (document: StoredDocument) => void;
  now?: () => Date;
  /** Runs the other kinds of job (audit reports); answers true when the job finished its subject. */
  otherJobs?: (job: Job) => Promise<boolean>;
  /** Called when a job other than an analysis has finished. */
  onOtherFinished?: (job: Job) => void;
}

/** The handler of leased jobs. */
export function jobHandler(options: JobHandlerOptions): (job: Job) => Promise<void> {
  const { store, blobs, runner } = options;
  const now = options.now ?? (() => new Date());

  async function analyse(job: Job): Promise<void> {
    const started = performance.now();
    const document = await store.documents.documentById(job.subjectId);
    if (!document) return void (await store.documents.finishDocument(job.id, { error: toDocumentError(new Error('the document record is missing')) }));
    const account = await store.accounts.accountById(document.accountId);
    // the outbox rows are written in the transaction that finishes the document
    const emit = (finished: StoredDocument, loan: () => Promise<LoanSnapshot | undefined>): Promise<NewEvent[]> =>
      analysisEvents(
        { accountId: finished.accountId, environment: finished.environment, accountWebhook: account?.webhookUrl ?? null, at: now() },
        finished,
        loan,
      );
    const finish = async (outcome: { result: StoredResult; text?: string[] } | { error: DocumentError }): Promise<void> => {
      const finished = await outlastingOutage(() => store.documents.finishDocument(job.id, outcome, emit));
      if (!finished) return;
      const verdict = 'result' in outcome ? outcome.result.verdict : undefined;
      options.metrics?.job('analysis', 'result' in outcome ? 'completed' : 'failed', (performance.now() - started) / 1000, verdict ?? undefined);
      options.onFinished?.(finished);
    };
    if (job.attempts > (options.maxAttempts ?? MAX_JOB_TAKES)) {
      const error = toDocumentError(new Error(`the analysis stopped its worker ${job.attempts - 1} times`));
      return finish({ error });
    }
    const submitted = document.options;
    const input = { name: document.fileName, ...(submitted.models ? { models: submitted.models } : {}) };
    let scan = options.early?.take(document.sha256, input);
    if (!scan) {
      const bytes = await blobs.get(document.sha256);
      if (!bytes) {
        const error = {
          type: 'file_error',
          code: 'file_not_retained',
          message: 'The file is no longer held, so it cannot be analysed.',
          doc_url: `${ERROR_DOC_BASE}file_not_retained`,
        };
        return finish({ error });
      }
      scan = runner.scan(bytes, input);
    }
    let outcome: { result: StoredResult; text?: string[]; words?: LoanWord[] } | { error: DocumentError };
    try {
      const detail = await scan;
      outcome = { result: detail.document, ...(detail.text ? { text: detail.text } : {}), ...(detail.words ? { words: detail.words } : {}) };
    } catch (error) {
      if (options.stopping?.()) return;
      outcome = { error: toDocumentError(error) };
    }
    await finish(outcome);
  }

  async function runOther(job: Job): Promise<void> {
    if (!options.otherJobs) throw new Error(`No worker for ${job.kind} jobs.`);
    const started = performance.now();
    if (!(await options.otherJobs(job))) return;
    options.metrics?.job(job.kind, 'completed', (performance.now() - started) / 1000);
    options.onOtherFinished?.(job);
  }

  return (job) => (job.kind === 'analysis' ? analyse(job) : runOther(job));
}
