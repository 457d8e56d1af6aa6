// `GET /errors`: the page every document error's `doc_url` points into (`/errors#<code>`), served by
// the listener that answered, so a self-hosted deployment links to its own pages rather than to a
// public site its users may not reach. One section per code of the document API's error table:
// its HTTP status, its type, what it means and what to do.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DOCUMENT_ERRORS, type DocumentApiErrorCode } from '@loupe/core';

/** What each code means and what the caller should do. */
export const ERROR_GUIDE: Record<DocumentApiErrorCode, string> = {
  invalid_request: 'A field is missing, of the wrong type or out of range. The message names it; fix the request and send it again.',
  malformed_json: 'The body is not valid JSON. Send a JSON object with `Content-Type: application/json`.',
  missing_file: 'A multipart upload carried no `file` part (or an empty one). Send the document as the `file` part.',
  source_file_required: 'The operation needs the original file, which this document did not keep. Submit the document again with retention on.',
  invalid_option: 'An option has a value the operation does not accept. The message lists the accepted values.',
  delivery_channel_unavailable: 'The delivery channel asked for (e-mail or SMS) is not configured on this deployment. Use another channel or the link itself.',
  invalid_api_key:
    'The API key is missing, unknown or revoked, or belongs to the other environment. Send a live key to the live listener and a sandbox key to the sandbox one.',
  browser_origin_forbidden: 'The console API answers pages served by this host only. Call the public API with an API key instead.',
  not_found: 'Nothing with that id (or reference) exists for this key: ids are per account and per environment. Check the id and the key.',
  method_not_allowed: 'The path exists but not with this method. The `Allow` header lists the methods it takes.',
  not_reviewable: 'The document cannot be reviewed in its current state (not finished, or failed). Wait for it to complete.',
  file_not_retained: 'The file was not kept (retention off, or past its retention period), so pages and re-analysis are not available.',
  link_already_active: 'A re-capture link for this document is still active. Revoke it or wait for it to expire before making another.',
  link_already_consumed: 'The re-capture link was already used. Ask the lender for a new link.',
  sandbox_only: 'The operation is for the sandbox only (test helpers). Use a sandbox key on the sandbox listener.',
  capture_not_ready: 'The re-capture has not been completed by the borrower yet. Try again once it has.',
  analysis_in_progress: 'The document is still being analysed. Poll it (or wait for the webhook) and try again when it completes.',
  idempotency_key_in_use: 'A request with this Idempotency-Key is still running. Wait for it, then retry with the same key to get its answer.',
  link_expired: 'The re-capture link has expired. Ask the lender for a new link.',
  file_too_large: 'The file is over the upload limit. Send a smaller file (split it, or lower the scan resolution).',
  request_too_large: 'The request body is over the limit for this operation. Send less in one request.',
  unsupported_type: 'The file is not a type the service reads (PDF, PNG or JPEG for documents). Convert it and send it again.',
  file_encrypted: 'The PDF is encrypted or password protected. Send an unprotected copy.',
  url_fetch_failed: 'The URL could not be fetched: it did not answer, answered an error, was too large, or points to a private address (refused by design).',
  unreadable_document:
    'The file could not be read as the type it claims (truncated, damaged, or past a parsing budget). The message says which; send a sound copy.',
  message_would_disclose_flag: 'The borrower-facing message names what was flagged. Reword it without the finding (the message lists the matched terms).',
  idempotency_key_reuse: 'This Idempotency-Key was used with a different request. Use a new key for a new request.',
  expected_total_below_submitted: 'The expected document count is below the number already submitted for this loan. Send a count at least that large.',
  attribution_currency_conflict: 'The attribution is in another currency than the loan already carries. Attribute in the loan’s currency (named in the error).',
  rate_limited: 'Too many requests for this key. Wait for the number of seconds in `Retry-After` and try again.',
  server_error: 'The service failed to finish the request. Retry later; if it persists, report the request id (`X-Request-Id`).',
  service_unavailable:
    'The service cannot reach its database or its file store for the moment; nothing was recorded. Retry after the `Retry-After` seconds with the same Idempotency-Key.',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page's HTML: one section per code, in the table's order. */
export function errorPage(): string {
  const sections = (Object.keys(DOCUMENT_ERRORS) as DocumentApiErrorCode[]).map((code) => {
    const { status, type } = DOCUMENT_ERRORS[code];
    const guide = escapeHtml(ERROR_GUIDE[code]).replace(/`([^`]+)`/g, '<code>$1</code>');
    return `<section id="${code}"><h2><code>${code}</code></h2><p>HTTP ${status} · type <code>${type}</code></p><p>${guide}</p></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loupe document API errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd}h2{font-size:1.1rem}</style></head>
<body><h1>Document API errors</h1><p>Every error answers <code>{error: {type, code, message, doc_url}}</code>; branch on <code>code</code>. Each code below says what it means and what to do.</p>
${sections.join('\n')}</body></html>`;
}

/** The error page plugin. */
export const errorPages: FastifyPluginAsyncTypebox = async (scope) => {
  const html = errorPage();
  scope.get('/errors', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
};
