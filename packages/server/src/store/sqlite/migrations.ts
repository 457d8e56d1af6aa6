// The SQLite schema as versioned migrations (applied by `migrateSql`, recorded in
// `schema_migrations`). PostgreSQL has its own list with the same versions (../postgres); version
// 7 is PostgreSQL's alone (blobs and rate buckets, which the embedded store keeps elsewhere).
import type { Migration } from '../sql/migrate.js';

/** Every migration, oldest first. Never edit one that has shipped: add the next. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, ledger, reservations, detections',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT,
        email_verified INTEGER NOT NULL,
        active INTEGER NOT NULL,
        detector TEXT NOT NULL,
        webhook_url TEXT,
        webhook_secret TEXT NOT NULL,
        balance INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL CHECK (kind IN ('media', 'document')),
        hash TEXT NOT NULL UNIQUE,
        service_type TEXT NOT NULL,
        sandbox INTEGER NOT NULL,
        name TEXT,
        note TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE ledger (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        ref TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX ledger_account ON ledger(account_id, seq);
      CREATE UNIQUE INDEX ledger_debit_once ON ledger(ref) WHERE reason = 'DETECTION_DEBIT';
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        credits INTEGER NOT NULL CHECK (credits >= 0),
        created_at TEXT NOT NULL
      );
      CREATE INDEX reservations_account ON reservations(account_id);
      CREATE TABLE detections (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        sha256 TEXT NOT NULL,
        detector TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX detections_bytes ON detections(account_id, sha256, created_at);
    `,
  },
  {
    version: 2,
    name: 'documents and their analysis jobs',
    sql: `
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL CHECK (environment IN ('production', 'sandbox')),
        status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
        sha256 TEXT NOT NULL,
        file_name TEXT NOT NULL,
        file_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        options TEXT NOT NULL,
        external_ref TEXT,
        result TEXT,
        verdict TEXT,
        error TEXT,
        review TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX documents_owner ON documents(account_id, environment, created_at);
      CREATE TABLE jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_until TEXT,
        created_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX jobs_ready ON jobs(state, seq);
      CREATE INDEX documents_bytes ON documents(account_id, environment, sha256);
      CREATE TABLE idempotency_keys (
        account_id TEXT NOT NULL,
        environment TEXT NOT NULL,
        key TEXT NOT NULL,
        route TEXT NOT NULL,
        payload_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (account_id, environment, key, route)
      );
    `,
  },
  {
    version: 3,
    name: 'loans: review state, expected documents, attribution currency',
    sql: `
      ALTER TABLE documents ADD COLUMN attribution_currency TEXT;
      UPDATE documents SET attribution_currency = json_extract(options, '$.attribution.currency') WHERE json_valid(options);
      CREATE INDEX documents_loan ON documents(account_id, environment, external_ref);
      CREATE TABLE loans (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL CHECK (environment IN ('production', 'sandbox')),
        external_ref TEXT NOT NULL,
        review_state TEXT CHECK (review_state IN ('open', 'in_review', 'cleared', 'escalated')),
        assignee TEXT,
        review_note TEXT,
        reviewed_at TEXT,
        expected TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (account_id, environment, external_ref)
      );
    `,
  },
  {
    version: 4,
    name: 'webhook outbox: events and their deliveries',
    sql: `
      CREATE TABLE webhook_events (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        event_id TEXT NOT NULL REFERENCES webhook_events(id),
        target_url TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'abandoned')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        lease_until TEXT,
        last_status INTEGER,
        last_error TEXT,
        created_at TEXT NOT NULL,
        delivered_at TEXT
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_attempt_at);
    `,
  },
  {
    version: 5,
    name: 'audit reports',
    sql: `
      CREATE TABLE audit_reports (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
        format TEXT NOT NULL CHECK (format IN ('pdf', 'json', 'both')),
        external_ref TEXT,
        document_ids TEXT NOT NULL,
        download_base TEXT NOT NULL,
        body TEXT,
        pdf_sha256 TEXT,
        pages INTEGER,
        error TEXT,
        created_at TEXT NOT NULL,
        generated_at TEXT
      );
      CREATE INDEX audit_reports_owner ON audit_reports(account_id, environment, created_at);
    `,
  },
  {
    version: 6,
    name: 're-capture links and captures',
    sql: `
      ALTER TABLE documents ADD COLUMN text TEXT;
      CREATE TABLE recapture_links (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL,
        document_id TEXT NOT NULL REFERENCES documents(id),
        external_ref TEXT,
        token TEXT NOT NULL UNIQUE,
        claim_url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'consumed', 'revoked')),
        delivery TEXT NOT NULL,
        borrower TEXT,
        message TEXT NOT NULL,
        message_audit TEXT NOT NULL,
        capture_id TEXT,
        expires_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        closed_at TEXT
      );
      CREATE INDEX recapture_links_document ON recapture_links(document_id, status);
      CREATE TABLE recapture_captures (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        environment TEXT NOT NULL,
        link_id TEXT NOT NULL REFERENCES recapture_links(id),
        document_id TEXT NOT NULL,
        recaptured_document_id TEXT NOT NULL,
        external_ref TEXT,
        status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
        captured_at TEXT NOT NULL,
        device TEXT NOT NULL,
        photo_count INTEGER NOT NULL,
        photos TEXT NOT NULL,
        evidence TEXT,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: 'metered document analyses; what a delivery channel answered',
    sql: `
      CREATE TABLE document_usage (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        document_id TEXT NOT NULL REFERENCES documents(id),
        job_id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('analysis', 'reprocess', 'recapture')),
        billable INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX document_usage_account ON document_usage(account_id, created_at);
      ALTER TABLE webhook_deliveries ADD COLUMN last_response TEXT;
    `,
  },
  {
    version: 9,
    name: 'duplicate detections per environment and in flight',
    sql: `
      ALTER TABLE detections ADD COLUMN sandbox INTEGER NOT NULL DEFAULT 0;
      UPDATE detections SET sandbox = 1 WHERE body LIKE '%"zero_charge_reason":"sandbox"%';
      CREATE INDEX detections_bytes_env ON detections(account_id, sandbox, sha256, created_at);
      ALTER TABLE reservations ADD COLUMN sha256 TEXT;
      ALTER TABLE reservations ADD COLUMN sandbox INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 10,
    name: 'the resource an effect made under an Idempotency-Key claim',
    sql: `
      ALTER TABLE idempotency_keys ADD COLUMN resource_id TEXT;
    `,
  },
  {
    // rows finished before it keep summary NULL and are rolled up from their whole result
    version: 11,
    name: "a finished document's roll-up fields beside its result",
    sql: `
      ALTER TABLE documents ADD COLUMN summary TEXT;
    `,
  },
  {
    // rows finished before it keep words NULL: a loan compares them with nothing
    version: 12,
    name: "a finished document's words, for the loan's versions",
    sql: `
      ALTER TABLE documents ADD COLUMN words TEXT;
    `,
  },
  {
    // every finished analysis asks whether its document was metered or re-captured before: without
    // these, each finish read the whole of both tables, a cost that grew with every document
    version: 13,
    name: "a document's metered analyses and re-captures, found by the document",
    sql: `
      CREATE INDEX document_usage_document ON document_usage(document_id);
      CREATE INDEX recapture_captures_recaptured ON recapture_captures(recaptured_document_id);
    `,
  },
];
