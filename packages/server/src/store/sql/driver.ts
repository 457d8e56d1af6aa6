// The SQL driver port the shared store is written against: positional `?` parameters, rows as
// plain objects, transactions that serialise with every other writer of what they lock, and the
// few words where SQLite and PostgreSQL differ (row locks, advisory locks). The SQLite driver
// serialises writers by taking the database (BEGIN IMMEDIATE); the PostgreSQL driver locks rows
// (`FOR UPDATE`) and keys (`pg_advisory_xact_lock`) inside READ COMMITTED transactions.

/** A row as the driver answers it. */
export type Row = Record<string, unknown>;

/** Statements on a connection (inside or outside a transaction). */
export interface SqlQuery {
  /** The first row, or undefined. */
  get<T = Row>(sql: string, ...args: unknown[]): Promise<T | undefined>;
  /** Every row the statement reads. */
  all<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  /** Runs a statement; answers the number of rows it changed. */
  run(sql: string, ...args: unknown[]): Promise<number>;
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Holds `key` until the transaction ends, so two transactions about the same thing (one loan,
   * one set of bytes) run one after the other; a no-op where the database already serialises.
   */
  lock(key: string): Promise<void>;
  /**
   * Runs a statement in the database's own placeholder syntax on this connection (PostgreSQL only:
   * a queue engine on the same database enqueues inside the store's transaction through it).
   */
  native?(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/** A database the shared store runs on. */
export interface SqlDriver extends SqlQuery {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T>;
  /** The clause that locks the rows a SELECT reads (`''` where the transaction holds the database). */
  forUpdate(options?: { of?: string; skipLocked?: boolean }): string;
  /**
   * A stamp that differs whenever anything may have been committed to the database since it was
   * taken (by this connection at once, by another within a millisecond), where the database can
   * tell cheaply; reads keyed on it may be answered from memory. Absent: every read goes to the
   * database.
   */
  changeStamp?(): string;
  /** Closes the connection or pool. */
  close(): Promise<void>;
}
