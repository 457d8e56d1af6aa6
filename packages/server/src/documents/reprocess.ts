// The reprocess use case of `POST /v1/documents/{id}/reprocess`: the caller attaches the original
// (its SHA-256 must be the document's), nothing runs while an analysis is queued or running
// (`409 analysis_in_progress`) or when the bytes are no longer held (`409 file_not_retained`);
// otherwise the document is `processing` again, keeping its prior verdict readable, and the
// workers are woken.
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { StoredDocument } from '../store/store.js';
import type { DocumentUseCaseDeps } from './submit.js';

const notFound = () => documentError('not_found', 'No document with that id in this environment.');
const inProgress = () => documentError('analysis_in_progress', 'An analysis of this document is queued or running.');

/** Queues the document `id` for a new analysis of the original file (the SHA-256 of the file attached, as first submitted). */
export async function reprocessDocument(
  deps: DocumentUseCaseDeps,
  who: DocumentCaller,
  id: string,
  originalSha256: string | undefined,
): Promise<StoredDocument> {
  const found = await deps.store.documents.document(who.account.id, deps.environment, id);
  if (!found) throw notFound();
  if (originalSha256 === undefined) throw documentError('source_file_required', 'Attach the original document in the multipart part file.');
  if (originalSha256 !== found.sha256) throw documentError('invalid_request', "The attached file's SHA-256 does not match the document's.");
  if (found.status === 'processing') throw inProgress();
  if (!(await deps.blobs.has(found.sha256)))
    throw documentError('file_not_retained', 'The bytes of this document are no longer held, so it cannot be reprocessed.');
  const queued = await deps.store.documents.reprocessDocument(who.account.id, deps.environment, id);
  if (queued === 'in_progress') throw inProgress();
  if (!queued) throw notFound();
  deps.notify();
  return queued;
}
