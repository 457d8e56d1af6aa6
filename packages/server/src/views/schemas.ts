// The response schemas of the document API's views, for the OpenAPI document: the Document (the
// engine's DocumentResult fields, all optional because a processing or failed document has none
// of them, around the service's own), the DocumentSummary list row, the LoanSummary, the
// AuditReport, the RecaptureLink and the RecaptureCapture. Bodies are written as the views make
// them; these describe them.
import {
  DocumentErrorSchema,
  DocumentFileSchema,
  DocumentResultSchema,
  DocumentStatusSchema,
  LoanReviewStateSchema,
  RecaptureDeliverySchema,
  RecaptureLinkStatusSchema,
  ReviewDispositionSchema,
  VerdictSchema,
} from '@loupe/core';
import { type Static, Type } from 'typebox';

const Timestamp = Type.String({ format: 'date-time' });
const open = { additionalProperties: true };

/** A review disposition as stored on a document. */
export const ReviewSchema = Type.Object({
  disposition: ReviewDispositionSchema,
  note: Type.Optional(Type.String()),
  reviewer: Type.Optional(Type.String()),
  reviewed_at: Timestamp,
});

/** The Document in any status: fields that do not apply are absent, never null. */
export const DocumentSchema = Type.Intersect(
  [
    Type.Partial(Type.Omit(DocumentResultSchema, ['object', 'status', 'file'])),
    Type.Object({
      id: Type.String({ examples: ['doc_4f1c2a9be07d41aa8c3e5f60'] }),
      object: Type.Literal('document'),
      status: DocumentStatusSchema,
      error: Type.Optional(DocumentErrorSchema),
      external_ref: Type.Optional(Type.String()),
      issuer: Type.Optional(Type.String({ description: 'The issuing institution, when read.' })),
      file: Type.Optional(Type.Object({ ...DocumentFileSchema.properties, pages: Type.Optional(Type.Integer({ minimum: 1 })) })),
      attribution: Type.Optional(
        Type.Object({ section: Type.String(), field: Type.Optional(Type.String()), currency: Type.String(), amount_minor: Type.Integer() }),
      ),
      review: Type.Optional(ReviewSchema),
      recapture_capture_id: Type.Optional(Type.String()),
      verifi_capture_id: Type.Optional(Type.String({ deprecated: true })),
      created_at: Timestamp,
      completed_at: Type.Optional(Timestamp),
    }),
  ],
  {
    description: 'A Document (see the spec): verdict fields appear once the analysis completed.',
    examples: [
      {
        id: 'doc_4f1c2a9be07d41aa8c3e5f60',
        object: 'document',
        status: 'completed',
        external_ref: 'loan-1042',
        category: 'bank_statement',
        file: { name: 'march.pdf', type: 'pdf', pages: 2, size_bytes: 48213, sha256: 'a'.repeat(64), md5: 'b'.repeat(32) },
        model: 'pdf-native-forensics',
        model_version: '0.1.0',
        verdict: 'FORGED',
        risk_score: 91,
        headline: 'Text changed in a later revision: the closing balance',
        created_at: '2026-11-23T10:00:00.000Z',
        completed_at: '2026-11-23T10:00:02.000Z',
      },
    ],
  },
);

/** A DocumentSummary list row (verdict fields withheld while processing). */
export const DocumentSummarySchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('document_summary'),
  status: DocumentStatusSchema,
  error: Type.Optional(DocumentErrorSchema),
  external_ref: Type.Optional(Type.String()),
  name: Type.String(),
  category: Type.Optional(Type.String()),
  issuer: Type.Optional(Type.String()),
  issue_date: Type.Optional(Type.String()),
  capture: Type.Optional(Type.String()),
  verdict: Type.Optional(VerdictSchema),
  risk_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  headline: Type.Optional(Type.String()),
  review_disposition: Type.Optional(Type.String()),
  created_at: Timestamp,
  completed_at: Type.Optional(Timestamp),
});

const LoanRegionSchema = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  x: Type.Number({ minimum: 0, maximum: 100 }),
  y: Type.Number({ minimum: 0, maximum: 100 }),
  w: Type.Number({ minimum: 0, maximum: 100 }),
  h: Type.Number({ minimum: 0, maximum: 100 }),
});

/** A loan's `consistency` (beside the contract's fields): documents of the loan that contradict each other, each difference shown on every document. */
export const LoanConsistencySchema = Type.Object({
  object: Type.Literal('loan_consistency'),
  documents_compared: Type.Integer({ minimum: 0 }),
  conflicts: Type.Array(
    Type.Object({
      code: Type.Union([
        Type.Literal('loan_document_versions_differ'),
        Type.Literal('loan_balance_not_carried'),
        Type.Literal('loan_ytd_not_carried'),
        Type.Literal('loan_net_pay_not_deposited'),
        Type.Literal('loan_party_differs'),
        Type.Literal('loan_pay_terms_differ'),
        Type.Literal('loan_wages_differ'),
      ]),
      summary: Type.String(),
      document_ids: Type.Array(Type.String()),
      suspect_document_id: Type.Optional(Type.String()),
      keys: Type.Array(Type.String()),
      differences: Type.Array(
        Type.Object({
          label: Type.Optional(Type.String()),
          values: Type.Array(Type.Object({ document_id: Type.String(), text: Type.String(), regions: Type.Array(LoanRegionSchema) })),
        }),
      ),
    }),
  ),
});

