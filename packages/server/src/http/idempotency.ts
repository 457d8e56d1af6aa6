// Idempotency-Key on the document service's create routes: a key of 1-64 characters remembers the
// first answer for 24 h per account and environment — the key is the header's value, whatever
// route it is sent to — bound to the route and the SHA-256 of the payload it first carried
// (object key order does not matter; array order and an explicit null do); a replay answers the
// first status and body with `Idempotency-Replayed: true`, another payload or another route is
// `422 idempotency_key_reuse`. A key is claimed in the store before its request runs, so two
// requests with one key on any processes run once: the second waits for the first's answer (up to
// 30 s, then `409 idempotency_key_in_use`); a request that ends in an error drops its claim (the
// spec's "nothing recorded; retry with the same key"); a claim left by a crashed process lapses
// after 5 minutes. The effect a request makes (a document, a report, a link) is recorded on its
// claim in the effect's own transaction, so a retry after a crash or an error that came after
// the effect resumes with that resource (`claim.resumed`) and never makes a second one.
import { nodeDigests } from '@loupe/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment, KeyClaim, Store } from '../store/store.js';
import type { DocumentCaller } from './auth/document-caller.js';
import { documentError } from './errors/document-errors.js';

/** The replay window. */
const WINDOW_MS = 24 * 3600 * 1000;
/** How long a second request with a key waits for the first one's answer. */
const IN_FLIGHT_WAIT_MS = 30_000;
/** A claim older than this was left by a process that died. */
const CLAIM_LAPSE_MS = 5 * 60_000;

/** JSON text with object keys sorted at every level (arrays and nulls kept as they are). */
function canonicalJson(value: unknown): string {
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

/** The SHA-256 of a payload in canonical JSON. */
export function payloadHashOf(payload: unknown): string {
  return nodeDigests.sha256(new TextEncoder().encode(canonicalJson(payload)));
}

/** What a key is bound to: the route and the payload's hash. */
export function keyBindingOf(route: string, payloadHash: string): string {
  return payloadHashOf({ route, payloadHash });
}

/** The one scope the store keeps keys under: a key is its header's value, whatever the route. */
export const KEY_SCOPE = 'any route';

/** Idempotency-Key handling for one environment. */
export interface Idempotency {
  /** The request's key (undefined without one); over 64 characters is 400. */
  keyOf(request: FastifyRequest): string | undefined;
  /** The payload's binding hash. */
  hashOf(payload: unknown): string;
  /**
   * Sends the remembered answer when the key has one (`replied`; a different payload is 422);
   * otherwise claims the key for this request (`claim`, undefined without a key), for the
   * request's effect to record its resource on.
   */
  begin(
    who: DocumentCaller,
    route: string,
    key: string | undefined,
    payloadHash: string,
    reply: FastifyReply,
  ): Promise<{ replied: FastifyReply } | { claim: KeyClaim | undefined }>;
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
  /** Replies whose answer was remembered (their claim is not dropped when they close). */
  const answered = new WeakSet<FastifyReply>();
  return {
    keyOf(request) {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length === 0 || key.length > 64)) throw documentError('invalid_request', 'Idempotency-Key is 1 to 64 characters.');
      return key;
    },
    hashOf: payloadHashOf,
    async begin(who, route, key, payloadHash, reply) {
      if (key === undefined) return { claim: undefined };
      const bound = keyBindingOf(route, payloadHash);
      const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
      const reuse = () => documentError('idempotency_key_reuse', 'This Idempotency-Key was first used with a different payload or on another route.');
      for (;;) {
        const at = now().getTime();
        const claim = await store.idempotency.claimAnswer(who.account.id, environment, KEY_SCOPE, key, {
          payloadHash: bound,
          at: new Date(at).toISOString(),
          since: new Date(at - WINDOW_MS).toISOString(),
          staleBefore: new Date(at - CLAIM_LAPSE_MS).toISOString(),
        });
        if (claim.state === 'claimed') {
          reply.raw.once('close', () => {
            if (!answered.has(reply)) void store.idempotency.releaseAnswer(who.account.id, environment, KEY_SCOPE, key).catch(() => undefined);
          });
          const held: KeyClaim = { accountId: who.account.id, environment, route: KEY_SCOPE, key };
          return { claim: claim.resumed === undefined ? held : { ...held, resumed: claim.resumed } };
        }
        if (claim.state === 'answered') {
          if (claim.answer.payloadHash !== bound) throw reuse();
          return {
            replied: reply.code(claim.answer.status).header('idempotency-replayed', 'true').type('application/json; charset=utf-8').send(claim.answer.body),
          };
        }
        if (claim.payloadHash !== bound) throw reuse();
        if (Date.now() >= deadline)
          throw documentError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; retry when it has answered.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async answer(who, route, key, payloadHash, reply, status, body) {
      const text = JSON.stringify(body);
      if (key !== undefined) {
        const bound = keyBindingOf(route, payloadHash);
        await store.idempotency.rememberAnswer(who.account.id, environment, KEY_SCOPE, key, {
          payloadHash: bound,
          status,
          body: text,
          createdAt: now().toISOString(),
        });
        answered.add(reply);
      }
      return reply.code(status).type('application/json; charset=utf-8').send(text);
    },
  };
}
