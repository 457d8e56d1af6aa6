// The borrower's capture page behind a link's `url` (`/c/{token}`): a small mobile page with the
// lender's message (its `{document}` replaced by the document's kind in plain words, never a
// verdict), a camera/file input for 1-10 photos and a send button. Sending consumes the link,
// signs and stores the photos, and queues them for analysis as an ordinary Document. The token is
// the only credential; the page sends no referrer, cannot be framed, runs only its own inline
// script (a nonce) and is not cached. Used, expired, revoked or unknown links get the same
// neutral page.

import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sniffFormat } from '@loupe/core';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { answerFailures, answerUnknownPaths, type Envelope, routeTable } from '../http/api-scope.js';
import { documentWords, escapeHtml } from '../notifications/borrower-message.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Store } from '../store/store.js';
import { documentCategory } from '../views/document-view.js';
import { linkStatus } from '../views/recapture-views.js';
import type { CaptureSigner } from './c2pa.js';
import { type Photo, takeCapture } from './intake.js';

/** What the claim page needs. */
export interface ClaimPageDeps {
  store: Store;
  blobs: BlobStore;
  signer: CaptureSigner;
  now: () => Date;
  /** Wakes the job workers. */
  notify: () => void;
}

const MAX_PHOTOS = 10;
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

const html = escapeHtml;

/** A readable name of the device that sent the photos, from its User-Agent. */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os =
    /Android [\d.]+/.exec(ua)?.[0] ??
    (/iPhone OS ([\d_]+)/.exec(ua) ? `iOS ${/iPhone OS ([\d_]+)/.exec(ua)![1]!.replace(/_/g, '.')}` : undefined) ??
    (/Windows|Macintosh|Linux/.exec(ua)?.[0] || 'unknown system');
  const browser =
    /(?:Chrome|CriOS|Firefox|FxiOS|Version)\/[\d.]+/
      .exec(ua)?.[0]
      ?.replace('Version', 'Safari')
      .replace(/\.[\d.]+$/, '') ?? 'unknown browser';
  const mobile = /Mobile|Android|iPhone/.test(ua) ? 'phone' : 'computer';
  return `${browser.replace('/', ' ')} on ${os} (${mobile}, as its browser reports)`;
}

