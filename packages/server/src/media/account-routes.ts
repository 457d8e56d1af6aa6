// The media API's account routes, exactly as media-detection-service.md writes them: the profile,
// the credit balance and ledger, and API key generation and revocation (by a key or a dashboard
// session; a scoped key acts only on its own scope).
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { issueKey } from '../http/auth/keys.js';
import { accountCaller } from '../http/auth/media-caller.js';
import { objectError, stringError } from '../http/errors/media-errors.js';
import { mediaErrors } from '../http/schemas.js';
import { type ApiKey, SERVICE_TYPES, type Store } from '../store/store.js';
import { CreditsSchema, KeyGeneratedSchema, KeyRevokedSchema, LedgerSchema, ProfileSchema } from './schemas.js';

/** What the account routes need. */
export interface AccountRouteDeps {
  store: Store;
  sessionSecret: Uint8Array;
}

const ACTIVE_KEYS_PER_SCOPE = 10;

/** The `apiKey` object of the generate route. */
function keyView(key: ApiKey, value: string) {
  return {
    id: key.id,
    value,
    serviceType: key.serviceType === 'UNIVERSAL' ? null : key.serviceType,
    isUniversal: key.serviceType === 'UNIVERSAL',
    name: key.name ?? '',
    created: key.createdAt,
    lastUpdated: key.updatedAt,
    note: key.note ?? '',
  };
}

/** Registers the account routes on `app`. */
export function accountRoutes(app: LoupeApp, deps: AccountRouteDeps): void {
  const { store } = deps;
  const accountRoute = { security: [{ apiKey: [] }, { session: [] }] };
  const accountErrors = mediaErrors(400, 401, 403);

  app.get(
    '/users/profile',
    { schema: { tags: ['account'], summary: 'The account', ...accountRoute, response: { 200: ProfileSchema, ...accountErrors } } },
    async (request) => {
      const { account } = await accountCaller(store, deps.sessionSecret, request);
      return {
        success: true as const,
        user: { id: account.id, email: account.email, name: account.name, tier: null, emailVerified: account.emailVerified, createdAt: account.createdAt },
        credits: account.balance,
      };
    },
  );

  app.get(
    '/users/credits',
    { schema: { tags: ['account'], summary: 'The credit balance', ...accountRoute, response: { 200: CreditsSchema, ...accountErrors } } },
    async (request) => {
      const { account } = await accountCaller(store, deps.sessionSecret, request);
      return { success: true as const, userId: account.id, balance: account.balance };
    },
  );

  app.get(
    '/users/credits/ledger',
    {
      schema: {
        tags: ['account'],
        summary: 'Every credit movement, newest first',
        ...accountRoute,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
        }),
        response: { 200: LedgerSchema, ...accountErrors },
      },
    },
    async (request) => {
      const { account } = await accountCaller(store, deps.sessionSecret, request);
      const { limit: size = 20, offset = 0 } = request.query;
      const { entries, total } = await store.credits.ledger(account.id, size, offset);
      return {
        success: true as const,
        userId: account.id,
        entries: entries.map((e) => ({ id: e.id, delta: e.delta, reason: e.reason, ref: e.ref, created_at: e.createdAt })),
        pagination: { limit: size, offset, total, has_more: offset + entries.length < total },
      };
    },
  );

  app.post(
    '/users/api-key/generate',
    {
      schema: {
        tags: ['account'],
        summary: 'Add an API key (the plaintext is returned once)',
        ...accountRoute,
        body: Type.Object({ serviceType: Type.Optional(Type.Enum([...SERVICE_TYPES])), name: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: KeyGeneratedSchema, ...accountErrors, ...mediaErrors(409) },
      },
      // the body is optional: no body reads as an empty object
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const caller = await accountCaller(store, deps.sessionSecret, request);
      const body = request.body ?? {};
      const serviceType = body.serviceType ?? 'UNIVERSAL';
      const own = caller.key?.serviceType;
      if (own && own !== 'UNIVERSAL' && serviceType !== own)
        throw stringError(403, 'API_KEY_SCOPE', `A key scoped to ${own} can only create keys scoped to ${own}.`);
      if ((await store.accounts.countActiveKeys(caller.account.id, 'media', serviceType)) >= ACTIVE_KEYS_PER_SCOPE) {
        throw objectError(409, 'API_KEY_LIMIT', `This account already has ${ACTIVE_KEYS_PER_SCOPE} active ${serviceType} keys; revoke one first.`);
      }
      const { key, plaintext } = await issueKey(store, caller.account.id, 'media', {
        serviceType,
        sandbox: caller.key?.sandbox ?? false,
        name: body.name ?? null,
      });
      return {
        success: true as const,
        message: 'API key created.',
        warning: 'Store this key now: its value is shown only once.',
        user: { id: caller.account.id, email: caller.account.email },
        apiKey: keyView(key, plaintext),
      };
    },
  );

  app.delete(
    '/users/api-key/revoke/:apiKeyId',
    {
      schema: {
        tags: ['account'],
        summary: 'Revoke an API key',
        ...accountRoute,
        params: Type.Object({ apiKeyId: Type.String({ maxLength: 64 }) }),
        response: { 200: KeyRevokedSchema, ...accountErrors, ...mediaErrors(404) },
      },
    },
    async (request) => {
      const caller = await accountCaller(store, deps.sessionSecret, request);
      const id = request.params.apiKeyId;
      const owned = (await store.accounts.keysOf(caller.account.id)).find((k) => k.id === id && k.kind === 'media');
      // a scoped key acts only on keys of its own scope, as on generation
      const own = caller.key?.serviceType;
      if (owned && own && own !== 'UNIVERSAL' && owned.serviceType !== own)
        throw stringError(403, 'API_KEY_SCOPE', `A key scoped to ${own} can only revoke keys scoped to ${own}.`);
      const key = owned && (await store.accounts.revokeKey(caller.account.id, owned.id));
      if (!key) throw objectError(404, 'NOT_FOUND', 'No API key with that id exists on this account.');
      return {
        success: true as const,
        message: 'API key revoked.',
        user: { id: caller.account.id, email: caller.account.email },
        revokedKey: {
          id: key.id,
          serviceType: key.serviceType === 'UNIVERSAL' ? null : key.serviceType,
          isUniversal: key.serviceType === 'UNIVERSAL',
          name: key.name,
        },
      };
    },
  );
}
