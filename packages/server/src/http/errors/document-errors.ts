// Error answers of the document API: always `{error: {type, code, message, doc_url}}`, context
// keys inside `error`, one member at the top level; the spec's HTTP status for each code.
import { ERROR_DOC_BASE } from '@loupe/core';

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
