// Everything a loan's documents say against each other: versions of one document that differ
// (`versions.ts`) and documents that follow or record one another and disagree (`continuity.ts`).
import { loadDecimals } from '../tables/decimal.js';
import type { LoanConflict } from './conflict.js';
import { continuityConflicts } from './continuity.js';
import { documentFacts } from './document-facts.js';
import { type LoanDocumentWords, versionConflicts } from './versions.js';

/** The conflicts among `documents` (oldest first): versions that differ first, then continuity (the arithmetic's decimals loaded first). */
export async function loanConflicts(documents: readonly LoanDocumentWords[]): Promise<LoanConflict[]> {
  await loadDecimals();
  return [...versionConflicts(documents), ...continuityConflicts(documents.map(documentFacts))];
}
