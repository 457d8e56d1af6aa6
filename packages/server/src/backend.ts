// Where a Loupe process keeps its state and finds its work: embedded (SQLite and a blob folder in
// the data folder, the in-process queue: one process does everything) or shared (PostgreSQL for
// state and blobs, pg-boss for work: many API processes and workers on one database).
import { join } from 'node:path';
import { memoryRateState, type RateState, sqlRateState } from './http/rates/rate-state.js';
import { createEmbeddedQueue, type JobQueue } from './queue/job-queue.js';
import type { BlobStore } from './store/blob-store.js';
import { createFileBlobStore } from './store/file-blob-store.js';
import { withRecentBlobs } from './store/recent-blobs.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';
import type { Store } from './store/store.js';

/** Tuning of the shared queue (tests shorten the times; defaults suit production). */
export interface SharedQueueOptions {
  /** Seconds a job may run before another worker takes it (default 900; `LOUPE_JOB_EXPIRE_SECONDS`). */
  expireSeconds?: number;
  /** Seconds between looks for expired jobs (default 30; `LOUPE_QUEUE_MAINTENANCE_SECONDS`). */
  maintenanceSeconds?: number;
  /** Seconds between an idle worker's polls (default 1; `LOUPE_QUEUE_POLL_SECONDS`). */
  pollSeconds?: number;
}

/** Options of a backend. */
export interface BackendOptions {
  dataDir: string;
  /** `postgres://...`: the shared backend; absent: the embedded one. */
  databaseUrl?: string;
  /** A store to use instead of the embedded SQLite one (tests). */
  store?: Store;
  now: () => Date;
  queue?: SharedQueueOptions;
  /** Connections of this process's pool (default 10). */
  connections?: number;
  log: (message: string, error?: unknown) => void;
  /** Idle wait of the embedded sender (default 1 s). */
  webhookPollMs?: number;
}

/** An opened backend. */
export interface Backend {
  store: Store;
  blobs: BlobStore;
  queue: JobQueue;
  /** Where rate counters live: this process, or the shared database. */
  rates: RateState;
  /** Other processes share the database: nothing may be reset at start. */
  shared: boolean;
  /** Closes the store (and the queue's connections when it owns them). */
  close(): Promise<void>;
}

/** The shared deployment's modules (pg, pg-boss), loaded only by a process that uses them. */
async function sharedModules() {
  const [{ createPgBossQueue }, { openPostgresStore }] = await Promise.all([import('./queue/pg-boss-queue.js'), import('./store/postgres/pg-store.js')]);
  return { createPgBossQueue, openPostgresStore };
}

const envNumber = (name: string): number | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

/** A store opened by {@link openStateStore}. */
export interface StateStore {
  store: Store;
  /** Stops the queue it enqueues to (on PostgreSQL) and closes the store. */
  close(): Promise<void>;
}

/** A store for a command-line tool beside running servers: nothing reset, work it queues enqueued. */
export async function openStateStore(options: { dataDir: string; databaseUrl?: string }): Promise<StateStore> {
  if (!options.databaseUrl) {
    const store = await openSqliteStore({ path: join(options.dataDir, 'loupe.db') });
    return { store, close: () => store.close() };
  }
  const { createPgBossQueue, openPostgresStore } = await sharedModules();
  const queue = createPgBossQueue({ connectionString: options.databaseUrl, now: () => new Date(), passive: true, ...sharedQueueTuning() });
  const { store } = await openPostgresStore({ connectionString: options.databaseUrl, dispatch: queue.dispatch, max: 2 });
  await queue.start(store);
  return {
    store,
    async close() {
      await queue.stop();
      await store.close();
    },
  };
}

/** Opens the backend the options name; the embedded one also clears what a killed process left. */
export async function openBackend(options: BackendOptions): Promise<Backend> {
  const clock = { now: options.now };
  if (options.databaseUrl) {
    const { createPgBossQueue, openPostgresStore } = await sharedModules();
    const queue = createPgBossQueue({ connectionString: options.databaseUrl, ...clock, log: options.log, ...sharedQueueTuning(options.queue) });
    const { store, blobs, driver } = await openPostgresStore({
      connectionString: options.databaseUrl,
      dispatch: queue.dispatch,
      ...clock,
      ...defined({ max: options.connections }),
    });
    await queue.start(store);
    return {
      store,
      blobs: withRecentBlobs(blobs),
      queue,
      rates: sqlRateState(driver),
      shared: true,
      async close() {
        await queue.stop();
        await store.close();
      },
    };
  }
  const store = options.store ?? (await openSqliteStore({ path: join(options.dataDir, 'loupe.db'), ...clock }));
  // the embedded store's only process restarted: no run survives it
  await store.credits.releaseAllReservations();
  await store.documents.requeueRunningJobs();
  const queue = createEmbeddedQueue({ store, ...clock, log: options.log, ...defined({ deliveryPollMs: options.webhookPollMs }) });
  return {
    store,
    blobs: withRecentBlobs(createFileBlobStore(join(options.dataDir, 'blobs'))),
    queue,
    rates: memoryRateState(),
    shared: false,
    async close() {
      await queue.stop();
      await store.close();
    },
  };
}

/** The shared queue's tuning: the options given, else the environment's. */
export function sharedQueueTuning(given: SharedQueueOptions = {}): SharedQueueOptions {
  return defined({
    expireSeconds: given.expireSeconds ?? envNumber('LOUPE_JOB_EXPIRE_SECONDS'),
    maintenanceSeconds: given.maintenanceSeconds ?? envNumber('LOUPE_QUEUE_MAINTENANCE_SECONDS'),
    pollSeconds: given.pollSeconds ?? envNumber('LOUPE_QUEUE_POLL_SECONDS'),
  });
}

/** `o` without its undefined values (for exactOptionalPropertyTypes). */
function defined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
