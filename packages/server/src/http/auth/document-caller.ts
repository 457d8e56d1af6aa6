// Who is calling the document API, as its Authentication section says: the key in
// `X-API-Key` (which wins) or `Authorization: Bearer`; `sk_live_` keys on the production listener
// only and `sk_test_` keys on the sandbox listener only; a missing, malformed, unknown, revoked or
// other-environment key is `401 invalid_api_key` with a message naming the problem; a key in the
// query string or body is 401; any browser `Origin` is `401 browser_origin_forbidden`.
import type { FastifyRequest } from 'fastify';
import type { Account, ApiKey, Environment, Store } from '../../store/store.js';
import { documentError } from '../errors/document-errors.js';
import { findKey } from './keys.js';

/** The caller of a document route. */
export interface DocumentCaller {
  account: Account;
  key: ApiKey;
  environment: Environment;
}

const KEY_IN_QUERY = /(?:^|[?&])(?:api_key|apikey|api-key|key|access_token|token)=/i;

function single(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The API key a request presents (X-API-Key, which wins, or Authorization: Bearer), unchecked. */
export const presentedKey = (request: FastifyRequest): string | undefined =>
  single(request, 'x-api-key') ?? /^Bearer\s+(.+)$/i.exec(single(request, 'authorization') ?? '')?.[1]?.trim();

/** Authenticates a document request on `environment`'s listener. */
export async function documentCaller(store: Store, request: FastifyRequest, environment: Environment): Promise<DocumentCaller> {
  if (single(request, 'origin') !== undefined)
    throw documentError('browser_origin_forbidden', 'API keys are server-side only: requests with a browser Origin header are refused.');
  if (KEY_IN_QUERY.test(request.url.split('#')[0]!.split('?')[1] ?? ''))
    throw documentError('invalid_api_key', 'Send the API key in the X-API-Key or Authorization header, never in the query string.');
  const body: unknown = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && ('api_key' in body || 'apiKey' in body)) {
    throw documentError('invalid_api_key', 'Send the API key in the X-API-Key or Authorization header, never in the body.');
  }
  const plaintext = presentedKey(request);
  if (!plaintext) throw documentError('invalid_api_key', 'No API key: send it in X-API-Key or Authorization: Bearer.');
  const wanted = environment === 'production' ? 'sk_live_' : 'sk_test_';
  if (/^sk_(live|test)_/.test(plaintext) && !plaintext.startsWith(wanted)) {
    throw documentError(
      'invalid_api_key',
      environment === 'production'
        ? 'A sk_test_ key is a sandbox key; use it on the sandbox API.'
        : 'A sk_live_ key is a production key; the sandbox takes sk_test_ keys.',
    );
  }
  if (!/^sk_(live|test)_[0-9a-f]{64}$/.test(plaintext))
    throw documentError('invalid_api_key', `The API key is malformed: document keys are ${wanted} followed by 64 hex digits.`);
  const found = await findKey(store, plaintext);
  if (found?.key.kind !== 'document' || found.key.sandbox !== (environment === 'sandbox'))
    throw documentError('invalid_api_key', 'The API key is unknown or revoked.');
  const { key, account } = found;
  if (!account.active) throw documentError('invalid_api_key', 'The account behind this key is inactive.');
  return { account, key, environment };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller of a document route (set before validation by the document API). */
    documentCaller?: DocumentCaller;
  }
}

/** The caller the document API authenticated for this request. */
export function documentCallerOf(request: FastifyRequest): DocumentCaller {
  if (!request.documentCaller) throw new Error('document route without its authentication hook');
  return request.documentCaller;
}
