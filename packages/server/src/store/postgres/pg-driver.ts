// The SQL driver on PostgreSQL (node-postgres): a connection pool; `?` parameters rewritten to
// `$n`; 64-bit integers and numerics answered as JavaScript numbers (counts, sums, sequence
// numbers stay far below 2^53); READ COMMITTED transactions whose row locks (`FOR UPDATE`, with
// `SKIP LOCKED` for queue claims) and key locks (`pg_advisory_xact_lock`) serialise what must not
// race across processes; a transaction that deadlocks or fails serialisation is run again.
import pg from 'pg';
import type { Row, SqlDriver, SqlQuery } from '../sql/driver.js';

/** Options of the pool. */
export interface PgDriverOptions {
  /** `postgres://user:password@host:port/database`. */
  connectionString: string;
  /** Connections at most (default 10). */
  max?: number;
  /** Names the connections in `pg_stat_activity`. */
  applicationName?: string;
}

const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** `?` placeholders (outside quotes) as `$1, $2, ...`. */
function numbered(sql: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const c of sql) {
    if (c === "'") quoted = !quoted;
    out += c === '?' && !quoted ? `$${++n}` : c;
  }
  return out;
}

const cache = new Map<string, string>();
const toPg = (sql: string): string => {
  let text = cache.get(sql);
  if (text === undefined) {
    text = numbered(sql);
    if (cache.size < 2000) cache.set(sql, text);
  }
  return text;
};

/** Statements on a pool or one client. */
function queries(on: pg.Pool | pg.PoolClient): SqlQuery {
  const query = async (sql: string, args: unknown[]) => on.query(toPg(sql), args);
  return {
    async get<T = Row>(sql: string, ...args: unknown[]) {
      return (await query(sql, args)).rows[0] as T | undefined;
    },
    async all<T = Row>(sql: string, ...args: unknown[]) {
      return (await query(sql, args)).rows as T[];
    },
    async run(sql, ...args) {
      return (await query(sql, args)).rowCount ?? 0;
    },
    async exec(sql) {
      await on.query(sql);
    },
    async lock(key) {
      await on.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    },
    async native(text, values) {
      return on.query(text, values);
    },
  };
}

const RETRYABLE = new Set(['40001', '40P01']);

/** A driver on a new pool. */
export function pgDriver(options: PgDriverOptions): SqlDriver & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'loupe',
    types,
    // an unreachable server (a dropped route, not a refused port) fails a connection in 5 s rather than never
    connectionTimeoutMillis: 5000,
  });
  // an idle client's error (the server restarted) must not crash the process; the next query reconnects
  pool.on('error', () => undefined);
  return {
    dialect: 'postgres',
    pool,
    ...queries(pool),
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // a checked-out client's connection can end under it (the server stopped): its 'error'
        // event then has no pool listener and would end the process; the query in flight fails instead
        let lost: Error | undefined;
        const onLost = (error: Error): void => {
          lost = error;
        };
        client.on('error', onLost);
        try {
          await client.query('BEGIN');
          const result = await fn(queries(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (!lost) await client.query('ROLLBACK').catch(() => undefined);
          if (attempt < 5 && RETRYABLE.has((error as { code?: string }).code ?? '')) continue;
          throw error;
        } finally {
          client.removeListener('error', onLost);
          // a client whose connection was lost is destroyed, not handed out again
          client.release(lost);
        }
      }
    },
    forUpdate: (o = {}) => ` FOR UPDATE${o.of ? ` OF ${o.of}` : ''}${o.skipLocked ? ' SKIP LOCKED' : ''}`,
    async close() {
      await pool.end();
    },
  };
}
