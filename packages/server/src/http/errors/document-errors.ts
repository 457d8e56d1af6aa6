// Error answers of the document API: always `{error: {type, code, message, doc_url}}`, context
// keys inside `error`, one member at the top level; the spec's HTTP status for each code. The
// envelope also spells the framework's refusals (validation, JSON parsing, body limits) and the
// paths the API does not have (404, or 405 with `Allow`).
import { ERROR_DOC_BASE } from '@loupe/core';
import type { FastifyError } from 'fastify';
import { type Envelope, pathOf } from '../api-scope.js';

/** The error types of the document spec's table, by code. */
const TYPES: Record<string, string> = {
  invalid_request: 'invalid_request',
  malformed_json: 'invalid_request',
  missing_file: 'invalid_request',
  source_file_required: 'invalid_request',
  invalid_option: 'invalid_request',
  invalid_api_key: 'authentication',
  browser_origin_forbidden: 'authentication',
  not_found: 'not_found',
  method_not_allowed: 'invalid_request',
  file_too_large: 'file_error',
  request_too_large: 'invalid_request',
  unsupported_type: 'file_error',
  file_encrypted: 'file_error',
  url_fetch_failed: 'processing_error',
  unreadable_document: 'processing_error',
  rate_limited: 'rate_limited',
  not_reviewable: 'conflict',
  analysis_in_progress: 'conflict',
  file_not_retained: 'conflict',
  idempotency_key_reuse: 'invalid_request',
  expected_total_below_submitted: 'invalid_request',
  message_would_disclose_flag: 'invalid_request',
  link_already_active: 'conflict',
  link_already_consumed: 'conflict',
  link_expired: 'conflict',
  sandbox_only: 'conflict',
  capture_not_ready: 'conflict',
  attribution_currency_conflict: 'invalid_request',
  idempotency_key_in_use: 'conflict',
  delivery_channel_unavailable: 'invalid_request',
  server_error: 'server_error',
};

/** A refusal of the document API. */
export class DocumentHttpError extends Error {
  override readonly name = 'DocumentHttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly context: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The wire body. */
  body(): { error: Record<string, unknown> } {
    return {
      error: { type: TYPES[this.code] ?? 'invalid_request', code: this.code, message: this.message, doc_url: ERROR_DOC_BASE + this.code, ...this.context },
    };
  }
}

/** A refusal with the spec's status and type for `code`. */
export const documentError = (status: number, code: string, message: string, context: Record<string, unknown> = {}): DocumentHttpError =>
  new DocumentHttpError(status, code, message, context);

/** A validation error of a request schema as the document API reports it: an option's is `invalid_option`, any other `invalid_request`. */
function validationError(error: FastifyError): DocumentHttpError {
  const [first] = error.validation ?? [];
  const where = first?.instancePath ?? '';
  const context = error.validationContext === 'querystring' ? 'query parameter' : error.validationContext === 'params' ? 'path parameter' : 'body';
  const field = where.replace(/^\//, '').replaceAll('/', '.');
  const message = `${field ? `${field} (${context})` : `The ${context}`} ${first?.message ?? 'is not valid'}.`;
  if (error.validationContext === 'body' && field.startsWith('options')) return documentError(400, 'invalid_option', message);
  return documentError(400, 'invalid_request', message);
}

/** A failure in the document spec's shape. */
function documentFailure(error: FastifyError): DocumentHttpError {
  if (error instanceof DocumentHttpError) return error;
  const status = error.statusCode ?? 500;
  if (error.validation) return validationError(error);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError))
    return documentError(400, 'malformed_json', 'The body is not valid JSON.');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return documentError(400, 'malformed_json', 'The body is empty; send a JSON object.');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return documentError(413, 'request_too_large', 'The JSON body is over 1 MB.');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return documentError(400, 'invalid_request', 'The Content-Type is not accepted here; send application/json or multipart/form-data.');
  if (status === 413) return documentError(413, 'file_too_large', 'The file is over 200 MiB.');
  if (status < 500) return documentError(400, 'invalid_request', error.message);
  return documentError(500, 'server_error', 'The service failed; nothing was recorded. Retry with backoff and the same Idempotency-Key.');
}

/** The document API's envelope. */
export const documentEnvelope: Envelope = {
  failure(error) {
    const e = documentFailure(error);
    return { status: e.status, body: e.body(), headers: e.headers };
  },
  notFound(request, allowed) {
    const path = pathOf(request);
    if (allowed.length === 0) return { status: 404, body: documentError(404, 'not_found', `No route ${request.method} ${path}.`).body() };
    const e = documentError(405, 'method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`);
    return { status: 405, body: e.body(), headers: { allow: allowed.join(', ') } };
  },
};
