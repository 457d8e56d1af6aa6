// Everything a loan's documents say against each other: versions of one document that differ
// (`versions.ts`) and documents that follow or record one another and disagree (`continuity.ts`).
// Each document's facts are kept by its object, as versions keep what they read of it: a loan
// compared again with the same objects reads only the documents new to it.
import { keptBy } from '../kept-by.js';
import { loadDecimals } from '../tables/decimal.js';
import type { LoanConflict } from './conflict.js';
import { continuityConflicts } from './continuity.js';
import { type DocumentFacts, documentFacts } from './document-facts.js';
import { type LoanDocumentWords, versionConflicts } from './versions.js';

const factsOf = keptBy((document: LoanDocumentWords): DocumentFacts => documentFacts(document));

/**
 * The conflicts among `documents` (oldest first): versions that differ first, then continuity (the
 * arithmetic's decimals loaded first). What is read of a document is kept by its object, so an
 * object's id and words must not change once it has been compared.
 */
export async function loanConflicts(documents: readonly LoanDocumentWords[]): Promise<LoanConflict[]> {
  await loadDecimals();
  return [...versionConflicts(documents), ...continuityConflicts(documents.map(factsOf))];
}
