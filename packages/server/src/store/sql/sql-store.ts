// The Store on SQL, written once for every SQL adapter (SQLite embedded, PostgreSQL to scale out)
// against the driver port. Every state change is one transaction; what must not race across
// processes is decided under a lock: the account row for a reservation, the loan for its currency
// and expected count, the bytes for byte-identical dedupe, the key for an Idempotency-Key claim,
// the document for its one live re-capture link, the job or delivery row for exactly-once
// finishing (SQLite holds the whole database for a writer, so its row and key locks are no-ops).
// Work the store queues (analyses, reports, webhook attempts) is announced to `dispatch` inside the
// transaction that queues it, so a queue engine on the same database enqueues atomically with it.
import { newId } from '../ids.js';
import {
  type Account,
  type Environment,
  type Job,
  type LedgerEntry,
  type LedgerReason,
  type LoanSnapshot,
  type LoanState,
  type NewAccount,
  type NewEvent,
  type NewKey,
  RESERVATION_TTL_MS,
  type ReserveResult,
  type Store,
  type StoredDocument,
  StoreError,
} from '../store.js';
import type { Row, SqlDriver, SqlQuery } from './driver.js';
import {
  account,
  apiKey,
  DELIVERY_SELECT,
  delivery,
  detection,
  ledgerEntry,
  loanState,
  storedCapture,
  storedDocument,
  storedLink,
  storedReport,
  usageRow,
} from './rows.js';

/** Work a transaction queued: a job (analysis, audit report) or a webhook delivery due at `runAt`. */
export type QueuedWork = { kind: 'job'; job: Job } | { kind: 'delivery'; id: string; runAt: string };

/** Options of a SQL store. */
export interface SqlStoreOptions {
  /** The clock for timestamps (default: the system's). */
  now?: () => Date;
  /** Told, inside the transaction, of each piece of work it queues (a queue engine enqueues it there). */
  dispatch?: (q: SqlQuery, work: QueuedWork) => Promise<void>;
}

const DOCUMENT_COLUMNS =
  'id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, attribution_currency, created_at';

