// Versioned migrations on any SQL driver: each applied in order inside its own transaction and
// recorded in `schema_migrations`; a database newer than this code is refused rather than written
// to. Concurrent starters (several API processes and workers on one PostgreSQL) serialise on a
// lock and re-read what is applied, so each migration runs once.
import { StoreError } from '../store.js';
import type { SqlDriver } from './driver.js';

/** One schema step. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Applies the migrations the database lacks; answers how many ran. */
export async function migrateSql(driver: SqlDriver, migrations: readonly Migration[]): Promise<number> {
  const newest = migrations.at(-1)?.version ?? 0;
  let count = 0;
  for (const m of migrations) {
    const ran = await driver.transaction(async (q) => {
      await q.lock('schema_migrations');
      await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      const applied = (await q.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version));
      const ahead = applied.filter((v) => v > newest);
      if (ahead.length > 0) throw new StoreError(`The database has schema version ${Math.max(...ahead)}; this Loupe knows up to ${newest}. Upgrade Loupe.`);
      if (applied.includes(m.version)) return false;
      await q.exec(m.sql);
      await q.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', m.version, m.name, new Date().toISOString());
      return true;
    });
    if (ran) count++;
  }
  return count;
}
