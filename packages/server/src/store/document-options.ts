// The document options as stored with a document: what `POST /v1/documents` accepted (validated by
// documents/options.ts) plus the facts read at submit. Readers decode the stored text through the
// store's typed accessors instead of parsing it themselves.

/** The document categories of the spec. */
export const CATEGORIES = ['bank_statement', 'paystub', 'tax_form', 'id_document', 'utility_bill', 'other'];

/** The loan sections an attribution may name. */
export const ATTRIBUTION_SECTIONS = ['asset', 'income', 'liability', 'property', 'identity', 'other'] as const;

/** An attribution as the spec defines it, with its defaults applied. */
export interface Attribution {
  section: (typeof ATTRIBUTION_SECTIONS)[number];
  field?: string;
  currency: string;
  amount_minor: number;
}

/** Validated options. */
export interface SubmitOptions {
  external_ref?: string;
  category?: string;
  models?: string[];
  webhook_url?: string;
  attribution?: Attribution;
  expected_key?: string;
}
