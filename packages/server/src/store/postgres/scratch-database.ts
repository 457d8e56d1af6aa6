// Throw-away PostgreSQL databases for tests and benchmarks: a new database with a random name on
// the server an admin URL points at, dropped (with its connections) when done.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made for one test or benchmark run. */
export interface ScratchDatabase {
  /** Its connection URL. */
  url: string;
  /** Drops it, ending its open connections. */
  drop(): Promise<void>;
}

/** Creates a database on the server of `adminUrl` (a role allowed to create databases). */
export async function createScratchDatabase(adminUrl: string, prefix = 'loupe_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The admin URL tests use: `LOUPE_TEST_DATABASE_URL`; required when `CI` is set, so CI never skips PostgreSQL. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.LOUPE_TEST_DATABASE_URL;
  if (!url && process.env.CI) throw new Error('LOUPE_TEST_DATABASE_URL is not set: CI runs the PostgreSQL suites against a real server (.ci/run starts one).');
  return url;
}
