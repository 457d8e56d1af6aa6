// The loan's `consistency` field (beside the contract's LoanSummary fields; see the server
// README): what the loan's documents say against each other (`loanConflicts` of the core):
// versions of one document that differ; a statement whose next statement of the account does not
// open at its closing balance; a pay stub whose year to date does not carry the previous stub's;
// a stub whose net pay is not the deposit a statement records from its employer. Each conflict
// names its documents, and each place they differ holds what every document prints there with a
// region on each; the document the others agree against is the suspect. Pure: the documents'
// words in, the JSON object out.
import { type LoanDocumentWords, loanConflicts } from '@loupe/core';
import type { LoanConsistencyBody } from './schemas.js';

/** The loan's consistency over the words of its completed documents (oldest first). */
export async function loanConsistency(documents: readonly LoanDocumentWords[]): Promise<LoanConsistencyBody> {
  return {
    object: 'loan_consistency',
    documents_compared: documents.length,
    conflicts: (await loanConflicts(documents)).map((c) => ({
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
