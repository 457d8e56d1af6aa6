// Who is calling the media API, as its Authentication section says: the `x-api-key` header is the
// only key transport (a `Bearer` value is a dashboard session token, accepted on the account
// routes only); no key or an unknown or revoked one is 401; an inactive account, or one whose
// e-mail is not verified, is 403 FORBIDDEN; a service-scoped key outside its service is 403
// API_KEY_SCOPE (string form). Universal keys pass every scope.
import type { FastifyRequest } from 'fastify';
import type { Account, ApiKey, ServiceType, Store } from '../../store/store.js';
import { objectError, stringError, unauthorized } from '../errors/media-errors.js';
import { findKey } from './keys.js';
import { verifySession } from './sessions.js';

/** The caller of a media route. */
export interface MediaCaller {
  account: Account;
  /** The key used; undefined for a dashboard session. */
  key?: ApiKey;
}

/** The value of a single-valued header. */
function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function admit(account: Account | undefined): Account {
  if (!account) throw unauthorized();
  if (!account.active) throw objectError(403, 'FORBIDDEN', 'This account is inactive.');
  if (!account.emailVerified) throw objectError(403, 'FORBIDDEN', 'EMAIL_VERIFICATION_REQUIRED: verify the account e-mail address before using the API.');
  return account;
}

/** Authenticates an API-key request; `scopes` lists the service scopes the route accepts besides UNIVERSAL. */
export async function keyCaller(store: Store, request: FastifyRequest, scopes: readonly ServiceType[]): Promise<MediaCaller> {
  const plaintext = header(request, 'x-api-key');
  if (!plaintext) throw unauthorized();
  const found = await findKey(store, plaintext);
  if (found?.key.kind !== 'media') throw unauthorized('The API key is not recognised.');
  const { key } = found;
  const account = admit(found.account);
  if (key.serviceType !== 'UNIVERSAL' && !scopes.includes(key.serviceType)) {
    throw stringError(
      403,
      'API_KEY_SCOPE',
      `This key is scoped to ${key.serviceType}; this route needs a universal key${scopes.length ? ` or one scoped to ${scopes.join(' or ')}` : ''}.`,
    );
  }
  return { account, key };
}

/** Authenticates an account route: an API key of any scope, or a dashboard session token as `Authorization: Bearer`. */
export async function accountCaller(store: Store, secret: Uint8Array, request: FastifyRequest): Promise<MediaCaller> {
  if (header(request, 'x-api-key') !== undefined)
    return keyCaller(store, request, ['AI_CONTENT_DETECTION', 'FACE_SWAP_DETECTION', 'QR_URL_DETECTION', 'AGE_DETECTION', 'AI_MANIPULATED']);
  const bearer = /^Bearer\s+(.+)$/i.exec(header(request, 'authorization') ?? '')?.[1]?.trim();
  if (!bearer) throw unauthorized();
  const accountId = await verifySession(secret, bearer);
  if (!accountId) throw unauthorized('The session token is not valid (an API key goes in the x-api-key header, never as a Bearer token).');
  return { account: admit(await store.accounts.accountById(accountId)) };
}