/** The LoanSummary. */
export const LoanSummarySchema = Type.Object(
  {
    object: Type.Literal('loan_summary'),
    external_ref: Type.String(),
    risk_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    documents_total: Type.Integer(),
    documents_flagged: Type.Integer(),
    documents_processing: Type.Integer(),
    documents_unscored: Type.Integer(),
    verdict_counts: Type.Record(Type.String(), Type.Integer()),
    models: Type.Array(Type.String()),
    estimated_review_minutes_saved: Type.Number(),
    top_reason: Type.Optional(Type.String()),
    flagged: Type.Array(DocumentSummarySchema),
    coverage: Type.Optional(Type.Object({}, open)),
    flagged_amount: Type.Optional(Type.Object({}, open)),
    review_state: Type.Optional(LoanReviewStateSchema),
    assignee: Type.Optional(Type.String()),
    review_note: Type.Optional(Type.String()),
    reviewed_at: Type.Optional(Timestamp),
    updated_at: Type.Optional(Timestamp),
    /** One loan's GET only (not the queue's rows): what its documents say against each other. */
    consistency: Type.Optional(LoanConsistencySchema),
  },
  open,
);

/** The AuditReport. */
export const AuditReportSchema = Type.Object(
  {
    id: Type.String({ examples: ['rpt_0c5d1e7a9b3f4c2d8e6a1b0f'] }),
    object: Type.Literal('audit_report'),
    status: DocumentStatusSchema,
    external_ref: Type.Optional(Type.String()),
    documents_screened: Type.Optional(Type.Integer()),
    documents_flagged: Type.Optional(Type.Integer()),
    pages: Type.Optional(Type.Integer()),
    download_url: Type.Optional(Type.String({ format: 'uri' })),
    created_at: Timestamp,
    generated_at: Type.Optional(Timestamp),
    models: Type.Optional(Type.Array(Type.Object({ name: Type.String(), version: Type.String() }))),
    coverage: Type.Optional(Type.Object({}, open)),
    /** Reports made by external_ref: what the loan's documents say against each other (beside the contract's fields). */
    consistency: Type.Optional(LoanConsistencySchema),
    findings: Type.Optional(Type.Array(Type.Object({}, open))),
    manifest: Type.Optional(Type.Array(Type.Object({}, open))),
    manifest_digest: Type.Optional(Type.String()),
    manifest_digest_algorithm: Type.Optional(Type.String()),
    error: Type.Optional(DocumentErrorSchema),
  },
  open,
);

/** The RecaptureLink. */
export const RecaptureLinkSchema = Type.Object(
  {
    id: Type.String({ examples: ['rcl_7d2e9f0a1b3c4d5e6f708192'] }),
    object: Type.Literal('recapture_link'),
    status: RecaptureLinkStatusSchema,
    document_id: Type.String(),
    external_ref: Type.Optional(Type.String()),
    url: Type.String({ format: 'uri' }),
    qr_png_url: Type.String({ format: 'uri' }),
    delivery: RecaptureDeliverySchema,
    message: Type.Object({ template_id: Type.Optional(Type.String()), body: Type.String() }),
    message_audit: Type.Object({}, open),
    capture_id: Type.Optional(Type.String()),
    delivery_status: Type.Optional(Type.Object({}, open)),
    expires_at: Timestamp,
    created_at: Timestamp,
  },
  open,
);

/** The C2PA manifest summary of a capture. */
export const C2paSummarySchema = Type.Object(
  { validation_state: Type.String(), manifest_url: Type.Optional(Type.String({ format: 'uri', description: 'Where this summary is read.' })) },
  open,
);

/** The RecaptureCapture. */
export const RecaptureCaptureSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('recapture_capture'),
    status: DocumentStatusSchema,
    link_id: Type.String(),
    document_id: Type.String(),
    recaptured_document_id: Type.String(),
    external_ref: Type.Optional(Type.String()),
    captured_at: Timestamp,
    response_time: Type.Optional(Type.String()),
    device: Type.Optional(Type.String()),
    photo_count: Type.Integer(),
    headline: Type.Optional(Type.String()),
    c2pa: Type.Optional(C2paSummarySchema),
    signal_groups: Type.Optional(Type.Array(Type.Object({}, open))),
    contradicts_original: Type.Optional(Type.Boolean()),
  },
  open,
);

/** A Document as answered. */
export type DocumentBody = Static<typeof DocumentSchema>;
/** A DocumentSummary as answered. */
export type DocumentSummaryBody = Static<typeof DocumentSummarySchema>;
/** A LoanSummary as answered. */
export type LoanSummaryBody = Static<typeof LoanSummarySchema>;
/** A loan's `consistency` field. */
export type LoanConsistencyBody = Static<typeof LoanConsistencySchema>;
/** An AuditReport as answered. */
export type AuditReportBody = Static<typeof AuditReportSchema>;
/** A RecaptureLink as answered. */
export type RecaptureLinkBody = Static<typeof RecaptureLinkSchema>;
/** A RecaptureCapture as answered. */
export type RecaptureCaptureBody = Static<typeof RecaptureCaptureSchema>;
