// Error answers of the media API in its two wire shapes: the object form `{success: false, error:
// {code, message}}` (route and platform refusals) and the string form `{success: false, error:
// CODE, message}` (link refusals and API_KEY_SCOPE), plus the 429 body, which has no `success`.
// Routes throw `MediaHttpError`; the app's error handler writes it.
import { MEDIA_ERROR_STATUS, MediaError, mediaSpecCode, PoolError, toMediaErrorBody } from '@loupe/core';
import type { FastifyError } from 'fastify';
import { storeUnavailable } from '../../store/store-error.js';
import { type Envelope, pathOf } from '../api-scope.js';
import { presentedKey } from '../auth/document-caller.js';
import { documentEnvelope, OUTAGE_RETRY_SECONDS } from './document-errors.js';

/** An answer of the media API that is not a Detection. */
export class MediaHttpError extends Error {
  override readonly name = 'MediaHttpError';
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : String((body.error as { message?: string } | undefined)?.message ?? body.error));
  }
}

/** An object-form refusal. */
export function objectError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): MediaHttpError {
  return new MediaHttpError(status, { success: false, error: { code, message }, ...extra });
}

/** A string-form refusal (links, API_KEY_SCOPE). */
export function stringError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): MediaHttpError {
  return new MediaHttpError(status, { success: false, error: code, message, ...extra });
}

/** 503 during an outage of the store, with `Retry-After`. */
export function serviceUnavailable(what: string, code = 'SERVICE_UNAVAILABLE'): MediaHttpError {
  return new MediaHttpError(
    503,
    { success: false, error: { code, message: `${what}; retry after Retry-After seconds.` } },
    { 'retry-after': String(OUTAGE_RETRY_SECONDS) },
  );
}

/** 401: no key, or a key that is not recognised. */
export const unauthorized = (message = 'A valid API key is required in the x-api-key header.'): MediaHttpError => objectError(401, 'UNAUTHORIZED', message);

/** An engine or pool failure as the media spec answers it (`request_id` beside NOT_ASSESSABLE's reasons). */
export function engineError(error: unknown, requestId: string): MediaHttpError {
  if (!(error instanceof MediaError) && !(error instanceof PoolError))
    return objectError(500, 'INTERNAL_ERROR', 'The detection failed unexpectedly; retry with backoff.');
  const code = mediaSpecCode(error);
  const body: Record<string, unknown> = { ...toMediaErrorBody(error) };
  if (code === 'NOT_ASSESSABLE') body.request_id = requestId;
  return new MediaHttpError(MEDIA_ERROR_STATUS[code], body);
}

/** A failure in the media spec's shape (validation and parse errors are the generic 400). */
function mediaFailure(error: FastifyError): MediaHttpError {
  if (error instanceof MediaHttpError) return error;
  const status = error.statusCode ?? 500;
  if (error.validation) return objectError(400, 'BAD_REQUEST', error.message);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return objectError(413, 'REQUEST_TOO_LARGE', 'The JSON body is over 1 MB; send a file as multipart/form-data.');
  if (status === 413) return objectError(413, 'FILE_TOO_LARGE', 'The request body is over the limit.');
  if (status < 500) return objectError(status, 'BAD_REQUEST', error.message);
  if (storeUnavailable(error)) return serviceUnavailable('The service cannot reach its storage for the moment; nothing was recorded');
  return objectError(500, 'INTERNAL_ERROR', 'The service failed unexpectedly; retry with backoff.');
}

/** The media API's envelope (an unknown path is 404 whatever its verbs; under /v1 with a document key, the document contract's 404). */
export const mediaEnvelope: Envelope = {
  failure(error) {
    const e = mediaFailure(error);
    return { status: e.status, body: e.body, headers: e.headers };
  },
  notFound(request, allowed) {
    // only the document contract defines unknown routes: a caller presenting a document key under
    // /v1 hears the 404 in that contract's envelope
    if (allowed.length === 0 && pathOf(request).startsWith('/v1/') && /^sk_(live|test)_/.test(presentedKey(request) ?? ''))
      return documentEnvelope.notFound(request, []);
    return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathOf(request)}.` } } };
  },
};
