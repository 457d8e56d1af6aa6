// The Store port: every piece of state the service keeps, by aggregate, behind interfaces an adapter
// implements on a database (SQLite embedded, PostgreSQL to scale out). Money-like state is
// decided inside one adapter transaction per method: a reservation never overdraws, a settlement
// writes the ledger row, releases the reservation and stores the detection together or not at all.
// Adapters pass `storeConformance` (conformance.ts).
import type { AuditReportFormat, DocumentError, DocumentStatus, LoanReviewState, LoanWord, RecaptureDelivery, RecaptureLinkStatus } from '@loupe/core';
import type { StoredOptions, StoredResult, StoredReview } from './document-fields.js';

export type { StoredOptions, StoredResult, StoredReview } from './document-fields.js';

/** Key scopes of the media spec; `UNIVERSAL` passes every scope. */
export const SERVICE_TYPES = ['UNIVERSAL', 'AI_CONTENT_DETECTION', 'FACE_SWAP_DETECTION', 'QR_URL_DETECTION', 'AGE_DETECTION', 'AI_MANIPULATED'] as const;
/** One of {@link SERVICE_TYPES}. */
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Ledger reasons of the media spec. */
export type LedgerReason =
  | 'DETECTION_DEBIT'
  | 'PURCHASE_CREDIT'
  | 'ADMIN_ADJUSTMENT'
  | 'MARKETPLACE_LICENSE'
  | 'SIGNUP_GRANT'
  | 'TRIAL_EXTENSION'
  | 'TRIAL_EXTENSION_EXPIRY'
  | 'WELCOME_GRANT'
  | 'MONTHLY_GRANT';

/** An account. */
export interface Account {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  active: boolean;
  /** Detector version the account's detections run (`V1.5` or `V1.6`). */
  detector: 'V1.5' | 'V1.6';
  webhookUrl: string | null;
  webhookSecret: string;
  /** Prepaid credits (the ledger's sum). */
  balance: number;
  createdAt: string;
}

/** Which API a key opens: the media API (`sk_`) or the document API (`sk_live_` / `sk_test_`). */
export type KeyKind = 'media' | 'document';

/** A stored key: never its plaintext, only its hash. */
export interface ApiKey {
  id: string;
  accountId: string;
  kind: KeyKind;
  /** Media keys: the scope (`UNIVERSAL` for a key that works everywhere). */
  serviceType: ServiceType;
  /** Media sandbox keys meter nothing; document keys: `sk_test_` (sandbox) or `sk_live_`. */
  sandbox: boolean;
  name: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  revokedAt: string | null;
}

/** One credit movement. */
export interface LedgerEntry {
  id: string;
  accountId: string;
  delta: number;
  reason: LedgerReason;
  ref: string | null;
  createdAt: string;
}

/** A stored detection: the exact body the create call answered. */
export interface StoredDetection {
  id: string;
  accountId: string;
  /** Made with a sandbox key: sandbox results are never a production run's duplicate, nor the reverse. */
  sandbox: boolean;
  sha256: string;
  detector: string;
  body: string;
  createdAt: string;
}

export { StoreError } from './store-error.js';

/** A reservation of credits for one run, released or settled exactly once. */
export interface Reservation {
  id: string;
  accountId: string;
  credits: number;
}

/** How long a reservation holds credits (a detection's time limit is 5 min). */
export const RESERVATION_TTL_MS = 60 * 60 * 1000;

/** The bytes a reservation is for, to decide duplicates (same account, environment and bytes within the window). */
export interface ReservedBytes {
  sha256: string;
  sandbox: boolean;
  /** The start of the duplicate window (ISO). */
  since: string;
}

/**
 * What `reserve` answers: the reservation, or the balance that could not cover it. A duplicate
 * (the same bytes settled in the window, or a charged run of them still in flight) reserves
 * nothing; `previous` is the settled detection whose analysis may be reused.
 */
export type ReserveResult =
  | { ok: true; reservation: Reservation; duplicate: boolean; previous?: StoredDetection }
  | { ok: false; balance: number; available: number };

