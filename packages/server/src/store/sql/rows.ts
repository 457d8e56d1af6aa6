// Rows to the Store's records: the one place that knows how each table's columns map to fields
// (booleans as 0/1 integers, JSON arrays as text), shared by every SQL adapter.

import type { LoanWord } from '@loupe/core';
import { decodeDocumentFields } from '../document-fields.js';
import type {
  Account,
  ApiKey,
  Delivery,
  Environment,
  KeyKind,
  LedgerEntry,
  LedgerReason,
  LoanState,
  ServiceType,
  StoredCapture,
  StoredDetection,
  StoredDocument,
  StoredLink,
  StoredReport,
  UsageKind,
  UsageRow,
} from '../store.js';
import type { Row } from './driver.js';

export const account = (r: Row): Account => ({
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

export const apiKey = (r: Row): ApiKey => ({
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

export const ledgerEntry = (r: Row): LedgerEntry => ({
  id: r.id as string,
  accountId: r.account_id as string,
  delta: r.delta as number,
  reason: r.reason as LedgerReason,
  ref: (r.ref as string | null) ?? null,
  createdAt: r.created_at as string,
});

/**
 * The columns `storedDocument` reads: every read of a document selects these, not `*`, so the
 * page text kept beside the result (read only by `documentText`) is never fetched with it.
 */
export const DOCUMENT_COLUMNS =
  'id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, result, error, review, attribution_currency, created_at, completed_at';

/** The fields of a result a loan roll-up reads: its own (verdict, score, headline, model) and a flagged row's. */
const ROLLUP_FIELDS = ['verdict', 'risk_score', 'headline', 'model', 'category', 'issuer', 'issue_date', 'capture', 'file'] as const;

/** The `summary` column of a finished document: the roll-up's fields of its result, those present. */
export function rollupSummary(result: Record<string, unknown>): string {
  const summary: Record<string, unknown> = {};
  for (const field of ROLLUP_FIELDS) if (result[field] !== undefined && result[field] !== null) summary[field] = result[field];
  return JSON.stringify(summary);
}

/**
 * `DOCUMENT_COLUMNS` for a roll-up: the small `summary` where the document has one, its whole
 * result only where it was finished before summaries were kept.
 */
export const ROLLUP_COLUMNS = DOCUMENT_COLUMNS.replace('result,', 'CASE WHEN summary IS NULL THEN result END AS result, summary,');

/** A document row read with `ROLLUP_COLUMNS`: its result is the summary where there is one (parsed apart from the shared cache of whole results). */
export const rollupDocument = (r: Row): StoredDocument =>
  typeof r.summary === 'string' ? { ...storedDocument({ ...r, result: null }), result: JSON.parse(r.summary) as StoredDocument['result'] } : storedDocument(r);

export const storedDocument = (r: Row): StoredDocument => ({
  id: r.id as string,
  accountId: r.account_id as string,
  environment: r.environment as Environment,
  status: r.status as StoredDocument['status'],
  sha256: r.sha256 as string,
  fileName: r.file_name as string,
  fileType: r.file_type as StoredDocument['fileType'],
  sizeBytes: r.size_bytes as number,
  ...decodeDocumentFields(r.id as string, {
    options: r.options as string,
    result: (r.result as string | null) ?? null,
    error: (r.error as string | null) ?? null,
    review: (r.review as string | null) ?? null,
  }),
  externalRef: (r.external_ref as string | null) ?? null,
  attributionCurrency: (r.attribution_currency as string | null) ?? null,
  createdAt: r.created_at as string,
  completedAt: (r.completed_at as string | null) ?? null,
});

export const loanState = (r: Row): LoanState => ({
  externalRef: r.external_ref as string,
  reviewState: (r.review_state as LoanState['reviewState']) ?? null,
  assignee: (r.assignee as string | null) ?? null,
  reviewNote: (r.review_note as string | null) ?? null,
  reviewedAt: (r.reviewed_at as string | null) ?? null,
  expected: (r.expected as string | null) ?? null,
  updatedAt: r.updated_at as string,
});

export const delivery = (r: Row): Delivery => ({
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
  lastResponse: (r.last_response as string | null) ?? null,
  createdAt: r.created_at as string,
  deliveredAt: (r.delivered_at as string | null) ?? null,
});

export const storedReport = (r: Row): StoredReport => ({
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

export const storedLink = (r: Row): StoredLink => ({
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

export const storedCapture = (r: Row): StoredCapture => ({
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

export const DELIVERY_SELECT = 'SELECT d.*, e.account_id, e.environment, e.type, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id';

export const detection = (r: Row): StoredDetection => ({
  id: r.id as string,
  accountId: r.account_id as string,
  sandbox: Number(r.sandbox) === 1,
  sha256: r.sha256 as string,
  detector: r.detector as string,
  body: r.body as string,
  createdAt: r.created_at as string,
});

export const usageRow = (r: Row): UsageRow => ({
  id: r.id as string,
  accountId: r.account_id as string,
  documentId: r.document_id as string,
  jobId: r.job_id as string,
  kind: r.kind as UsageKind,
  billable: r.billable === 1,
  createdAt: r.created_at as string,
});

/** A document's words as the `words` column keeps them: one `[text, page, x, y, w, h]` row per word (a third of the objects' size). */
export function encodeWords(words: readonly LoanWord[]): string {
  return JSON.stringify(words.map((w) => [w.text, w.page, w.box.x, w.box.y, w.box.w, w.box.h]));
}

/** The words of a `words` column. */
export function decodeWords(json: string): LoanWord[] {
  return (JSON.parse(json) as [string, number, number, number, number, number][]).map(([text, page, x, y, w, h]) => ({ text, page, box: { x, y, w, h } }));
}
