// The JobQueue on pg-boss (10.x, PostgreSQL's SKIP LOCKED queue; it runs on Node 20): the store
// announces each job and each due delivery inside the transaction that queues it, and this
// adapter enqueues it there through the same connection (`send` with `db`), so a committed
// document always has its job and a rolled-back one never does. Three queues: analyses, audit
// reports, webhook attempts (each attempt a job that starts after its due time, so the retry
// schedule is explicit). A worker first leases its subject in the store: a job a dead worker held
// expires in pg-boss (`expireInSeconds`), is retried on another worker and taken there once the
// store lease lapsed too; a finished subject answers `finished` and the job completes with nothing
// to do. The store's exactly-once finish keeps a late worker from completing anything twice.
// Workers are this process's claim loops (`claim-loop.ts`) over `fetch`, each `complete` and `fail`
// awaited: pg-boss 10's own `work` loop records them without awaiting, so a database outage at that
// moment was an unhandled rejection that ended the worker process (pg-boss 11 onward, which may
// mend it, needs Node 22). A record lost to an outage is logged; pg-boss expires the job and hands
// it out again, and the store answers `finished` or leases it anew.
import PgBoss from 'pg-boss';
import type { SqlQuery } from '../store/sql/driver.js';
import type { QueuedWork } from '../store/sql/sql-store.js';
import type { Job, Store } from '../store/store.js';
import { type ClaimLoop, startClaimLoop } from './claim-loop.js';
import type { JobQueue } from './job-queue.js';

/** Queue names in the pg-boss schema. */
export const QUEUES = { analysis: 'loupe-analysis', audit_report: 'loupe-audit-report', webhook: 'loupe-webhook' } as const;

/** Options of the pg-boss queue. */
export interface PgBossQueueOptions {
  /** The PostgreSQL URL pg-boss keeps its schema in (the store's database). */
  connectionString: string;
  /** The clock for due times. */
  now: () => Date;
  /** How long a job may run before pg-boss hands it to another worker (default 900 s). */
  expireSeconds?: number;
  /** How often pg-boss looks for expired jobs (default 30 s). */
  maintenanceSeconds?: number;
  /** How often an idle worker polls (default 1 s; at least 0.5). */
  pollSeconds?: number;
  /** Hands a job out again at most this many times (default 10; the job handler fails a document its workers died on four times). */
  retries?: number;
  /** Only enqueue from this process: no maintenance, no schedules (a command-line tool). */
  passive?: boolean;
  /** Told of pg-boss errors and failed handlers (default: nothing). */
  log?: (message: string, error?: unknown) => void;
}

/** The queue, and the hook the store enqueues through. */
export interface PgBossQueue extends JobQueue {
  /** The store's `dispatch` option. */
  dispatch(q: SqlQuery, work: QueuedWork): Promise<void>;
  /** Begins (installing pg-boss's schema and the queues when needed); call before the store queues anything. */
  start(store: Store): Promise<void>;
  /** The engine, for measurements. */
  boss: PgBoss;
}

/**
 * pg-boss hands its options to node-postgres's pool, which takes more than pg-boss's types list:
 * a connection to an unreachable server fails in 5 s rather than never.
 */
const PG_POOL_EXTRA = { connectionTimeoutMillis: 5000 };

/** An attempt a sender did not finish (or found leased or not yet due) is tried again shortly. */
const DELIVERY_POLICY = { retryLimit: 50, retryDelay: 5, expireInSeconds: 60 };

/** Thrown by a handler whose subject another worker holds or is not due: pg-boss tries the job again shortly; nothing failed. */
class NotYet extends Error {}

type JobData = { jobId: string };
type DeliveryData = { deliveryId: string };

