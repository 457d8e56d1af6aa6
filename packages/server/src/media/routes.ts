// The media detection API's routes, exactly as media-detection-service.md writes them: the one
// detection endpoint (multipart `file`/`url`/`thumbnails`, or JSON `url`/`thumbnails`), reading a
// detection back (owner only, the stored text byte for byte), the account routes (profile,
// credits, ledger, key generation and revocation) and `/health`.

import { DetectionSchema, MediaObjectErrorSchema, MediaStringErrorSchema } from '@loupe/core';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { LoupeApp } from '../http/app.js';
import { issueKey } from '../http/auth/keys.js';
import { accountCaller, keyCaller, type MediaCaller } from '../http/auth/media-caller.js';
import type { Egress } from '../http/egress/egress.js';
import { MediaHttpError, objectError, stringError } from '../http/errors/media-errors.js';
import { RateLimiter } from '../http/rates/rate-limit.js';
import type { RateState } from '../http/rates/rate-state.js';
import { FilePart, MultipartBody, mediaErrors } from '../http/schemas.js';
import { readMediaForm } from '../http/uploads/media-form.js';
import { type ApiKey, SERVICE_TYPES, type ServiceType, type Store } from '../store/store.js';
import type { DetectionService } from './detections.js';
import { type LinkResolver, mediaFromLink } from './links.js';
import { CreditsSchema, KeyGeneratedSchema, KeyRevokedSchema, LedgerSchema, ProfileSchema } from './schemas.js';

/** What the media routes need. */
export interface MediaRouteDeps {
  /** Where rate counters live (default: this process). */
  rates?: RateState;
  store: Store;
  detections: DetectionService;
  sessionSecret: Uint8Array;
  /** Requests per minute per key on POST /v1/detections (default 100). */
  detectionsPerMinute?: number;
  /** The outbound fetcher for links. */
  egress: Egress;
  /** Video pages to media; without one a page link is 501. */
  resolver?: LinkResolver;
}

const ACTIVE_KEYS_PER_SCOPE = 10;
const DETECTION_SCOPES: readonly ServiceType[] = ['AI_CONTENT_DETECTION'];
const errors = {
  400: MediaObjectErrorSchema,
  401: MediaObjectErrorSchema,
  403: Type.Union([MediaObjectErrorSchema, MediaStringErrorSchema]),
  429: MediaStringErrorSchema,
};
const security = [{ apiKey: [] }];
const DetectionJson = Type.Object({ url: Type.Optional(Type.String({ maxLength: 8192 })), thumbnails: Type.Optional(Type.Boolean()) });

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

/** Registers the media API on `app`. */
export function mediaRoutes(app: LoupeApp, deps: MediaRouteDeps): void {
  const { store } = deps;
  const limiter = new RateLimiter(deps.detectionsPerMinute ?? 100, 60_000, Date.now, deps.rates);
  const limit = async (caller: MediaCaller, group: string, reply: FastifyReply): Promise<void> => {
    const decision = await limiter.take(`${group}:${caller.key?.id ?? caller.account.id}`);
    reply.headers(decision.headers);
    if (!decision.allowed)
      throw new MediaHttpError(429, { error: 'RATE_LIMITED', message: 'Too many requests; retry after the Retry-After seconds.' }, decision.headers);
  };
  const sendJson = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

  app.get('/health', { schema: { tags: ['service'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.String() }) } } }, async () => ({
    status: 'ok',
  }));

  app.post(
    '/v1/detections',
    {
      schema: {
        tags: ['detections'],
        summary: 'Run one detection on a photo, video or audio file, or a link to one',
        description:
          'multipart/form-data (`file`, `url`, `thumbnails`) or application/json (`url`, `thumbnails`). Exactly one of file and url; a file wins when both arrive.',
        security,
        body: {
          content: {
            'multipart/form-data': {
              schema: MultipartBody({ file: FilePart('A photo, video or audio file.'), url: Type.String(), thumbnails: Type.Enum(['true', 'false']) }, []),
            },
            'application/json': { schema: DetectionJson },
          },
        },
        response: { 200: DetectionSchema, ...errors, ...mediaErrors(402, 413, 415, 422, 500, 501) },
      },
    },
    async (request, reply) => {
      const caller = await keyCaller(store, request, DETECTION_SCOPES);
      await limit(caller, 'detections', reply);
      let file: { bytes: Uint8Array; filename: string | null } | undefined;
      let url: string | undefined;
      let thumbnails = false;
      if (request.isMultipart()) {
        const form = await readMediaForm(request);
        file = form.file;
        url = form.fields.url;
        const t = form.fields.thumbnails;
        if (t !== undefined && t !== 'true' && t !== 'false') throw objectError(400, 'BAD_REQUEST', '`thumbnails` is "true" or "false".');
        thumbnails = t === 'true';
      } else {
        const body = request.body;
        if (!Value.Check(DetectionJson, body))
          throw objectError(400, 'BAD_REQUEST', 'Send multipart/form-data with a `file` (or `url`), or JSON with a `url`.');
        url = body.url;
        thumbnails = body.thumbnails === true;
      }
      if (file) {
        if (file.bytes.length === 0) throw objectError(422, 'UNDECODABLE_IMAGE', 'The file is empty.');
        return sendJson(reply, await deps.detections.create(caller, { bytes: file.bytes, filename: file.filename, thumbnails, requestId: request.id }));
      }
      if (url !== undefined) {
        const linked = await mediaFromLink(url, deps.egress, deps.resolver);
        return sendJson(
          reply,
          await deps.detections.create(caller, { bytes: linked.bytes, filename: linked.filename, thumbnails, source: linked.source, requestId: request.id }),
        );
      }
      throw objectError(400, 'BAD_REQUEST', 'Send exactly one of `file` and `url`.');
    },
  );

  app.get(
    '/v1/detections/:id',
    {
      schema: {
        tags: ['detections'],
        summary: 'Read a detection back: the body the create call answered',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 200: DetectionSchema, 404: MediaObjectErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await keyCaller(store, request, DETECTION_SCOPES);
      const stored = await store.credits.detection(caller.account.id, request.params.id);
      if (!stored) throw objectError(404, 'NOT_FOUND', 'No detection with that id was run by this account.');
      return sendJson(reply, stored.body);
    },
  );

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
