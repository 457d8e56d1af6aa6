// A Loupe worker of a shared deployment (`loupe worker`): no listener; it takes document analyses,
// audit reports and webhook attempts from the pg-boss queue on the deployment's PostgreSQL and
// runs them on a worker-thread pool. Stopping it lets running jobs finish; a worker killed
// mid-job loses nothing (its jobs expire and run on another worker).
import { join } from 'node:path';
import { defined } from '@loupe/core/internal';
import { createNodePool } from '@loupe/node';
import { openBackend, type SharedQueueOptions } from '../backend.js';
import { type MessagingOptions, messageChannels, messagingWithEnv } from '../notifications/message-channels.js';
import { captureSigner } from '../recapture/c2pa.js';
import { lazyPool, startWork } from './start-work.js';

/** Options of a worker. */
export interface WorkerOptions {
  databaseUrl: string;
  /** The deployment's data folder (`c2pa/`: the capture signer every process shares). */
  dataDir: string;
  /** Analyses at once (default 2; also the pool's threads). */
  concurrency?: number;
  /** Time limit per analysis on the pool (default 300 s). */
  timeoutMs?: number;
  queue?: SharedQueueOptions;
  egressAllow?: readonly string[];
  /** Where borrowers' re-capture messages go (each missing option from its `LOUPE_*` variable). */
  messaging?: MessagingOptions;
  /** Told of failed jobs and deliveries (default: standard error). */
  log?: (message: string, error?: unknown) => void;
}

/** A running worker. */
export interface LoupeWorker {
  /** Stops taking work, waits for running jobs, closes the pool and the store. */
  close(): Promise<void>;
}

/** Starts a worker. */
export async function startWorker(options: WorkerOptions): Promise<LoupeWorker> {
  const now = () => new Date();
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`loupe worker: ${message}`, error ?? ''));
  const backend = await openBackend({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    now,
    log,
    ...defined({ queue: options.queue }),
    connections: (options.concurrency ?? 2) + 4,
  });
  const concurrency = options.concurrency ?? 2;
  const pool = lazyPool(() => createNodePool({ size: concurrency, timeoutMs: options.timeoutMs ?? 300_000, maxQueue: 256 }));
  const stopWork = await startWork({
    backend,
    scanRunner: { scan: (bytes, input) => pool.get().run('scan', bytes, input) },
    renderer: { render: (bytes, input) => pool.get().run('render', bytes, input) },
    signer: await captureSigner(join(options.dataDir, 'c2pa')),
    now,
    concurrency,
    log,
    channels: messageChannels(messagingWithEnv(options.messaging)),
    ...defined({ egressAllow: options.egressAllow }),
  });
  return {
    async close() {
      await stopWork();
      await pool.close();
      await backend.close();
    },
  };
}
