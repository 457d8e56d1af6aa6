// The console's one way into the APIs: `/console/api/...` is the listener's own API with that
// prefix taken off. The document contract refuses every request carrying a browser `Origin` (keys
// are server-side secrets); the console is the exception the operator ships, so a request under
// `/console/api/` whose Origin is this very host (and, when the browser says so, `Sec-Fetch-Site:
// same-origin`) reaches the API without its Origin header. A request from another site keeps the
// prefix and is refused by the console site (console/console-site.ts); the public paths are
// unchanged.
import type { IncomingMessage } from 'node:http';

/** The console's path to the APIs of its own listener. */
export const CONSOLE_API_PREFIX = '/console/api';

/** True when the request's Origin (if any) is the host it was sent to, as the browser reports it. */
function sameOrigin(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true; // browsers omit it on same-origin GET and HEAD
  try {
    return new URL(origin).host.toLowerCase() === (request.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The path a console API request is routed to (the API's own path, its same-origin Origin removed),
 * or undefined when `request` is not one or comes from another site (it then reaches the console
 * site, which refuses it).
 */
export function consoleApiPath(request: IncomingMessage): string | undefined {
  const url = request.url ?? '/';
  if (!url.startsWith(`${CONSOLE_API_PREFIX}/`) || !sameOrigin(request)) return undefined;
  delete request.headers.origin;
  return url.slice(CONSOLE_API_PREFIX.length);
}
