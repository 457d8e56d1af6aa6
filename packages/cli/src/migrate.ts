// `loupe migrate`: moves an embedded installation's data folder (SQLite and blobs) into an empty
// Loupe database on PostgreSQL, in one transaction, with its queued work.
import { parseArgs } from 'node:util';
import { migrateEmbedded } from '@loupe/server/admin';
import type { Output } from './commands.js';
import { MIGRATE_USAGE } from './usage.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** Runs `loupe migrate`. */
export async function migrateCommand(args: string[], io: Output): Promise<number> {
  let values: { from?: string; to?: string; json?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } }, strict: true }));
    if (!values.from) throw new Error('--from DIR is required');
    if (!values.to || !POSTGRES_URL.test(values.to)) throw new Error('--to postgres://... is required');
  } catch (error) {
    io.err(`loupe migrate: ${(error as Error).message}\n\nUsage:\n${MIGRATE_USAGE}`);
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
