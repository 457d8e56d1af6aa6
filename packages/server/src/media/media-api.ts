// The media API as one encapsulated plugin at the root of the production listener: the detection
// routes, the account routes, the published detection routes and `/health`, answering every
// failure and every path no other API owns in the media contract's envelope.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { answerFailures, answerUnknownPaths, routeTable } from '../http/api-scope.js';
import { mediaEnvelope } from '../http/errors/media-errors.js';
import { type AccountRouteDeps, accountRoutes } from './account-routes.js';
import { detectionRoutes, type MediaRouteDeps } from './detection-routes.js';
import { publishedRoutes } from './published-routes.js';

/** The media API plugin (its options are the media routes' needs). */
export const mediaApi: FastifyPluginAsyncTypebox<MediaRouteDeps & AccountRouteDeps> = async (api, options) => {
  answerFailures(api, mediaEnvelope);
  answerUnknownPaths(api, mediaEnvelope, routeTable(api));
  api.get('/health', { schema: { tags: ['service'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.String() }) } } }, async () => ({
    status: 'ok',
  }));
  accountRoutes(api, options);
  // multipart parsing (and its three hooks per request) only where files are uploaded
  await api.register(async (uploads) => {
    await uploads.register(multipart);
    detectionRoutes(uploads, options);
    publishedRoutes(uploads, options);
  });
};
