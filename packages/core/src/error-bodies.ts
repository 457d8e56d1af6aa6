// The engine's errors spelled as each contract spells them. The document spec answers
// `{type, code, message, doc_url}` with its own lower-case codes (a pool limit is the service's
// failure: `server_error`, with the pool's code as `reason`); the media spec answers
// `{success: false, error: {code, message}}` with UPPER_SNAKE_CASE codes and `reasons` for
// NOT_ASSESSABLE. Callers that speak a spec (the CLI, the server, the page) call these and never
// build error bodies themselves.
import { type DocumentErrorCode, LoupeError, MediaError, PoolError, type PoolErrorCode } from './errors.js';
import type { DocumentError } from './spec/document.js';
import { DOCUMENT_ERRORS } from './spec/document-errors.js';
import type { MediaObjectError } from './spec/media.js';

/**
 * Base of the documentation links in document error objects: a path on the Loupe server that
 * answered (its `GET /errors` page, one section per code), so a self-hosted deployment links to its
 * own pages; resolve it against the server's address.
 */
export const ERROR_DOC_BASE = '/errors#';

/** The engine's own document codes (the rest of the error table is the service's). */
const ENGINE_DOCUMENT_CODES: readonly DocumentErrorCode[] = ['unreadable_document', 'unsupported_type', 'file_encrypted', 'file_too_large', 'server_error'];

const isDocumentCode = (code: string): code is DocumentErrorCode => (ENGINE_DOCUMENT_CODES as readonly string[]).includes(code);

/** Any thrown value as the document spec's error object; what it does not know is `server_error`. */
export function toDocumentError(error: unknown): DocumentError {
  if (error instanceof LoupeError && isDocumentCode(error.code)) {
    const spec: DocumentError = { type: DOCUMENT_ERRORS[error.code].type, code: error.code, message: error.message, doc_url: ERROR_DOC_BASE + error.code };
    if (error.reason !== undefined) spec.reason = error.reason;
    return spec;
  }
  if (error instanceof PoolError) {
    return { type: 'server_error', code: 'server_error', message: error.message, doc_url: `${ERROR_DOC_BASE}server_error`, reason: error.code };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { type: 'server_error', code: 'server_error', message: `The engine failed unexpectedly: ${detail}`, doc_url: `${ERROR_DOC_BASE}server_error` };
}

/** The media spec's codes this engine can answer with. */
export type MediaSpecCode =
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNDECODABLE_IMAGE'
  | 'UNDECODABLE_VIDEO'
  | 'UNDECODABLE_AUDIO'
  | 'FILE_TOO_LARGE'
  | 'NOT_ASSESSABLE'
  | 'DETECTORS_UNAVAILABLE'
  | 'DETECTION_PLATFORM_TIMEOUT'
  | 'DETECTION_PLATFORM_UNREACHABLE'
  | 'INTERNAL_ERROR';

/** HTTP status of each media code, as the spec's error table gives it. */
export const MEDIA_ERROR_STATUS: Record<MediaSpecCode, number> = {
  UNSUPPORTED_MEDIA_TYPE: 422,
  UNDECODABLE_IMAGE: 422,
  UNDECODABLE_VIDEO: 422,
  UNDECODABLE_AUDIO: 422,
  FILE_TOO_LARGE: 413,
  NOT_ASSESSABLE: 422,
  DETECTORS_UNAVAILABLE: 500,
  DETECTION_PLATFORM_TIMEOUT: 504,
  DETECTION_PLATFORM_UNREACHABLE: 504,
  INTERNAL_ERROR: 500,
};

/** How the media spec names the pool's ways of ending a job. */
const POOL_MEDIA_CODES: Record<PoolErrorCode, MediaSpecCode> = {
  job_timeout: 'DETECTION_PLATFORM_TIMEOUT',
  queue_full: 'DETECTION_PLATFORM_UNREACHABLE',
  pool_closed: 'DETECTION_PLATFORM_UNREACHABLE',
  job_out_of_memory: 'INTERNAL_ERROR',
  worker_crashed: 'INTERNAL_ERROR',
  job_cancelled: 'INTERNAL_ERROR',
};

/** The media spec's code for any thrown value. */
export function mediaSpecCode(error: unknown): MediaSpecCode {
  if (error instanceof MediaError) return error.code.toUpperCase() as MediaSpecCode;
  if (error instanceof PoolError) return POOL_MEDIA_CODES[error.code];
  return 'INTERNAL_ERROR';
}

/** Any thrown value as the media spec's object-form error body (`reasons` for NOT_ASSESSABLE). */
export function toMediaErrorBody(error: unknown): MediaObjectError & { error: { code: MediaSpecCode } } {
  const message = error instanceof Error ? error.message : String(error);
  const reasons = error instanceof MediaError ? error.reasons : [];
  return { success: false, error: { code: mediaSpecCode(error), message }, ...(reasons.length ? { reasons } : {}) };
}
