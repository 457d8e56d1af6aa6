// The work of a Loupe worker, embedded in the server process or in `loupe worker` processes:
// document analyses on the worker pool (then the re-captures they complete), audit reports, and
// webhook attempts, each handed over by the queue.

import { defined } from '@loupe/core/internal';
import type { Pool } from '@loupe/worker';
import type { Backend } from '../backend.js';
import { type HeldScans, jobHandler, type ScanRunner } from '../documents/analysis-job.js';
import { createEgress } from '../http/egress/egress.js';
import type { MessageChannels } from '../notifications/message-channels.js';
import { webhookSender } from '../notifications/webhook-sender.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import type { CaptureSigner } from '../recapture/c2pa.js';
import { completeCaptures } from '../recapture/complete.js';
import { generateReport, type PageRenderer } from '../reports/generate.js';
import type { StoredDocument } from '../store/store.js';

/** What the work needs. */
export interface WorkOptions {
  backend: Backend;
  scanRunner: ScanRunner;
  /** Scans begun before their job (`wait=true` uploads), taken by the job of the same file. */
  early?: HeldScans;
  renderer: PageRenderer;
  signer: CaptureSigner;
  now: () => Date;
  /** Analyses (and reports) at once in this process. */
  concurrency: number;
  egressAllow?: readonly string[];
  log: (message: string, error?: unknown) => void;
  /** The channels of borrowers' re-capture messages. */
  channels: MessageChannels;
  /** Where jobs and deliveries are counted. */
  metrics?: Pick<ServiceMetrics, 'job' | 'delivery'>;
  /** Told when a document finished here, with the document as committed (wakes `wait=true` requests of this process). */
  onDocumentFinished?: (document: StoredDocument) => void;
}

/** Starts working the backend's queue; answers the stop. */
export async function startWork(options: WorkOptions): Promise<() => Promise<void>> {
  const { backend, now, log } = options;
  let stopping = false;
  const { store, blobs, queue } = backend;
  const post = createEgress({ maxBytes: 64 * 1024, timeoutMs: 5_000, maxRedirects: 0, ...(options.egressAllow ? { allow: options.egressAllow } : {}) }).post;
  const handleJob = jobHandler({
    store,
    blobs,
    runner: options.scanRunner,
    ...defined({ early: options.early }),
    now,
    stopping: () => stopping,
    ...defined({ metrics: options.metrics }),
    otherJobs: (job) => generateReport(job, { store, blobs, renderer: options.renderer, now, stopping: () => stopping }),
    onOtherFinished: () => queue.notify(),
    onFinished: (document) => {
      const finished = () => {
        options.onDocumentFinished?.(document);
        queue.notify();
      };
      if (!document.options.recapture_capture_id) return finished();
      // a finished re-captured document completes its capture (its event in the same transaction)
      void completeCaptures(store, options.signer, blobs, now)
        .catch((error) => log('could not complete a capture', error))
        .finally(finished);
    },
  });
  await completeCaptures(store, options.signer, blobs, now); // captures a stop interrupted
  await queue.work(
    { job: handleJob, delivery: webhookSender({ store, post, now, channels: options.channels, ...defined({ metrics: options.metrics }) }) },
    { jobs: options.concurrency, deliveries: 4 },
  );
  return () => {
    stopping = true;
    return queue.stop();
  };
}

/** A pool made on first use (so a process that never needs one never starts its threads). */
export function lazyPool(make: () => Pool): { get(): Pool; close(): Promise<void> } {
  let pool: Pool | undefined;
  return {
    get: () => {
      pool ??= make();
      return pool;
    },
    close: async () => pool?.close(),
  };
}
