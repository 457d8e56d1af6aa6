// How request schemas are checked: query strings, path parameters and headers are text, so their
// values are coerced to the schema's types (`?limit=5` is 5, one `?tag=x` is `["x"]`); JSON bodies
// are checked as sent (a string is never taken for a number); a multipart body is read part by part
// while it streams, so its schema documents the parts and the route checks them. Defaults fill in.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const base: Options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false };

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...base, ...options });
  addFormats.default(instance);
  return instance;
}

const text = ajv({ coerceTypes: 'array' });
const json = ajv({ coerceTypes: false });

/** The validator compiler of every listener. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart, contentType }) => {
  if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
  return (httpPart === 'body' ? json : text).compile(schema);
};
