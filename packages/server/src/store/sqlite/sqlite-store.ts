// The Store on SQLite (better-sqlite3), the embedded default: one file under the data folder, WAL
// journaling so readers never wait for the writer, a busy timeout so `loupe accounts` can write
// while the server runs, and every state change in one IMMEDIATE transaction (SQLite serialises
// writers, so a reservation checked and written in one transaction cannot overdraw, whichever
// process or request races it). Statements are prepared once and reused; transactions of this
// process run one at a time (the connection is shared), reads wait for the one in progress.
import Database from 'better-sqlite3';
import type { Row, SqlDriver, SqlQuery } from '../sql/driver.js';
import { migrateSql } from '../sql/migrate.js';
import { createSqlStore, type SqlStoreOptions } from '../sql/sql-store.js';
import type { Store } from '../store.js';
import { MIGRATIONS } from './migrations.js';

/** Options of the SQLite store. */
export interface SqliteStoreOptions extends SqlStoreOptions {
  /** The database file (`:memory:` for a throw-away store). */
  path: string;
}

/** A driver on one better-sqlite3 connection. */
export function sqliteDriver(db: Database.Database): SqlDriver {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const query: SqlQuery = {
    async get<T = Row>(sql: string, ...args: unknown[]) {
      return prepare(sql).get(...args) as T | undefined;
    },
    async all<T = Row>(sql: string, ...args: unknown[]) {
      return prepare(sql).all(...args) as T[];
    },
    async run(sql, ...args) {
      return prepare(sql).run(...args).changes;
    },
    async exec(sql) {
      db.exec(sql);
    },
    async lock() {},
  };
  let tail: Promise<unknown> = Promise.resolve();
  /** Runs `fn` after every transaction begun before it. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  // a statement outside a transaction runs at once unless a transaction is open on the connection
  // (it would see that transaction's uncommitted rows): then it waits its turn
  const outside =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      db.inTransaction ? serial(() => fn(...args)) : fn(...args);
  // commits of this connection, counted exactly; other connections' (another process: `loupe
  // accounts`) show in SQLite's data_version, read at most once a millisecond (under load the
  // pragma cost as much as the read it saves), so a commit elsewhere is seen by every statement
  // that starts a millisecond after it
  let commits = 0;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let version = 0;
  let versionReadAt = Number.NEGATIVE_INFINITY;
  const otherCommits = (): number => {
    const at = performance.now();
    if (at - versionReadAt >= 1) {
      version = dataVersion.get() as number;
      versionReadAt = at;
    }
    return version;
  };
  const committing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await fn(...args);
      } finally {
        if (!db.inTransaction) commits++;
      }
    };
  return {
    dialect: 'sqlite',
    get: outside(query.get) as SqlQuery['get'],
    all: outside(query.all) as SqlQuery['all'],
    run: outside(committing(query.run)),
    exec: outside(committing(query.exec)),
    changeStamp: () => `${otherCommits()}:${commits}`,
    lock: query.lock,
    transaction: (fn) =>
      serial(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(query);
          db.exec('COMMIT');
          commits++;
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    forUpdate: () => '',
    async close() {
      await serial(async () => db.close());
    },
  };
}

/** Opens a SQLite database with the embedded store's settings. */
function openDatabase(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  return db;
}

/** Applies the migrations a database lacks; refuses one newer than this code. */
export function migrate(db: Database.Database): Promise<number> {
  return migrateSql(sqliteDriver(db), MIGRATIONS);
}

/** Opens (creating and migrating when needed) a SQLite store. */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const driver = sqliteDriver(openDatabase(options.path));
  await migrateSql(driver, MIGRATIONS);
  return createSqlStore(driver, options);
}
