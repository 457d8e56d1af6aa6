// The Store on SQLite (better-sqlite3), the embedded default: one file under the data folder, WAL
// journaling so readers never wait for the writer, a busy timeout so `loupe accounts` can write
// while the server runs, and every state change in one IMMEDIATE transaction (SQLite serialises
// writers, so a reservation checked and written in one transaction cannot overdraw, whichever
// process or request races it).
import Database from 'better-sqlite3';
import { newId } from '../ids.js';
import {
  type Account,
  type ApiKey,
  type Environment,
  type Job,
  type StoredDocument,
  type KeyKind,
  type LedgerEntry,
  type LedgerReason,
  type LoanSnapshot,
  type LoanState,
  type NewEvent,
  type StoredReport,
  type StoredLink,
  type StoredCapture,
  type Delivery,
  type NewAccount,
  type NewKey,
  type ReserveResult,
  type ServiceType,
  type Store,
  StoreError,
  type StoredDetection,
} from '../store.js';
import { MIGRATIONS } from './migrations.js';

/** Options of the SQLite store. */
export interface SqliteStoreOptions {
  /** The database file (`:memory:` for a throw-away store). */
  path: string;
  /** The clock for timestamps (default: the system's). */
  now?: () => Date;
}

type Row = Record<string, unknown>;

const account = (r: Row): Account => ({
  id: r.id as string,
  email: r.email as string,
  name: (r.name as string | null) ?? null,
  emailVerified: r.email_verified === 1,
  active: r.active === 1,
  detector: r.detector as Account['detector'],
  webhookUrl: (r.webhook_url as string | null) ?? null,
  webhookSecret: r.webhook_secret as string,
  balance: r.balance as number,
  createdAt: r.created_at as string,
});

const apiKey = (r: Row): ApiKey => ({
  id: r.id as string,
  accountId: r.account_id as string,
  kind: r.kind as KeyKind,
  serviceType: r.service_type as ServiceType,
  sandbox: r.sandbox === 1,
  name: (r.name as string | null) ?? null,
  note: (r.note as string | null) ?? null,
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
  revokedAt: (r.revoked_at as string | null) ?? null,
});

const ledgerEntry = (r: Row): LedgerEntry => ({
  id: r.id as string,
  accountId: r.account_id as string,
  delta: r.delta as number,
  reason: r.reason as LedgerReason,
  ref: (r.ref as string | null) ?? null,
  createdAt: r.created_at as string,
});

const storedDocument = (r: Row): StoredDocument => ({
  id: r.id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  status: r.status as StoredDocument['status'],
  sha256: r.sha256 as string,
  fileName: r.file_name as string,
  fileType: r.file_type as StoredDocument['fileType'],
  sizeBytes: r.size_bytes as number,
  options: r.options as string,
  externalRef: (r.external_ref as string | null) ?? null,
  result: (r.result as string | null) ?? null,
  error: (r.error as string | null) ?? null,
  review: (r.review as string | null) ?? null,
  attributionCurrency: (r.attribution_currency as string | null) ?? null,
  createdAt: r.created_at as string,
  completedAt: (r.completed_at as string | null) ?? null,
});

const loanState = (r: Row): LoanState => ({
  externalRef: r.external_ref as string,
  reviewState: (r.review_state as LoanState['reviewState']) ?? null,
  assignee: (r.assignee as string | null) ?? null,
  reviewNote: (r.review_note as string | null) ?? null,
  reviewedAt: (r.reviewed_at as string | null) ?? null,
  expected: (r.expected as string | null) ?? null,
  updatedAt: r.updated_at as string,
});

