// Each answered request, once: an observation of the latency histogram and a JSON log line (with
// the request id pino's child logger carries, method, route pattern, status and milliseconds) —
// at `info` for a refusal (4xx) or an answer slower than half a second, at `debug` for the
// routine rest (a logger at `debug` writes them; the metrics count every request either way), so
// health checks and polling do not flood the log. 5xx answers are logged with their error by
// the API's error handler.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceMetrics } from './metrics.js';

/** An answer this slow is logged at `info` whatever its status. */
const SLOW_MS = 500;

/** Records every request `app` answers (its 404s as route `unmatched`). */
export function answeredRequests(app: FastifyInstance, listener: string, metrics: ServiceMetrics | undefined, logger: FastifyBaseLogger | undefined): void {
  if (!metrics && !logger) return;
  const routine = logger !== undefined && isEnabled(logger, 'debug');
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics?.request(listener, request.method, route, status, ms / 1000);
    const level = (status >= 400 && status < 500) || ms >= SLOW_MS ? 'info' : 'debug';
    // the route pattern, never the path: a borrower's link token is a path segment
    if (logger && (level === 'info' || routine)) request.log[level]({ method: request.method, route, status, ms: Math.round(ms * 10) / 10 }, 'answered');
    done();
  });
}

/** Whether `logger` writes lines at `level` (pino's check when it has one). */
function isEnabled(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
}
