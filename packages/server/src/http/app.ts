// The root of one listener: Fastify with a request id on every response (`x-request-id`), structured
// logs carrying it, TypeBox schemas through the type provider (they validate
// requests and describe the OpenAPI document; responses are written as plain JSON so a schema never
// reshapes a body), and the framework refusals that happen before a route is known turned into
// errors the owning API answers: a path with broken percent-encoding is routed with its `%` taken
// literally and refused by a hook, so it gets the envelope of the API that owns the path. The root
// answers nothing itself: each API is a plugin with its own error and not-found handlers
// (api-scope.ts), `/docs` and `/openapi.json` included (docs.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { defined } from '@loupe/core/internal';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { listenerLogging } from '../ops/json-logger.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import { answeredRequests } from '../ops/request-log.js';
import { consoleApiPath } from './console-api-path.js';
import { RequestRefused } from './errors/request-refused.js';
import { answeringHealth } from './health-answer.js';
import { validatorCompiler } from './validation.js';

/** A listener's Fastify instance, typed by its TypeBox schemas. */
export type LoupeApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Options of the HTTP application. */
export interface AppOptions {
  /** The JSON logger (one line per answered request, with its id), or none. */
  logger?: FastifyBaseLogger;
  /** The listener's name in the request metrics (`production`, `sandbox`, `admin`). */
  listener: string;
  /** Where answered requests are counted. */
  metrics?: ServiceMetrics;
  /** Largest JSON body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The version the OpenAPI document states (the server package's). */
  version: string;
  /** What the OpenAPI document says the listener serves. */
  description: string;
  /** True once the server is shutting down: answers then close their connection, so shutdown does not wait out keep-alive. */
  draining?: () => boolean;
  /** Answer `GET /health` before the framework (health-answer.ts): where `/health` is the plain liveness route. */
  answersHealth?: boolean;
}

/** Raw requests whose path could not be percent-decoded. */
const badUrls = new WeakSet<IncomingMessage>();

/**
 * The URL routed: a console API request's API path (console-api-path.ts), and every `%` of an
 * undecodable path taken literally (`%25`), so routing can place it.
 */
function routableUrl(request: IncomingMessage): string {
  const url = consoleApiPath(request) ?? request.url ?? '/';
  if (!url.includes('%')) return url; // nothing to decode: most requests
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    badUrls.add(request);
    return path.replaceAll('%', '%25') + (query < 0 ? '' : url.slice(query));
  }
}

/** A new listener root with the shared plumbing; APIs are registered on it as plugins. */
export async function createApp(options: AppOptions): Promise<LoupeApp> {
  const app = Fastify({
    ...listenerLogging(options.logger),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestIdHeader: false,
    // parameters are bounded by their schemas (so an over-long one is refused in its API's envelope), not by the router
    routerOptions: { maxParamLength: 8192 },
    rewriteUrl: routableUrl,
    ...(options.answersHealth
      ? {
          serverFactory: answeringHealth({
            listener: options.listener,
            ...defined({ metrics: options.metrics, draining: options.draining }),
          }),
        }
      : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // a bodiless request that names JSON as its type has no body, rather than a malformed one
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body.toString(), done);
  });
  // response schemas document the answers; bodies are written as the views made them
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  answeredRequests(app, options.listener, options.metrics, options.logger);
  // after every API's onRequest hooks, so the refusal carries the owning API's headers too
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (badUrls.has(request.raw)) done(new RequestRefused(400, 'The path is not valid percent-encoded UTF-8.'));
    else done(null, payload);
  });
  const draining = options.draining;
  // every answer, refusals and errors included, carries its request id
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (draining?.()) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Loupe', version: options.version, description: options.description },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Media API key (universal or scoped to a service).' },
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
  return app;
}
