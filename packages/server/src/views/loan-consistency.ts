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

/** A map of at most `max` entries that forgets the least recently used (read or written) first. */
function boundedMap<V>(max: number): { get(key: string): V | undefined; set(key: string, value: V): V } {
  const entries = new Map<string, V>();
  const set = (key: string, value: V): V => {
    entries.delete(key);
    entries.set(key, value);
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return value;
  };
  return { get: (key) => (entries.has(key) ? set(key, entries.get(key) as V) : undefined), set };
}

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
 * A document's facts by its id and the digest of its words (a reprocessed document's words
 * differ), for 1,000 documents: a loan is read on every poll, and reading a document's facts costs
 * milliseconds that 100 documents a poll would spend again each time.
 */
const factsOf = boundedMap<DocumentFacts>(1_000);
/**
 * Consistency bodies by the loan's documents and their words' digests, for 200 loans: comparing
 * versions costs up to a few hundred milliseconds on a loan of many near-identical copies.
 */
const bodies = boundedMap<LoanConsistencyBody>(200);

/** The loan's consistency over the words of its completed documents (oldest first), kept for the same documents with the same words. */
export async function loanConsistency(documents: readonly LoanDocumentWords[]): Promise<LoanConsistencyBody> {
  // each document's key (its id and its words' digest) computed once a read, for both maps
  const keys = new Map(documents.map((d) => [d, `${d.id}:${digestOf(d.words)}`]));
  const facts = (d: LoanDocumentWords): DocumentFacts => {
    const key = keys.get(d) ?? `${d.id}:${digestOf(d.words)}`;
    return factsOf.get(key) ?? factsOf.set(key, documentFacts(d));
  };
  const key = [...keys.values()].join(',');
  return bodies.get(key) ?? bodies.set(key, await compare(documents, facts));
}

async function compare(documents: readonly LoanDocumentWords[], facts: (d: LoanDocumentWords) => DocumentFacts): Promise<LoanConsistencyBody> {
  return {
    object: 'loan_consistency',
    documents_compared: documents.length,
    conflicts: (await loanConflicts(documents, facts)).map((c) => ({
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