/** A pg-boss queue on the database at `connectionString`. */
export function createPgBossQueue(options: PgBossQueueOptions): PgBossQueue {
  const expireSeconds = options.expireSeconds ?? 900;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: 'loupe-queue',
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
    max: 4,
    ...PG_POOL_EXTRA,
    ...(options.passive ? { supervise: false, schedule: false } : {}),
  });
  boss.on('error', (error) => options.log?.('the queue engine reported an error', error));
  let store: Store | undefined;
  const loops: ClaimLoop[] = [];
  const leaseUntil = (): string => new Date(Date.now() + Math.max(1, expireSeconds - 2) * 1000).toISOString();
  const pollingIntervalSeconds = Math.max(0.5, options.pollSeconds ?? 1);
  const jobPolicy = { retryLimit: options.retries ?? 10, retryDelay: 2, expireInSeconds: expireSeconds };

  return {
    boss,
    async start(s) {
      store = s;
      const queues: PgBoss.Queue[] = [
        { name: QUEUES.analysis, ...jobPolicy },
        { name: QUEUES.audit_report, ...jobPolicy },
        { name: QUEUES.webhook, ...DELIVERY_POLICY },
      ];
      // processes of a deployment start together: installing the schema or a queue can deadlock
      // with another's, and is simply done again
      await deadlockRetried(() => boss.start());
      for (const queue of queues)
        await deadlockRetried(async () => {
          if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue);
        });
    },
    async dispatch(q, work) {
      if (!q.native) throw new Error('The pg-boss queue needs a PostgreSQL store.');
      const db = { executeSql: (text: string, values: unknown[]) => (q.native as NonNullable<SqlQuery['native']>)(text, values) };
      // each job carries its policy (a queue's defaults are whatever its first creator set)
      if (work.kind === 'job') await boss.send(QUEUES[work.job.kind], { jobId: work.job.id } satisfies JobData, { db, ...jobPolicy });
      else await boss.send(QUEUES.webhook, { deliveryId: work.id } satisfies DeliveryData, { db, ...DELIVERY_POLICY, startAfter: new Date(work.runAt) });
    },
    async work(handlers, concurrency) {
      const s = store;
      if (!s) throw new Error('Start the queue before working it.');
      const jobHandler = async (taken: PgBoss.Job<JobData>): Promise<void> => {
        const job: Job | 'leased' | 'finished' = await s.documents.claimJobById(taken.data.jobId, leaseUntil());
        if (job === 'leased') throw new NotYet(`job ${taken.data.jobId} is leased to another worker`);
        if (job !== 'finished') await handlers.job(job);
      };
      const deliveryHandler = async (taken: PgBoss.Job<DeliveryData>): Promise<void> => {
        const at = options.now();
        const delivery = await s.webhooks.claimDeliveryById(taken.data.deliveryId, at.toISOString(), new Date(at.getTime() + 60_000).toISOString());
        if (delivery === 'later') throw new NotYet(`delivery ${taken.data.deliveryId} is not due or is leased`);
        if (delivery !== 'finished') await handlers.delivery(delivery);
      };
      const idleMs = pollingIntervalSeconds * 1000;
      const loop = <T extends object>(name: string, count: number, handler: (taken: PgBoss.Job<T>) => Promise<void>): ClaimLoop =>
        startClaimLoop<PgBoss.Job<T>>({
          claim: async () => (await boss.fetch<T>(name, { batchSize: 1 }))[0],
          run: async (taken) => {
            try {
              await handler(taken);
            } catch (error) {
              await boss.fail(name, taken.id, { message: error instanceof Error ? error.message : String(error) });
              if (error instanceof NotYet) return;
              throw error;
            }
            await boss.complete(name, taken.id);
          },
          concurrency: count,
          idleMs,
          describe: (taken) => `${name} job ${taken.id}`,
          ...(options.log ? { log: options.log } : {}),
        });
      loops.push(
        loop(QUEUES.analysis, concurrency.jobs, jobHandler),
        loop(QUEUES.audit_report, Math.max(1, Math.floor(concurrency.jobs / 2)), jobHandler),
        loop(QUEUES.webhook, concurrency.deliveries, deliveryHandler),
      );
    },
    notify() {
      for (const loop of loops) loop.notify();
    },
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 60_000 });
    },
  };
}

/** Runs `fn` again (up to five times, after a short random pause) when PostgreSQL ends it with a deadlock or a duplicate. */
async function deadlockRetried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
    }
  }
}