const delivery = (r: Row): Delivery => ({
  id: r.id as string,
  eventId: r.event_id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  type: r.type as string,
  body: r.body as string,
  targetUrl: r.target_url as string,
  state: r.state as Delivery['state'],
  attempts: r.attempts as number,
  nextAttemptAt: (r.next_attempt_at as string | null) ?? null,
  lastStatus: (r.last_status as number | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  createdAt: r.created_at as string,
  deliveredAt: (r.delivered_at as string | null) ?? null,
});

const storedReport = (r: Row): StoredReport => ({
  id: r.id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  status: r.status as StoredReport['status'],
  format: r.format as StoredReport['format'],
  externalRef: (r.external_ref as string | null) ?? null,
  documentIds: JSON.parse(r.document_ids as string) as string[],
  downloadBase: r.download_base as string,
  body: (r.body as string | null) ?? null,
  pdfSha256: (r.pdf_sha256 as string | null) ?? null,
  pages: (r.pages as number | null) ?? null,
  error: (r.error as string | null) ?? null,
  createdAt: r.created_at as string,
  generatedAt: (r.generated_at as string | null) ?? null,
});

const storedLink = (r: Row): StoredLink => ({
  id: r.id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  documentId: r.document_id as string,
  externalRef: (r.external_ref as string | null) ?? null,
  token: r.token as string,
  claimUrl: r.claim_url as string,
  status: r.status as StoredLink['status'],
  delivery: r.delivery as StoredLink['delivery'],
  borrower: (r.borrower as string | null) ?? null,
  message: r.message as string,
  messageAudit: r.message_audit as string,
  captureId: (r.capture_id as string | null) ?? null,
  expiresAt: r.expires_at as string,
  createdAt: r.created_at as string,
  closedAt: (r.closed_at as string | null) ?? null,
});

const storedCapture = (r: Row): StoredCapture => ({
  id: r.id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  linkId: r.link_id as string,
  documentId: r.document_id as string,
  recapturedDocumentId: r.recaptured_document_id as string,
  externalRef: (r.external_ref as string | null) ?? null,
  status: r.status as StoredCapture['status'],
  capturedAt: r.captured_at as string,
  device: r.device as string,
  photoCount: r.photo_count as number,
  photos: JSON.parse(r.photos as string) as string[],
  evidence: (r.evidence as string | null) ?? null,
  createdAt: r.created_at as string,
});

const DELIVERY_SELECT = 'SELECT d.*, e.account_id, e.environment, e.type, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id';

const detection = (r: Row): StoredDetection => ({
  id: r.id as string,
  accountId: r.account_id as string,
  sha256: r.sha256 as string,
  detector: r.detector as string,
  body: r.body as string,
  createdAt: r.created_at as string,
});

/** Applies the migrations a database lacks; refuses one newer than this code. */
export function migrate(db: Database.Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const newest = MIGRATIONS.at(-1)?.version ?? 0;
  const ahead = [...applied].filter((v) => v > newest);
  if (ahead.length > 0) throw new StoreError(`The database has schema version ${Math.max(...ahead)}; this Loupe knows up to ${newest}. Upgrade Loupe.`);
  let count = 0;
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    }).immediate();
    count++;
  }
  return count;
}