function page(nonce: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${html(title)}</title>
<style nonce="${nonce}">
body{margin:0;font:16px/1.45 system-ui,-apple-system,sans-serif;color:#1b1f24;background:#f4f6f8}
main{max-width:30rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.35rem;margin:.5rem 0 1rem}
.card{background:#fff;border-radius:12px;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:1rem}
label.pick{display:block;text-align:center;padding:1rem;border:2px dashed #8a94a1;border-radius:12px;cursor:pointer}
input[type=file]{display:block;width:100%;margin-top:.5rem}
button{width:100%;padding:.9rem;font-size:1.05rem;border:0;border-radius:10px;background:#1b5fb4;color:#fff}
button:disabled{background:#9aa7b8}
#previews{display:grid;grid-template-columns:repeat(3,1fr);gap:.4rem;margin:.8rem 0}
#previews img{width:100%;height:6rem;object-fit:cover;border-radius:6px}
.muted{color:#5b6470;font-size:.9rem}
#status{min-height:1.5rem;margin-top:.8rem}
</style></head><body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

const CLOSED = (nonce: string) =>
  page(nonce, 'Link not active', '<h1>This link is no longer active</h1><div class="card">Please contact your lender for a new link.</div>');

const SCRIPT = `
const input = document.getElementById('photos');
const previews = document.getElementById('previews');
const send = document.getElementById('send');
const status = document.getElementById('status');
input.addEventListener('change', () => {
  previews.replaceChildren(...[...input.files].slice(0, ${MAX_PHOTOS}).map((f) => { const i = document.createElement('img'); i.alt = f.name; i.src = URL.createObjectURL(f); return i; }));
  send.disabled = input.files.length === 0;
});
document.getElementById('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  send.disabled = true;
  status.textContent = 'Sending…';
  const body = new FormData();
  for (const f of [...input.files].slice(0, ${MAX_PHOTOS})) body.append('photos', f, f.name);
  try {
    const r = await fetch(location.pathname, { method: 'POST', body, headers: { accept: 'application/json' } });
    const answer = await r.json();
    if (r.ok) { document.querySelector('main').innerHTML = '<h1>Thank you</h1><div class="card">Your photos were received. You can close this page.</div>'; }
    else { status.textContent = answer.message; send.disabled = false; }
  } catch { status.textContent = 'The photos could not be sent. Check your connection and try again.'; send.disabled = false; }
});`;

const GONE = 'This link is no longer active. Please contact your lender for a new link.';

/** The claim page's answers to failures: a short message a borrower can read, as JSON. */
const claimEnvelope: Envelope = {
  failure(error) {
    const status = error.statusCode ?? 500;
    if (status >= 500) return { status: 500, body: { message: 'Something went wrong. Please try again in a moment.' } };
    return {
      status: status === 413 ? 413 : 400,
      body: { message: status === 413 ? 'The photos are too large.' : 'The request could not be read. Please try again.' },
    };
  },
  notFound: () => ({ status: 404, body: { message: GONE } }),
};

const TokenParams = Type.Object({ token: Type.String({ maxLength: 256 }) });

/** The borrower's capture page as a plugin (prefix `/c`). */
export const claimPage: FastifyPluginAsyncTypebox<ClaimPageDeps> = async (app, deps) => {
  await app.register(multipart);
  answerFailures(app, claimEnvelope);
  answerUnknownPaths(app, claimEnvelope, routeTable(app));
  const headers = (reply: FastifyReply, nonce: string) =>
    reply
      .header(
        'content-security-policy',
        `default-src 'none'; img-src 'self' blob: data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff');

  app.get('/:token', { schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    headers(reply, nonce).type('text/html; charset=utf-8');
    const link = /^[A-Za-z0-9_-]{16,64}$/.test(request.params.token) ? await deps.store.recapture.linkByToken(request.params.token) : undefined;
    if (!link || linkStatus(link, deps.now()) !== 'pending') return reply.code(link ? 410 : 404).send(CLOSED(nonce));
    const original = await deps.store.documents.documentById(link.documentId);
    const category = original ? documentCategory(original) : undefined;
    const kind = documentWords(category, 'en');
    const message = (JSON.parse(link.message) as { body: string }).body.replaceAll('{document}', kind);
    const name = link.borrower ? (JSON.parse(link.borrower) as { display_name?: string }).display_name : undefined;
    return page(
      nonce,
      `Photograph your ${kind}`,
      `<h1>Photograph your ${html(kind)}</h1>
<div class="card">${name ? `<p>Hello ${html(name)},</p>` : ''}<p>${html(message)}</p></div>
<form id="form" class="card" method="post" enctype="multipart/form-data">
<label class="pick" for="photos">Take photos or choose them<br><span class="muted">One photo per page, in good light, the whole page in view.</span>
<input id="photos" name="photos" type="file" accept="image/jpeg,image/png" capture="environment" multiple></label>
<div id="previews"></div>
<button id="send" type="submit" disabled>Send photos</button>
<div id="status" class="muted" role="status"></div></form>
<p class="muted">This link works once and expires on ${html(new Date(link.expiresAt).toUTCString())}.</p>`,
      SCRIPT,
    );
  });

  app.post('/:token', { schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    headers(reply, nonce);
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const answer = (status: number, message: string) =>
      wantsJson
        ? reply
            .code(status)
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(status < 300 ? { status: 'received', message } : { message }))
        : reply
            .code(status)
            .type('text/html; charset=utf-8')
            .send(page(nonce, message, `<h1>${html(message)}</h1>`));
    const link = /^[A-Za-z0-9_-]{16,64}$/.test(request.params.token) ? await deps.store.recapture.linkByToken(request.params.token) : undefined;
    if (!link || linkStatus(link, deps.now()) !== 'pending') return answer(link ? 410 : 404, GONE);
    if (!request.isMultipart()) return answer(400, 'Choose at least one photo.');
    const photos: Photo[] = [];
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS, fields: 0, parts: MAX_PHOTOS, headerPairs: 64 } })) {
        if (part.type !== 'file') continue;
        const bytes = new Uint8Array(await part.toBuffer());
        if (part.file.truncated) return answer(413, 'A photo is too large (15 MB at most).');
        const type = sniffFormat(bytes);
        if (type !== 'png' && type !== 'jpg') return answer(415, 'Send photos as JPEG or PNG.');
        photos.push({ bytes, type });
      }
    } catch {
      return answer(400, 'The photos could not be read. Please try again.');
    }
    if (photos.length === 0) return answer(400, 'Choose at least one photo.');
    const original = await deps.store.documents.documentById(link.documentId);
    if (!original) return answer(410, GONE);
    const taken = await takeCapture(deps, link, original, photos, deviceOf(request.headers['user-agent']));
    if (typeof taken !== 'object') return answer(410, GONE);
    deps.notify();
    return answer(201, 'Thank you. Your photos were received.');
  });
};
