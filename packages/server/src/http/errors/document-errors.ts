// Error answers of the document API: always `{error: {type, code, message, doc_url}}`, context
// keys inside `error`, one member at the top level; the status and type of each code from the
// spec's error table (core's `DOCUMENT_ERRORS`). The
// envelope also spells the framework's refusals (validation, JSON parsing, body limits) and the
// paths the API does not have (404, or 405 with `Allow`).
import { DOCUMENT_ERRORS, type DocumentApiErrorCode, ERROR_DOC_BASE } from '@loupe/core';
import type { FastifyError } from 'fastify';
import { storeUnavailable } from '../../store/store-error.js';
import { type Envelope, pathOf } from '../api-scope.js';

/** The `Retry-After` of an answer refused during an outage of the store, in seconds. */
export const OUTAGE_RETRY_SECONDS = 5;

/** A refusal of the document API: a code of the spec's error table, which gives its status and type. */
export class DocumentHttpError extends Error {
  override readonly name = 'DocumentHttpError';
  readonly status: number;
  constructor(
    readonly code: DocumentApiErrorCode,
    message: string,
    readonly context: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = DOCUMENT_ERRORS[code].status;
  }

  /** The wire body. */
  body(): { error: Record<string, unknown> } {
    return { error: { type: DOCUMENT_ERRORS[this.code].type, code: this.code, message: this.message, doc_url: ERROR_DOC_BASE + this.code, ...this.context } };
  }
}

/** A refusal with the spec's status and type for `code`. */
export const documentError = (code: DocumentApiErrorCode, message: string, context: Record<string, unknown> = {}): DocumentHttpError =>
  new DocumentHttpError(code, message, context);

/** A validation error of a request schema as the document API reports it: an option's is `invalid_option`, any other `invalid_request`. */
function validationError(error: FastifyError): DocumentHttpError {
  const [first] = error.validation ?? [];
  const where = first?.instancePath ?? '';
  const context = error.validationContext === 'querystring' ? 'query parameter' : error.validationContext === 'params' ? 'path parameter' : 'body';
  const field = where.replace(/^\//, '').replaceAll('/', '.');
  const message = `${field ? `${field} (${context})` : `The ${context}`} ${first?.message ?? 'is not valid'}.`;
  if (error.validationContext === 'body' && field.startsWith('options')) return documentError('invalid_option', message);
  return documentError('invalid_request', message);
}

/** A failure in the document spec's shape. */
function documentFailure(error: FastifyError): DocumentHttpError {
  if (error instanceof DocumentHttpError) return error;
  const status = error.statusCode ?? 500;
  if (error.validation) return validationError(error);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError))
    return documentError('malformed_json', 'The body is not valid JSON.');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return documentError('malformed_json', 'The body is empty; send a JSON object.');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return documentError('request_too_large', 'The JSON body is over 1 MB.');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return documentError('invalid_request', 'The Content-Type is not accepted here; send application/json or multipart/form-data.');
  if (status === 413) return documentError('file_too_large', 'The file is over 200 MiB.');
  if (status < 500) return documentError('invalid_request', error.message);
  if (storeUnavailable(error))
    return new DocumentHttpError(
      'service_unavailable',
      'The service cannot reach its storage for the moment; nothing was recorded. Retry after Retry-After seconds with the same Idempotency-Key.',
      {},
      { 'retry-after': String(OUTAGE_RETRY_SECONDS) },
    );
  return documentError('server_error', 'The service failed; nothing was recorded. Retry with backoff and the same Idempotency-Key.');
}

/** The document API's envelope. */
export const documentEnvelope: Envelope = {
  failure(error) {
    const e = documentFailure(error);
    return { status: e.status, body: e.body(), headers: e.headers };
  },
  notFound(request, allowed) {
    const path = pathOf(request);
    if (allowed.length === 0) return { status: 404, body: documentError('not_found', `No route ${request.method} ${path}.`).body() };
    const e = documentError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`);
    return { status: 405, body: e.body(), headers: { allow: allowed.join(', ') } };
  },
};
