// The Document as the API answers it: the service's fields (id, status, external_ref, attribution,
// timestamps, error) around what the engine produced, in the spec's field order, with every field
// that does not apply absent (never null). The deprecated `verifi_eligible` twin is answered until
// 2026-12-31 and not after.
import { DOCUMENT_KEY_ORDER } from '@loupe/core';
import type { StoredDocument, StoredResult } from '../store/store.js';
import type { DocumentBody, DocumentSummaryBody } from './schemas.js';

/** The end of the earlier product name's deprecation window. */
export const RENAME_SUNSET = Date.parse('2027-01-01T00:00:00Z');

/** Drops nulls and undefined, recursively (the spec's omission rule). */
export function omitAbsent<T>(value: T): T {
  if (Array.isArray(value)) return value.map(omitAbsent) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = omitAbsent(v);
    return out as T;
  }
  return value;
}

/** A document's category: the engine's reading, else the submitted hint. */
export function documentCategory(d: StoredDocument): string | undefined {
  return d.result?.category ?? d.options.category;
}

/** The Document of a stored document at time `now`. */
export function documentView(d: StoredDocument, now: Date): DocumentBody {
  const options = d.options;
  // a reprocess keeps the prior result readable until the new one lands
  const engine: StoredResult = d.status !== 'failed' && d.result ? d.result : {};
  const fields: Record<string, unknown> = {
    ...engine,
    id: d.id,
    object: 'document',
    status: d.status,
    external_ref: d.externalRef,
    category: engine.category ?? options.category,
    file: engine.file ?? { name: d.fileName, type: d.fileType, pages: options.facts.pages, size_bytes: d.sizeBytes, sha256: d.sha256, md5: options.facts.md5 },
    attribution: options.attribution,
    review: d.review ?? undefined,
    recapture_capture_id: options.recapture_capture_id,
    created_at: d.createdAt,
    completed_at: d.completedAt,
  };
  if (d.status === 'failed' && d.error) fields.error = d.error;
  if (now.getTime() >= RENAME_SUNSET) delete fields.verifi_eligible;
  else {
    if (fields.recapture_eligible !== undefined) fields.verifi_eligible = fields.recapture_eligible;
    if (fields.recapture_capture_id !== undefined) fields.verifi_capture_id = fields.recapture_capture_id;
  }
  const out: Record<string, unknown> = {};
  for (const key of DOCUMENT_KEY_ORDER) if (key in fields) out[key] = fields[key];
  for (const key of Object.keys(fields)) if (!(key in out)) out[key] = fields[key];
  // the fields above in the schema's shape: the engine's result is a DocumentResult, the rest is the service's
  return omitAbsent(out) as DocumentBody;
}

/**
 * A list row (DocumentSummary): verdict fields withheld while processing (a reprocess's prior
 * verdict included) and on a failure. Read from the stored document's few fields, not from the
 * full Document: a loan summary lists every flagged row on each poll.
 */
export function summaryView(d: StoredDocument): DocumentSummaryBody {
  // `issuer` is the spec's, read when a result carries it (the engine does not name issuers yet)
  const engine: StoredResult & { issuer?: string } = d.status === 'completed' && d.result ? d.result : {};
  const row: Record<string, unknown> = {
    id: d.id,
    object: 'document_summary',
    status: d.status,
    error: d.status === 'failed' ? d.error : undefined,
    external_ref: d.externalRef,
    name: engine.file?.name ?? d.fileName,
    category: engine.category ?? d.options.category,
    issuer: engine.issuer,
    issue_date: engine.issue_date,
    capture: engine.capture,
    verdict: engine.verdict,
    risk_score: engine.risk_score,
    headline: engine.headline,
    review_disposition: d.review?.disposition,
    created_at: d.createdAt,
    completed_at: d.completedAt,
  };
  return omitAbsent(row) as DocumentSummaryBody;
}
