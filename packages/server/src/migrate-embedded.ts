// `loupe migrate --from ./loupe-data --to postgres://...`: moves an embedded installation into a
// shared deployment's PostgreSQL in one transaction — every row of every table the two schemas
// share (sequence numbers kept, then the sequences moved past them), every blob of the data
// folder, and the work still to do (queued or running jobs, pending deliveries) enqueued on
// pg-boss as the store would have. The target must hold no accounts: a migration never merges.
// Reservations are not moved (no run survives the move). session.key and c2pa/ stay in the data
// folder, which the shared deployment's processes use as their `--data`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sharedQueueTuning } from './backend.js';
import { createPgBossQueue } from './queue/pg-boss-queue.js';
import { openPostgresStore, sqlBlobStore } from './store/postgres/pg-store.js';
import type { Job } from './store/store.js';

/** Tables in the order their references need (reservations are not moved). */
const TABLES = [
  'accounts',
  'api_keys',
  'ledger',
  'detections',
  'documents',
  'jobs',
  'document_usage',
  'idempotency_keys',
  'loans',
  'webhook_events',
  'webhook_deliveries',
  'audit_reports',
  'recapture_links',
  'recapture_captures',
] as const;

/** What a migration moved. */
export interface MigrationSummary {
  rows: Record<string, number>;
  blobs: number;
  jobs: number;
  deliveries: number;
}

/** Copies the embedded data in `dataDir` into the PostgreSQL at `databaseUrl`. */
export async function migrateEmbedded(dataDir: string, databaseUrl: string): Promise<MigrationSummary> {
  const source = new Database(join(dataDir, 'loupe.db'), { readonly: true, fileMustExist: true });
  const queue = createPgBossQueue({ connectionString: databaseUrl, now: () => new Date(), passive: true, ...sharedQueueTuning() });
  const { store, driver } = await openPostgresStore({ connectionString: databaseUrl, dispatch: queue.dispatch, max: 2 });
  try {
    await queue.start(store);
    if ((await store.accounts.countAccounts()) > 0) throw new Error('the target database already holds accounts; migrate into an empty Loupe database');

    return await driver.transaction(async (q) => {
      const summary: MigrationSummary = { rows: {}, blobs: 0, jobs: 0, deliveries: 0 };
      for (const table of TABLES) {
        const columns = (
          await q.all<{ column_name: string }>(
            'SELECT column_name FROM information_schema.columns WHERE table_name = ? AND table_schema = current_schema()',
            table,
          )
        ).map((c) => c.column_name);
        const rows = source.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
        for (const row of rows) {
          const present = columns.filter((c) => c in row);
          await q.run(`INSERT INTO ${table} (${present.join(', ')}) VALUES (${present.map(() => '?').join(', ')})`, ...present.map((c) => row[c]));
        }
        if (columns.includes('seq'))
          await q.exec(`SELECT setval(pg_get_serial_sequence('${table}', 'seq'), COALESCE((SELECT MAX(seq) FROM ${table}), 0) + 1, false)`);
        summary.rows[table] = rows.length;
      }
      const blobs = sqlBlobStore(q);
      // the work still to do, announced as the store would have
      await q.run("UPDATE jobs SET state = 'queued', lease_until = NULL WHERE state = 'running'");
      for (const r of await q.all<{ id: string; kind: Job['kind']; subject_id: string; attempts: number }>(
        "SELECT * FROM jobs WHERE state = 'queued' ORDER BY seq",
      )) {
        await queue.dispatch(q, { kind: 'job', job: { id: r.id, kind: r.kind, subjectId: r.subject_id, attempts: r.attempts } });
        summary.jobs++;
      }
      await q.run("UPDATE webhook_deliveries SET lease_until = NULL WHERE state = 'pending'");
      for (const r of await q.all<{ id: string; next_attempt_at: string }>(
        "SELECT id, next_attempt_at FROM webhook_deliveries WHERE state = 'pending' ORDER BY seq",
      )) {
        await queue.dispatch(q, { kind: 'delivery', id: r.id, runAt: r.next_attempt_at });
        summary.deliveries++;
      }
      for (const path of blobFiles(join(dataDir, 'blobs'))) {
        await blobs.put(new Uint8Array(readFileSync(path)));
        summary.blobs++;
      }

      return summary;
    });
  } finally {
    source.close();
    await queue.stop();
    await store.close();
  }
}

/** The blob files under the folder (`aa/bb/<sha256>`; temporary files left by a crash are skipped). */
function blobFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (depth < 2 && statSync(path).isDirectory()) walk(path, depth + 1);
      else if (depth === 2 && /^[0-9a-f]{64}$/.test(name)) found.push(path);
    }
  };
  walk(root, 0);
  return found;
}
