// The PostgreSQL schema: the same versioned steps as SQLite's (../sqlite/migrations.ts), so both
// databases hold the same tables and columns and `loupe migrate` copies rows one to one. Two
// words differ: an auto-numbered `seq` is BIGSERIAL, and step 3's back-fill of SQLite databases
// that predate it is dropped (no PostgreSQL database predates it). Step 7 adds what only a shared
// deployment needs: blobs in the database (a worker on another machine reads what an API process
// received) and rate-limit buckets shared by every API process; SQLite's version 7 is left empty
// so that the later steps keep one number in both lists.
import type { Migration } from '../sql/migrate.js';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../sqlite/migrations.js';

/** SQLite's step in PostgreSQL's words. */
function toPostgres(m: Migration): Migration {
  const sql = m.sql
    .replaceAll('INTEGER PRIMARY KEY AUTOINCREMENT', 'BIGSERIAL PRIMARY KEY')
    .replace(/^\s*UPDATE documents SET attribution_currency = json_extract\(.*$/m, '');
  if (/json_|AUTOINCREMENT|INSERT OR/.test(sql)) throw new Error(`Migration ${m.version} has SQLite-only SQL.`);
  return { ...m, sql };
}

/** Every migration, oldest first. Never edit one that has shipped: add the next. */
export const PG_MIGRATIONS: readonly Migration[] = [
  ...SQLITE_MIGRATIONS.filter((m) => m.version < 7).map(toPostgres),
  {
    version: 7,
    name: 'shared deployment: blobs and rate-limit buckets',
    sql: `
      CREATE TABLE blobs (
        sha256 TEXT PRIMARY KEY,
        bytes BYTEA NOT NULL,
        size_bytes BIGINT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE rate_buckets (
        key TEXT PRIMARY KEY,
        level DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL
      );
    `,
  },
  ...SQLITE_MIGRATIONS.filter((m) => m.version > 7).map(toPostgres),
];
