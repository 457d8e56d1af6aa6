// The re-capture routes: templates, links (mint with the tip-off validator and the one-live-link
// rule, read, revoke, the QR image), the sandbox's simulate-capture, and captures (read, C2PA).
// Every route also answers under the earlier product name's prefix (`/v1/verifi/...`) until
// 2026-12-31 with `Deprecation: true` and a `Link` to its successor, and not after.

import { randomBytes } from 'node:crypto';
import { PdfFile } from '@loupe/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Idempotency } from '../http/idempotency.js';
import { composeMessage } from '../notifications/borrower-message.js';
import { messageEvent, messageRecord } from '../notifications/message-outbox.js';
import type { FinishSignal } from '../queue/finish-signal.js';
import type { PageRenderer } from '../reports/generate.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store, StoredDocument, StoredLink } from '../store/store.js';
import { documentCategory, RENAME_SUNSET } from '../views/document-view.js';
import { captureView, linkStatus, linkView } from '../views/recapture-views.js';
import type { CaptureSigner } from './c2pa.js';
import { completeCaptures } from './complete.js';
import { takeCapture } from './intake.js';
import { parseLinkRequest } from './link-request.js';
import { TEMPLATES } from './templates.js';
import { tipOffTerms } from './tip-off.js';

/** What the re-capture routes need. */
export interface RecaptureRouteDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  now: () => Date;
  caller: (request: FastifyRequest, reply: FastifyReply) => Promise<DocumentCaller>;
  idempotency: Idempotency;
  /** Wakes the job workers. */
  notify: () => void;
  /** Wakes the webhook sender. */
  notifyEvents: () => void;
  finishes: FinishSignal;
  renderer: PageRenderer;
  /** Signs and reads the C2PA manifests of captured photos. */
  signer: CaptureSigner;
  /** The channels this deployment sends borrowers' messages through (a mint for a missing one is refused). */
  channels: { email: boolean; sms: boolean };
  /** The host of the borrower's capture page (default: the host the link was minted through). */
  claimBase?: string;
  /** Longest wait of simulate-capture for its analysis (default 30 s). */
  waitMs?: number;
}

const ROUTE = 'POST /v1/recapture/links';
const PREFIXES = ['recapture', 'verifi'] as const;

/** The request's own scheme and host. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The bytes of a PDF's first save (before any incremental update), or the file when it has one save. */
function firstSave(pdf: Uint8Array): Uint8Array {
  try {
    const file = PdfFile.open(pdf);
    return file.revisions.length > 1 ? pdf.subarray(0, file.revisions[0]!.end) : pdf;
  } catch {
    return pdf;
  }
}

