// `loupe worker`: a worker of a shared deployment takes document analyses, audit reports and
// webhook attempts from the queue on the deployment's PostgreSQL until SIGINT or SIGTERM, then
// lets its running jobs finish.
import { parseArgs } from 'node:util';
import { startWorker } from '@loupe/server';
import type { Output } from './commands.js';
import { MESSAGING_OPTIONS, messagingOf } from './messaging-flags.js';
import { untilSignal } from './serve.js';
import { WORKER_USAGE } from './usage.js';

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
