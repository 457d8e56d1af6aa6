// The job workers of the embedded deployment: a loop in the server process that takes jobs from
// the store's durable job table (a lease per job), runs each document analysis through the
// document engine on the worker pool and finishes the document exactly once (completed with the
// engine's Document, or failed with the spec's error), and hands other jobs (audit reports) to
// their handler. Jobs left running by a killed process are queued again at start, so every
// accepted document and report completes after a restart.
import { ERROR_DOC_BASE, type ScanDetail, type ScanInput, toDocumentError } from '@loupe/core';
import type { BlobStore } from '../store/blob-store.js';
import type { Job, NewEvent, StoredDocument, Store, LoanSnapshot } from '../store/store.js';
import { type ClaimLoop, startClaimLoop } from '../claim-loop.js';
import { analysisEvents } from '../webhooks/events.js';

/** Runs document scans (the worker pool). */
export interface ScanRunner {
  scan(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
}

/** Options of the runner. */
export interface AnalysisRunnerOptions {
  store: Store;
  blobs: BlobStore;
  runner: ScanRunner;
  /** Analyses at once (default 2). */
  concurrency?: number;
  /** How long a job is leased before another worker may take it (default 15 min). */
  leaseMs?: number;
  /** Idle wait between looks at the queue (default 500 ms; `notify` wakes it early). */
  idleMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** Called once a document has finished (completed or failed) and its events are in the outbox. */
  onFinished?: (documentId: string) => void;
  now?: () => Date;
  /** Runs the other kinds of job (audit reports); answers true when the job finished its subject. */
  otherJobs?: (job: Job) => Promise<boolean>;
  /** Called when a job other than an analysis has finished. */
  onOtherFinished?: (job: Job) => void;
}

/** A running analysis loop: `notify` wakes it when a job was queued, `stop` waits for the running analyses. */
export type AnalysisRunner = ClaimLoop;

/** Starts the analysis loop. */
export async function startAnalysisRunner(options: AnalysisRunnerOptions): Promise<AnalysisRunner> {
  const { store, blobs, runner } = options;
  await store.requeueRunningJobs();

  const now = options.now ?? (() => new Date());

  async function analyse(job: Job): Promise<void> {
    const document = await store.documentById(job.subjectId);
    if (!document) return void (await store.finishDocument(job.id, { error: JSON.stringify(toDocumentError(new Error('the document record is missing'))) }));
    const account = await store.accountById(document.accountId);
    // the outbox rows are written in the transaction that finishes the document
    const emit = (finished: StoredDocument, loan: LoanSnapshot | undefined): NewEvent[] =>
      analysisEvents(
        { accountId: finished.accountId, environment: finished.environment, accountWebhook: account?.webhookUrl ?? null, at: now() },
        finished,
        loan,
      );
    const finish = async (outcome: { result: string; text?: string[] } | { error: string }): Promise<void> => {
      if (await store.finishDocument(job.id, outcome, emit)) options.onFinished?.(document.id);
    };
    const bytes = await blobs.get(document.sha256);
    if (!bytes) {
      const error = {
        type: 'file_error',
        code: 'file_not_retained',
        message: 'The file is no longer held, so it cannot be analysed.',
        doc_url: `${ERROR_DOC_BASE}file_not_retained`,
      };
      return finish({ error: JSON.stringify(error) });
    }
    const submitted = JSON.parse(document.options) as { models?: string[] };
    let outcome: { result: string; text?: string[] } | { error: string };
    try {
      const detail = await runner.scan(bytes, { name: document.fileName, ...(submitted.models ? { models: submitted.models } : {}) });
      outcome = { result: JSON.stringify(detail.document), ...(detail.text ? { text: detail.text } : {}) };
    } catch (error) {
      const spec = toDocumentError(error);
      outcome = { error: JSON.stringify(spec) };
    }
    await finish(outcome);
  }

  async function runOther(job: Job): Promise<void> {
    if (!options.otherJobs) throw new Error(`No worker for ${job.kind} jobs.`);
    if (await options.otherJobs(job)) options.onOtherFinished?.(job);
  }

  return startClaimLoop<Job>({
    claim: () => store.claimJob(new Date(Date.now() + (options.leaseMs ?? 15 * 60_000)).toISOString()),
    run: (job) => (job.kind === 'analysis' ? analyse(job) : runOther(job)),
    concurrency: options.concurrency ?? 2,
    idleMs: options.idleMs ?? 500,
    describe: (job) => `${job.kind} job ${job.id}`,
    ...(options.log ? { log: options.log } : {}),
  });
}
