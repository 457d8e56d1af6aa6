// The loan's `consistency` field (beside the contract's LoanSummary fields; see the server
// README): what the loan's documents say against each other (`loanConflicts` of the core):
// versions of one document that differ; a statement whose next statement of the account does not
// open at its closing balance; a pay stub whose year to date does not carry the previous stub's;
// a stub whose net pay is not the deposit a statement records from its employer. Each conflict
// names its documents, and each place they differ holds what every document prints there with a
// region on each; the document the others agree against is the suspect. The documents' words in,
// the JSON object out; each document's facts are read once and kept (by id, up to a bound), and
// each loan's answer too (by its documents and their words), since a loan is read on every poll.
import { type DocumentFacts, documentFacts, type LoanDocumentWords, loanConflicts } from '@loupe/core';
import type { LoanConsistencyBody } from './schemas.js';

/** Most documents whose facts are kept between reads of their loans. */
const MAX_CACHED = 1_000;
/** Facts by document id, with a digest of the words they were read from (a reprocessed document's words differ), least recently used first. */
const cache = new Map<string, { digest: number; facts: DocumentFacts }>();

/** A 32-bit FNV-1a digest of the words' texts: microseconds, against the milliseconds of reading them. */
function digestOf(words: LoanDocumentWords['words']): number {
  let h = 0x811c9dc5;
  for (const w of words) {
    for (let i = 0; i < w.text.length; i++) h = Math.imul(h ^ w.text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x20, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A document's facts, read once per document and kept: a loan is read on every poll, and reading
 * a document's facts costs milliseconds that 100 documents a poll would spend again each time.
 */
function cachedFacts(document: LoanDocumentWords): DocumentFacts {
  const digest = digestOf(document.words);
  const hit = cache.get(document.id);
  cache.delete(document.id);
  const entry = hit?.digest === digest ? hit : { digest, facts: documentFacts(document) };
  cache.set(document.id, entry);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return entry.facts;
}

/** Most loans whose consistency is kept between reads. */
const MAX_LOANS_CACHED = 200;
/** Consistency bodies by the loan's documents and their words' digests, least recently used first. */
const loans = new Map<string, LoanConsistencyBody>();

/**
 * The loan's consistency over the words of its completed documents (oldest first). The body is
 * kept for the same documents with the same words: comparing versions costs up to a few hundred
 * milliseconds on a loan of many near-identical copies, and a loan is polled.
 */
export async function loanConsistency(documents: readonly LoanDocumentWords[]): Promise<LoanConsistencyBody> {
  const key = documents.map((d) => `${d.id}:${digestOf(d.words)}`).join(',');
  const hit = loans.get(key);
  loans.delete(key);
  const body = hit ?? (await compare(documents));
  loans.set(key, body);
  if (loans.size > MAX_LOANS_CACHED) loans.delete(loans.keys().next().value!);
  return body;
}

async function compare(documents: readonly LoanDocumentWords[]): Promise<LoanConsistencyBody> {
  return {
    object: 'loan_consistency',
    documents_compared: documents.length,
    conflicts: (await loanConflicts(documents, cachedFacts)).map((c) => ({
      code: c.code,
      summary: c.summary,
      document_ids: c.documents,
      ...(c.suspect ? { suspect_document_id: c.suspect } : {}),
      keys: c.keys,
      differences: c.differences.map((d) => ({
        ...(d.label ? { label: d.label } : {}),
        values: d.values.map((v) => ({ document_id: v.document, text: v.text, regions: v.boxes.map(({ page, x, y, w, h }) => ({ page, x, y, w, h })) })),
      })),
    })),
  };
}
