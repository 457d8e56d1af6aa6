// The document-forensics contract's shapes as the engine produces them: Document (the completed
// analysis), Indicator, Region, MathCheck, revisions, metadata rows, findings, and the error
// object. One TypeBox source gives both the TypeScript types and the JSON Schemas the server
// validates and documents its routes with. Property order is the spec's table order, and the
// engine orders a Document's keys by it (`DOCUMENT_FIELD_ORDER`). Codes are open enums in the
// spec (`string` here); the engine's own catalogue narrows them internally.

import { type Static, Type } from 'typebox';
import { METADATA_KEYS } from './document-fields.js';

/** `severity` of indicators, regions and findings (`low` since spec 1.3). */
export const SeveritySchema = Type.Enum(['high', 'medium', 'low']);
/** `severity` of indicators, regions and findings (`low` since spec 1.3): the type of {@link SeveritySchema}. */
export type Severity = Static<typeof SeveritySchema>;

/** The four verdicts (INSUFFICIENT_EVIDENCE since spec 1.3). */
export const VerdictSchema = Type.Enum(['CLEAN', 'SUSPICIOUS', 'FORGED', 'INSUFFICIENT_EVIDENCE']);
/** The four verdicts (INSUFFICIENT_EVIDENCE since spec 1.3): the type of {@link VerdictSchema}. */
export type Verdict = Static<typeof VerdictSchema>;

/** The spec's category values. */
export const CategorySchema = Type.Enum(['bank_statement', 'paystub', 'tax_form', 'id_document', 'utility_bill', 'other']);
/** The spec's category values: the type of {@link CategorySchema}. */
export type Category = Static<typeof CategorySchema>;

/** The spec's `capture` values. */
export const CaptureSchema = Type.Enum(['native_pdf', 'photo', 'scan']);
/** The spec's `capture` values: the type of {@link CaptureSchema}. */
export type Capture = Static<typeof CaptureSchema>;

/** File types of `file.type`. */
export const DocumentFileTypeSchema = Type.Enum(['pdf', 'png', 'jpg']);
/** File types of `file.type`: the type of {@link DocumentFileTypeSchema}. */
export type DocumentFileType = Static<typeof DocumentFileTypeSchema>;

/** Routing tiers (spec 1.3 `review_tier`; values chosen here, see the core README). */
export const ReviewTierSchema = Type.Enum(['auto_pass', 'human_review', 'escalate', 'recapture']);
/** Routing tiers (spec 1.3 `review_tier`; values chosen here, see the core README): the type of {@link ReviewTierSchema}. */
export type ReviewTier = Static<typeof ReviewTierSchema>;

/** Next steps (spec 1.3 `next_step`). */
export const NextStepSchema = Type.Enum(['human_review', 'escalate', 'request_recapture']);
/** Next steps (spec 1.3 `next_step`): the type of {@link NextStepSchema}. */
export type NextStep = Static<typeof NextStepSchema>;

/** The status of a Document: still analysed, completed, or failed. */
export const DocumentStatusSchema = Type.Enum(['processing', 'completed', 'failed']);
/** The status of a Document: the type of {@link DocumentStatusSchema}. */
export type DocumentStatus = Static<typeof DocumentStatusSchema>;

/** The review state of a loan (`review_state`). */
export const LoanReviewStateSchema = Type.Enum(['open', 'in_review', 'cleared', 'escalated']);
/** The review state of a loan: the type of {@link LoanReviewStateSchema}. */
export type LoanReviewState = Static<typeof LoanReviewStateSchema>;

/** The formats of an audit report. */
export const AuditReportFormatSchema = Type.Enum(['pdf', 'json', 'both']);
/** The formats of an audit report: the type of {@link AuditReportFormatSchema}. */
export type AuditReportFormat = Static<typeof AuditReportFormatSchema>;

/** How a re-capture link reaches the borrower. */
export const RecaptureDeliverySchema = Type.Enum(['sms', 'email', 'link_only']);
/** How a re-capture link reaches the borrower: the type of {@link RecaptureDeliverySchema}. */
export type RecaptureDelivery = Static<typeof RecaptureDeliverySchema>;

/** The status of a re-capture link (`expired`: a pending link past its time). */
export const RecaptureLinkStatusSchema = Type.Enum(['pending', 'consumed', 'revoked', 'expired']);
/** The status of a re-capture link: the type of {@link RecaptureLinkStatusSchema}. */
export type RecaptureLinkStatus = Static<typeof RecaptureLinkStatusSchema>;

/** A reviewer's disposition of a document (`review.disposition`). */
export const ReviewDispositionSchema = Type.Enum(['in_review', 'cleared', 'escalated', 'confirmed_fraud']);
/** A reviewer's disposition of a document: the type of {@link ReviewDispositionSchema}. */
export type ReviewDisposition = Static<typeof ReviewDispositionSchema>;

/** `file` of a Document. */
export const DocumentFileSchema = Type.Object({
  name: Type.String(),
  type: DocumentFileTypeSchema,
  pages: Type.Integer({ minimum: 1 }),
  size_bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  md5: Type.String({ pattern: '^[0-9a-f]{32}$' }),
});
/** `file` of a Document: the type of {@link DocumentFileSchema}. */
export type DocumentFile = Static<typeof DocumentFileSchema>;

/** The spec's Indicator. */
export const IndicatorSchema = Type.Object({
  code: Type.String(),
  title: Type.String(),
  severity: SeveritySchema,
  what_it_is: Type.String(),
  what_it_means: Type.String(),
  how_detected: Type.String(),
});
/** The spec's Indicator: the type of {@link IndicatorSchema}. */
export type Indicator = Static<typeof IndicatorSchema>;

