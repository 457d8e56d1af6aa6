// The document API's error table: every code an answer or a failed document can carry, with the
// HTTP status and error `type` the spec gives it. The engine spells its own failures with it and
// the server types `documentError` by it, so a code outside the table does not compile and a code's
// status and type are written once. Three codes the spec does not list are the service's own
// (`idempotency_key_in_use`, `delivery_channel_unavailable`, `service_unavailable`: the 503 of an
// outage, which the spec leaves to the network edge; see the server README).

/** The spec's error types. */
export type DocumentErrorType =
  | 'invalid_request'
  | 'authentication'
  | 'not_found'
  | 'conflict'
  | 'file_error'
  | 'processing_error'
  | 'rate_limited'
  | 'server_error';

/** One row of the error table: the HTTP status and the error type of a code. */
export interface DocumentErrorRow {
  status: number;
  type: DocumentErrorType;
}

/** Every document error code, with its status and type (the spec's table, in its order). */
export const DOCUMENT_ERRORS = {
  invalid_request: { status: 400, type: 'invalid_request' },
  malformed_json: { status: 400, type: 'invalid_request' },
  missing_file: { status: 400, type: 'invalid_request' },
  source_file_required: { status: 400, type: 'invalid_request' },
  invalid_option: { status: 400, type: 'invalid_request' },
  delivery_channel_unavailable: { status: 400, type: 'invalid_request' },
  invalid_api_key: { status: 401, type: 'authentication' },
  browser_origin_forbidden: { status: 401, type: 'authentication' },
  not_found: { status: 404, type: 'not_found' },
  method_not_allowed: { status: 405, type: 'invalid_request' },
  not_reviewable: { status: 409, type: 'conflict' },
  file_not_retained: { status: 409, type: 'conflict' },
  link_already_active: { status: 409, type: 'conflict' },
  link_already_consumed: { status: 409, type: 'conflict' },
  sandbox_only: { status: 409, type: 'conflict' },
  capture_not_ready: { status: 409, type: 'conflict' },
  analysis_in_progress: { status: 409, type: 'conflict' },
  idempotency_key_in_use: { status: 409, type: 'conflict' },
  link_expired: { status: 410, type: 'conflict' },
  file_too_large: { status: 413, type: 'file_error' },
  request_too_large: { status: 413, type: 'invalid_request' },
  unsupported_type: { status: 415, type: 'file_error' },
  file_encrypted: { status: 415, type: 'file_error' },
  url_fetch_failed: { status: 422, type: 'processing_error' },
  unreadable_document: { status: 422, type: 'processing_error' },
  message_would_disclose_flag: { status: 422, type: 'invalid_request' },
  idempotency_key_reuse: { status: 422, type: 'invalid_request' },
  expected_total_below_submitted: { status: 422, type: 'invalid_request' },
  attribution_currency_conflict: { status: 422, type: 'invalid_request' },
  rate_limited: { status: 429, type: 'rate_limited' },
  server_error: { status: 500, type: 'server_error' },
  service_unavailable: { status: 503, type: 'server_error' },
} as const satisfies Record<string, DocumentErrorRow>;

/** A code of the document API's error table. */
export type DocumentApiErrorCode = keyof typeof DOCUMENT_ERRORS;
