// The operator's listener (`--admin-port`, loopback by default): `GET /metrics` in Prometheus
// text format, `GET /ready` (the store answers and the queue runs; 503 while the server drains or
// when either fails) and `GET /health` (the process answers). It carries no API and takes no key:
// it is for the machine's own scraper and orchestrator, so bind it where only they reach it.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { listenerLogging } from './json-logger.js';
import type { ServiceMetrics } from './metrics.js';
import { answeredRequests } from './request-log.js';

/** What readiness checks. */
export interface Readiness {
  /** True once the server is shutting down. */
  draining(): boolean;
  /** Resolves when the store answers a read; rejects otherwise. */
  storeAnswers(): Promise<unknown>;
  /** True while the work queue is running in, or reachable from, this process. */
  queueRuns(): boolean;
}

/** The admin listener over `metrics` and `readiness`. */
export function adminListener(metrics: ServiceMetrics, readiness: Readiness, logger?: FastifyBaseLogger): FastifyInstance {
  // while it closes (last, after the APIs drained) /ready still answers its own 503 with the reason
  const app = Fastify({ ...listenerLogging(logger), return503OnClosing: false });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  answeredRequests(app, 'admin', metrics, logger);
  app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.render()));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const checks: Record<string, string> = {};
    if (readiness.draining()) checks.server = 'draining';
    try {
      await withTimeout(readiness.storeAnswers(), 2000);
      checks.store = 'ok';
    } catch (error) {
      checks.store = `failing: ${error instanceof Error ? error.message : String(error)}`;
    }
    checks.queue = readiness.queueRuns() ? 'ok' : 'stopped';
    const ready = checks.server === undefined && checks.store === 'ok' && checks.queue === 'ok';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return app;
}

/** `promise`, or a rejection after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