/** Registers the routes on one listener. */
export function recaptureRoutes(app: FastifyInstance, deps: RecaptureRouteDeps): void {
  const { store, environment, now } = deps;
  const security = [{ documentKey: [] }];

  for (const prefix of PREFIXES) {
    const alias = prefix === 'verifi';
    const base = `/v1/${prefix}`;
    const schema = (summary: string) => ({ tags: ['re-capture'], summary, security, ...(alias ? { deprecated: true, hide: true } : {}) });
    /** Authenticates; under the old prefix adds the deprecation headers, or answers 404 after the sunset. */
    const caller = async (request: FastifyRequest, reply: FastifyReply): Promise<DocumentCaller> => {
      if (alias) {
        if (now().getTime() >= RENAME_SUNSET) throw documentError(404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
        const successor = request.url.split('?')[0]!.replace('/v1/verifi/', '/v1/recapture/');
        reply.header('deprecation', 'true').header('link', `<${successor}>; rel="successor-version"`);
      }
      return deps.caller(request, reply);
    };
    const linkOf = async (who: DocumentCaller, request: FastifyRequest): Promise<StoredLink> => {
      const link = await store.link(who.account.id, environment, (request.params as { id: string }).id);
      if (!link) throw documentError(404, 'not_found', 'No re-capture link with that id in this environment.');
      return link;
    };

    app.get(`${base}/templates`, { schema: schema('The message templates') }, async (request, reply) => {
      await caller(request, reply);
      return { object: 'list', data: TEMPLATES, has_more: false };
    });

    app.post(`${base}/links`, { schema: schema('Mint a single-use re-capture link for a completed document') }, async (request, reply) => {
      const who = await caller(request, reply);
      const key = deps.idempotency.keyOf(request);
      const payloadHash = deps.idempotency.hashOf(request.body ?? null);
      const replayed = await deps.idempotency.replay(who, ROUTE, key, payloadHash, reply);
      if (replayed) return replayed;
      const ask = parseLinkRequest(request.body, environment);
      const document = await store.document(who.account.id, environment, ask.documentId);
      if (!document) throw documentError(404, 'not_found', 'No document with that id in this environment.');
      if (document.status !== 'completed') throw documentError(409, 'not_reviewable', 'Only a completed document can be re-captured.');
      const matched = tipOffTerms(ask.message.body);
      if (matched.length > 0 && !ask.acknowledgeDisclosure)
        throw documentError(422, 'message_would_disclose_flag', `The message could tell the borrower their document was flagged (${matched.join(', ')}).`, {
          matched_terms: matched,
        });
      if (ask.delivery !== 'link_only' && !deps.channels[ask.delivery])
        throw documentError(
          400,
          'delivery_channel_unavailable',
          `This deployment has no ${ask.delivery === 'email' ? 'e-mail (SMTP)' : 'SMS'} channel configured; mint with delivery link_only and send the link yourself.`,
          { delivery: ask.delivery },
        );
      const at = now();
      const token = randomBytes(24).toString('base64url');
      const id = `rcl_${randomBytes(12).toString('hex')}`;
      const claimUrl = `${deps.claimBase ?? baseOf(request)}/c/${token}`;
      const expiresAt = new Date(at.getTime() + ask.expiresInMs).toISOString();
      const message =
        ask.delivery === 'link_only'
          ? []
          : [
              messageEvent(
                composeMessage(ask.delivery, {
                  linkId: id,
                  environment,
                  claimUrl,
                  expiresAt,
                  body: ask.message.body,
                  category: documentCategory(document),
                  borrower: ask.borrower ?? null,
                }),
                who.account.id,
                environment,
                at.toISOString(),
              ),
            ];
      const created = await store.createLink(
        {
          id,
          accountId: who.account.id,
          environment,
          documentId: document.id,
          externalRef: document.externalRef,
          token,
          claimUrl,
          delivery: ask.delivery,
          borrower: ask.borrower ? JSON.stringify(ask.borrower) : null,
          message: JSON.stringify(ask.message),
          messageAudit: JSON.stringify({
            safe: matched.length === 0,
            matched_terms: matched,
            acknowledged_disclosure: ask.acknowledgeDisclosure,
            validated_at: at.toISOString(),
          }),
          expiresAt,
          createdAt: at.toISOString(),
        },
        at.toISOString(),
        message,
      );
      if ('liveLinkId' in created)
        throw documentError(409, 'link_already_active', `The document already has a pending link (${created.liveLinkId}); revoke it first.`, {
          link_id: created.liveLinkId,
        });
      if (message.length > 0) deps.notifyEvents();
      return deps.idempotency.answer(who, ROUTE, key, payloadHash, reply, 201, linkView(created, at, baseOf(request), await messageRecord(store, created.id)));
    });

    app.get(`${base}/links/:id`, { schema: schema('Read a re-capture link') }, async (request, reply) => {
      const who = await caller(request, reply);
      const link = await linkOf(who, request);
      return linkView(link, now(), baseOf(request), await messageRecord(store, link.id));
    });

    app.post(`${base}/links/:id/revoke`, { schema: schema('Revoke a pending link') }, async (request, reply) => {
      const who = await caller(request, reply);
      const result = await store.revokeLink(who.account.id, environment, (request.params as { id: string }).id, now().toISOString());
      if (!result) throw documentError(404, 'not_found', 'No re-capture link with that id in this environment.');
      if (result === 'consumed') throw documentError(409, 'link_already_consumed', 'The link was already used.');
      if (result === 'expired') throw documentError(410, 'link_expired', 'The link is past its expiry.');
      return linkView(result, now(), baseOf(request), await messageRecord(store, result.id));
    });

    app.get(`${base}/links/:id/qr.png`, { schema: schema('The QR code of a pending link (PNG)') }, async (request, reply) => {
      const who = await caller(request, reply);
      const link = await store.link(who.account.id, environment, (request.params as { id: string }).id);
      if (!link || linkStatus(link, now()) !== 'pending') throw documentError(404, 'not_found', 'No pending re-capture link with that id.');
      const png = await QRCode.toBuffer(link.claimUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
    });

    app.post(
      `${base}/links/:id/simulate-capture`,
      { schema: schema('Sandbox: capture a pending link with a photo made from the original') },
      async (request, reply) => {
        const who = await caller(request, reply);
        const link = await linkOf(who, request);
        if (environment !== 'sandbox')
          throw documentError(409, 'sandbox_only', 'Captures in production come from the borrower’s capture page; simulate-capture is a sandbox route.');
        const at = now();
        if (link.status === 'consumed') throw documentError(409, 'link_already_consumed', 'The link was already used.');
        if (link.status === 'revoked') throw documentError(410, 'link_expired', 'The link was revoked.');
        if (linkStatus(link, at) === 'expired') throw documentError(410, 'link_expired', 'The link is past its expiry.');
        const original = await store.document(who.account.id, environment, link.documentId);
        const photo = original ? await photoOf(original) : undefined;
        if (!original || !photo) throw documentError(409, 'capture_not_ready', 'The original’s bytes are not held, so no photo can be made from them.');
        const consumed = await takeCapture(deps, link, original, [photo], 'sandbox simulation');
        if (consumed === 'consumed') throw documentError(409, 'link_already_consumed', 'The link was already used.');
        if (consumed === 'revoked' || consumed === 'expired') throw documentError(410, 'link_expired', `The link was ${consumed}.`);
        if (!consumed) throw documentError(404, 'not_found', 'No re-capture link with that id in this environment.');
        deps.notify();
        // answer the completed capture when its analysis lands in time
        const deadline = Date.now() + (deps.waitMs ?? 30_000);
        let capture = consumed;
        while (capture.status === 'processing' && Date.now() < deadline) {
          const woken = deps.finishes.wait(capture.recapturedDocumentId, Math.min(1000, deadline - Date.now()));
          await completeCaptures(store, deps.signer, deps.blobs, now);
          capture = (await store.capture(who.account.id, environment, capture.id)) ?? capture;
          if (capture.status !== 'processing') break;
          await woken;
        }
        deps.notifyEvents();
        return reply.code(201).send(captureView(capture, await store.link(who.account.id, environment, link.id)));
      },
    );

    app.get(`${base}/captures/:id`, { schema: schema('Read a capture') }, async (request, reply) => {
      const who = await caller(request, reply);
      const capture = await store.capture(who.account.id, environment, (request.params as { id: string }).id);
      if (!capture) throw documentError(404, 'not_found', 'No capture with that id in this environment.');
      if (capture.status === 'processing') throw documentError(409, 'capture_not_ready', 'The capture’s evidence is still being produced; retry shortly.');
      return captureView(capture, await store.link(who.account.id, environment, capture.linkId));
    });

    app.get(`${base}/captures/:id/c2pa`, { schema: schema('The C2PA manifest summary of a capture') }, async (request, reply) => {
      const who = await caller(request, reply);
      const capture = await store.capture(who.account.id, environment, (request.params as { id: string }).id);
      if (!capture) throw documentError(404, 'not_found', 'No capture with that id in this environment.');
      if (capture.status === 'processing') throw documentError(409, 'capture_not_ready', 'The capture’s evidence is still being produced; retry shortly.');
      return (captureView(capture, undefined).c2pa as object | undefined) ?? { validation_state: 'Unverified' };
    });
  }

  /** A photo of the original's genuine pages: a PDF's first save rendered, or an image as it is. */
  async function photoOf(original: StoredDocument): Promise<{ bytes: Uint8Array; type: 'png' | 'jpg' } | undefined> {
    const bytes = await deps.blobs.get(original.sha256);
    if (!bytes) return undefined;
    if (original.fileType !== 'pdf') return { bytes, type: original.fileType };
    const [page] = await deps.renderer.render(firstSave(bytes), { pages: [1], dpi: 150 });
    return page ? { bytes: page.image, type: 'png' } : undefined;
  }
}
