// The review use case of `POST /v1/documents/{id}/review`: stamps `reviewed_at` on the
// disposition, note and reviewer and replaces any earlier review; only a completed document can be
// reviewed (`409 not_reviewable`).
import type { ReviewDisposition } from '@loupe/core';
import { defined } from '@loupe/core/internal';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { StoredDocument, StoredReview } from '../store/store.js';
import type { DocumentUseCaseDeps } from './submit.js';

/** A reviewer's decision on a document. */
export interface ReviewDecision {
  disposition: ReviewDisposition;
  note?: string;
  reviewer?: string;
}

/** Records `decision` on the document `id`. */
export async function reviewDocument(deps: DocumentUseCaseDeps, who: DocumentCaller, id: string, decision: ReviewDecision): Promise<StoredDocument> {
  const review: StoredReview = {
    disposition: decision.disposition,
    ...defined({ note: decision.note, reviewer: decision.reviewer }),
    reviewed_at: deps.now().toISOString(),
  };
  const result = await deps.store.documents.reviewDocument(who.account.id, deps.environment, id, review);
  if (!result) throw documentError('not_found', 'No document with that id in this environment.');
  if (result === 'not_completed') throw documentError('not_reviewable', 'Only a completed document can be reviewed.');
  return result;
}
