// The reviewer console on a listener: its built files (apps/console, Vite) served at `/console/`,
// and its one way into the APIs, `/console/api/...`, which is the listener's own API with that
// prefix taken off. The document contract refuses every request carrying a browser `Origin`
// (keys are server-side secrets); the console is the exception the operator ships, so a request
// under `/console/api/` whose Origin is this very host (and, when the browser says so,
// `Sec-Fetch-Site: same-origin`) reaches the API without its Origin header. Any other Origin is
// left on the request, so the document API refuses it as the contract says; the public paths are
// unchanged. Pages are served with a strict Content-Security-Policy and are never framed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { ERROR_DOC_BASE } from '@loupe/core';
import type { LoupeApp } from '../http/app.js';

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

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
};

const HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' blob: data:; connect-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** Every file under `dir`, by its path relative to it with forward slashes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path).split(sep).join('/'), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/** Options of the console site. */
export interface ConsoleSiteOptions {
  /** The console's build (index.html and assets/); absent when the console was not built. */
  dir: string | undefined;
}

/** Serves the console under `/console/` (its files read once, at start). */
export async function consoleSite(app: LoupeApp, options: ConsoleSiteOptions): Promise<void> {
  let files: Map<string, Buffer>;
  try {
    files = options.dir ? filesUnder(options.dir) : new Map();
  } catch {
    files = new Map();
  }
  const hide = { schema: { hide: true } };
  app.get('/console', hide, async (_request, reply) => reply.redirect('/console/', 301));
  app.all(`${CONSOLE_API_PREFIX}/*`, hide, async (_request, reply) =>
    reply.code(401).send({
      error: {
        type: 'authentication',
        code: 'browser_origin_forbidden',
        message: 'The console API answers pages served by this host only.',
        doc_url: `${ERROR_DOC_BASE}browser_origin_forbidden`,
      },
    }),
  );
  app.get('/console/*', hide, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const file = files.get(path) ?? (extname(path) === '' ? files.get('index.html') : undefined);
    if (!file) {
      const message = files.size === 0 ? 'The console was not built (npm run build).' : 'No such file.';
      return reply.code(404).type('text/plain; charset=utf-8').send(message);
    }
    const served = files.has(path) ? path : 'index.html';
    return reply
      .headers(HEADERS)
      .header('cache-control', served.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      .type(TYPES[extname(served)] ?? 'application/octet-stream')
      .send(file);
  });
}