/** New account fields. */
export interface NewAccount {
  email: string;
  name?: string | null;
  emailVerified?: boolean;
  active?: boolean;
  detector?: 'V1.5' | 'V1.6';
  webhookUrl?: string | null;
  webhookSecret: string;
}

/** New key fields (the hash of the plaintext, never the plaintext). */
export interface NewKey {
  accountId: string;
  kind: KeyKind;
  hash: string;
  serviceType: ServiceType;
  sandbox: boolean;
  name?: string | null;
  note?: string | null;
}

/** Which API environment a document belongs to (the listener it was submitted on). */
export type Environment = 'production' | 'sandbox';

/** A stored document: its facts, its options and, once finished, the engine's result or the error. */
export interface StoredDocument {
  id: string;
  accountId: string;
  environment: Environment;
  status: DocumentStatus;
  sha256: string;
  fileName: string;
  fileType: 'pdf' | 'png' | 'jpg';
  sizeBytes: number;
  /** The validated submit options with the submit facts. */
  options: StoredOptions;
  externalRef: string | null;
  /** The engine's Document, once completed (kept while a reprocess runs). */
  result: StoredResult | null;
  /** The spec's error object, once failed. */
  error: DocumentError | null;
  /** The latest review. */
  review: StoredReview | null;
  /** The currency of the submitted attribution (one per loan), or null. */
  attributionCurrency: string | null;
  createdAt: string;
  /** The newest completion (kept while a reprocess runs, so the prior verdict stays readable). */
  completedAt: string | null;
}

/** Review states of a loan. */
export type { LoanReviewState } from '@loupe/core';

/** What a client declared about a loan: its review and its expected documents. */
export interface LoanState {
  externalRef: string;
  reviewState: LoanReviewState | null;
  assignee: string | null;
  reviewNote: string | null;
  reviewedAt: string | null;
  /** The expected-documents declaration (JSON text `{expected_total, items}`), or null. */
  expected: string | null;
  updatedAt: string;
}

/** Changes to a loan's review: a key present (even null) replaces, an absent key leaves the value. */
export type LoanReviewChanges = Partial<Pick<LoanState, 'reviewState' | 'assignee' | 'reviewNote'>> & { reviewedAt: string };

/** A unit of background work: a document analysis or an audit report. */
export interface Job {
  id: string;
  kind: 'analysis' | 'audit_report';
  subjectId: string;
  attempts: number;
}

/** An audit report: what it covers, and once generated its JSON and its PDF's digest. */
export interface StoredReport {
  /** `rpt_` id. */
  id: string;
  accountId: string;
  environment: Environment;
  status: DocumentStatus;
  format: AuditReportFormat;
  externalRef: string | null;
  /** The documents the report covers, fixed when it was requested. */
  documentIds: string[];
  /** The base URL `download_url` is built on (the listener the report was requested from). */
  downloadBase: string;
  /** The generated report's fields (JSON text), once completed. */
  body: string | null;
  /** The PDF in the blob store, once completed (formats pdf and both). */
  pdfSha256: string | null;
  pages: number | null;
  error: string | null;
  createdAt: string;
  generatedAt: string | null;
}

/** A re-capture link (its status as stored: `expired` is read from `expiresAt`). */
export interface StoredLink {
  /** `rcl_` id. */
  id: string;
  accountId: string;
  environment: Environment;
  documentId: string;
  externalRef: string | null;
  /** The secret the claim URL ends in. */
  token: string;
  /** The borrower's capture page (`<claim host>/c/<token>`). */
  claimUrl: string;
  status: Exclude<RecaptureLinkStatus, 'expired'>;
  delivery: RecaptureDelivery;
  /** The borrower's contact (JSON text), kept for delivery and never answered. */
  borrower: string | null;
  /** `{template_id, body}` (JSON text). */
  message: string;
  /** The MessageAudit (JSON text). */
  messageAudit: string;
  captureId: string | null;
  expiresAt: string;
  createdAt: string;
  closedAt: string | null;
}

