// Request and response schemas every API shares: the error bodies of both contracts listed per
// status, the headers the document API reads (the key, Idempotency-Key), ids in paths, list
// envelopes, and the way a multipart body is described (its parts are read while they stream,
// so the schema documents them and accepts what the parser leaves in the body).
import { DocumentErrorBodySchema, MediaErrorBodySchema } from '@loupe/core';
import { type TProperties, type TSchema, Type } from 'typebox';

/** An example of the document API's error body. */
const DOCUMENT_ERROR_EXAMPLE = {
  error: {
    type: 'invalid_request',
    code: 'invalid_request',
    message: 'limit is a whole number from 1 to 100.',
    doc_url: '/errors#invalid_request',
  },
};

/** The document API's error body for each status given, and 500 (`server_error`) and 503 (`service_unavailable`), which any operation can answer. */
export function documentErrors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    [...new Set([...statuses, 500, 503])].map((status) => [
      status,
      { ...DocumentErrorBodySchema, description: `Refused (${status}): {error: {type, code, message, doc_url}}`, examples: [DOCUMENT_ERROR_EXAMPLE] },
    ]),
  );
}

/** The media API's error body for each status given, and 500 (`INTERNAL_ERROR`) and 503 (`SERVICE_UNAVAILABLE`), which any operation can answer. */
export function mediaErrors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    [...new Set([...statuses, 500, 503])].map((status) => [
      status,
      {
        ...MediaErrorBodySchema,
        description: `Refused (${status})`,
        examples: [{ success: false, error: { code: 'BAD_REQUEST', message: '`url` is a string.' } }],
      },
    ]),
  );
}

/** An `Idempotency-Key` header (1-64 characters). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Replays answer the first status and body with Idempotency-Replayed: true.' }),
  ),
});

/** A resource id in a path (ids are at most 64 characters). */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** `{object: "list", data, has_more}` of `item`. */
export const ListOf = <T extends TSchema>(item: T) => Type.Object({ object: Type.Literal('list'), data: Type.Array(item), has_more: Type.Boolean() });

/**
 * A multipart/form-data body of `parts`. It has no `type`, so it accepts the absent body the
 * multipart parser leaves (the route reads the parts as they stream and checks them itself).
 */
export const MultipartBody = <P extends TProperties>(parts: P, required: (keyof P & string)[]) =>
  Type.Unsafe<Record<string, unknown>>({ properties: parts, required });

/** A binary file part. */
export const FilePart = (description: string) => Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'application/octet-stream', description });
