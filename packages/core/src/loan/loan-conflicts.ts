// Everything a loan's documents say against each other: versions of one document that differ
// (`versions.ts`) and documents that follow or record one another and disagree (`continuity.ts`).
import { loadDecimals } from '../tables/decimal.js';
import type { LoanConflict } from './conflict.js';
import { continuityConflicts } from './continuity.js';
import { type DocumentFacts, documentFacts } from './document-facts.js';
import { type LoanDocumentWords, versionConflicts } from './versions.js';

/**
 * The conflicts among `documents` (oldest first): versions that differ first, then continuity (the
 * arithmetic's decimals loaded first). `factsOf` reads a document's facts (`documentFacts`; a
 * caller that compares the same documents again, as a loan's every read does, passes a cached one).
 */
export async function loanConflicts(
  documents: readonly LoanDocumentWords[],
  factsOf: (document: LoanDocumentWords) => DocumentFacts = documentFacts,
): Promise<LoanConflict[]> {
  await loadDecimals();
  return [...versionConflicts(documents), ...continuityConflicts(documents.map((d) => factsOf(d)))];
}
