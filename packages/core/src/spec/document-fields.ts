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

/** A Document's keys in the spec's order (the engine orders a Document's keys by it). */
export const DOCUMENT_FIELD_ORDER = [
  'object',
  'status',
  'category',
  'file',
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
  'genai_heatmap',
  'revisions',
  'math_checks',
  'metadata',
  'recapture_eligible',
  'verifi_eligible',
  'confidence',
  'review_tier',
  'next_step',
  'reason_codes',
  'findings',
  'lead_finding',
] as const;
