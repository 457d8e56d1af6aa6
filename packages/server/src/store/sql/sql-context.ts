// The shared half of the SQL store (sql-store.ts assembles the aggregates over it): transactions
// that turn driver failures into StoreError, the clock, the dialect's row lock, the dispatch of
// queued work, and the statements more than one aggregate runs inside its transactions (queueing
// and leasing jobs, events and their deliveries, locking and snapshotting a loan, ledger rows,
// document rows, metering).
import { newId } from '../ids.js';
import {
  type Account,
  type Environment,
  type Job,
  type KeyClaim,
  type LedgerEntry,
  type LedgerReason,
  type LoanSnapshot,
  type NewEvent,
  type StoredDocument,
  StoreError,
} from '../store.js';
import type { Row, SqlDriver, SqlQuery } from './driver.js';
import { account, DOCUMENT_COLUMNS, loanState, storedDocument } from './rows.js';

/** Work a transaction queued: a job (analysis, audit report) or a webhook delivery due at `runAt`. */
export type QueuedWork = { kind: 'job'; job: Job } | { kind: 'delivery'; id: string; runAt: string };

/** Options of a SQL store. */
export interface SqlStoreOptions {
  /** The clock for timestamps (default: the system's). */
  now?: () => Date;
  /** Told, inside the transaction, of each piece of work it queues (a queue engine enqueues it there). */
  dispatch?: (q: SqlQuery, work: QueuedWork) => Promise<void>;
}

/** The columns of a new document row. */
export const NEW_DOCUMENT_COLUMNS =
  'id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, attribution_currency, created_at';

