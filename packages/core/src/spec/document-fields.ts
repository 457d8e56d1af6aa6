// The Document's plain constants, apart from its TypeBox schemas (document.ts) so the engine's
// modules that need them do not build every schema (and load TypeBox) at import: the keys of a
// Document in the spec's order and the ten metadata rows' keys. A test holds the field order to
// the schema's.

/** Keys of the ten fixed metadata rows, in display order. */
export const METADATA_KEYS = [
  'Format',
  'Pages',
  'File size',
  'Producer',
  'Creator',
  'Created',
  'Modified',
  'Incremental revisions',
  'Fonts embedded',
  'XMP metadata',
] as const;

/**
 * Every key of a Document as the API answers it, in the spec's order: the service's own fields
 * (id, error, external_ref, attribution, review, timestamps, ...) around the engine's. The engine
 * and the server's view both order a Document by it.
 */
export const DOCUMENT_KEY_ORDER = [
  'id',
  'object',
  'status',
  'error',
  'external_ref',
  'category',
  'file',
  'issuer',
  'issue_date',
  'capture',
  'model',
  'model_version',
  'verdict',
  'risk_score',
  'headline',
  'indicators',
  'checks_passed',
  'regions',
  'revisions',
  'math_checks',
  'metadata',
  'genai_heatmap',
  'attribution',
  'review',
  'recapture_eligible',
  'recapture_capture_id',
  'verifi_eligible',
  'verifi_capture_id',
  'created_at',
  'completed_at',
  'confidence',
  'review_tier',
  'next_step',
  'reason_codes',
  'findings',
  'lead_finding',
] as const;

/** The keys of a Document the service adds around the engine's result. */
const SERVICE_KEYS = [
  'id',
  'error',
  'external_ref',
  'issuer',
  'attribution',
  'review',
  'recapture_capture_id',
  'verifi_capture_id',
  'created_at',
  'completed_at',
] as const;
type ServiceKey = (typeof SERVICE_KEYS)[number];

/** The keys of the engine's DocumentResult in the spec's order: {@link DOCUMENT_KEY_ORDER} without the service's own. */
export const DOCUMENT_FIELD_ORDER = DOCUMENT_KEY_ORDER.filter(
  (key): key is Exclude<(typeof DOCUMENT_KEY_ORDER)[number], ServiceKey> => !(SERVICE_KEYS as readonly string[]).includes(key),
);
