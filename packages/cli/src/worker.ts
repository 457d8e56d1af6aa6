// `loupe worker` and `loupe migrate`: the commands of a shared deployment. A worker takes document
// analyses, audit reports and webhook attempts from the queue on the deployment's PostgreSQL until
// SIGINT or SIGTERM, then lets its running jobs finish. `migrate` moves an embedded installation's
// data folder into an empty Loupe database on PostgreSQL.
import { parseArgs } from 'node:util';
import { migrateEmbedded, startWorker } from '@loupe/server';
import type { Output } from './commands.js';
import { MESSAGING_OPTIONS, MESSAGING_USAGE, messagingOf } from './messaging-flags.js';
import { untilSignal } from './serve.js';

export const WORKER_USAGE = `  loupe worker --database-url postgres://... [--concurrency N] [--data ./loupe-data]
      Run analysis workers of a shared deployment: document analyses, audit reports and
      webhook deliveries from the queue on PostgreSQL (LOUPE_DATABASE_URL works too),
      N at once (default 2). --data holds the deployment's capture signer (c2pa/), the
      same folder the API processes use.
${MESSAGING_USAGE}
  loupe migrate --from ./loupe-data --to postgres://... [--json]
      Move an embedded installation (SQLite and blobs in --from) into an empty Loupe
      database on PostgreSQL, in one transaction, with its queued work.`;

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** Runs `loupe worker` until a signal stops it. */
export async function workerCommand(args: string[], io: Output, signals: NodeJS.Process = process): Promise<number> {
  let values: { 'database-url'?: string; concurrency?: string; data?: string } & Partial<Record<keyof typeof MESSAGING_OPTIONS, string>>;
  try {
    ({ values } = parseArgs({
      args,
      options: { 'database-url': { type: 'string' }, concurrency: { type: 'string' }, data: { type: 'string' }, ...MESSAGING_OPTIONS },
      strict: true,
    }));
  } catch (error) {
    io.err(`loupe worker: ${(error as Error).message}\n\nUsage:\n${WORKER_USAGE}`);
    return 2;
  }
  const databaseUrl = values['database-url'] ?? process.env.LOUPE_DATABASE_URL;
  if (!databaseUrl || !POSTGRES_URL.test(databaseUrl)) {
    io.err(`loupe worker: --database-url postgres://... is required\n\nUsage:\n${WORKER_USAGE}`);
    return 2;
  }
  const concurrency = values.concurrency === undefined ? 2 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    io.err(`loupe worker: --concurrency is a whole number from 1 to 64 (got ${values.concurrency})`);
    return 2;
  }
  const messaging = messagingOf(values);
  if (typeof messaging === 'string') {
    io.err(`loupe worker: ${messaging}`);
    return 2;
  }
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    worker = await startWorker({
      databaseUrl,
      dataDir: values.data ?? './loupe-data',
      concurrency,
      messaging,
      log: (message, error) => io.err(`loupe worker: ${message} ${error ?? ''}`),
    });
  } catch (error) {
    io.err(`loupe worker: ${(error as Error).message}`);
    return 1;
  }
  io.err(`Loupe worker running ${concurrency} at once on the shared queue. Ctrl-C stops it after its running jobs.`);
  await untilSignal(signals);
  await worker.close();
  return 0;
}

/** Runs `loupe migrate`. */
export async function migrateCommand(args: string[], io: Output): Promise<number> {
  let values: { from?: string; to?: string; json?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } }, strict: true }));
    if (!values.from) throw new Error('--from DIR is required');
    if (!values.to || !POSTGRES_URL.test(values.to)) throw new Error('--to postgres://... is required');
  } catch (error) {
    io.err(`loupe migrate: ${(error as Error).message}\n\nUsage:\n${WORKER_USAGE}`);
    return 2;
  }
  try {
    const summary = await migrateEmbedded(values.from, values.to as string);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    io.out(
      values.json
        ? JSON.stringify(summary)
        : `Moved ${rows} rows, ${summary.blobs} blobs; queued ${summary.jobs} jobs and ${summary.deliveries} webhook deliveries on the shared queue.`,
    );
    return 0;
  } catch (error) {
    io.err(`loupe migrate: ${(error as Error).message}`);
    return 1;
  }
}
