// What makes a Fastify plugin an API: its own error handler and not-found handler answering in its
// contract's envelope. Every failure inside the plugin — a route's refusal, a schema's validation
// error, a framework refusal (unsupported content type, body too large, empty JSON body, a broken
// path) — and every path under the plugin's prefixes that no route takes goes through them, with
// the `x-request-id` the root set. A known path with another verb is told from an unknown path by
// the plugin's own route table, so the envelope can answer 405 with `Allow`.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One answer of an envelope. */
export interface HttpAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** How an API spells its failures. */
export interface Envelope {
  /** The answer to a failure thrown by a route or raised by the framework. */
  failure(error: FastifyError, request: FastifyRequest): HttpAnswer;
  /** The answer to a path no route of the API takes; `allowed` lists the verbs the path does take. */
  notFound(request: FastifyRequest, allowed: readonly string[]): HttpAnswer;
}

/** The routes of one API, to tell a wrong verb (405) from an unknown path (404). */
export interface RouteTable {
  methodsOf(path: string): string[];
}

/** The path of a request, without its query. */
export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

/** Writes an envelope's answer as JSON text (a 413 also closes the connection: the rest of the upload is not read). */
function sendAnswer(reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  if (answer.status === 413) reply.header('connection', 'close');
  return reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(answer.body));
}

/** Collects the routes registered in `scope` from now on (call it before registering routes). */
export function routeTable(scope: FastifyInstance): RouteTable {
  const table: { pattern: RegExp; methods: string[] }[] = [];
  scope.addHook('onRoute', (route) => {
    const escaped = route.url.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    table.push({ pattern: new RegExp(`^${escaped.join('/')}/?$`), methods });
  });
  return {
    methodsOf: (path) => [...new Set(table.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort(),
  };
}

/** Makes `scope` answer its failures in `envelope` (inherited by the plugins it registers). */
export function answerFailures(scope: FastifyInstance, envelope: Envelope): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = envelope.failure(error, request);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    // a refusal whose detail is not the caller's (a network error behind a link) is logged with the request id
    else if (error.cause !== undefined) request.log.info({ err: error }, 'request refused');
    return sendAnswer(reply, answer);
  });
}

/** Makes `scope` answer the paths under its prefix that no route takes in `envelope`. */
export function answerUnknownPaths(scope: FastifyInstance, envelope: Envelope, routes: RouteTable): void {
  scope.setNotFoundHandler((request, reply) => sendAnswer(reply, envelope.notFound(request, routes.methodsOf(pathOf(request)))));
}
