// The JSON fields of a stored document, as typed values: its options (what `POST /v1/documents`
// accepted, validated by documents/options.ts, plus the facts read at submit), the engine's result,
// the spec's error and the latest review. The store encodes them on the way in and decodes and
// checks them once on the way out (`decodeDocumentFields`), so no reader parses stored text; a
// result is decoded once per stored text and shared, frozen, by every reader of it.
import type { DocumentError, DocumentResult, ReviewDisposition } from '@loupe/core';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { StoreError } from './store-error.js';

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

/** Facts read at submit (a PDF's page count when its page tree reads, the MD5). */
export interface SubmitFacts {
  pages?: number;
  md5: string;
}

/** The options as stored: the accepted options, the submit facts, and for a re-captured document its capture. */
export interface StoredOptions extends SubmitOptions {
  facts: SubmitFacts;
  recapture_capture_id?: string;
}

/** The engine's Document as stored (older rows and tests may carry only part of it). */
export type StoredResult = Partial<DocumentResult>;

/** A review disposition as stored on a document. */
export interface StoredReview {
  disposition: ReviewDisposition;
  note?: string;
  reviewer?: string;
  reviewed_at: string;
}

/** The shapes a stored field must have to be decoded (open: fields added later are kept), compiled once: every read of a document checks them. */
const OptionsShape = Compile(Type.Object({ facts: Type.Object({ md5: Type.String() }, { additionalProperties: true }) }, { additionalProperties: true }));
const ObjectShape = Compile(Type.Object({}, { additionalProperties: true }));
const ErrorShape = Compile(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: true }));
const ReviewShape = Compile(Type.Object({ disposition: Type.String(), reviewed_at: Type.String() }, { additionalProperties: true }));

/** Parses stored JSON text and checks its shape; a row that fails is a StoreError naming it. */
function decoded<T>(text: string, shape: { Check(value: unknown): boolean }, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoreError(`The stored ${what} is not JSON.`);
  }
  if (!shape.Check(value)) throw new StoreError(`The stored ${what} does not have its shape.`);
  // checked above against the shape every writer of this field produces
  return value as T;
}

/** Text of results kept decoded, at most (a loan summary reads every result of its loan on each poll). */
const DECODED_RESULTS_MAX_CHARS = 16 * 1024 * 1024;
const decodedResults = new Map<string, { text: string; value: StoredResult }>();
let decodedChars = 0;

/** Freezes `value` and everything in it: a decoded result is shared by every reader of it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The result of document `id` decoded from `text`: the one decoded before while the stored text
 * is the same (compared in full, so a reprocessed result is decoded anew), else decoded, checked
 * and frozen (a reader that changed it would change every other reader's).
 */
function decodedResult(id: string, text: string): StoredResult {
  const known = decodedResults.get(id);
  if (known?.text === text) return known.value;
  const value = deepFreeze(decoded<StoredResult>(text, ObjectShape, `result of ${id}`));
  if (known) decodedChars -= known.text.length;
  decodedResults.delete(id);
  if (text.length > DECODED_RESULTS_MAX_CHARS / 64) return value;
  decodedResults.set(id, { text, value });
  decodedChars += text.length;
  for (const [oldest, entry] of decodedResults) {
    if (decodedChars <= DECODED_RESULTS_MAX_CHARS) break;
    decodedResults.delete(oldest);
    decodedChars -= entry.text.length;
  }
  return value;
}

/** The JSON columns of a document row, decoded and checked (a result is shared, frozen). */
export function decodeDocumentFields(
  id: string,
  row: { options: string; result: string | null; error: string | null; review: string | null },
): { options: StoredOptions; result: StoredResult | null; error: DocumentError | null; review: StoredReview | null } {
  return {
    options: decoded<StoredOptions>(row.options, OptionsShape, `options of ${id}`),
    result: row.result === null ? null : decodedResult(id, row.result),
    error: row.error === null ? null : decoded<DocumentError>(row.error, ErrorShape, `error of ${id}`),
    review: row.review === null ? null : decoded<StoredReview>(row.review, ReviewShape, `review of ${id}`),
  };
}
