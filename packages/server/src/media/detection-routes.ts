// The media detection API's detection routes, exactly as media-detection-service.md writes them:
// the one detection endpoint (multipart `file`/`url`/`thumbnails`, or JSON `url`/`thumbnails`),
// reading a detection back (owner only, the stored text byte for byte); the account routes are in
// account-routes.ts. Registered in the media API's upload scope (multipart parsing is there only).

import { DetectionSchema, MediaObjectErrorSchema, MediaStringErrorSchema } from '@loupe/core';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { LoupeApp } from '../http/app.js';
import { keyCaller } from '../http/auth/media-caller.js';
import type { Egress } from '../http/egress/egress.js';
import { objectError } from '../http/errors/media-errors.js';
import type { RateState } from '../http/rates/rate-state.js';
import { FilePart, MultipartBody, mediaErrors } from '../http/schemas.js';
import { readMediaForm } from '../http/uploads/media-form.js';
import type { ServiceType, Store } from '../store/store.js';
import type { DetectionBudget } from './detection-budget.js';
import type { DetectionService } from './detections.js';
import { type LinkResolver, mediaFromLink } from './links.js';

/** What the detection routes need. */
export interface MediaRouteDeps {
  /** Where rate counters live (default: this process). */
  rates?: RateState;
  store: Store;
  detections: DetectionService;
  /** The per-key detections budget (shared with the MCP tool). */
  budget: DetectionBudget;
  /** The outbound fetcher for links. */
  egress: Egress;
  /** Video pages to media; without one a page link is 501. */
  resolver?: LinkResolver;
}

const DETECTION_SCOPES: readonly ServiceType[] = ['AI_CONTENT_DETECTION'];
const errors = {
  400: MediaObjectErrorSchema,
  401: MediaObjectErrorSchema,
  403: Type.Union([MediaObjectErrorSchema, MediaStringErrorSchema]),
  429: MediaStringErrorSchema,
};
const security = [{ apiKey: [] }];
const DetectionJson = Type.Object({ url: Type.Optional(Type.String({ maxLength: 8192 })), thumbnails: Type.Optional(Type.Boolean()) });

/** Registers the detection routes on `app`. */
export function detectionRoutes(app: LoupeApp, deps: MediaRouteDeps): void {
  const { store } = deps;
  const sendJson = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

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
      reply.headers(await deps.budget.spend(caller));
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
}