/** The spec's Region: percentages of the rendered page, origin top-left. */
export const RegionSchema = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  x: Type.Number({ minimum: 0, maximum: 100 }),
  y: Type.Number({ minimum: 0, maximum: 100 }),
  w: Type.Number({ minimum: 0, maximum: 100 }),
  h: Type.Number({ minimum: 0, maximum: 100 }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  severity: SeveritySchema,
  label: Type.String(),
  indicator_code: Type.String(),
});
/** The spec's Region: percentages of the rendered page, origin top-left: the type of {@link RegionSchema}. */
export type Region = Static<typeof RegionSchema>;

/** The spec's MathCheck (only failing checks are reported, so `ok` is always false). */
export const MathCheckSchema = Type.Object({
  formula: Type.String(),
  computed: Type.String(),
  stated: Type.String(),
  ok: Type.Literal(false),
  note: Type.String(),
});
/** The spec's MathCheck (only failing checks are reported, so `ok` is always false): the type of {@link MathCheckSchema}. */
export type MathCheck = Static<typeof MathCheckSchema>;

/** One entry of `revisions.diffs`. */
export const RevisionDiffSchema = Type.Object({
  from_revision: Type.Integer({ minimum: 1 }),
  to_revision: Type.Integer({ minimum: 1 }),
  before: Type.String(),
  after: Type.String(),
});
/** One entry of `revisions.diffs`: the type of {@link RevisionDiffSchema}. */
export type RevisionDiff = Static<typeof RevisionDiffSchema>;

/** `revisions` of a PDF Document. */
export const RevisionsSchema = Type.Object({
  count: Type.Integer({ minimum: 1 }),
  diffs: Type.Array(RevisionDiffSchema),
});
/** `revisions` of a PDF Document: the type of {@link RevisionsSchema}. */
export type Revisions = Static<typeof RevisionsSchema>;

/** One metadata row. */
export const MetadataRowSchema = Type.Object({
  key: Type.Enum([...METADATA_KEYS]),
  value: Type.String(),
  anomalous: Type.Boolean(),
});
/** One metadata row: the type of {@link MetadataRowSchema}. */
export type MetadataRow = Static<typeof MetadataRowSchema>;

/** One finding as the Document reports it (spec 1.3 `findings[]`, `lead_finding`). */
export const ReportedFindingSchema = Type.Object({
  code: Type.String(),
  severity: SeveritySchema,
  summary: Type.String(),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
});
/** One finding as the Document reports it (spec 1.3 `findings[]`, `lead_finding`): the type of {@link ReportedFindingSchema}. */
export type ReportedFinding = Static<typeof ReportedFindingSchema>;

/**
 * A completed Document as the engine returns it, in the spec's field order (the Document table,
 * then the spec 1.3 fields). Server-owned fields (id, external_ref, review, attribution,
 * timestamps) are added by the server; fields that do not apply are absent, never null.
 */
export const DocumentResultSchema = Type.Object({
  object: Type.Literal('document'),
  status: Type.Literal('completed'),
  /** Document class from its text, a hint; omitted when no text was read. */
  category: Type.Optional(CategorySchema),
  file: DocumentFileSchema,
  /** The printed issue date (statement, pay or bill date), ISO; omitted when not found. */
  issue_date: Type.Optional(Type.String({ format: 'date' })),
  capture: Type.Optional(CaptureSchema),
  model: Type.String(),
  model_version: Type.String(),
  verdict: VerdictSchema,
  risk_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  headline: Type.String(),
  indicators: Type.Array(IndicatorSchema),
  checks_passed: Type.Array(Type.String()),
  regions: Type.Array(RegionSchema),
  revisions: Type.Optional(RevisionsSchema),
  /** Failing arithmetic checks; only on SUSPICIOUS and FORGED documents. */
  math_checks: Type.Optional(Type.Array(MathCheckSchema)),
  metadata: Type.Array(MetadataRowSchema, { maxItems: 10 }),
  /** Image documents with `models: ["docforge"]`: per-patch likelihood rows, 0..1 (64-pixel patches). */
  genai_heatmap: Type.Optional(Type.Array(Type.Array(Type.Number({ minimum: 0, maximum: 1 })))),
  recapture_eligible: Type.Boolean(),
  /** Deprecated twin of `recapture_eligible`, emitted until 2026-12-31. */
  verifi_eligible: Type.Optional(Type.Boolean({ deprecated: true })),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  review_tier: ReviewTierSchema,
  next_step: Type.Optional(NextStepSchema),
  reason_codes: Type.Optional(Type.Array(Type.String())),
  findings: Type.Array(ReportedFindingSchema),
  lead_finding: Type.Optional(ReportedFindingSchema),
});
/** The type of {@link DocumentResultSchema}. */
export type DocumentResult = Static<typeof DocumentResultSchema>;

/** The spec's error object: `{type, code, message, doc_url}` plus context keys (here `reason`). */
export const DocumentErrorSchema = Type.Object({
  type: Type.String(),
  code: Type.String(),
  message: Type.String(),
  doc_url: Type.String(),
  reason: Type.Optional(Type.String()),
});
/** The spec's error object: `{type, code, message, doc_url}` plus context keys (here `reason`): the type of {@link DocumentErrorSchema}. */
export type DocumentError = Static<typeof DocumentErrorSchema>;

/** The error body of every failed document request: `{error: {...}}`. */
export const DocumentErrorBodySchema = Type.Object({ error: DocumentErrorSchema });
/** The error body of every failed document request: `{error: {...}}`: the type of {@link DocumentErrorBodySchema}. */
export type DocumentErrorBody = Static<typeof DocumentErrorBodySchema>;

export { DOCUMENT_FIELD_ORDER, DOCUMENT_KEY_ORDER, METADATA_KEYS } from './document-fields.js';
