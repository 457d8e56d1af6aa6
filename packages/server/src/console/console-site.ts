// The reviewer console on a listener: its built files (apps/console, Vite) served at `/console/`
// with a strict Content-Security-Policy and never framed, and the refusal of a console API request
// from another site (http/console-api-path.ts routes the console's own to the API).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { ERROR_DOC_BASE } from '@loupe/core';
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { CONSOLE_API_PREFIX } from '../http/console-api-path.js';

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

/** The console's build in `dir` (index.html and assets/), read once; none when the folder does not exist. */
export function consoleFiles(dir: string): Map<string, Buffer> {
  try {
    return filesUnder(dir);
  } catch {
    return new Map();
  }
}

/** Options of the console site. */
export interface ConsoleSiteOptions {
  /** The console's files (`consoleFiles`), shared by the listeners. */
  files: ReadonlyMap<string, Buffer>;
}

/** Serves the console under `/console/`. */
export async function consoleSite(app: LoupeApp, { files }: ConsoleSiteOptions): Promise<void> {
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
  app.get('/console/*', { schema: { hide: true, params: Type.Object({ '*': Type.String() }) } }, async (request, reply) => {
    const path = request.params['*'];
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
