// The service's shape as a client generator and a hostile client see it, over real HTTP on
// loopback: each API answers its own failures in its own contract's envelope — route refusals,
// framework refusals (broken percent-encoding, over-long parameters, unsupported content types,
// over-size and empty JSON bodies) and unknown paths — with `x-request-id`, and no URL pattern
// chooses; and the OpenAPI document of each listener lists, for every operation, its request
// body, its 4xx answers and a success schema, states the package's version, and turns into
// TypeScript types with openapi-typescript without a warning.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_ERRORS } from '@loupe/core';
import { type Answer, answerOf } from '@loupe/fixtures/http-answer';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-api-shape-'));
let server: LoupeServer;
let live = '';
let sandbox = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;

const raw = (base: string, path: string, init: RequestInit = {}): Promise<Answer> => answerOf(base + path, init);

/** True when `body` is the document envelope `{error: {type, code, message, doc_url}}` and nothing else. */
const documentShaped = (body: unknown): boolean => {
  if (!body || typeof body !== 'object' || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: Record<string, unknown> }).error;
  return ['type', 'code', 'message', 'doc_url'].every((k) => typeof error[k] === 'string');
};

/** True when `body` is a media error: `{success: false, error: {code, message}}` (or its string form). */
const mediaShaped = (body: unknown): boolean => {
  if (!body || typeof body !== 'object') return false;
  const b = body as { success?: unknown; error?: unknown };
  return b.success === false && (typeof b.error === 'string' || (typeof b.error === 'object' && b.error !== null && 'code' in b.error));
};

