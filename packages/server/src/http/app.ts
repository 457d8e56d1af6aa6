// The HTTP application: Fastify with a request id on every response (`x-request-id`), structured
// logs carrying it, streaming multipart, the OpenAPI 3.1 document at `/openapi.json` with a
// readable reference at `/docs`, and one error handler that answers every failure in the media
// spec's shape (validation and parse errors are the generic 400, unknown routes 404). Errors are
// written as JSON text, so a schema used for documentation never reshapes an error body.
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { MediaHttpError, objectError } from './media-errors.js';

/** Options of the HTTP application. */
export interface AppOptions {
  /** Fastify's logger setting (pino options, `false` for none). */
  logger?: FastifyServerOptions['logger'];
  /** Largest JSON body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The version the OpenAPI document states. */
  version: string;
  /** True once the server is shutting down: answers then close their connection, so shutdown does not wait out keep-alive. */
  draining?: () => boolean;
}

/** A new application with the shared plumbing; routes are added by the caller. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: () => `req_${randomBytes(8).toString('hex')}`,
    requestIdHeader: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const draining = options.draining;
  if (draining) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining()) reply.header('connection', 'close');
      return payload;
    });
  }
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Loupe',
        version: options.version,
        description: 'Media detection (photo, video, audio) with credits and API keys; the document forensics API follows on the same service.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Dashboard session token (account routes only).' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}.` } }));
  });
  app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, request, reply) => {
    let answer: MediaHttpError;
    const status = error.statusCode ?? 500;
    if (error instanceof MediaHttpError) answer = error;
    else if (error.validation) answer = objectError(400, 'BAD_REQUEST', error.message);
    else if (status === 413) answer = objectError(413, 'FILE_TOO_LARGE', 'The request body is over the limit.');
    else if (status < 500) answer = objectError(status, 'BAD_REQUEST', error.message);
    else {
      request.log.error({ err: error }, 'request failed');
      answer = objectError(500, 'INTERNAL_ERROR', 'The service failed unexpectedly; retry with backoff.');
    }
    if (answer.status === 413) reply.header('connection', 'close');
    void reply.code(answer.status).headers(answer.headers).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
  });
  return app;
}