/** Opens (creating and migrating when needed) a SQLite store. */
export function openSqliteStore(options: SqliteStoreOptions): Store {
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  const now = (): string => (options.now ?? (() => new Date()))().toISOString();
  /** Queues a job on a subject (inside the caller's transaction). */
  const queueJob = (kind: Job['kind'], subjectId: string): void => {
    db.prepare("INSERT INTO jobs (id, kind, subject_id, state, created_at) VALUES (?, ?, ?, 'queued', ?)").run(newId('job'), kind, subjectId, now());
  };
  /** The subject of a job that is not done yet (undefined for an unknown or finished job). */
  const openJobSubject = (jobId: string): string | undefined => {
    const job = db.prepare('SELECT subject_id, state FROM jobs WHERE id = ?').get(jobId) as { subject_id: string; state: string } | undefined;
    return job && job.state !== 'done' ? job.subject_id : undefined;
  };
  /** Marks a job done (inside the caller's transaction). */
  const closeJob = (jobId: string, at: string): void => {
    db.prepare("UPDATE jobs SET state = 'done', lease_until = NULL, finished_at = ? WHERE id = ?").run(at, jobId);
  };
  /** Writes events and their deliveries (inside the caller's transaction: the outbox). */
  const insertEvents = (events: NewEvent[]): void => {
    for (const e of events) {
      db.prepare('INSERT INTO webhook_events (id, account_id, environment, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        e.id,
        e.accountId,
        e.environment,
        e.type,
        e.body,
        e.createdAt,
      );
      db.prepare("INSERT INTO webhook_deliveries (id, event_id, target_url, state, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)").run(
        newId('dlv'),
        e.id,
        e.targetUrl,
        e.createdAt,
        e.createdAt,
      );
    }
  };
  /** A loan's documents and state (inside the caller's transaction). */
  const loanSnapshot = (accountId: string, environment: Environment, externalRef: string): LoanSnapshot => {
    const state = db.prepare('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?').get(accountId, environment, externalRef) as
      | Row
      | undefined;
    return {
      documents: (
        db
          .prepare('SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id')
          .all(accountId, environment, externalRef) as Row[]
      ).map(storedDocument),
      state: state ? loanState(state) : undefined,
    };
  };
  /** Creates a loan's state row when it has none (inside the caller's transaction). */
  const ensureLoan = (accountId: string, environment: Environment, externalRef: string): void => {
    db.prepare('INSERT OR IGNORE INTO loans (account_id, environment, external_ref, updated_at) VALUES (?, ?, ?, ?)').run(
      accountId,
      environment,
      externalRef,
      now(),
    );
  };
  /** Runs `fn` in an IMMEDIATE transaction, turning driver failures into `StoreError`. */
  const tx = <T>(fn: () => T): T => {
    try {
      return db.transaction(fn).immediate();
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError(error instanceof Error ? error.message : String(error));
    }
  };
  const read = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      throw new StoreError(error instanceof Error ? error.message : String(error));
    }
  };
  const insertLedger = (accountId: string, delta: number, reason: LedgerReason, ref: string | null): LedgerEntry => {
    const entry: LedgerEntry = { id: newId('led'), accountId, delta, reason, ref, createdAt: now() };
    db.prepare('INSERT INTO ledger (id, account_id, delta, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      entry.id,
      accountId,
      delta,
      reason,
      ref,
      entry.createdAt,
    );
    db.prepare('UPDATE accounts SET balance = balance + ? WHERE id = ?').run(delta, accountId);
    return entry;
  };
  const byId = (id: string): Account | undefined => {
    const r = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
    return r ? account(r) : undefined;
  };

  return {
    async createAccount(a: NewAccount, credits: number) {
      return tx(() => {
        const id = newId('usr');
        db.prepare(
          'INSERT INTO accounts (id, email, name, email_verified, active, detector, webhook_url, webhook_secret, balance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
        ).run(
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
        if (credits !== 0) insertLedger(id, credits, 'SIGNUP_GRANT', null);
        return byId(id)!;
      });
    },
    async accountById(id) {
      return read(() => byId(id));
    },
    async accountByEmail(email) {
      return read(() => {
        const r = db.prepare('SELECT * FROM accounts WHERE email = ?').get(email) as Row | undefined;
        return r ? account(r) : undefined;
      });
    },
    async countAccounts() {
      return read(() => (db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n);
    },
    async updateAccount(id, changes) {
      return tx(() => {
        const columns: Record<string, unknown> = {};
        if (changes.name !== undefined) columns.name = changes.name;
        if (changes.emailVerified !== undefined) columns.email_verified = changes.emailVerified ? 1 : 0;
        if (changes.active !== undefined) columns.active = changes.active ? 1 : 0;
        if (changes.detector !== undefined) columns.detector = changes.detector;
        if (changes.webhookUrl !== undefined) columns.webhook_url = changes.webhookUrl;
        const keys = Object.keys(columns);
        if (keys.length > 0) db.prepare(`UPDATE accounts SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(columns), id);
        return byId(id);
      });
    },
    async adjustCredits(accountId, delta, reason, ref) {
      return tx(() => {
        if (!byId(accountId)) throw new StoreError(`No account ${accountId}.`);
        return insertLedger(accountId, delta, reason, ref);
      });
    },

    async createKey(k: NewKey) {
      return tx(() => {
        const id = newId('key');
        const at = now();
        db.prepare(
          'INSERT INTO api_keys (id, account_id, kind, hash, service_type, sandbox, name, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(id, k.accountId, k.kind, k.hash, k.serviceType, k.sandbox ? 1 : 0, k.name ?? null, k.note ?? null, at, at);
        return apiKey(db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Row);
      });
    },
    async keyByHash(hash) {
      return read(() => {
        const r = db.prepare('SELECT * FROM api_keys WHERE hash = ? AND revoked_at IS NULL').get(hash) as Row | undefined;
        return r ? apiKey(r) : undefined;
      });
    },
    async keysOf(accountId) {
      return read(() => (db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id').all(accountId) as Row[]).map(apiKey));
    },
    async countActiveKeys(accountId, kind, serviceType) {
      return read(
        () =>
          (
            db
              .prepare('SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND kind = ? AND service_type = ? AND revoked_at IS NULL')
              .get(accountId, kind, serviceType) as {
              n: number;
            }
          ).n,
      );
    },
    async revokeKey(accountId, keyId) {
      return tx(() => {
        const at = now();
        db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?), updated_at = ? WHERE id = ? AND account_id = ?').run(at, at, keyId, accountId);
        const r = db.prepare('SELECT * FROM api_keys WHERE id = ? AND account_id = ?').get(keyId, accountId) as Row | undefined;
        return r ? apiKey(r) : undefined;
      });
    },

    async reserve(accountId, credits) {
      return tx((): ReserveResult => {
        const a = byId(accountId);
        if (!a) throw new StoreError(`No account ${accountId}.`);
        const held = (db.prepare('SELECT COALESCE(SUM(credits), 0) AS n FROM reservations WHERE account_id = ?').get(accountId) as { n: number }).n;
        const available = a.balance - held;
        if (available < credits) return { ok: false, balance: a.balance, available };
        const id = newId('rsv');
        db.prepare('INSERT INTO reservations (id, account_id, credits, created_at) VALUES (?, ?, ?, ?)').run(id, accountId, credits, now());
        return { ok: true, reservation: { id, accountId, credits } };
      });
    },
    async release(reservationId) {
      tx(() => db.prepare('DELETE FROM reservations WHERE id = ?').run(reservationId));
    },
    async settle(reservationId, credits, d) {
      tx(() => {
        const removed = db.prepare('DELETE FROM reservations WHERE id = ?').run(reservationId);
        if (removed.changes !== 1) throw new StoreError(`Reservation ${reservationId} is not held.`);
        if (credits > 0) insertLedger(d.accountId, -credits, 'DETECTION_DEBIT', d.id);
        db.prepare('INSERT INTO detections (id, account_id, sha256, detector, body, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
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
      return tx(() => db.prepare('DELETE FROM reservations').run().changes);
    },

    async detection(accountId, id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM detections WHERE id = ? AND account_id = ?').get(id, accountId) as Row | undefined;
        return r ? detection(r) : undefined;
      });
    },
    async latestDetectionOf(accountId, sha256, since) {
      return read(() => {
        const r = db
          .prepare('SELECT * FROM detections WHERE account_id = ? AND sha256 = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1')
          .get(accountId, sha256, since) as Row | undefined;
        return r ? detection(r) : undefined;
      });
    },
    async ledger(accountId, limit, offset) {
      return read(() => {
        const entries = (db.prepare('SELECT * FROM ledger WHERE account_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?').all(accountId, limit, offset) as Row[]).map(
          ledgerEntry,
        );
        const total = (db.prepare('SELECT COUNT(*) AS n FROM ledger WHERE account_id = ?').get(accountId) as { n: number }).n;
        return { entries, total };
      });
    },

    async createDocument(d) {
      return tx(() => {
        if (d.externalRef !== null && d.attributionCurrency !== null) {
          const other = db
            .prepare(
              'SELECT attribution_currency FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? AND attribution_currency IS NOT NULL AND attribution_currency != ? LIMIT 1',
            )
            .get(d.accountId, d.environment, d.externalRef, d.attributionCurrency) as { attribution_currency: string } | undefined;
          if (other) return { currencyConflict: other.attribution_currency };
        }
        db.prepare(
          "INSERT INTO documents (id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, attribution_currency, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(d.id, d.accountId, d.environment, d.sha256, d.fileName, d.fileType, d.sizeBytes, d.options, d.externalRef, d.attributionCurrency, d.createdAt);
        queueJob('analysis', d.id);
        return storedDocument(db.prepare('SELECT * FROM documents WHERE id = ?').get(d.id) as Row);
      });
    },
    async reprocessDocument(accountId, environment, id) {
      return tx(() => {
        const r = db.prepare('SELECT status FROM documents WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | { status: string }
          | undefined;
        if (!r) return undefined;
        if (r.status === 'processing') return 'in_progress' as const;
        db.prepare("UPDATE documents SET status = 'processing', error = NULL WHERE id = ?").run(id);
        queueJob('analysis', id);
        return storedDocument(db.prepare('SELECT * FROM documents WHERE id = ?').get(id) as Row);
      });
    },
    async document(accountId, environment, id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM documents WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as Row | undefined;
        return r ? storedDocument(r) : undefined;
      });
    },
    async listDocuments(accountId, environment, query) {
      return read(() => {
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
          ? (db
              .prepare('SELECT created_at, id FROM documents WHERE id = ? AND account_id = ? AND environment = ?')
              .get(query.startingAfter, accountId, environment) as { created_at: string; id: string } | undefined)
          : undefined;
        if (cursor) {
          where.push('(created_at < ? OR (created_at = ? AND id < ?))');
          args.push(cursor.created_at, cursor.created_at, cursor.id);
        }
        const rows = db
          .prepare(`SELECT * FROM documents WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`)
          .all(...args, query.limit + 1) as Row[];
        return { documents: rows.slice(0, query.limit).map(storedDocument), hasMore: rows.length > query.limit };
      });
    },
    async reviewDocument(accountId, environment, id, review) {
      return tx(() => {
        const r = db.prepare('SELECT status FROM documents WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | { status: string }
          | undefined;
        if (!r) return undefined;
        if (r.status !== 'completed') return 'not_completed' as const;
        db.prepare('UPDATE documents SET review = ? WHERE id = ?').run(review, id);
        return storedDocument(db.prepare('SELECT * FROM documents WHERE id = ?').get(id) as Row);
      });
    },
    async documentsWithBytes(accountId, environment, sha256) {
      return read(() =>
        (
          db
            .prepare('SELECT * FROM documents WHERE account_id = ? AND environment = ? AND sha256 = ? ORDER BY created_at DESC, id DESC')
            .all(accountId, environment, sha256) as Row[]
        ).map(storedDocument),
      );
    },
    async loanDocuments(accountId, environment, externalRef) {
      return read(() =>
        (externalRef === undefined
          ? db
              .prepare('SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref IS NOT NULL ORDER BY created_at, id')
              .all(accountId, environment)
          : db
              .prepare('SELECT * FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id')
              .all(accountId, environment, externalRef)
        ).map((r) => storedDocument(r as Row)),
      );
    },
    async loanState(accountId, environment, externalRef) {
      return read(() => {
        const r = db.prepare('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?').get(accountId, environment, externalRef) as
          | Row
          | undefined;
        return r ? loanState(r) : undefined;
      });
    },
    async loanStates(accountId, environment) {
      return read(() => (db.prepare('SELECT * FROM loans WHERE account_id = ? AND environment = ?').all(accountId, environment) as Row[]).map(loanState));
    },
    async reviewLoan(accountId, environment, externalRef, changes) {
      return tx(() => {
        ensureLoan(accountId, environment, externalRef);
        const columns: Record<string, unknown> = { reviewed_at: changes.reviewedAt, updated_at: now() };
        if (changes.reviewState !== undefined) columns.review_state = changes.reviewState;
        if (changes.assignee !== undefined) columns.assignee = changes.assignee;
        if (changes.reviewNote !== undefined) columns.review_note = changes.reviewNote;
        const sets = Object.keys(columns).map((c) => `${c} = ?`);
        db.prepare(`UPDATE loans SET ${sets.join(', ')} WHERE account_id = ? AND environment = ? AND external_ref = ?`).run(
          ...Object.values(columns),
          accountId,
          environment,
          externalRef,
        );
        return loanState(
          db.prepare('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?').get(accountId, environment, externalRef) as Row,
        );
      });
    },
    async declareExpected(accountId, environment, externalRef, declaration, emit) {
      return tx(() => {
        const before = loanSnapshot(accountId, environment, externalRef);
        if (declaration && declaration.total < before.documents.length) return { ok: false as const, submitted: before.documents.length };
        ensureLoan(accountId, environment, externalRef);
        db.prepare('UPDATE loans SET expected = ?, updated_at = ? WHERE account_id = ? AND environment = ? AND external_ref = ?').run(
          declaration?.json ?? null,
          now(),
          accountId,
          environment,
          externalRef,
        );
        const after = loanSnapshot(accountId, environment, externalRef);
        if (emit) insertEvents(emit(before, after));
        return { ok: true as const, state: after.state as LoanState };
      });
    },
    async idempotentAnswer(accountId, environment, route, key, since) {
      return read(() => {
        const r = db
          .prepare('SELECT * FROM idempotency_keys WHERE account_id = ? AND environment = ? AND key = ? AND route = ? AND created_at >= ?')
          .get(accountId, environment, key, route, since) as Row | undefined;
        return r ? { payloadHash: r.payload_hash as string, status: r.status as number, body: r.body as string, createdAt: r.created_at as string } : undefined;
      });
    },
    async rememberAnswer(accountId, environment, route, key, answer) {
      tx(() => {
        db.prepare('DELETE FROM idempotency_keys WHERE account_id = ? AND environment = ? AND key = ? AND route = ? AND created_at < ?').run(
          accountId,
          environment,
          key,
          route,
          new Date(Date.parse(answer.createdAt) - 24 * 3600 * 1000).toISOString(),
        );
        db.prepare(
          'INSERT OR IGNORE INTO idempotency_keys (account_id, environment, key, route, payload_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(accountId, environment, key, route, answer.payloadHash, answer.status, answer.body, answer.createdAt);
      });
    },
    async documentById(id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM documents WHERE id = ?').get(id) as Row | undefined;
        return r ? storedDocument(r) : undefined;
      });
    },
    async claimJob(leaseUntil) {
      return tx((): Job | undefined => {
        const at = now();
        const r = db.prepare("SELECT * FROM jobs WHERE state = 'queued' OR (state = 'running' AND lease_until < ?) ORDER BY seq LIMIT 1").get(at) as
          | Row
          | undefined;
        if (!r) return undefined;
        db.prepare("UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ? WHERE id = ?").run(leaseUntil, r.id);
        return { id: r.id as string, kind: r.kind as Job['kind'], subjectId: r.subject_id as string, attempts: (r.attempts as number) + 1 };
      });
    },
    async finishDocument(jobId, outcome, emit) {
      return tx(() => {
        const subject = openJobSubject(jobId);
        if (subject === undefined) return false;
        const at = now();
        const changed =
          'result' in outcome
            ? db
                .prepare(
                  "UPDATE documents SET status = 'completed', result = ?, verdict = ?, text = ?, error = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                )
                .run(
                  outcome.result,
                  (JSON.parse(outcome.result) as { verdict?: string }).verdict ?? null,
                  outcome.text ? JSON.stringify(outcome.text) : null,
                  at,
                  subject,
                )
            : db
                .prepare(
                  "UPDATE documents SET status = 'failed', error = ?, result = NULL, verdict = NULL, completed_at = ? WHERE id = ? AND status = 'processing'",
                )
                .run(outcome.error, at, subject);
        closeJob(jobId, at);
        if (changed.changes !== 1) return false;
        if (emit) {
          const document = storedDocument(db.prepare('SELECT * FROM documents WHERE id = ?').get(subject) as Row);
          insertEvents(
            emit(document, document.externalRef === null ? undefined : loanSnapshot(document.accountId, document.environment, document.externalRef)),
          );
        }
        return true;
      });
    },
    async requeueRunningJobs() {
      return tx(() => db.prepare("UPDATE jobs SET state = 'queued', lease_until = NULL WHERE state = 'running'").run().changes);
    },

    async createReport(report) {
      return tx(() => {
        db.prepare(
          "INSERT INTO audit_reports (id, account_id, environment, status, format, external_ref, document_ids, download_base, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
        ).run(
          report.id,
          report.accountId,
          report.environment,
          report.format,
          report.externalRef,
          JSON.stringify(report.documentIds),
          report.downloadBase,
          report.createdAt,
        );
        queueJob('audit_report', report.id);
        return storedReport(db.prepare('SELECT * FROM audit_reports WHERE id = ?').get(report.id) as Row);
      });
    },
    async report(accountId, environment, id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM audit_reports WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | Row
          | undefined;
        return r ? storedReport(r) : undefined;
      });
    },
    async reportById(id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM audit_reports WHERE id = ?').get(id) as Row | undefined;
        return r ? storedReport(r) : undefined;
      });
    },
    async finishReport(jobId, outcome, emit) {
      return tx(() => {
        const subject = openJobSubject(jobId);
        if (subject === undefined) return false;
        const changed =
          'error' in outcome
            ? db.prepare("UPDATE audit_reports SET status = 'failed', error = ? WHERE id = ? AND status = 'processing'").run(outcome.error, subject)
            : db
                .prepare(
                  "UPDATE audit_reports SET status = 'completed', body = ?, pdf_sha256 = ?, pages = ?, generated_at = ? WHERE id = ? AND status = 'processing'",
                )
                .run(outcome.body, outcome.pdfSha256, outcome.pages, outcome.generatedAt, subject);
        closeJob(jobId, now());
        if (changed.changes !== 1) return false;
        if (emit) insertEvents(emit(storedReport(db.prepare('SELECT * FROM audit_reports WHERE id = ?').get(subject) as Row)));
        return true;
      });
    },
    async createLink(link, at) {
      return tx(() => {
        const live = db
          .prepare("SELECT id FROM recapture_links WHERE document_id = ? AND status = 'pending' AND expires_at > ? LIMIT 1")
          .get(link.documentId, at) as { id: string } | undefined;
        if (live) return { liveLinkId: live.id };
        db.prepare(
          "INSERT INTO recapture_links (id, account_id, environment, document_id, external_ref, token, claim_url, status, delivery, borrower, message, message_audit, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)",
        ).run(
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
        return storedLink(db.prepare('SELECT * FROM recapture_links WHERE id = ?').get(link.id) as Row);
      });
    },
    async link(accountId, environment, id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | Row
          | undefined;
        return r ? storedLink(r) : undefined;
      });
    },
    async linkByToken(token) {
      return read(() => {
        const r = db.prepare('SELECT * FROM recapture_links WHERE token = ?').get(token) as Row | undefined;
        return r ? storedLink(r) : undefined;
      });
    },
    async linksOfDocument(documentId) {
      return read(() => (db.prepare('SELECT * FROM recapture_links WHERE document_id = ? ORDER BY created_at, id').all(documentId) as Row[]).map(storedLink));
    },
    async revokeLink(accountId, environment, id, at) {
      return tx(() => {
        const r = db.prepare('SELECT * FROM recapture_links WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | Row
          | undefined;
        if (!r) return undefined;
        const link = storedLink(r);
        if (link.status === 'consumed') return 'consumed' as const;
        if (link.status === 'pending' && link.expiresAt <= at) return 'expired' as const;
        if (link.status === 'pending') db.prepare("UPDATE recapture_links SET status = 'revoked', closed_at = ? WHERE id = ?").run(at, id);
        return storedLink(db.prepare('SELECT * FROM recapture_links WHERE id = ?').get(id) as Row);
      });
    },
    async consumeLink(linkId, at, capture, recaptured) {
      return tx(() => {
        const r = db.prepare('SELECT * FROM recapture_links WHERE id = ?').get(linkId) as Row | undefined;
        if (!r) return undefined;
        const link = storedLink(r);
        if (link.status !== 'pending') return link.status;
        if (link.expiresAt <= at) return 'expired' as const;
        db.prepare(
          "INSERT INTO documents (id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, attribution_currency, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(
          recaptured.id,
          recaptured.accountId,
          recaptured.environment,
          recaptured.sha256,
          recaptured.fileName,
          recaptured.fileType,
          recaptured.sizeBytes,
          recaptured.options,
          recaptured.externalRef,
          recaptured.attributionCurrency,
          recaptured.createdAt,
        );
        queueJob('analysis', recaptured.id);
        db.prepare(
          "INSERT INTO recapture_captures (id, account_id, environment, link_id, document_id, recaptured_document_id, external_ref, status, captured_at, device, photo_count, photos, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
        ).run(
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
        db.prepare("UPDATE recapture_links SET status = 'consumed', capture_id = ?, closed_at = ? WHERE id = ?").run(capture.id, at, linkId);
        return storedCapture(db.prepare('SELECT * FROM recapture_captures WHERE id = ?').get(capture.id) as Row);
      });
    },
    async capture(accountId, environment, id) {
      return read(() => {
        const r = db.prepare('SELECT * FROM recapture_captures WHERE id = ? AND account_id = ? AND environment = ?').get(id, accountId, environment) as
          | Row
          | undefined;
        return r ? storedCapture(r) : undefined;
      });
    },
    async capturesToFinish() {
      return read(() =>
        (
          db
            .prepare(
              "SELECT c.* FROM recapture_captures c JOIN documents d ON d.id = c.recaptured_document_id WHERE c.status = 'processing' AND d.status != 'processing'",
            )
            .all() as Row[]
        ).map(storedCapture),
      );
    },
    async finishCapture(id, outcome, emit) {
      return tx(() => {
        const changed = db
          .prepare("UPDATE recapture_captures SET status = ?, evidence = ? WHERE id = ? AND status = 'processing'")
          .run('evidence' in outcome ? 'completed' : 'failed', 'evidence' in outcome ? outcome.evidence : JSON.stringify({ failed: outcome.failed }), id);
        if (changed.changes !== 1) return false;
        if (emit) insertEvents(emit(storedCapture(db.prepare('SELECT * FROM recapture_captures WHERE id = ?').get(id) as Row)));
        return true;
      });
    },
    async documentText(id) {
      return read(() => {
        const r = db.prepare('SELECT text FROM documents WHERE id = ?').get(id) as { text: string | null } | undefined;
        return r?.text ? (JSON.parse(r.text) as string[]) : undefined;
      });
    },
    async recordEvents(events) {
      tx(() => insertEvents(events));
    },
    async claimDelivery(at, leaseUntil) {
      return tx(() => {
        const r = db
          .prepare(
            `${DELIVERY_SELECT} WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?) ORDER BY d.next_attempt_at, d.seq LIMIT 1`,
          )
          .get(at, at) as Row | undefined;
        if (!r) return undefined;
        db.prepare('UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?').run(leaseUntil, r.id);
        return delivery(r);
      });
    },
    async recordAttempt(deliveryId, outcome, at) {
      tx(() => {
        if (outcome.ok)
          db.prepare(
            "UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL, next_attempt_at = NULL, lease_until = NULL, delivered_at = ? WHERE id = ? AND state = 'pending'",
          ).run(outcome.status, at, deliveryId);
        else
          db.prepare(
            "UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ? AND state = 'pending'",
          ).run(outcome.nextAttemptAt === null ? 'abandoned' : 'pending', outcome.status, outcome.error, outcome.nextAttemptAt, deliveryId);
      });
    },
    async deliveries(query) {
      return read(() => {
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
        return (
          db.prepare(`${DELIVERY_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.seq DESC LIMIT ?`).all(...args, query.limit) as Row[]
        ).map(delivery);
      });
    },
    async replayDelivery(deliveryId, at) {
      return tx(() => {
        const r = db.prepare('SELECT event_id, target_url FROM webhook_deliveries WHERE id = ?').get(deliveryId) as
          | { event_id: string; target_url: string }
          | undefined;
        if (!r) return undefined;
        const id = newId('dlv');
        db.prepare("INSERT INTO webhook_deliveries (id, event_id, target_url, state, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)").run(
          id,
          r.event_id,
          r.target_url,
          at,
          at,
        );
        return delivery(db.prepare(`${DELIVERY_SELECT} WHERE d.id = ?`).get(id) as Row);
      });
    },

    async close() {
      db.close();
    },
  };
}
