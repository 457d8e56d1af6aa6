// Idempotency-Key on the document service's create routes: a key of 1-64 characters remembers the
// first answer for 24 h per account, environment and route, bound to the SHA-256 of the payload
// it first carried (object key order does not matter; array order and an explicit null do); a
// replay answers the first status and body with `Idempotency-Replayed: true`, another payload
// is `422 idempotency_key_reuse`.
import { nodeDigests } from '@loupe/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment, Store } from '../store/store.js';
import type { DocumentCaller } from './auth.js';
import { documentError } from './errors.js';

/** The replay window. */
const WINDOW_MS = 24 * 3600 * 1000;

/** JSON text with object keys sorted at every level (arrays and nulls kept as they are). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Idempotency-Key handling for one environment. */
export interface Idempotency {
  /** The request's key (undefined without one); over 64 characters is 400. */
  keyOf(request: FastifyRequest): string | undefined;
  /** The payload's binding hash. */
  hashOf(payload: unknown): string;
  /** Sends the remembered answer when the key has one (a different payload is 422). */
  replay(who: DocumentCaller, route: string, key: string | undefined, payloadHash: string, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** Sends `body` with `status`, remembering it under the key when one came. */
  answer(
    who: DocumentCaller,
    route: string,
    key: string | undefined,
    payloadHash: string,
    reply: FastifyReply,
    status: number,
    body: Record<string, unknown>,
  ): Promise<FastifyReply>;
}

/** Idempotency over `store` for `environment`. */
export function idempotency(store: Store, environment: Environment, now: () => Date): Idempotency {
  return {
    keyOf(request) {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length === 0 || key.length > 64)) throw documentError(400, 'invalid_request', 'Idempotency-Key is 1 to 64 characters.');
      return key;
    },
    hashOf: (payload) => nodeDigests.sha256(new TextEncoder().encode(canonicalJson(payload))),
    async replay(who, route, key, payloadHash, reply) {
      if (key === undefined) return undefined;
      const since = new Date(now().getTime() - WINDOW_MS).toISOString();
      const remembered = await store.idempotentAnswer(who.account.id, environment, route, key, since);
      if (!remembered) return undefined;
      if (remembered.payloadHash !== payloadHash)
        throw documentError(422, 'idempotency_key_reuse', 'This Idempotency-Key was first used with a different payload.');
      return reply.code(remembered.status).header('idempotency-replayed', 'true').type('application/json; charset=utf-8').send(remembered.body);
    },
    async answer(who, route, key, payloadHash, reply, status, body) {
      const text = JSON.stringify(body);
      if (key !== undefined)
        await store.rememberAnswer(who.account.id, environment, route, key, { payloadHash, status, body: text, createdAt: now().toISOString() });
      return reply.code(status).type('application/json; charset=utf-8').send(text);
    },
  };
}
