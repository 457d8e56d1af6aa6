// The re-capture routes under `/v1/recapture`: templates, links (mint with the tip-off validator and
// the one-live-link rule, read, revoke, the QR image), the sandbox's simulate-capture, and captures
// (read, C2PA). The same plugin answers under the earlier product name's prefix (`/v1/verifi`,
// `alias`) until 2026-12-31 with `Deprecation: true` and a `Link` to its successor, and not after.

import { RecaptureDeliverySchema } from '@loupe/core';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { documentCallerOf } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Idempotency } from '../http/idempotency.js';
import { documentErrors, IdempotencyHeaders, IdParams, ListOf } from '../http/schemas.js';
import { messageRecord } from '../notifications/message-outbox.js';
import { RENAME_SUNSET } from '../views/document-view.js';
import { captureView, linkStatus, linkView } from '../views/recapture-views.js';
import { C2paSummarySchema, RecaptureCaptureSchema, RecaptureLinkSchema } from '../views/schemas.js';
import { parseLinkRequest } from './link-request.js';
import { type MintDeps, mintLink } from './mint-link.js';
import { type SimulateDeps, simulateCapture } from './simulate-capture.js';
import { TEMPLATES } from './templates.js';

/** What the re-capture routes need. */
export interface RecaptureRouteDeps extends MintDeps, SimulateDeps {
  idempotency: Idempotency;
  /** The host of the borrower's capture page (default: the host the link was minted through). */
  claimBase?: string;
  /** True under the deprecated `/v1/verifi` prefix. */
  alias: boolean;
}

const ROUTE = 'POST /v1/recapture/links';

/** The request's own scheme and host. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const Borrower = Type.Object(
  {
    display_name: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    phone: Type.Optional(Type.String({ description: 'E.164, such as +14155550100' })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    locale: Type.Optional(Type.String({ description: 'BCP 47, default en-US' })),
  },
  { additionalProperties: false },
);
const LinkBody = Type.Object(
  {
    document_id: Type.String({ minLength: 1, maxLength: 64 }),
    borrower: Type.Optional(Borrower),
    message: Type.Object({ template_id: Type.Optional(Type.String()), body: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
    delivery: Type.Optional({ ...RecaptureDeliverySchema, description: 'Default link_only.' }),
    expires_in: Type.Optional(Type.String({ description: 'PnD, PTnH or PTnHnM; at most P7D; default PT48H.' })),
    acknowledge_disclosure: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Template = Type.Object({ id: Type.String(), label: Type.String(), body: Type.String() });

/** How the routes of one prefix are documented and find the link or capture a path names. */
function routeKit(deps: RecaptureRouteDeps) {
  const { store, environment, alias } = deps;
  const tags = ['re-capture'];
  const security = [{ documentKey: [] }];
  const hidden = alias ? { deprecated: true, hide: true } : {};
  const errors = (...statuses: number[]) => documentErrors(400, 401, 429, ...statuses);
  const linkOf = async (request: FastifyRequest, id: string) => {
    const link = await store.recapture.link(documentCallerOf(request).account.id, environment, id);
    if (!link) throw documentError('not_found', 'No re-capture link with that id in this environment.');
    return link;
  };
  const captureOf = async (request: FastifyRequest, id: string) => {
    const capture = await store.recapture.capture(documentCallerOf(request).account.id, environment, id);
    if (!capture) throw documentError('not_found', 'No capture with that id in this environment.');
    if (capture.status === 'processing') throw documentError('capture_not_ready', 'The capture’s evidence is still being produced; retry shortly.');
    return capture;
  };
  return { tags, security, hidden, errors, linkOf, captureOf };
}

type RouteKit = ReturnType<typeof routeKit>;