beforeAll(async () => {
  server = await createServer({ dataDir: dir, port: 0, sandboxPort: 0, ytDlp: false });
  ({ url: live, sandboxUrl: sandbox } = await server.listen());
  keys = await createAccountWithKeys(server.store, { email: 'shape@example.com', credits: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('each API answers in its own envelope', () => {
  it('spells framework refusals and unknown paths in the envelope of the API that owns the path', async () => {
    const long = 'x'.repeat(300);
    const documentCases: [string, string, RequestInit, number][] = [
      [live, '/v1/documents/%E0%A4%A', { headers: { 'x-api-key': keys.live_key } }, 400],
      [live, `/v1/documents/${long}`, { headers: { 'x-api-key': keys.live_key } }, 400],
      [live, '/v1/loans/loan-1/review', { method: 'POST', headers: { 'x-api-key': keys.live_key, 'content-type': 'application/xml' }, body: '<a/>' }, 400],
      [live, '/v1/loans/loan-1/review', { method: 'POST', headers: { 'x-api-key': keys.live_key, 'content-type': 'application/json' }, body: '' }, 400],
      [
        live,
        '/v1/audit-reports',
        {
          method: 'POST',
          headers: { 'x-api-key': keys.live_key, 'content-type': 'application/json' },
          body: JSON.stringify({ external_ref: 'x'.repeat(2 << 20) }),
        },
        413,
      ],
      [live, '/v1/recapture/nothing-here', { headers: { 'x-api-key': keys.live_key } }, 404],
      [sandbox, '/anything/at/all', {}, 404],
      [sandbox, '/v1/detections/%zz', {}, 400],
    ];
    for (const [base, path, init, status] of documentCases) {
      const answer = await raw(base, path, init);
      const what = `${init.method ?? 'GET'} ${base === live ? 'live' : 'sandbox'}${path.slice(0, 60)}`;
      expect(answer.status, what).toBe(status);
      expect(documentShaped(answer.body), `${what}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(true);
      expect(answer.headers.get('x-request-id'), what).toMatch(/^req_[0-9a-f]{16}$/);
      expect(answer.headers.get('x-service-env'), what).toBe(base === live ? 'production' : 'sandbox');
    }
    const mediaCases: [string, RequestInit, number][] = [
      ['/v1/detections/%zz', { headers: { 'x-api-key': keys.media_key } }, 400],
      [`/v1/detections/${long}`, { headers: { 'x-api-key': keys.media_key } }, 404],
      ['/users/api-key/generate', { method: 'POST', headers: { 'x-api-key': keys.media_key, 'content-type': 'application/xml' }, body: '<a/>' }, 415],
      ['/users/api-key/generate', { method: 'POST', headers: { 'x-api-key': keys.media_key, 'content-type': 'text/plain' }, body: 'hi' }, 400],
      ['/users/api-key/generate', { method: 'POST', headers: { 'x-api-key': keys.media_key, 'content-type': 'application/json' }, body: '{"name": 5}' }, 400],
      ['/mcp/elsewhere', { method: 'POST' }, 404],
      ['/nothing', {}, 404],
    ];
    for (const [path, init, status] of mediaCases) {
      const answer = await raw(live, path, init);
      const what = `${init.method ?? 'GET'} ${path.slice(0, 60)}`;
      expect(answer.status, what).toBe(status);
      expect(mediaShaped(answer.body), `${what}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(true);
      expect(answer.headers.get('x-request-id'), what).toMatch(/^req_[0-9a-f]{16}$/);
      expect(answer.headers.get('x-service-env'), what).toBeNull();
    }
    // the borrower's page speaks to a person: a short message, never an API envelope
    const claim = await raw(live, '/c/token/extra', {});
    expect(claim.status).toBe(404);
    expect(claim.body).toEqual({ message: expect.stringContaining('no longer active') });
  });
});

describe('an error’s doc_url', () => {
  it('points into the error page of the listener that answered, one section per code, on both listeners', async () => {
    for (const [base, key] of [
      [live, keys.live_key],
      [sandbox, keys.test_key],
    ] as const) {
      const refused = await raw(base, '/v1/documents/doc_nothing_here', { headers: { 'x-api-key': key } });
      expect(refused.status).toBe(404);
      const url = new URL((refused.body as { error: { doc_url: string } }).error.doc_url, base);
      expect(url.origin).toBe(new URL(base).origin);
      expect(url.hash).toBe('#not_found');
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      for (const code of Object.keys(DOCUMENT_ERRORS)) expect(html).toContain(`<section id="${code}">`);
    }
  });
});

describe('refusals say what was wrong, in the envelope, and change nothing', () => {
  const truncated = (name: string) => ({
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    body: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n\xff\xd8 cut short`,
  });
  const twoFiles = (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(10)]), `a-${name}`);
    form.append('file', new Blob([new Uint8Array(10)]), `b-${name}`);
    return form;
  };

  it("refuses malformed multipart and a second file part with 400, in each API's envelope", async () => {
    const mediaCut = await raw(live, '/v1/detections', {
      method: 'POST',
      ...truncated('a.jpg'),
      headers: { ...truncated('a.jpg').headers, 'x-api-key': keys.media_key },
    });
    expect([mediaCut.status, mediaShaped(mediaCut.body)]).toEqual([400, true]);
    const documentCut = await raw(live, '/v1/documents', {
      method: 'POST',
      ...truncated('a.pdf'),
      headers: { ...truncated('a.pdf').headers, 'x-api-key': keys.live_key },
    });
    expect([documentCut.status, documentShaped(documentCut.body)]).toEqual([400, true]);
    const mediaTwo = await raw(live, '/v1/detections', { method: 'POST', headers: { 'x-api-key': keys.media_key }, body: twoFiles('a.jpg') });
    expect(mediaTwo.status).toBe(400);
    expect(mediaTwo.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/one file part/) } });
    const documentTwo = await raw(live, '/v1/documents', { method: 'POST', headers: { 'x-api-key': keys.live_key }, body: twoFiles('a.pdf') });
    expect(documentTwo.status).toBe(400);
    expect(documentTwo.body).toMatchObject({ error: { code: 'invalid_request', message: expect.stringMatching(/one file part/) } });
    expect((await server.store.documents.listDocuments(keys.id, 'production', { limit: 10 })).documents).toHaveLength(0);
  });

  it('refuses a form of thousands of parts, or a part of thousands of header lines, in the envelope before reading it all', async () => {
    const form = (parts: string[]): { headers: Record<string, string>; body: string } => ({
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: `${parts.map((p) => `--b\r\n${p}`).join('')}--b--\r\n`,
    });
    const manyParts = form(Array.from({ length: 5000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`));
    const manyHeaders = form([`Content-Disposition: form-data; name="options"\r\n${'X-Pad: y\r\n'.repeat(5000)}\r\n{}\r\n`]);
    for (const { headers, body } of [manyParts, manyHeaders]) {
      const media = await raw(live, '/v1/detections', { method: 'POST', headers: { ...headers, 'x-api-key': keys.media_key }, body });
      expect([media.status, mediaShaped(media.body)]).toEqual([400, true]);
      const document = await raw(live, '/v1/documents', { method: 'POST', headers: { ...headers, 'x-api-key': keys.live_key }, body });
      expect([document.status, documentShaped(document.body)]).toEqual([400, true]);
    }
  });

  it('calls an over-size JSON body a request too large, not a file', async () => {
    const big = JSON.stringify({ url: 'x'.repeat(2 << 20) });
    const media = await raw(live, '/v1/detections', {
      method: 'POST',
      headers: { 'x-api-key': keys.media_key, 'content-type': 'application/json' },
      body: big,
    });
    expect(media.status).toBe(413);
    expect(media.body).toMatchObject({ success: false, error: { code: 'REQUEST_TOO_LARGE' } });
  });

  it('takes a bodiless POST or DELETE that names JSON as its type as having no body', async () => {
    const json = { 'content-type': 'application/json' };
    const revoke = await raw(live, '/users/api-key/revoke/key_missing', { method: 'DELETE', headers: { ...json, 'x-api-key': keys.media_key } });
    expect(revoke.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const linkRevoke = await raw(sandbox, '/v1/recapture/links/rcl_missing/revoke', { method: 'POST', headers: { ...json, 'x-api-key': keys.test_key } });
    expect(linkRevoke.body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a key sent in a form field even beside a header key, and an ftp file_url as a failed fetch', async () => {
    for (const [base, path, key, name] of [
      [live, '/v1/documents', keys.live_key, 'a.pdf'],
      [live, '/v1/detections', keys.media_key, 'a.jpg'],
    ] as const) {
      const form = new FormData();
      form.append('api_key', key);
      form.append('file', new Blob([new Uint8Array(10)]), name);
      const answer = await raw(base, path, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      expect(answer.status, path).toBe(401);
    }
    const ftp = await raw(live, '/v1/documents', {
      method: 'POST',
      headers: { 'x-api-key': keys.live_key, 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: 'ftp://files.example.com/a.pdf' }),
    });
    expect([ftp.status, (ftp.body as { error: { code: string } }).error.code]).toEqual([422, 'url_fetch_failed']);
  });

  it('puts x-request-id on MCP answers, and answers a path neither API owns in the media envelope', async () => {
    const mcp = await fetch(`${live}/mcp`, {
      method: 'POST',
      headers: { 'x-api-key': keys.media_key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
    const nowhere = await raw(live, '/v1/nothing-here', {});
    expect([nowhere.status, mediaShaped(nowhere.body)]).toEqual([404, true]);
    // only the document contract defines unknown routes: with a document key, its envelope
    const withDocumentKey = await raw(live, '/v1/nothing-here', { headers: { 'x-api-key': keys.live_key } });
    expect([withDocumentKey.status, documentShaped(withDocumentKey.body)]).toEqual([404, true]);
    expect((withDocumentKey.body as { error: { code: string } }).error.code).toBe('not_found');
    const withMediaKey = await raw(live, '/v1/nothing-here', { headers: { 'x-api-key': keys.media_key } });
    expect([withMediaKey.status, mediaShaped(withMediaKey.body)]).toEqual([404, true]);
  });
});

describe('the OpenAPI document', () => {
  /** Operations that take no body by design. */
  const BODILESS = new Set(['post /v1/recapture/links/{id}/revoke', 'post /v1/recapture/links/{id}/simulate-capture']);
  const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'packages', 'server', 'package.json'), 'utf8')) as { version: string }).version;

  it('lists a request body, the 4xx answers and a success schema for every operation, on both listeners', async () => {
    for (const base of [live, sandbox]) {
      const doc = (await raw(base, '/openapi.json')).body as {
        info: { version: string; description: string };
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
        >;
      };
      expect(doc.info.version).toBe(version);
      expect(doc.info.description).toMatch(base === live ? /media detection API.*document forensics API/s : /document forensics API/);
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ id: `${method} ${path}`, method, path, op })),
      );
      expect(operations.length).toBeGreaterThan(base === live ? 30 : 15);
      for (const { id, method, path, op } of operations) {
        if (['post', 'put', 'patch'].includes(method) && !BODILESS.has(id)) expect(op.requestBody?.content, `${id} body`).toBeDefined();
        const success = Object.entries(op.responses).filter(([code]) => code.startsWith('2'));
        expect(success.length, `${id} success`).toBeGreaterThan(0);
        for (const [code, answer] of success) expect(Object.values(answer.content ?? {})[0]?.schema, `${id} ${code} schema`).toBeDefined();
        if (path !== '/health')
          expect(
            Object.keys(op.responses).some((code) => code.startsWith('4')),
            `${id} 4xx`,
          ).toBe(true);
      }
      // the document API's multipart submit is described with its parts
      expect(doc.paths['/v1/documents']?.post?.requestBody?.content['multipart/form-data']).toBeDefined();
    }
  });

  it('turns into TypeScript types with openapi-typescript without a warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      for (const base of [live, sandbox]) {
        const doc = (await raw(base, '/openapi.json')).body as object;
        const types = astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0]));
        expect(types).toContain('"/v1/documents"');
      }
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('serves a readable reference at /docs', async () => {
    for (const base of [live, sandbox]) {
      const page = await fetch(`${base}/docs/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    }
  });
});
