// Turning openapi-fetch answers into data or errors a view can show: the contract's error message
// (either envelope), the status, and the request id to quote.
import { LoupeApiError, type paths } from '@loupe/client';

/** The data of a successful answer, or a `LoupeApiError`. */
export function dataOf<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.response.ok && answer.data !== undefined) return answer.data;
  throw new LoupeApiError(answer.response.status, answer.error, answer.response.headers.get('x-request-id'));
}

/** What to tell the reviewer about `error`. */
export function messageOf(error: unknown): string {
  if (error instanceof LoupeApiError) {
    const body = error.body as { error?: { message?: string } | string; message?: string } | undefined;
    const inner = typeof body?.error === 'object' ? body.error.message : (body?.message ?? body?.error);
    return `${inner ?? error.message} (HTTP ${error.status}${error.requestId ? `, request ${error.requestId}` : ''})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The error code of a refusal, when it carries one. */
export function codeOf(error: unknown): string | undefined {
  if (!(error instanceof LoupeApiError)) return undefined;
  const body = error.body as { error?: { code?: string }; code?: string } | undefined;
  return body?.error?.code ?? body?.code;
}

type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } }
  ? T
  : never;

/** A Document. */
export type Document = Json<'/v1/documents/{id}', 'get'>;
/** A loan summary. */
export type Loan = Json<'/v1/loans/{external_ref}', 'get'>;
/** A document summary row. */
export type DocumentRow = Extract<Json<'/v1/documents', 'get'>['data'][number], { object: 'document_summary' }>;
/** A media detection. */
export type Detection = Json<'/v1/detections/{id}', 'get'>;
/** A re-capture template. */
export type Template = Json<'/v1/recapture/templates', 'get'>['data'][number];
