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
import { DocumentHttpError, documentError } from './errors/document-errors.js';
import { MediaHttpError, objectError } from './errors/media-errors.js';

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
  /** True for requests of the document service, whose errors are `{error: {type, code, message, doc_url}}`. */
  documentPath?: (url: string) => boolean;
}

/** A failure in the document spec's shape. */
function documentAnswer(error: Error & { validation?: unknown; statusCode?: number; code?: string }): DocumentHttpError {
  if (error instanceof DocumentHttpError) return error;
  const status = error.statusCode ?? 500;
  if (error.validation) return documentError(400, 'invalid_request', error.message);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError))
    return documentError(400, 'malformed_json', 'The body is not valid JSON.');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return documentError(413, 'request_too_large', 'The JSON body is over 1 MB.');
  if (status === 413) return documentError(413, 'file_too_large', 'The file is over 200 MiB.');
  if (status < 500) return documentError(400, 'invalid_request', error.message);
  return documentError(500, 'server_error', 'The service failed; nothing was recorded. Retry with backoff and the same Idempotency-Key.');
}

/** The registered routes as patterns, to tell a wrong verb (405 with `Allow`) from an unknown path (404). */
function routeTable(app: FastifyInstance): { methodsOf(path: string): string[] } {
  const table: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const escaped = route.url.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    table.push({ pattern: new RegExp(`^${escaped.join('/')}/?$`), methods });
  });
  return {
    methodsOf: (path) => [...new Set(table.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort(),
  };
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
          documentKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'sk_live_ (production) or sk_test_ (sandbox) key; Authorization: Bearer works too.',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const documentPath = options.documentPath ?? (() => false);
  const routes = routeTable(app);
  app.setNotFoundHandler((request, reply) => {
    if (documentPath(request.url)) {
      const path = request.url.split('?')[0] ?? '';
      const allowed = routes.methodsOf(path);
      const e =
        allowed.length > 0
          ? documentError(405, 'method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`)
          : documentError(404, 'not_found', `No route ${request.method} ${path}.`);
      if (allowed.length > 0) reply.header('allow', allowed.join(', '));
      void reply.code(e.status).type('application/json; charset=utf-8').send(JSON.stringify(e.body()));
      return;
    }
    void reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}.` } }));
  });
  app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number; code?: string }, request, reply) => {
    if (documentPath(request.url)) {
      const d = documentAnswer(error);
      if (d.status >= 500) request.log.error({ err: error }, 'request failed');
      // an upload refused part-way: close rather than read the rest of it
      if (d.status === 413) reply.header('connection', 'close');
      void reply.code(d.status).headers(d.headers).type('application/json; charset=utf-8').send(JSON.stringify(d.body()));
      return;
    }
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