/** The Store over `driver`. */
export function createSqlStore(driver: SqlDriver, options: SqlStoreOptions = {}): Store {
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
      throw new StoreError(error instanceof Error ? error.message : String(error));
    }
  };
  const read = async <T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> => {
    try {
      return await fn(driver);
    } catch (error) {
      throw new StoreError(error instanceof Error ? error.message : String(error));
    }
  };

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
  const lockLoan = (q: SqlQuery, accountId: string, environment: Environment, externalRef: string): Promise<void> =>
    q.lock(`loan:${accountId}:${environment}:${externalRef}`);
  /** A loan's documents and state (inside the caller's transaction). */
  const loanSnapshot = async (q: SqlQuery, accountId: string, environment: Environment, externalRef: string): Promise<LoanSnapshot> => {
    const state = await q.get('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', accountId, environment, externalRef);
    const documents = await q.all(
      'SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id',
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
  const one = async <T>(q: SqlQuery, sql: string, map: (r: Row) => T, ...args: unknown[]): Promise<T | undefined> => {
    const r = await q.get(sql, ...args);
    return r ? map(r) : undefined;
  };
  const documentRow = async (q: SqlQuery, id: string): Promise<StoredDocument> =>
    storedDocument((await q.get('SELECT * FROM documents WHERE id = ?', id)) as Row);
  const insertDocument = (q: SqlQuery, d: Omit<StoredDocument, 'status' | 'result' | 'error' | 'review' | 'completedAt'>): Promise<number> =>
    q.run(
      `INSERT INTO documents (${DOCUMENT_COLUMNS}) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?)`,
      d.id,
      d.accountId,
      d.environment,
      d.sha256,
      d.fileName,
      d.fileType,
      d.sizeBytes,
      d.options,
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

  return {
    async createAccount(a: NewAccount, credits: number) {
      return tx(async (q) => {
        const id = newId('usr');
        await q.run(
          'INSERT INTO accounts (id, email, name, email_verified, active, detector, webhook_url, webhook_secret, balance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
          id,
          a.email,
          a.name ?? null,
          a.emailVerified === false ? 0 : 1,
          a.active === false ? 0 : 1,
          a.detector ?? 'V1.5',
          a.webhookUrl ?? null,
          a.webhookSecret,
          now(),
        );
        if (credits !== 0) await insertLedger(q, id, credits, 'SIGNUP_GRANT', null);
        return (await byId(q, id)) as Account;
      });
    },
    async accountById(id) {
      return read((q) => byId(q, id));
    },
    async accountByEmail(email) {
      return read((q) => one(q, 'SELECT * FROM accounts WHERE email = ?', account, email));
    },
    async countAccounts() {
      return read(async (q) => ((await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts')) as { n: number }).n);
    },
    async updateAccount(id, changes) {
      return tx(async (q) => {
        const columns: Record<string, unknown> = {};
        if (changes.name !== undefined) columns.name = changes.name;
        if (changes.emailVerified !== undefined) columns.email_verified = changes.emailVerified ? 1 : 0;
        if (changes.active !== undefined) columns.active = changes.active ? 1 : 0;
        if (changes.detector !== undefined) columns.detector = changes.detector;
        if (changes.webhookUrl !== undefined) columns.webhook_url = changes.webhookUrl;
        const keys = Object.keys(columns);
        if (keys.length > 0) await q.run(`UPDATE accounts SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
        return byId(q, id);
      });
    },
    async adjustCredits(accountId, delta, reason, ref) {
      return tx(async (q) => {
        if (!(await byId(q, accountId, lockRow))) throw new StoreError(`No account ${accountId}.`);
        return insertLedger(q, accountId, delta, reason, ref);
      });
    },

    async createKey(k: NewKey) {
      return tx(async (q) => {
        const id = newId('key');
        const at = now();
        await q.run(
          'INSERT INTO api_keys (id, account_id, kind, hash, service_type, sandbox, name, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          id,
          k.accountId,
          k.kind,
          k.hash,
          k.serviceType,
          k.sandbox ? 1 : 0,
          k.name ?? null,
          k.note ?? null,
          at,
          at,
        );
        return apiKey((await q.get('SELECT * FROM api_keys WHERE id = ?', id)) as Row);
      });
    },
    async keyByHash(hash) {
      return read((q) => one(q, 'SELECT * FROM api_keys WHERE hash = ? AND revoked_at IS NULL', apiKey, hash));
    },
    async keysOf(accountId) {
      return read(async (q) => (await q.all('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id', accountId)).map(apiKey));
    },
    async countActiveKeys(accountId, kind, serviceType) {
      return read(
        async (q) =>
          (
            (await q.get<{ n: number }>(
              'SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND kind = ? AND service_type = ? AND revoked_at IS NULL',
              accountId,
              kind,
              serviceType,
            )) as { n: number }
          ).n,
      );
    },
    async revokeKey(accountId, keyId) {
      return tx(async (q) => {
        const at = now();
        await q.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?), updated_at = ? WHERE id = ? AND account_id = ?', at, at, keyId, accountId);
        return one(q, 'SELECT * FROM api_keys WHERE id = ? AND account_id = ?', apiKey, keyId, accountId);
      });
    },

    async reserve(accountId, credits) {
      return tx(async (q): Promise<ReserveResult> => {
        // the account row's lock serialises reservations of one account across processes
        const a = await byId(q, accountId, lockRow);
        if (!a) throw new StoreError(`No account ${accountId}.`);
        const at = now();
        const liveSince = new Date(Date.parse(at) - RESERVATION_TTL_MS).toISOString();
        const held = (
          (await q.get<{ n: number }>(
            'SELECT COALESCE(SUM(credits), 0) AS n FROM reservations WHERE account_id = ? AND created_at > ?',
            accountId,
            liveSince,
          )) as {
            n: number;
          }
        ).n;
        const available = a.balance - held;
        if (available < credits) return { ok: false, balance: a.balance, available };
        const id = newId('rsv');
        await q.run('INSERT INTO reservations (id, account_id, credits, created_at) VALUES (?, ?, ?, ?)', id, accountId, credits, at);
        return { ok: true, reservation: { id, accountId, credits } };
      });
    },
    async release(reservationId) {
      await tx((q) => q.run('DELETE FROM reservations WHERE id = ?', reservationId));
    },
    async settle(reservationId, credits, d) {
      await tx(async (q) => {
        if ((await q.run('DELETE FROM reservations WHERE id = ?', reservationId)) !== 1) throw new StoreError(`Reservation ${reservationId} is not held.`);
        if (credits > 0) await insertLedger(q, d.accountId, -credits, 'DETECTION_DEBIT', d.id);
        await q.run(
          'INSERT INTO detections (id, account_id, sha256, detector, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          d.id,
          d.accountId,
          d.sha256,
          d.detector,
          d.body,
          d.createdAt,
        );
      });
    },
    async releaseAllReservations() {
      return tx((q) => q.run('DELETE FROM reservations'));
    },

    async detection(accountId, id) {
      return read((q) => one(q, 'SELECT * FROM detections WHERE id = ? AND account_id = ?', detection, id, accountId));
    },
    async latestDetectionOf(accountId, sha256, since) {
      return read((q) =>
        one(
          q,
          'SELECT * FROM detections WHERE account_id = ? AND sha256 = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
          detection,
          accountId,
          sha256,
          since,
        ),
      );
    },
    async ledger(accountId, limit, offset) {
      return read(async (q) => {
        const entries = (await q.all('SELECT * FROM ledger WHERE account_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?', accountId, limit, offset)).map(
          ledgerEntry,
        );
        const total = ((await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger WHERE account_id = ?', accountId)) as { n: number }).n;
        return { entries, total };
      });
    },

    async createDocument(d, sameAs) {
      return tx(async (q) => {
        if (sameAs) {
          await q.lock(`bytes:${d.accountId}:${d.environment}:${d.sha256}`);
          const rows = await q.all(
            'SELECT * FROM documents WHERE account_id = ? AND environment = ? AND sha256 = ? ORDER BY created_at DESC, id DESC',
            d.accountId,
            d.environment,
            d.sha256,
          );
          const duplicate = rows.map(storedDocument).find(sameAs);
          if (duplicate) return { duplicate };
        }
        if (d.externalRef !== null) await lockLoan(q, d.accountId, d.environment, d.externalRef);
        if (d.externalRef !== null && d.attributionCurrency !== null) {
          const other = await q.get<{ attribution_currency: string }>(
            'SELECT attribution_currency FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? AND attribution_currency IS NOT NULL AND attribution_currency != ? LIMIT 1',
            d.accountId,
            d.environment,
            d.externalRef,
            d.attributionCurrency,
          );
          if (other) return { currencyConflict: other.attribution_currency };
        }
        await insertDocument(q, d);
        await queueJob(q, 'analysis', d.id);
        return documentRow(q, d.id);
      });
    },
    async reprocessDocument(accountId, environment, id) {
      return tx(async (q) => {
        const r = await ownedStatus(q, accountId, environment, id);
        if (!r) return undefined;
        if (r.status === 'processing') return 'in_progress' as const;
        await q.run("UPDATE documents SET status = 'processing', error = NULL WHERE id = ?", id);
        await queueJob(q, 'analysis', id);
        return documentRow(q, id);
      });
    },
    async document(accountId, environment, id) {
      return read((q) => one(q, 'SELECT * FROM documents WHERE id = ? AND account_id = ? AND environment = ?', storedDocument, id, accountId, environment));
    },
    async listDocuments(accountId, environment, query) {
      return read(async (q) => {
        const where = ['account_id = ?', 'environment = ?'];
        const args: unknown[] = [accountId, environment];
        if (query.externalRef !== undefined) {
          where.push('external_ref = ?');
          args.push(query.externalRef);
        }
        if (query.verdict !== undefined) {
          where.push("verdict = ? AND status = 'completed'");
          args.push(query.verdict);
        }
        const cursor = query.startingAfter
          ? await q.get<{ created_at: string; id: string }>(
              'SELECT created_at, id FROM documents WHERE id = ? AND account_id = ? AND environment = ?',
              query.startingAfter,
              accountId,
              environment,
            )
          : undefined;
        if (cursor) {
          where.push('(created_at < ? OR (created_at = ? AND id < ?))');
          args.push(cursor.created_at, cursor.created_at, cursor.id);
        }
        const rows = await q.all(`SELECT * FROM documents WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`, ...args, query.limit + 1);
        return { documents: rows.slice(0, query.limit).map(storedDocument), hasMore: rows.length > query.limit };
      });
    },
    async reviewDocument(accountId, environment, id, review) {
      return tx(async (q) => {
        const r = await ownedStatus(q, accountId, environment, id);
        if (!r) return undefined;
        if (r.status !== 'completed') return 'not_completed' as const;
        await q.run('UPDATE documents SET review = ? WHERE id = ?', review, id);
        return documentRow(q, id);
      });
    },
    async documentsWithBytes(accountId, environment, sha256) {
      return read(async (q) =>
        (
          await q.all(
            'SELECT * FROM documents WHERE account_id = ? AND environment = ? AND sha256 = ? ORDER BY created_at DESC, id DESC',
            accountId,
            environment,
            sha256,
          )
        ).map(storedDocument),
      );
    },
    async loanDocuments(accountId, environment, externalRef) {
      return read(async (q) =>
        (externalRef === undefined
          ? await q.all(
              'SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref IS NOT NULL ORDER BY created_at, id',
              accountId,
              environment,
            )
          : await q.all(
              'SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id',
              accountId,
              environment,
              externalRef,
            )
        ).map(storedDocument),
      );
    },
    async loanState(accountId, environment, externalRef) {
      return read((q) =>
        one(q, 'SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', loanState, accountId, environment, externalRef),
      );
    },
    async loanStates(accountId, environment) {
      return read(async (q) => (await q.all('SELECT * FROM loans WHERE account_id = ? AND environment = ?', accountId, environment)).map(loanState));
    },
    async reviewLoan(accountId, environment, externalRef, changes) {
      return tx(async (q) => {
        await ensureLoan(q, accountId, environment, externalRef);
        const columns: Record<string, unknown> = { reviewed_at: changes.reviewedAt, updated_at: now() };
        if (changes.reviewState !== undefined) columns.review_state = changes.reviewState;
        if (changes.assignee !== undefined) columns.assignee = changes.assignee;
        if (changes.reviewNote !== undefined) columns.review_note = changes.reviewNote;
        const sets = Object.keys(columns).map((c) => `${c} = ?`);
        await q.run(
          `UPDATE loans SET ${sets.join(', ')} WHERE account_id = ? AND environment = ? AND external_ref = ?`,
          ...Object.values(columns),
          accountId,
          environment,
          externalRef,
        );
        return loanState(
          (await q.get('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', accountId, environment, externalRef)) as Row,
        );
      });
    },
    async declareExpected(accountId, environment, externalRef, declaration, emit) {
      return tx(async (q) => {
        await lockLoan(q, accountId, environment, externalRef);
        const before = await loanSnapshot(q, accountId, environment, externalRef);
        if (declaration && declaration.total < before.documents.length) return { ok: false as const, submitted: before.documents.length };
        await ensureLoan(q, accountId, environment, externalRef);
        await q.run(
          'UPDATE loans SET expected = ?, updated_at = ? WHERE account_id = ? AND environment = ? AND external_ref = ?',
          declaration?.json ?? null,
          now(),
          accountId,
          environment,
          externalRef,
        );
        const after = await loanSnapshot(q, accountId, environment, externalRef);
        if (emit) await insertEvents(q, emit(before, after));
        return { ok: true as const, state: after.state as LoanState };
      });
    },
    async idempotentAnswer(accountId, environment, route, key, since) {
      return read((q) =>
        one(
          q,
          `SELECT * FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND created_at >= ? AND status > 0`,
          (r) => ({ payloadHash: r.payload_hash as string, status: r.status as number, body: r.body as string, createdAt: r.created_at as string }),
          accountId,
          environment,
          key,
          route,
          since,
        ),
      );
    },
    async claimAnswer(accountId, environment, route, key, claim) {
      return tx(async (q) => {
        const args = [accountId, environment, key, route];
        await q.lock(`idempotency:${args.join(':')}`);
        const r = await q.get(`SELECT * FROM idempotency_keys WHERE ${idempotencyKeyWhere}${lockRow}`, ...args);
        const answered = r !== undefined && (r.status as number) > 0;
        if (r && answered && (r.created_at as string) >= claim.since)
          return {
            state: 'answered' as const,
            answer: { payloadHash: r.payload_hash as string, status: r.status as number, body: r.body as string, createdAt: r.created_at as string },
          };
        if (r && !answered && (r.created_at as string) >= claim.staleBefore) return { state: 'in_flight' as const, payloadHash: r.payload_hash as string };
        if (r) await q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere}`, ...args);
        await q.run(
          "INSERT INTO idempotency_keys (account_id, environment, key, route, payload_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, 0, '', ?)",
          ...args,
          claim.payloadHash,
          claim.at,
        );
        return { state: 'claimed' as const };
      });
    },
    async releaseAnswer(accountId, environment, route, key) {
      await tx((q) => q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND status = 0`, accountId, environment, key, route));
    },
    async rememberAnswer(accountId, environment, route, key, answer) {
      await tx(async (q) => {
        const args = [accountId, environment, key, route];
        const expired = new Date(Date.parse(answer.createdAt) - 24 * 3600 * 1000).toISOString();
        await q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND created_at < ?`, ...args, expired);
        await q.run(
          `INSERT INTO idempotency_keys (account_id, environment, key, route, payload_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (account_id, environment, key, route) DO UPDATE SET payload_hash = excluded.payload_hash, status = excluded.status, body = excluded.body, created_at = excluded.created_at
           WHERE idempotency_keys.status = 0`,
          ...args,
          answer.payloadHash,
          answer.status,
          answer.body,
          answer.createdAt,
        );
      });
    },
    async documentById(id) {
      return read((q) => one(q, 'SELECT * FROM documents WHERE id = ?', storedDocument, id));
    },
    async claimJob(leaseUntil) {
      return tx(async (q): Promise<Job | undefined> => {
        const r = await q.get(
          `SELECT * FROM jobs WHERE state = 'queued' OR (state = 'running' AND lease_until < ?) ORDER BY seq LIMIT 1${driver.forUpdate({ skipLocked: true })}`,
          now(),
        );
        return r ? leaseJob(q, r, leaseUntil) : undefined;
      });
    },
    async claimJobById(jobId, leaseUntil) {
      return tx(async (q) => {
        const r = await q.get(`SELECT * FROM jobs WHERE id = ?${lockRow}`, jobId);
        if (!r || r.state === 'done') return 'finished' as const;
        if (r.state === 'running' && (r.lease_until as string) >= now()) return 'leased' as const;
        return leaseJob(q, r, leaseUntil);
      });
    },
    async finishDocument(jobId, outcome, emit) {
      return tx(async (q) => {
        const subject = await openJobSubject(q, jobId);
        if (subject === undefined) return false;
        const at = now();
        const changed =
          'result' in outcome
            ? await q.run(
                "UPDATE documents SET status = 'completed', result = ?, verdict = ?, text = ?, error = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                outcome.result,
                (JSON.parse(outcome.result) as { verdict?: string }).verdict ?? null,
                outcome.text ? JSON.stringify(outcome.text) : null,
                at,
                subject,
              )
            : await q.run(
                "UPDATE documents SET status = 'failed', error = ?, result = NULL, verdict = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                outcome.error,
                at,
                subject,
              );
        await closeJob(q, jobId, at);
        if (changed !== 1) return false;
        const document = await documentRow(q, subject);
        if ('result' in outcome && document.environment === 'production') await meter(q, document, jobId, at);
        if (emit) {
          const loan = document.externalRef === null ? undefined : await loanSnapshot(q, document.accountId, document.environment, document.externalRef);
          await insertEvents(q, emit(document, loan));
        }
        return true;
      });
    },
    async requeueRunningJobs() {
      return tx((q) => q.run("UPDATE jobs SET state = 'queued', lease_until = NULL WHERE state = 'running'"));
    },

    async createReport(report) {
      return tx(async (q) => {
        await q.run(
          "INSERT INTO audit_reports (id, account_id, environment, status, format, external_ref, document_ids, download_base, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
          report.id,
          report.accountId,
          report.environment,
          report.format,
          report.externalRef,
          JSON.stringify(report.documentIds),
          report.downloadBase,
          report.createdAt,
        );
        await queueJob(q, 'audit_report', report.id);
        return storedReport((await q.get('SELECT * FROM audit_reports WHERE id = ?', report.id)) as Row);
      });
    },
    async report(accountId, environment, id) {
      return read((q) => one(q, 'SELECT * FROM audit_reports WHERE id = ? AND account_id = ? AND environment = ?', storedReport, id, accountId, environment));
    },
    async reportById(id) {
      return read((q) => one(q, 'SELECT * FROM audit_reports WHERE id = ?', storedReport, id));
    },
    async finishReport(jobId, outcome, emit) {
      return tx(async (q) => {
        const subject = await openJobSubject(q, jobId);
        if (subject === undefined) return false;
        const changed =
          'error' in outcome
            ? await q.run("UPDATE audit_reports SET status = 'failed', error = ? WHERE id = ? AND status = 'processing'", outcome.error, subject)
            : await q.run(
                "UPDATE audit_reports SET status = 'completed', body = ?, pdf_sha256 = ?, pages = ?, generated_at = ? WHERE id = ? AND status = 'processing'",
                outcome.body,
                outcome.pdfSha256,
                outcome.pages,
                outcome.generatedAt,
                subject,
              );
        await closeJob(q, jobId, now());
        if (changed !== 1) return false;
        if (emit) await insertEvents(q, emit(storedReport((await q.get('SELECT * FROM audit_reports WHERE id = ?', subject)) as Row)));
        return true;
      });
    },
    async createLink(link, at, events) {
      return tx(async (q) => {
        // the document's row lock makes "one live link per document" hold across processes
        await q.get(`SELECT id FROM documents WHERE id = ?${lockRow}`, link.documentId);
        const live = await q.get<{ id: string }>(
          "SELECT id FROM recapture_links WHERE document_id = ? AND status = 'pending' AND expires_at > ? LIMIT 1",
          link.documentId,
          at,
        );
        if (live) return { liveLinkId: live.id };
        await q.run(
          "INSERT INTO recapture_links (id, account_id, environment, document_id, external_ref, token, claim_url, status, delivery, borrower, message, message_audit, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)",
          link.id,
          link.accountId,
          link.environment,
          link.documentId,
          link.externalRef,
          link.token,
          link.claimUrl,
          link.delivery,
          link.borrower,
          link.message,
          link.messageAudit,
          link.expiresAt,
          link.createdAt,
        );
        if (events) await insertEvents(q, events);
        return storedLink((await q.get('SELECT * FROM recapture_links WHERE id = ?', link.id)) as Row);
      });
    },
    async link(accountId, environment, id) {
      return read((q) => one(q, 'SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?', storedLink, id, accountId, environment));
    },
    async linkByToken(token) {
      return read((q) => one(q, 'SELECT * FROM recapture_links WHERE token = ?', storedLink, token));
    },
    async linksOfDocument(documentId) {
      return read(async (q) => (await q.all('SELECT * FROM recapture_links WHERE document_id = ? ORDER BY created_at, id', documentId)).map(storedLink));
    },
    async revokeLink(accountId, environment, id, at) {
      return tx(async (q) => {
        const link = await one(
          q,
          `SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?${lockRow}`,
          storedLink,
          id,
          accountId,
          environment,
        );
        if (!link) return undefined;
        if (link.status === 'consumed') return 'consumed' as const;
        if (link.status === 'pending' && link.expiresAt <= at) return 'expired' as const;
        if (link.status === 'pending') await q.run("UPDATE recapture_links SET status = 'revoked', closed_at = ? WHERE id = ?", at, id);
        return storedLink((await q.get('SELECT * FROM recapture_links WHERE id = ?', id)) as Row);
      });
    },
    async consumeLink(linkId, at, capture, recaptured) {
      return tx(async (q) => {
        const link = await one(q, `SELECT * FROM recapture_links WHERE id = ?${lockRow}`, storedLink, linkId);
        if (!link) return undefined;
        if (link.status !== 'pending') return link.status;
        if (link.expiresAt <= at) return 'expired' as const;
        await insertDocument(q, recaptured);
        await queueJob(q, 'analysis', recaptured.id);
        await q.run(
          "INSERT INTO recapture_captures (id, account_id, environment, link_id, document_id, recaptured_document_id, external_ref, status, captured_at, device, photo_count, photos, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
          capture.id,
          capture.accountId,
          capture.environment,
          capture.linkId,
          capture.documentId,
          capture.recapturedDocumentId,
          capture.externalRef,
          capture.capturedAt,
          capture.device,
          capture.photoCount,
          JSON.stringify(capture.photos),
          capture.createdAt,
        );
        await q.run("UPDATE recapture_links SET status = 'consumed', capture_id = ?, closed_at = ? WHERE id = ?", capture.id, at, linkId);
        return storedCapture((await q.get('SELECT * FROM recapture_captures WHERE id = ?', capture.id)) as Row);
      });
    },
    async capture(accountId, environment, id) {
      return read((q) =>
        one(q, 'SELECT * FROM recapture_captures WHERE id = ? AND account_id = ? AND environment = ?', storedCapture, id, accountId, environment),
      );
    },
    async capturesToFinish() {
      return read(async (q) =>
        (
          await q.all(
            "SELECT c.* FROM recapture_captures c JOIN documents d ON d.id = c.recaptured_document_id WHERE c.status = 'processing' AND d.status != 'processing'",
          )
        ).map(storedCapture),
      );
    },
    async finishCapture(id, outcome, emit) {
      return tx(async (q) => {
        const changed = await q.run(
          "UPDATE recapture_captures SET status = ?, evidence = ? WHERE id = ? AND status = 'processing'",
          'evidence' in outcome ? 'completed' : 'failed',
          'evidence' in outcome ? outcome.evidence : JSON.stringify({ failed: outcome.failed }),
          id,
        );
        if (changed !== 1) return false;
        if (emit) await insertEvents(q, emit(storedCapture((await q.get('SELECT * FROM recapture_captures WHERE id = ?', id)) as Row)));
        return true;
      });
    },
    async usage(accountId, period) {
      return read(async (q) => {
        const where = ['account_id = ?'];
        const args: unknown[] = [accountId];
        if (period.from !== undefined) {
          where.push('created_at >= ?');
          args.push(period.from);
        }
        if (period.to !== undefined) {
          where.push('created_at < ?');
          args.push(period.to);
        }
        return (await q.all(`SELECT * FROM document_usage WHERE ${where.join(' AND ')} ORDER BY created_at, seq`, ...args)).map(usageRow);
      });
    },
    async documentText(id) {
      return read(async (q) => {
        const r = await q.get<{ text: string | null }>('SELECT text FROM documents WHERE id = ?', id);
        return r?.text ? (JSON.parse(r.text) as string[]) : undefined;
      });
    },
    async recordEvents(events) {
      await tx((q) => insertEvents(q, events));
    },
    async claimDelivery(at, leaseUntil) {
      return tx(async (q) => {
        const r = await q.get(
          `${DELIVERY_SELECT} WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?) ORDER BY d.next_attempt_at, d.seq LIMIT 1${driver.forUpdate({ of: 'd', skipLocked: true })}`,
          at,
          at,
        );
        if (!r) return undefined;
        await q.run('UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?', leaseUntil, r.id);
        return delivery(r);
      });
    },
    async claimDeliveryById(deliveryId, at, leaseUntil) {
      return tx(async (q) => {
        const r = await q.get(`${DELIVERY_SELECT} WHERE d.id = ?${driver.forUpdate({ of: 'd' })}`, deliveryId);
        if (r?.state !== 'pending') return 'finished' as const;
        if ((r.next_attempt_at as string) > at || (r.lease_until !== null && (r.lease_until as string) >= at)) return 'later' as const;
        await q.run('UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?', leaseUntil, deliveryId);
        return delivery(r);
      });
    },
    async recordAttempt(deliveryId, outcome, at) {
      await tx(async (q) => {
        if (outcome.ok) {
          await q.run(
            "UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL, last_response = ?, next_attempt_at = NULL, lease_until = NULL, delivered_at = ? WHERE id = ? AND state = 'pending'",
            outcome.status,
            outcome.response ?? null,
            at,
            deliveryId,
          );
          return;
        }
        const changed = await q.run(
          "UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?, last_response = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ? AND state = 'pending'",
          outcome.nextAttemptAt === null ? 'abandoned' : 'pending',
          outcome.status,
          outcome.error,
          outcome.response ?? null,
          outcome.nextAttemptAt,
          deliveryId,
        );
        if (changed === 1 && outcome.nextAttemptAt !== null) await dispatch(q, { kind: 'delivery', id: deliveryId, runAt: outcome.nextAttemptAt });
      });
    },
    async deliveries(query) {
      return read(async (q) => {
        const where: string[] = [];
        const args: unknown[] = [];
        if (query.accountId !== undefined) {
          where.push('e.account_id = ?');
          args.push(query.accountId);
        }
        if (query.state !== undefined) {
          where.push('d.state = ?');
          args.push(query.state);
        }
        if (query.eventId !== undefined) {
          where.push('d.event_id = ?');
          args.push(query.eventId);
        }
        return (await q.all(`${DELIVERY_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.seq DESC LIMIT ?`, ...args, query.limit)).map(
          delivery,
        );
      });
    },
    async replayDelivery(deliveryId, at) {
      return tx(async (q) => {
        const r = await q.get<{ event_id: string; target_url: string }>('SELECT event_id, target_url FROM webhook_deliveries WHERE id = ?', deliveryId);
        if (!r) return undefined;
        const id = await insertDelivery(q, r.event_id, r.target_url, at);
        return delivery((await q.get(`${DELIVERY_SELECT} WHERE d.id = ?`, id)) as Row);
      });
    },

    async close() {
      await driver.close();
    },
  };
}
