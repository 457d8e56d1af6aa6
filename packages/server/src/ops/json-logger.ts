// The server's JSON logger: pino writing to standard output through an asynchronous buffer (a
// synchronous write per line halved a cheap route's throughput), flushed when the server closes;
// and each request's child logger (carrying its `reqId`) made only when the request logs a line.
import { type FastifyBaseLogger, LogController } from 'fastify';
import pino from 'pino';
import { newRequestId } from './request-ids.js';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** A child of `parent` with `bindings`, made on its first use (most requests never log a line). */
export function lazyChild(parent: FastifyBaseLogger, bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
  let real: FastifyBaseLogger | undefined;
  const child = (): FastifyBaseLogger => {
    real ??= parent.child(bindings, options);
    return real;
  };
  const at =
    (level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace') =>
    (...args: unknown[]): void =>
      (child()[level] as (...a: unknown[]) => void)(...args);
  return {
    get level() {
      return parent.level;
    },
    set level(value: string) {
      child().level = value;
    },
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: (more, moreOptions) => child().child(more, moreOptions),
  } as FastifyBaseLogger;
}

/** The logger for a `logger` option: none, a level (`true` is `info`), or a logger used as given. */
export function jsonLogger(
  option: boolean | 'debug' | 'info' | 'warn' | 'error' | FastifyBaseLogger | undefined,
): (FastifyBaseLogger & { flush?: () => void }) | undefined {
  if (option === undefined || option === false) return undefined;
  if (typeof option === 'object') return option;
  return pino({ level: option === true ? 'info' : option, base: { service: 'loupe' } }, pino.destination({ dest: 1, sync: false }));
}

/**
 * The Fastify options every listener shares: `logger` (or none) with lazy per-request children,
 * Fastify's own two lines per request off (request-log.ts writes one), and pooled request ids.
 */
export function listenerLogging(logger: FastifyBaseLogger | undefined) {
  return {
    ...(logger ? { loggerInstance: logger, childLoggerFactory: lazyChild } : { logger: false as const }),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
  };
}
