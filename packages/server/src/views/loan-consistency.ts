// The loan's `consistency` field (beside the contract's LoanSummary fields; see the server
// README): what the loan's documents say against each other. Today: versions of one document
// (the same dates and identifiers, most words in common) that differ, each difference with what
// every version prints there and a region on each, and the version that alone disagrees with the
// others named the suspect. Pure: the documents' words in, the JSON object out.
import { type LoanDocumentWords, versionConflicts } from '@loupe/core';
import type { LoanConsistencyBody } from './schemas.js';

/** The loan's consistency over the words of its completed documents (oldest first). */
export function loanConsistency(documents: readonly LoanDocumentWords[]): LoanConsistencyBody {
  return {
    object: 'loan_consistency',
    documents_compared: documents.length,
    conflicts: versionConflicts(documents).map((c) => ({
      code: c.code,
      summary: c.summary,
      document_ids: c.documents,
      ...(c.suspect ? { suspect_document_id: c.suspect } : {}),
      keys: c.keys,
      differences: c.differences.map((d) => ({
        values: d.values.map((v) => ({ document_id: v.document, text: v.text, regions: v.boxes.map(({ page, x, y, w, h }) => ({ page, x, y, w, h })) })),
      })),
    })),
  };
}