/** The link routes: templates, mint, read, revoke and the QR image. */
function linkRoutes(api: LoupeApp, deps: RecaptureRouteDeps, kit: RouteKit): void {
  const { store, environment, now } = deps;
  const { tags, security, hidden, errors, linkOf } = kit;

  api.get(
    '/templates',
    { schema: { tags, summary: 'The message templates', security, ...hidden, response: { 200: ListOf(Template), ...errors() } } },
    async () => ({ object: 'list' as const, data: [...TEMPLATES], has_more: false }),
  );

  api.post(
    '/links',
    {
      schema: {
        tags,
        summary: 'Mint a single-use re-capture link for a completed document',
        security,
        ...hidden,
        headers: IdempotencyHeaders,
        body: LinkBody,
        response: { 201: RecaptureLinkSchema, ...errors(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const who = documentCallerOf(request);
      const key = deps.idempotency.keyOf(request);
      const payloadHash = deps.idempotency.hashOf(request.body);
      const begun = await deps.idempotency.begin(who, ROUTE, key, payloadHash, reply);
      if ('replied' in begun) return begun.replied;
      const link = await mintLink(deps, who, parseLinkRequest(request.body, environment), deps.claimBase ?? baseOf(request), begun.claim);
      const view = linkView(link, now(), baseOf(request), await messageRecord(store, link.id));
      return deps.idempotency.answer(who, ROUTE, key, payloadHash, reply, 201, view);
    },
  );

  api.get(
    '/links/:id',
    { schema: { tags, summary: 'Read a re-capture link', security, ...hidden, params: IdParams, response: { 200: RecaptureLinkSchema, ...errors(404) } } },
    async (request) => {
      const link = await linkOf(request, request.params.id);
      return linkView(link, now(), baseOf(request), await messageRecord(store, link.id));
    },
  );

  api.post(
    '/links/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a pending link',
        security,
        ...hidden,
        params: IdParams,
        response: { 200: RecaptureLinkSchema, ...errors(404, 409, 410) },
      },
    },
    async (request) => {
      const result = await store.recapture.revokeLink(documentCallerOf(request).account.id, environment, request.params.id, now().toISOString());
      if (!result) throw documentError('not_found', 'No re-capture link with that id in this environment.');
      if (result === 'consumed') throw documentError('link_already_consumed', 'The link was already used.');
      if (result === 'expired') throw documentError('link_expired', 'The link is past its expiry.');
      return linkView(result, now(), baseOf(request), await messageRecord(store, result.id));
    },
  );

  api.get(
    '/links/:id/qr.png',
    {
      schema: {
        tags,
        summary: 'The QR code of a pending link (PNG)',
        security,
        ...hidden,
        params: IdParams,
        response: {
          200: {
            description: 'The QR code image.',
            content: { 'image/png': { schema: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'image/png' }) } },
          },
          ...errors(404),
        },
      },
    },
    async (request, reply) => {
      const link = await store.recapture.link(documentCallerOf(request).account.id, environment, request.params.id);
      if (!link || linkStatus(link, now()) !== 'pending') throw documentError('not_found', 'No pending re-capture link with that id.');
      const png = await QRCode.toBuffer(link.claimUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
    },
  );
}

/** The capture routes: the sandbox's simulate-capture, read, and the C2PA summary. */
function captureRoutes(api: LoupeApp, deps: RecaptureRouteDeps, kit: RouteKit): void {
  const { store, environment } = deps;
  const { tags, security, hidden, errors, linkOf, captureOf } = kit;

  api.post(
    '/links/:id/simulate-capture',
    {
      schema: {
        tags,
        summary: 'Sandbox: capture a pending link with a photo made from the original',
        security,
        ...hidden,
        params: IdParams,
        response: { 201: RecaptureCaptureSchema, ...errors(404, 409, 410) },
      },
    },
    async (request, reply) => {
      const who = documentCallerOf(request);
      const capture = await simulateCapture(deps, who, await linkOf(request, request.params.id));
      return reply.code(201).send(captureView(capture, await store.recapture.link(who.account.id, environment, capture.linkId), baseOf(request)));
    },
  );

  api.get(
    '/captures/:id',
    { schema: { tags, summary: 'Read a capture', security, ...hidden, params: IdParams, response: { 200: RecaptureCaptureSchema, ...errors(404, 409) } } },
    async (request) => {
      const capture = await captureOf(request, request.params.id);
      return captureView(capture, await store.recapture.link(documentCallerOf(request).account.id, environment, capture.linkId), baseOf(request));
    },
  );

  api.get(
    '/captures/:id/c2pa',
    {
      schema: {
        tags,
        summary: 'The C2PA manifest summary of a capture',
        security,
        ...hidden,
        params: IdParams,
        response: { 200: C2paSummarySchema, ...errors(404, 409) },
      },
    },
    async (request) => captureView(await captureOf(request, request.params.id), undefined, baseOf(request)).c2pa ?? { validation_state: 'Unverified' },
  );
}

/** Registers the re-capture routes (prefix `/v1/recapture`, or `/v1/verifi` as the alias). */
export async function recaptureRoutes(api: LoupeApp, deps: RecaptureRouteDeps): Promise<void> {
  const { now, alias } = deps;
  if (alias) {
    // before authentication: after the sunset the old prefix is gone
    api.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (now().getTime() >= RENAME_SUNSET) throw documentError('not_found', `No route ${request.method} ${path}.`);
      reply.header('deprecation', 'true').header('link', `<${path.replace('/v1/verifi/', '/v1/recapture/')}>; rel="successor-version"`);
    });
  }
  const kit = routeKit(deps);
  linkRoutes(api, deps, kit);
  captureRoutes(api, deps, kit);
}
