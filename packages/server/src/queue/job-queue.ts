// The JobQueue port: how the work the store queues (document analyses, audit reports, webhook
// attempts) reaches workers. The store stays the truth — a job row finishes its subject exactly
// once, a delivery row holds its attempts and next due time — and the queue decides who runs what
// when: the embedded queue polls the store in this process (claim loops with leases), the pg-boss
// queue (pg-boss-queue.ts) hands work to workers on any machine. Adapters pass `queueConformance`.

import type { Delivery, Job, Store } from '../store/store.js';
import { type ClaimLoop, startClaimLoop } from './claim-loop.js';

/** Takes of one job after which its subject fails instead of running again (its workers kept dying on it). */
export const MAX_JOB_TAKES = 4;

/** What a worker does with each piece of work (already leased to it in the store). */
export interface WorkHandlers {
  /** Runs one claimed job (an analysis or an audit report). */
  job(job: Job): Promise<void>;
  /** Makes one webhook delivery attempt. */
  delivery(delivery: Delivery): Promise<void>;
}

/** How many of each run at once in this process. */
export interface WorkConcurrency {
  jobs: number;
  deliveries: number;
}

/** A queue: `work` makes this process a worker; `notify` says work was committed here. */
export interface JobQueue {
  /** Starts working jobs and deliveries with `handlers`. */
  work(handlers: WorkHandlers, concurrency: WorkConcurrency): Promise<void>;
  /** Wakes this process's idle workers (work was just committed). */
  notify(): void;
  /** Takes nothing more and waits for what runs. */
  stop(): Promise<void>;
}

/** Options of the embedded queue. */
export interface EmbeddedQueueOptions {
  store: Store;
  /** The clock for leases and due times. */
  now: () => Date;
  /** How long a job is leased before another worker may take it (default 15 min). */
  jobLeaseMs?: number;
  /** How long a delivery attempt is leased (default 1 min). */
  deliveryLeaseMs?: number;
  /** Idle wait between looks at the job table (default 500 ms). */
  jobPollMs?: number;
  /** Idle wait between looks at the outbox (default 1 s). */
  deliveryPollMs?: number;
  /** Told of a handler that failed (default: nothing). */
  log?: (message: string, error?: unknown) => void;
}

/** The queue of the embedded deployment: loops in this process over the store's job table and outbox. */
export function createEmbeddedQueue(options: EmbeddedQueueOptions): JobQueue {
  const { store, now } = options;
  let loops: ClaimLoop[] = [];
  return {
    async work(handlers, concurrency) {
      const log = options.log ? { log: options.log } : {};
      loops = [
        startClaimLoop<Job>({
          claim: () => store.documents.claimJob(new Date(Date.now() + (options.jobLeaseMs ?? 15 * 60_000)).toISOString()),
          run: handlers.job,
          concurrency: concurrency.jobs,
          idleMs: options.jobPollMs ?? 500,
          describe: (job) => `${job.kind} job ${job.id}`,
          ...log,
        }),
        startClaimLoop<Delivery>({
          claim: () => {
            const at = now();
            return store.webhooks.claimDelivery(at.toISOString(), new Date(at.getTime() + (options.deliveryLeaseMs ?? 60_000)).toISOString());
          },
          run: handlers.delivery,
          concurrency: concurrency.deliveries,
          idleMs: options.deliveryPollMs ?? 1000,
          describe: (delivery) => `webhook delivery ${delivery.id}`,
          ...log,
        }),
      ];
    },
    notify() {
      for (const loop of loops) loop.notify();
    },
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      loops = [];
    },
  };
}