/** A capture: the borrower's photos analysed as an ordinary document, then the evidence. */
export interface StoredCapture {
  /** `rcc_` id. */
  id: string;
  accountId: string;
  environment: Environment;
  linkId: string;
  documentId: string;
  recapturedDocumentId: string;
  externalRef: string | null;
  status: DocumentStatus;
  capturedAt: string;
  device: string;
  photoCount: number;
  /** The SHA-256 of each photo as stored (signed at receipt). */
  photos: string[];
  /** The evidence (JSON text: headline, c2pa, signal_groups, contradicts_original), once completed. */
  evidence: string | null;
  createdAt: string;
}

/** What finishing a report records. */
export type ReportOutcome = { body: string; pdfSha256: string | null; pages: number | null; generatedAt: string } | { error: string };

/** A webhook event to record in the outbox, with the one delivery to its target. */
export interface NewEvent {
  /** `evt_` id. */
  id: string;
  accountId: string;
  environment: Environment;
  type: string;
  /** The exact JSON text every attempt delivers. */
  body: string;
  targetUrl: string;
  createdAt: string;
}

/** One delivery of an event to its target: the source of truth for its attempts. */
export interface Delivery {
  /** `dlv_` id. */
  id: string;
  eventId: string;
  accountId: string;
  environment: Environment;
  type: string;
  body: string;
  targetUrl: string;
  state: 'pending' | 'delivered' | 'abandoned';
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  /** What the receiving side answered last (an SMTP response, an SMS provider's body). */
  lastResponse: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** What an attempt came to: delivered, or failed with the time of the next attempt (null: abandoned). */
export type AttemptOutcome =
  | { ok: true; status: number; response?: string }
  | { ok: false; status: number | null; error: string; nextAttemptAt: string | null; response?: string };

/** A loan as a state change sees it inside its transaction (for the events it causes). */
export interface LoanSnapshot {
  documents: StoredDocument[];
  state: LoanState | undefined;
}

/** Why an analysis was metered: a document's first completion, a completed document analysed again on request, or a borrower's re-capture. */
export type UsageKind = 'analysis' | 'reprocess' | 'recapture';

/** One completed analysis as metered (production only; the sandbox is unmetered). */
export interface UsageRow {
  /** `use_` id. */
  id: string;
  accountId: string;
  documentId: string;
  /** The job whose completion this is (one row per completion). */
  jobId: string;
  kind: UsageKind;
  /** Whether it is billed: first analyses and requested re-analyses are; re-captures are not. */
  billable: boolean;
  createdAt: string;
}

/** A remembered answer to an Idempotency-Key. */
export interface IdempotentAnswer {
  payloadHash: string;
  status: number;
  body: string;
  createdAt: string;
}

/** Accounts and their API keys. Every method is atomic. */
export interface AccountStore {
  /** Creates an account and, when `credits` > 0, its `SIGNUP_GRANT` ledger row, in one transaction. */
  createAccount(account: NewAccount, credits: number): Promise<Account>;
  /** The account with this id. */
  accountById(id: string): Promise<Account | undefined>;
  /** The account with this email (emails are unique). */
  accountByEmail(email: string): Promise<Account | undefined>;
  /** How many accounts exist. */
  countAccounts(): Promise<number>;
  /** Changes an account's editable fields; undefined when there is no such account. */
  updateAccount(id: string, changes: Partial<Pick<Account, 'name' | 'emailVerified' | 'active' | 'detector' | 'webhookUrl'>>): Promise<Account | undefined>;
  /** Stores a new key (its hash only; the secret is never stored). */
  createKey(key: NewKey): Promise<ApiKey>;
  /** The active key with this hash and its account, in one read (revoked keys are not found). */
  keyHolder(hash: string): Promise<{ key: ApiKey; account: Account } | undefined>;
  /** Every key of the account, revoked ones included. */
  keysOf(accountId: string): Promise<ApiKey[]>;
  /** Active keys of an account for one kind and scope. */
  countActiveKeys(accountId: string, kind: KeyKind, serviceType: ServiceType): Promise<number>;
  /** Revokes a key of the account; undefined when it has no such key. */
  revokeKey(accountId: string, keyId: string): Promise<ApiKey | undefined>;
}

/** Credits: the ledger, reservations around a detection, and the detections they paid for. Every method is atomic. */
export interface CreditStore {
  /** Adds a ledger row and moves the balance by `delta` in one transaction. */
  adjustCredits(accountId: string, delta: number, reason: LedgerReason, ref: string | null): Promise<LedgerEntry>;
  /**
   * Reserves `credits` when the balance less live reservations covers them (a reservation lives
   * for `RESERVATION_TTL_MS`, so one a crashed process left behind stops holding credits). Given
   * the `bytes`, it decides in the same transaction, under the account's lock, whether the run is
   * a duplicate (then it reserves nothing), so concurrent runs of the same bytes are charged once.
   */
  reserve(accountId: string, credits: number, bytes?: ReservedBytes): Promise<ReserveResult>;
  /** Releases a reservation without charging (the run failed). */
  release(reservationId: string): Promise<void>;
  /**
   * Settles a run in one transaction: releases the reservation, debits `credits` with one
   * `DETECTION_DEBIT` row whose ref is the detection id (none when 0), and stores the detection.
   */
  settle(reservationId: string, credits: number, detection: StoredDetection): Promise<void>;
  /** Drops every reservation (no run survives a restart of the embedded store's only process; never called on a shared store). */
  releaseAllReservations(): Promise<number>;
  /** The account's detection with this id (owner-only). */
  detection(accountId: string, id: string): Promise<StoredDetection | undefined>;
  /** The newest detection of these bytes by this account in one environment (sandbox or not) since `since` (ISO). */
  latestDetectionOf(accountId: string, sha256: string, sandbox: boolean, since: string): Promise<StoredDetection | undefined>;
  /** Ledger rows newest first, and the total. */
  ledger(accountId: string, limit: number, offset: number): Promise<{ entries: LedgerEntry[]; total: number }>;
}

/** Documents and their analysis jobs, and the usage rows their completions write. Every method is atomic. */
export interface DocumentStore {
  /**
   * Stores a processing document and queues its analysis, in one transaction; refuses (answering
   * the loan's currency) when another document of the same loan carries an attribution in
   * another currency, and answers the newest document of the account and environment with the
   * same bytes that `sameAs` accepts instead of creating one (decided under a lock on the bytes,
   * so concurrent byte-identical submissions to any process make one document).
   */
  createDocument(
    document: Omit<StoredDocument, 'status' | 'result' | 'error' | 'review' | 'completedAt'>,
    sameAs?: (existing: StoredDocument) => boolean,
    claim?: KeyClaim,
  ): Promise<StoredDocument | { currencyConflict: string } | { duplicate: StoredDocument }>;
  /**
   * Queues a finished document's analysis again under its id (status processing; the prior result
   * and completion time stay until the new one lands); 'in_progress' when it is processing,
   * undefined when there is no such document.
   */
  reprocessDocument(accountId: string, environment: Environment, id: string): Promise<StoredDocument | 'in_progress' | undefined>;
  /** Replaces the review of a completed document; answers the document, 'not_completed', or undefined when there is no such document. */
  reviewDocument(accountId: string, environment: Environment, id: string, review: StoredReview): Promise<StoredDocument | 'not_completed' | undefined>;
  /** A document of the account in one environment (ids of the other environment are not found). */
  document(accountId: string, environment: Environment, id: string): Promise<StoredDocument | undefined>;
  /**
   * Documents of the account in one environment, newest first: `limit` of them after the
   * document `startingAfter` (an unknown cursor starts at the newest), filtered by external_ref
   * and verdict; `hasMore` says whether more follow.
   */
  listDocuments(
    accountId: string,
    environment: Environment,
    query: { externalRef?: string; verdict?: string; limit: number; startingAfter?: string },
  ): Promise<{ documents: StoredDocument[]; hasMore: boolean }>;
  /** Documents of the account in one environment with these bytes, newest first. */
  documentsWithBytes(accountId: string, environment: Environment, sha256: string): Promise<StoredDocument[]>;
  /** A document by id, whoever owns it (for the analysis workers). */
  documentById(id: string): Promise<StoredDocument | undefined>;
  /** Jobs not yet done, and when the oldest still queued was queued (ISO; undefined when none waits). */
  queueFigures(): Promise<{ depth: number; oldestQueuedAt?: string }>;
  /** Takes the oldest queued job (first in, first out), leasing it until `leaseUntil` (ISO); undefined when none is ready. */
  claimJob(leaseUntil: string): Promise<Job | undefined>;
  /**
   * Takes one job a queue engine handed over, leasing it until `leaseUntil`: the job when it is
   * queued or its lease lapsed, `leased` while another worker holds it, `finished` when it is done
   * or unknown.
   */
  claimJobById(jobId: string, leaseUntil: string): Promise<Job | 'leased' | 'finished'>;
  /**
   * Finishes a document's analysis exactly once: when the job is not yet done and the document is
   * still processing it becomes completed (with `result`) or failed (with `error`) and its job is
   * done, in one transaction with the events `emit` makes of the finished document and, when it
   * asks for it, its loan (read inside the transaction; the outbox). Answers the finished document
   * as committed, or undefined (and changes nothing) when either had already finished (a stale
   * worker whose lease was taken over cannot overwrite a later analysis). A completion in
   * production is metered in the same transaction (one usage row per job: see `UsageRow`).
   */
  finishDocument(
    jobId: string,
    outcome: { result: StoredResult; text?: string[]; words?: LoanWord[] } | { error: DocumentError },
    emit?: (document: StoredDocument, loan: () => Promise<LoanSnapshot | undefined>) => NewEvent[] | Promise<NewEvent[]>,
  ): Promise<StoredDocument | undefined>;
  /** The metered analyses of an account completed in [from, to) (ISO; either open), oldest first. */
  usage(accountId: string, period: { from?: string; to?: string }): Promise<UsageRow[]>;
  /** The text an analysis read from a photo or scan (OCR lines), if it kept any. */
  documentText(id: string): Promise<string[] | undefined>;
  /** Puts every running job back in the queue (the embedded store's one process restarted; never called on a shared store). */
  requeueRunningJobs(): Promise<number>;
}

/** One completed document's words as a loan reads them: absent when the reader said it holds them under this stamp. */
export interface LoanWords {
  id: string;
  /** Changes whenever the document finishes again (its completion time and the length of its stored words). */
  stamp: string;
  words?: LoanWord[];
}

/** Loans: the documents under an external_ref, and the review and coverage state declared on them. Every method is atomic. */
export interface LoanStore {
  /** Documents carrying an external_ref (one loan's, or every loan's), oldest first. */
  loanDocuments(accountId: string, environment: Environment, externalRef?: string): Promise<StoredDocument[]>;
  /**
   * The same documents for a roll-up (a loan summary, the loan queue): each `result` holds what a
   * roll-up reads — `verdict`, `risk_score`, `headline`, `model`, `category`, `issuer`,
   * `issue_date`, `capture` and `file`, those present — kept beside the result when the document
   * finished, so a summary of a large loan does not read every document's whole result (a
   * document finished before these were kept is read whole).
   */
  loanRollups(accountId: string, environment: Environment, externalRef?: string): Promise<StoredDocument[]>;
  /**
   * The words of one loan's completed documents that kept them (what the loan compares across its
   * documents), oldest first, each with its `stamp`: a string that changes whenever the document's
   * words may have (it finished again). A document for which `held(id, stamp)` answers true comes
   * without its words (the caller holds them), so a loan read again reads only what is new.
   */
  loanWords(accountId: string, environment: Environment, externalRef: string, held?: (id: string, stamp: string) => boolean): Promise<LoanWords[]>;
  /** The declared state of one loan, or undefined. */
  loanState(accountId: string, environment: Environment, externalRef: string): Promise<LoanState | undefined>;
  /** The declared state of every loan that has one. */
  loanStates(accountId: string, environment: Environment): Promise<LoanState[]>;
  /** Records a loan review (creating the loan's state when needed). */
  reviewLoan(accountId: string, environment: Environment, externalRef: string, changes: LoanReviewChanges): Promise<LoanState>;
  /**
   * Declares (or, with null, withdraws) a loan's expected documents, in one transaction with the
   * check that `total` is not below the documents already submitted under the loan and with the
   * events `emit` makes of the loan before and after.
   */
  declareExpected(
    accountId: string,
    environment: Environment,
    externalRef: string,
    declaration: { total: number; json: string } | null,
    emit?: (before: LoanSnapshot, after: LoanSnapshot) => NewEvent[],
  ): Promise<{ ok: true; state: LoanState } | { ok: false; submitted: number }>;
}

/**
 * The Idempotency-Key claim a request holds while it runs. An effect given it (a document, a
 * report, a link) records its resource on the claim in the effect's own transaction, so a retry
 * after a crash between the effect and the remembered answer resumes with that resource instead
 * of making a second one.
 */
export interface KeyClaim {
  accountId: string;
  environment: Environment;
  route: string;
  key: string;
  /** The resource an earlier holder of the claim made before it died, when one did. */
  resumed?: string;
}

/** Idempotency-Key claims and the answers remembered under them. Every method is atomic. */
export interface IdempotencyStore {
  /** The answer remembered for an Idempotency-Key on a route since `since` (ISO). */
  idempotentAnswer(accountId: string, environment: Environment, route: string, key: string, since: string): Promise<IdempotentAnswer | undefined>;
  /**
   * Claims an Idempotency-Key for a request about to run, in one transaction: `claimed` (a pending
   * row now holds the key), `answered` (the answer remembered since `since`), or `in_flight` (another
   * request holds it and claimed it at or after `staleBefore`; an older claim was a crashed
   * process's and is taken over, with the resource its effect recorded, if any, as `resumed`).
   */
  claimAnswer(
    accountId: string,
    environment: Environment,
    route: string,
    key: string,
    claim: { payloadHash: string; at: string; since: string; staleBefore: string },
  ): Promise<{ state: 'claimed'; resumed?: string } | { state: 'answered'; answer: IdempotentAnswer } | { state: 'in_flight'; payloadHash: string }>;
  /**
   * Drops a pending claim whose request ended without an answer to remember (an error); a claim
   * whose effect recorded a resource is kept and lapses at once, so the retry resumes it.
   */
  releaseAnswer(accountId: string, environment: Environment, route: string, key: string): Promise<void>;
  /** Remembers an answer for an Idempotency-Key, replacing a pending claim (the first answer stays: a second save is ignored). */
  rememberAnswer(accountId: string, environment: Environment, route: string, key: string, answer: IdempotentAnswer): Promise<void>;
}

/** Audit reports and their generation jobs. Every method is atomic. */
export interface ReportStore {
  /** Stores a processing report and queues its generation, in one transaction. */
  createReport(report: Omit<StoredReport, 'status' | 'body' | 'pdfSha256' | 'pages' | 'error' | 'generatedAt'>, claim?: KeyClaim): Promise<StoredReport>;
  /** A report of the account in one environment. */
  report(accountId: string, environment: Environment, id: string): Promise<StoredReport | undefined>;
  /** A report by id, whoever owns it (for the report workers). */
  reportById(id: string): Promise<StoredReport | undefined>;
  /** Finishes a report exactly once (like `finishDocument`), with the events `emit` makes of it. */
  finishReport(jobId: string, outcome: ReportOutcome, emit?: (report: StoredReport) => NewEvent[]): Promise<boolean>;
}

/** Re-capture links and the captures taken through them. Every method is atomic. */
export interface RecaptureStore {
  /**
   * Mints a link unless the document has a live one (pending and not expired at `now`), in one
   * transaction with `events` (the borrower's message in the outbox); answers the live link's id otherwise.
   */
  createLink(
    link: Omit<StoredLink, 'status' | 'captureId' | 'closedAt'>,
    now: string,
    events?: NewEvent[],
    claim?: KeyClaim,
  ): Promise<StoredLink | { liveLinkId: string }>;
  /** The account's re-capture link with this id in one environment (owner-only). */
  link(accountId: string, environment: Environment, id: string): Promise<StoredLink | undefined>;
  /** The link a borrower's token opens. */
  linkByToken(token: string): Promise<StoredLink | undefined>;
  /** The links minted for a document, oldest first. */
  linksOfDocument(documentId: string): Promise<StoredLink[]>;
  /** Revokes a pending, unexpired link; answers why not otherwise. */
  revokeLink(accountId: string, environment: Environment, id: string, now: string): Promise<StoredLink | 'consumed' | 'expired' | undefined>;
  /**
   * Consumes a pending, unexpired link in one transaction with the capture and the recaptured
   * document (stored processing, its analysis queued); answers why not otherwise.
   */
  consumeLink(
    linkId: string,
    now: string,
    capture: Omit<StoredCapture, 'status' | 'evidence'>,
    recaptured: Omit<StoredDocument, 'status' | 'result' | 'error' | 'review' | 'completedAt'>,
  ): Promise<StoredCapture | 'consumed' | 'revoked' | 'expired' | undefined>;
  /** The account's capture with this id in one environment (owner-only). */
  capture(accountId: string, environment: Environment, id: string): Promise<StoredCapture | undefined>;
  /** Processing captures whose recaptured document has finished (to complete after a restart). */
  capturesToFinish(): Promise<StoredCapture[]>;
  /** Finishes a capture exactly once with its evidence (or failed), with the events `emit` makes. */
  finishCapture(id: string, outcome: { evidence: string } | { failed: string }, emit?: (capture: StoredCapture) => NewEvent[]): Promise<boolean>;
}

/** The outbox: events and their deliveries (webhooks and borrower messages). Every method is atomic. */
export interface WebhookStore {
  /** Records events (and their deliveries) outside another state change. */
  recordEvents(events: NewEvent[]): Promise<void>;
  /** Takes the oldest pending delivery due at `now`, leasing it until `leaseUntil` (a crashed sender's lease lapses). */
  claimDelivery(now: string, leaseUntil: string): Promise<Delivery | undefined>;
  /**
   * Takes one delivery a queue engine handed over: the delivery when it is pending, due at `now`
   * and not leased; `later` when it is pending but not yet due or leased; `finished` when it was
   * delivered, abandoned or is unknown.
   */
  claimDeliveryById(deliveryId: string, now: string, leaseUntil: string): Promise<Delivery | 'later' | 'finished'>;
  /** Records one attempt: delivered, failed with its next attempt, or abandoned. */
  recordAttempt(deliveryId: string, outcome: AttemptOutcome, at: string): Promise<void>;
  /** Deliveries newest first, by account, state and event. */
  deliveries(query: { accountId?: string; state?: Delivery['state']; eventId?: string; limit: number }): Promise<Delivery[]>;
  /** A new pending delivery of the same event to the same target, due at `at`; undefined for an unknown id. */
  replayDelivery(deliveryId: string, at: string): Promise<Delivery | undefined>;
}

/** The state of the service, by aggregate. Every method of every part is atomic. */
export interface Store {
  accounts: AccountStore;
  credits: CreditStore;
  documents: DocumentStore;
  loans: LoanStore;
  idempotency: IdempotencyStore;
  reports: ReportStore;
  recapture: RecaptureStore;
  webhooks: WebhookStore;
  /** Closes the store's connections. */
  close(): Promise<void>;
}
