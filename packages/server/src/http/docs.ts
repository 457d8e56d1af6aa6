// `/openapi.json` (the OpenAPI 3.1 document of the listener, generated from the routes' schemas),
// `/docs` (a readable reference of it) and `/errors` (what each document error code means), as a
// plugin answering its failures in the envelope of the API that owns the listener's other paths.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answerFailures, type Envelope } from './api-scope.js';
import { errorPages } from './errors/error-page.js';

/** Options of the docs plugin. */
export interface DocsOptions {
  envelope: Envelope;
}

/** The docs plugin. */
export const docs: FastifyPluginAsyncTypebox<DocsOptions> = async (scope, options) => {
  answerFailures(scope, options.envelope);
  await scope.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  scope.get('/openapi.json', { schema: { hide: true } }, async () => scope.swagger());
  // the page every document error's doc_url points into
  await scope.register(errorPages);
};
