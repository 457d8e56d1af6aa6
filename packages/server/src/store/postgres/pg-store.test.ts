// The PostgreSQL adapters against the storage ports' conformance suites (the same the SQLite and
// file adapters pass), plus what only the shared store has: migrations that concurrent starters
// apply once, and decisions that hold when two connections race (a reservation never overdraws,
// byte-identical documents are one, one live link per document, exactly one finish).
import { afterAll, describe, expect, it } from 'vitest';
import { blobStoreConformance, storeConformance } from '../conformance.js';
import { migrateSql } from '../sql/migrate.js';
import { PG_MIGRATIONS } from './migrations.js';
import { pgDriver } from './pg-driver.js';
import { openPostgresStore } from './pg-store.js';
import { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from './scratch-database.js';

const adminUrl = testDatabaseUrl();
const scratch: ScratchDatabase[] = [];
const fresh = async (): Promise<string> => {
  const db = await createScratchDatabase(adminUrl as string);
  scratch.push(db);
  return db.url;
};
afterAll(async () => {
  for (const db of scratch) await db.drop();
});

describe.runIf(adminUrl)('PostgreSQL', () => {
  storeConformance('PostgreSQL', async () => (await openPostgresStore({ connectionString: await fresh() })).store);
  blobStoreConformance('PostgreSQL', async () => (await openPostgresStore({ connectionString: await fresh() })).blobs);

  it('applies each migration once when several processes start at once, and refuses a newer schema', async () => {
    const url = await fresh();
    const drivers = Array.from({ length: 4 }, () => pgDriver({ connectionString: url }));
    const counts = await Promise.all(drivers.map((d) => migrateSql(d, PG_MIGRATIONS)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(PG_MIGRATIONS.length);
    await drivers[0]?.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')");
    await expect(migrateSql(drivers[1] as never, PG_MIGRATIONS)).rejects.toThrow(/schema version 999/);
    for (const d of drivers) await d.close();
  });

  it('fails a transaction whose connection the server ends under it, without an uncaught error, and carries on', async () => {
    const url = await fresh();
    const driver = pgDriver({ connectionString: url, max: 1 });
    const admin = pgDriver({ connectionString: url, max: 1 });
    const ended = driver.transaction(async (q) => {
      const pid = (await q.get('SELECT pg_backend_pid() AS pid'))?.pid;
      // the server ends this connection while the transaction is idle in it (what a restart does)
      await admin.run('SELECT pg_terminate_backend($1)', pid);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return q.get('SELECT 1 AS one');
    });
    await expect(ended).rejects.toThrow();
    // the broken connection was not handed out again: the next transaction gets a new one
    expect(await driver.transaction((q) => q.get('SELECT 2 AS two'))).toEqual({ two: 2 });
    await driver.close();
    await admin.close();
  });

  it('never overdraws when two pools reserve for one account at once', async () => {
    const url = await fresh();
    const a = await openPostgresStore({ connectionString: url });
    const b = await openPostgresStore({ connectionString: url });
    const account = await a.store.accounts.createAccount({ email: 'race@example.com', webhookSecret: 'whsec_x' }, 20);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).store.credits.reserve(account.id, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    await a.store.close();
    await b.store.close();
  });
});