/** The shared context of the aggregates over `driver`. */
/** The clock, the row lock, dispatch, transactions and single-row reads. */
function sqlBase(driver: SqlDriver, options: SqlStoreOptions) {
  const now = (): string => (options.now ?? (() => new Date()))().toISOString();
  const lockRow = driver.forUpdate();
  const dispatch = async (q: SqlQuery, work: QueuedWork): Promise<void> => {
    await options.dispatch?.(q, work);
  };

  /** Runs `fn` in a transaction, turning driver failures into `StoreError`. */
  const tx = async <T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> => {
    try {
      return await driver.transaction(fn);
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  const read = async <T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> => {
    try {
      return await fn(driver);
    } catch (error) {
      throw new StoreError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  const one = async <T>(q: SqlQuery, sql: string, map: (r: Row) => T, ...args: unknown[]): Promise<T | undefined> => {
    const r = await q.get(sql, ...args);
    return r ? map(r) : undefined;
  };
  return { driver, now, lockRow, dispatch, tx, read, one };
}

type SqlBase = ReturnType<typeof sqlBase>;

/** Jobs and the outbox, inside the caller's transaction. */
function jobStatements(b: SqlBase) {
  const { now, lockRow, dispatch } = b;
  /** Queues a job on a subject (inside the caller's transaction). */
  const queueJob = async (q: SqlQuery, kind: Job['kind'], subjectId: string): Promise<void> => {
    const job: Job = { id: newId('job'), kind, subjectId, attempts: 0 };
    await q.run("INSERT INTO jobs (id, kind, subject_id, state, created_at) VALUES (?, ?, ?, 'queued', ?)", job.id, kind, subjectId, now());
    await dispatch(q, { kind: 'job', job });
  };
  /** Leases a job row to the caller until `leaseUntil`, counting the take (inside the caller's transaction). */
  const leaseJob = async (q: SqlQuery, r: Row, leaseUntil: string): Promise<Job> => {
    await q.run("UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ? WHERE id = ?", leaseUntil, r.id);
    return { id: r.id as string, kind: r.kind as Job['kind'], subjectId: r.subject_id as string, attempts: (r.attempts as number) + 1 };
  };
  /** The subject of a job that is not done yet, its row locked (undefined for an unknown or finished job). */
  const openJobSubject = async (q: SqlQuery, jobId: string): Promise<string | undefined> => {
    const job = await q.get<{ subject_id: string; state: string }>(`SELECT subject_id, state FROM jobs WHERE id = ?${lockRow}`, jobId);
    return job && job.state !== 'done' ? job.subject_id : undefined;
  };
  const closeJob = (q: SqlQuery, jobId: string, at: string): Promise<number> =>
    q.run("UPDATE jobs SET state = 'done', lease_until = NULL, finished_at = ? WHERE id = ?", at, jobId);
  /** Adds a pending delivery of an event (inside the caller's transaction). */
  const insertDelivery = async (q: SqlQuery, eventId: string, targetUrl: string, at: string): Promise<string> => {
    const id = newId('dlv');
    await q.run(
      "INSERT INTO webhook_deliveries (id, event_id, target_url, state, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)",
      id,
      eventId,
      targetUrl,
      at,
      at,
    );
    await dispatch(q, { kind: 'delivery', id, runAt: at });
    return id;
  };
  /** Writes events and their deliveries (inside the caller's transaction: the outbox). */
  const insertEvents = async (q: SqlQuery, events: NewEvent[]): Promise<void> => {
    for (const e of events) {
      await q.run(
        'INSERT INTO webhook_events (id, account_id, environment, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        e.id,
        e.accountId,
        e.environment,
        e.type,
        e.body,
        e.createdAt,
      );
      await insertDelivery(q, e.id, e.targetUrl, e.createdAt);
    }
  };
  return { queueJob, leaseJob, openJobSubject, closeJob, insertDelivery, insertEvents };
}

/** A loan's lock, snapshot and state row, inside the caller's transaction. */
function loanStatements(b: SqlBase) {
  const { now } = b;
  const lockLoan = (q: SqlQuery, accountId: string, environment: Environment, externalRef: string): Promise<void> =>
    q.lock(`loan:${accountId}:${environment}:${externalRef}`);
  /** A loan's documents and state (inside the caller's transaction). */
  const loanSnapshot = async (q: SqlQuery, accountId: string, environment: Environment, externalRef: string): Promise<LoanSnapshot> => {
    const state = await q.get('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', accountId, environment, externalRef);
    const documents = await q.all(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id`,
      accountId,
      environment,
      externalRef,
    );
    return { documents: documents.map(storedDocument), state: state ? loanState(state) : undefined };
  };
  /** Creates a loan's state row when it has none (inside the caller's transaction). */
  const ensureLoan = (q: SqlQuery, accountId: string, environment: Environment, externalRef: string): Promise<number> =>
    q.run(
      'INSERT INTO loans (account_id, environment, external_ref, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      accountId,
      environment,
      externalRef,
      now(),
    );
  return { lockLoan, loanSnapshot, ensureLoan };
}

/** Ledger, account and document rows, metering and ownership checks, inside the caller's transaction. */
function rowStatements(b: SqlBase) {
  const { now, lockRow } = b;
  const insertLedger = async (q: SqlQuery, accountId: string, delta: number, reason: LedgerReason, ref: string | null): Promise<LedgerEntry> => {
    const entry: LedgerEntry = { id: newId('led'), accountId, delta, reason, ref, createdAt: now() };
    await q.run(
      'INSERT INTO ledger (id, account_id, delta, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      entry.id,
      accountId,
      delta,
      reason,
      ref,
      entry.createdAt,
    );
    await q.run('UPDATE accounts SET balance = balance + ? WHERE id = ?', delta, accountId);
    return entry;
  };
  const byId = async (q: SqlQuery, id: string, lock = ''): Promise<Account | undefined> => {
    const r = await q.get(`SELECT * FROM accounts WHERE id = ?${lock}`, id);
    return r ? account(r) : undefined;
  };
  const documentRow = async (q: SqlQuery, id: string): Promise<StoredDocument> =>
    storedDocument((await q.get(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`, id)) as Row);
  const insertDocument = (q: SqlQuery, d: Omit<StoredDocument, 'status' | 'result' | 'error' | 'review' | 'completedAt'>): Promise<number> =>
    q.run(
      `INSERT INTO documents (${NEW_DOCUMENT_COLUMNS}) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?)`,
      d.id,
      d.accountId,
      d.environment,
      d.sha256,
      d.fileName,
      d.fileType,
      d.sizeBytes,
      JSON.stringify(d.options),
      d.externalRef,
      d.attributionCurrency,
      d.createdAt,
    );
  /** Records a completed analysis of `document` by `jobId` (inside the finishing transaction). */
  const meter = async (q: SqlQuery, document: StoredDocument, jobId: string, at: string): Promise<void> => {
    const recaptured = await q.get('SELECT 1 AS one FROM recapture_captures WHERE recaptured_document_id = ?', document.id);
    const metered = await q.get('SELECT 1 AS one FROM document_usage WHERE document_id = ?', document.id);
    const kind = recaptured ? 'recapture' : metered ? 'reprocess' : 'analysis';
    await q.run(
      'INSERT INTO document_usage (id, account_id, document_id, job_id, kind, billable, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      newId('use'),
      document.accountId,
      document.id,
      jobId,
      kind,
      kind === 'recapture' ? 0 : 1,
      at,
    );
  };
  /** The status of an account's document in one environment, its row locked (inside the caller's transaction). */
  const ownedStatus = (q: SqlQuery, accountId: string, environment: Environment, id: string) =>
    q.get<{ status: string }>(`SELECT status FROM documents WHERE id = ? AND account_id = ? AND environment = ?${lockRow}`, id, accountId, environment);
  const idempotencyKeyWhere = 'account_id = ? AND environment = ? AND key = ? AND route = ?';
  /** Records the resource an effect made on the Idempotency-Key claim it ran under (inside the effect's transaction). */
  const bindClaim = async (q: SqlQuery, claim: KeyClaim | undefined, resourceId: string) => {
    if (claim)
      await q.run(
        `UPDATE idempotency_keys SET resource_id = ? WHERE ${idempotencyKeyWhere} AND status = 0`,
        resourceId,
        claim.accountId,
        claim.environment,
        claim.key,
        claim.route,
      );
  };
  return { insertLedger, byId, documentRow, insertDocument, meter, ownedStatus, idempotencyKeyWhere, bindClaim };
}

/** The shared context of the aggregates over `driver`. */
export function sqlContext(driver: SqlDriver, options: SqlStoreOptions = {}) {
  const base = sqlBase(driver, options);
  return { ...base, ...jobStatements(base), ...loanStatements(base), ...rowStatements(base) };
}

/** What every aggregate module builds on. */
export type SqlContext = ReturnType<typeof sqlContext>;
