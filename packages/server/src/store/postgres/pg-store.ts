// The Store and BlobStore on PostgreSQL, for deployments of many API processes and analysis
// workers: the shared SQL store on a connection pool, migrated at open (concurrent openers
// serialise on a lock), and blobs as BYTEA rows keyed by their SHA-256 so a worker on another
// machine reads the bytes an API process received.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { BlobStore } from '../blob-store.js';
import type { SqlDriver, SqlQuery } from '../sql/driver.js';
import { migrateSql } from '../sql/migrate.js';
import { createSqlStore, type SqlStoreOptions } from '../sql/sql-store.js';
import type { Store } from '../store.js';
import { PG_MIGRATIONS } from './migrations.js';
import { type PgDriverOptions, pgDriver } from './pg-driver.js';

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions extends SqlStoreOptions, PgDriverOptions {}

/** A store on PostgreSQL with its driver (the blob store and the rate buckets share the pool). */
export interface PostgresStore {
  store: Store;
  blobs: BlobStore;
  driver: SqlDriver;
}

/** Opens (migrating when needed) the store and the blob store on one pool. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const driver = pgDriver(options);
  try {
    await migrateSql(driver, PG_MIGRATIONS);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return { store: createSqlStore(driver, options), blobs: sqlBlobStore(driver), driver };
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Blobs as rows of the `blobs` table, on a connection or inside a transaction. */
export function sqlBlobStore(driver: SqlQuery): BlobStore {
  const checked = (sha256: string): string => {
    if (!HEX64.test(sha256)) throw new Error(`Not a SHA-256 digest: ${sha256.slice(0, 80)}`);
    return sha256;
  };
  /** Stores `bytes` under `sha256` once (the same digest again is a no-op). */
  const insert = (sha256: string, bytes: Buffer) =>
    driver.run(
      'INSERT INTO blobs (sha256, bytes, size_bytes, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      sha256,
      bytes,
      bytes.byteLength,
      new Date().toISOString(),
    );
  return {
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await insert(sha256, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return sha256;
    },
    async putFile(path, sha256) {
      await insert(checked(sha256), await readFile(path));
      await rm(path, { force: true });
    },
    async get(sha256) {
      const r = await driver.get<{ bytes: Buffer }>('SELECT bytes FROM blobs WHERE sha256 = ?', checked(sha256));
      return r ? new Uint8Array(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength) : undefined;
    },
    async has(sha256) {
      return (await driver.get('SELECT 1 AS one FROM blobs WHERE sha256 = ?', checked(sha256))) !== undefined;
    },
    async delete(sha256) {
      await driver.run('DELETE FROM blobs WHERE sha256 = ?', checked(sha256));
    },
  };
}
