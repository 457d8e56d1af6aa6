// The media detection API over real HTTP on loopback, route by route and error row by error row
// as media-detection-service.md writes them: authentication and scopes, the detection envelope,
// reading it back byte for byte, credits reserved before the run and settled after it (never
// overdrawn by concurrent requests, never recorded when the store fails), the ledger, keys, rate
// limits, both error shapes and the x-request-id header on every response.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { photographScene } from '@loupe/fixtures/scenes';
import { createNodeMediaEngine, ffmpegPaths } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer, StoreError } from '@loupe/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-server-'));
const engine = createNodeMediaEngine();
let server: LoupeServer;
let base = '';
/** A store whose next settle or reserve can be made to fail. */
const faults = { settle: false, reserve: false };

const photo = photographScene(41);
execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3', join(dir, 'silence.wav')]);
const silence = new Uint8Array(readFileSync(join(dir, 'silence.wav')));

type Json = Record<string, unknown>;

async function call(path: string, init: RequestInit & { key?: string } = {}): Promise<{ status: number; headers: Headers; text: string; json: Json }> {
  const headers = new Headers(init.headers);
  if (init.key) headers.set('x-api-key', init.key);
  const response = await fetch(base + path, { ...init, headers });
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  expect(response.headers.get('x-request-id'), `${path}: x-request-id`).toMatch(/^req_[0-9a-f]{16}$/);
  return { status: response.status, headers: response.headers, text, json };
}

function upload(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

const detect = (key: string, bytes: Uint8Array, name = 'photo.jpg', fields: Record<string, string> = {}) =>
  call('/v1/detections', { method: 'POST', key, body: upload(bytes, name, fields) });

async function account(email: string, credits: number, options: { verified?: boolean; active?: boolean } = {}) {
  return createAccountWithKeys(server.store, { email, credits, ...options });
}

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    detectionsPerMinute: 1000,
    runner: { detect: (bytes, input) => engine.detect(bytes, input) },
  });
  const credits = server.store.credits;
  const original = { settle: credits.settle.bind(credits), reserve: credits.reserve.bind(credits) };
  credits.settle = async (...args) => {
    if (faults.settle) throw new StoreError('disk full');
    return original.settle(...args);
  };
  credits.reserve = async (...args) => {
    if (faults.reserve) throw new StoreError('database is locked');
    return original.reserve(...args);
  };
  base = (await server.listen()).url;
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('authentication', () => {
  it('answers /health without a key, 401 without or with an unknown key, and 404 in the object form', async () => {
    expect((await call('/health')).json).toEqual({ status: 'ok' });
    const none = await call('/v1/detections', { method: 'POST' });
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect((await call('/users/credits', { key: `sk_${'0'.repeat(64)}` })).status).toBe(401);
    expect((await call('/users/credits', { key: 'not-a-key' })).status).toBe(401);
    const missing = await call('/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('takes keys from x-api-key only: a Bearer sk_ key is not a key, a Bearer session token opens the account routes only', async () => {
    const a = await account('bearer@example.com', 5);
    expect((await call('/users/credits', { headers: { authorization: `Bearer ${a.media_key}` } })).status).toBe(401);
    const token = (await import('@loupe/server')).signSession(server.sessionSecret, a.id);
    const session = { authorization: `Bearer ${await token}` };
    expect((await call('/users/credits', { headers: session })).json).toEqual({ success: true, userId: a.id, balance: 5 });
    expect((await call('/v1/detections', { method: 'POST', headers: session, body: upload(photo, 'p.jpg') })).status).toBe(401);
  });

  it('refuses inactive and unverified accounts with 403 FORBIDDEN, and a key outside its scope with API_KEY_SCOPE (string form)', async () => {
    const inactive = await account('inactive@example.com', 5, { active: false });
    const r1 = await call('/users/credits', { key: inactive.media_key });
    expect(r1.status).toBe(403);
    expect(r1.json).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    const unverified = await account('unverified@example.com', 5, { verified: false });
    const r2 = await call('/users/profile', { key: unverified.media_key });
    expect(r2.status).toBe(403);
    expect((r2.json.error as { message: string }).message.startsWith('EMAIL_VERIFICATION_REQUIRED')).toBe(true);
    const a = await account('scoped@example.com', 5);
    const qr = await call('/users/api-key/generate', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceType: 'QR_URL_DETECTION' }),
    });
    const qrKey = (qr.json.apiKey as { value: string }).value;
    const scoped = await detect(qrKey, photo);
    expect(scoped.status).toBe(403);
    expect(scoped.json).toEqual({ success: false, error: 'API_KEY_SCOPE', message: expect.any(String) });
    const ai = await call('/users/api-key/generate', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceType: 'AI_CONTENT_DETECTION' }),
    });
    expect((await detect((ai.json.apiKey as { value: string }).value, photo)).status).toBe(200);
    // a scoped key reads its own account, but cannot mint a key of another scope
    expect((await call('/users/credits', { key: qrKey })).status).toBe(200);
    const other = await call('/users/api-key/generate', {
      method: 'POST',
      key: qrKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceType: 'AGE_DETECTION' }),
    });
    expect(other.status).toBe(403);
    expect(other.json.error).toBe('API_KEY_SCOPE');
  });
});

describe('POST /v1/detections', () => {
  it('answers the envelope, charges one credit with one DETECTION_DEBIT row, and reads back byte for byte, owner only', async () => {
    const a = await account('photo@example.com', 3);
    const r = await detect(a.media_key, photo);
    expect(r.status).toBe(200);
    const d = r.json as { id: string; credits_used: number; media: Json; model: string; verdict: string; created_at: string };
    expect(d).toMatchObject({
      status: 'completed',
      credits_used: 1,
      media: { type: 'image', filename: 'photo.jpg', mime_type: 'image/jpeg', bytes: photo.length },
      model: 'loupe-media V1.5',
    });
    expect(d.id).toMatch(/^det_/);
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(['LIKELY_REAL', 'ALERT', 'LIKELY_AI']).toContain(d.verdict);
    expect('zero_charge_reason' in d).toBe(false);
    const again = await call(`/v1/detections/${d.id}`, { key: a.media_key });
    expect(again.status).toBe(200);
    expect(again.text).toBe(r.text);
    const stranger = await account('stranger@example.com', 1);
    expect((await call(`/v1/detections/${d.id}`, { key: stranger.media_key })).status).toBe(404);
    expect((await call('/v1/detections/det_0000', { key: a.media_key })).json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(2);
    const ledger = await call('/users/credits/ledger', { key: a.media_key });
    expect((ledger.json.entries as Json[])[0]).toMatchObject({ delta: -1, reason: 'DETECTION_DEBIT', ref: d.id });
  });

  it('charges nothing for the same bytes within 30 days (duplicate, a new id) or for a sandbox key', async () => {
    const a = await account('dup@example.com', 5);
    const first = (await detect(a.media_key, photographScene(42))).json;
    const second = (await detect(a.media_key, photographScene(42))).json;
    expect(second).toMatchObject({ credits_used: 0, zero_charge_reason: 'duplicate', verdict: first.verdict, score: first.score });
    expect(second.id).not.toBe(first.id);
    const sandbox = (await detect(a.media_sandbox_key, photographScene(43))).json;
    expect(sandbox).toMatchObject({ credits_used: 0, zero_charge_reason: 'sandbox' });
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(4);
    expect(((await call('/users/credits/ledger', { key: a.media_key })).json.pagination as Json).total).toBe(2);
  });

  it('analyses an MP4, MOV or WebM holding only audio as a recording, not an undecodable video', async () => {
    const a = await account('audio-in-video@example.com', 10);
    const source = fixtureAudio('natural-fr-words.ogg');
    for (const [name, codec] of [
      ['words.mp4', 'aac'],
      ['words.mov', 'aac'],
      ['words.webm', 'libopus'],
    ] as const) {
      const out = join(dir, name);
      execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-y', '-i', source, '-vn', '-c:a', codec, out]);
      const r = await detect(a.media_key, new Uint8Array(readFileSync(out)), name);
      expect(r.status, name).toBe(200);
      expect(r.json, name).toMatchObject({ media: { type: 'audio' }, duration_ms: expect.any(Number), segments: expect.any(Array) });
      expect((r.json.media as Json).mime_type, name).toMatch(/^audio\//);
      // the published audio route takes it too: its streams, not its container, make it audio
      const published = await call('/v1/detect/audio', { method: 'POST', key: a.media_key, body: upload(new Uint8Array(readFileSync(out)), name) });
      expect(published.status, name).toBe(200);
      expect(published.json, name).toMatchObject({ is_synthetic: expect.any(Boolean), duration_ms: expect.any(Number) });
    }
  });

  it('keeps the duplicate rule per environment and under concurrency: a sandbox run makes no free production run, and parallel uploads are charged once', async () => {
    const a = await account('dup-edges@example.com', 10);
    const scene = photographScene(44);
    expect((await detect(a.media_sandbox_key, scene)).json).toMatchObject({ credits_used: 0, zero_charge_reason: 'sandbox' });
    const production = (await detect(a.media_key, scene)).json;
    expect(production.credits_used).toBe(1);
    expect(production.zero_charge_reason).toBeUndefined();
    const parallel = await Promise.all(Array.from({ length: 4 }, () => detect(a.media_key, photographScene(45))));
    expect(parallel.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(parallel.map((r) => r.json.credits_used as number).sort()).toEqual([0, 0, 0, 1]);
    expect(parallel.filter((r) => r.json.zero_charge_reason === 'duplicate')).toHaveLength(3);
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(8);
    const debits = ((await call('/users/credits/ledger?limit=100', { key: a.media_key })).json.entries as Json[]).filter((e) => e.reason === 'DETECTION_DEBIT');
    expect(debits).toHaveLength(2);
  });

  it('refuses with the spec codes and shapes, and charges none of them', async () => {
    const a = await account('errors@example.com', 1);
    const text = await detect(a.media_key, new TextEncoder().encode('plain text, not media at all'), 'notes.txt');
    expect([text.status, text.json]).toEqual([422, { success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) } }]);
    expect((await detect(a.media_key, new Uint8Array(0), 'empty.jpg')).json).toMatchObject({ error: { code: 'UNDECODABLE_IMAGE' } });
    const mute = await detect(a.media_key, silence, 'silence.wav');
    expect(mute.status).toBe(422);
    expect(mute.json).toMatchObject({
      success: false,
      error: { code: 'NOT_ASSESSABLE' },
      reasons: ['no_voice_content'],
      request_id: mute.headers.get('x-request-id'),
    });
    const nothing = await call('/v1/detections', { method: 'POST', key: a.media_key, body: new FormData() });
    expect([nothing.status, (nothing.json.error as Json).code]).toEqual([400, 'BAD_REQUEST']);
    const ftp = await call('/v1/detections', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'ftp://example.com/a.mp4' }),
    });
    expect([ftp.status, ftp.json.error]).toEqual([400, 'INVALID_URL']);
    const badJson = await call('/v1/detections', { method: 'POST', key: a.media_key, headers: { 'content-type': 'application/json' }, body: '{"url":' });
    expect([badJson.status, (badJson.json.error as Json).code]).toEqual([400, 'BAD_REQUEST']);
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(1);
  });

  it('refuses an image over 10 MB with 413 FILE_TOO_LARGE while it streams', async () => {
    const a = await account('big@example.com', 5);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(photo.subarray(0, 1024));
    const r = await detect(a.media_key, big, 'big.jpg');
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ success: false, error: { code: 'FILE_TOO_LARGE' } });
  });

  it('refuses a run the balance cannot cover with 402 and its data, before the detector starts', async () => {
    const a = await account('poor@example.com', 0);
    const r = await detect(a.media_key, photographScene(44));
    expect(r.status).toBe(402);
    expect(r.json).toEqual({
      success: false,
      error: { code: 'INSUFFICIENT_CREDITS', message: expect.any(String) },
      data: { allowed: false, limit: 0, currentUsage: 0, remaining: 0, balance: 0, reason: 'INSUFFICIENT_CREDITS', refusalStatus: 402 },
    });
  });

  it('never overdraws: 50 parallel detections against 20 credits charge exactly 20 and refuse 30', async () => {
    const a = await account('race@example.com', 20);
    const pictures = Array.from({ length: 50 }, (_, i) => photographScene(500 + i, 160, 120));
    const results = await Promise.all(pictures.map((p, i) => detect(a.media_key, p, `p${i}.jpg`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 402)).toHaveLength(30);
    const ledger = (await call('/users/credits/ledger?limit=100', { key: a.media_key })).json;
    const entries = ledger.entries as { delta: number; reason: string; ref: string | null }[];
    const debits = entries.filter((e) => e.reason === 'DETECTION_DEBIT');
    expect(debits).toHaveLength(20);
    expect(new Set(debits.map((e) => e.ref)).size).toBe(20);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(0);
    for (const r of results.filter((x) => x.status === 200)) expect((await call(`/v1/detections/${r.json.id}`, { key: a.media_key })).text).toBe(r.text);
  });

  it('withholds the result and stores nothing when the charge cannot be recorded (503), and runs nothing when the balance cannot be read', async () => {
    const a = await account('fault@example.com', 5);
    faults.settle = true;
    const r = await detect(a.media_key, photographScene(45));
    faults.settle = false;
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ success: false, error: { code: 'BILLING_UNAVAILABLE' } });
    const ledger = (await call('/users/credits/ledger', { key: a.media_key })).json;
    expect((ledger.pagination as Json).total).toBe(1);
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(5);
    faults.reserve = true;
    const r2 = await detect(a.media_key, photographScene(46));
    faults.reserve = false;
    expect([r2.status, (r2.json.error as Json).code]).toEqual([503, 'BILLING_UNAVAILABLE']);
    // the reservation of the failed settle was released: all 5 credits can be reserved again
    expect((await detect(a.media_key, photographScene(47))).json.credits_used).toBe(1);
  });
});

/** A 370-second recording (near-silent, small): over the five minutes a link may last. */
function longRecording(): Buffer {
  const out = join(dir, 'long.ogg');
  execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '370', '-c:a', 'libopus', '-b:a', '6k', out]);
  return readFileSync(out);
}

describe('links', () => {
  let linked: LoupeServer;
  let linkedBase = '';
  let key = '';
  let patient: LoupeServer;
  let patientBase = '';
  let patientKey = '';
  let site: Server;
  let origin = '';
  const hits: string[] = [];
  let long: Buffer;
  beforeAll(async () => {
    long = longRecording();
    site = createHttpServer((req, res) => {
      hits.push(req.url ?? '');
      const path = req.url ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (hop) {
        const n = Number(hop[1]);
        res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/photo.jpg' }).end();
      } else if (path === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photographScene(61));
      else if (path === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>a video page</body></html>');
      else if (path === '/long.ogg') res.writeHead(200, { 'content-type': 'audio/ogg' }).end(long);
      else if (path === '/to-private') res.writeHead(302, { location: 'http://10.0.0.1/photo.jpg' }).end();
      else if (path === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (path === '/declared-huge') res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(200 * 1024 * 1024) }).end();
      else if (path === '/endless') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const chunk = Buffer.alloc(1024 * 1024);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      } else if (path === '/hang') {
        // never answers
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // a smaller cap than the spec's 100 MB (the same streaming refusal), and a short time limit
    // for the link that never answers
    ({ server: linked, base: linkedBase, key } = await linkServer('links', 1500, 20));
    // the same, with a time limit no loaded machine reaches before 16 MB arrive: the endless stream
    // is refused for its size, never for its time (a race the short limit above could lose)
    ({ server: patient, base: patientBase, key: patientKey } = await linkServer('links-patient', 120_000, 5));
  });
  /** A server that fetches links from loopback, capped at 16 MB and `timeoutMs`, with an account of `credits`. */
  const linkServer = async (name: string, timeoutMs: number, credits: number) => {
    const server = await createServer({
      dataDir: join(dir, name),
      port: 0,
      sandboxPort: 0,
      egressAllow: ['127.0.0.1/32'],
      links: { timeoutMs, maxBytes: 16 * 1024 * 1024 },
      ytDlp: false,
      runner: { detect: (b, i) => engine.detect(b, i) },
    });
    const base = (await server.listen()).url;
    return { server, base, key: (await createAccountWithKeys(server.store, { email: `${name}@example.com`, credits })).media_key };
  };
  afterAll(async () => {
    await patient.close();
    await linked.close();
    site.closeAllConnections();
    site.close();
  });
  const link = async (url: string, at = linkedBase, apiKey = key) => {
    const r = await fetch(`${at}/v1/detections`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    return { status: r.status, json: (await r.json()) as Json };
  };

  it('fetches a direct media file once and fills source', async () => {
    const r = await link(`${origin}/hop/3`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      credits_used: 1,
      media: { type: 'image', filename: 'photo.jpg' },
      source: { url: `${origin}/hop/3`, canonical_url: `${origin}/photo.jpg`, platform: '127.0.0.1', truncated: false },
    });
  });

  it('answers every link failure in the string form with retryable and resolverCode', async () => {
    expect(await link(`${origin}/hop/4`)).toEqual({
      status: 502,
      json: {
        success: false,
        error: 'LINK_RESOLUTION_FAILED',
        message: expect.stringContaining('more than 3'),
        retryable: false,
        resolverCode: 'FETCH_FAILED',
      },
    });
    expect(await link(`${origin}/page`)).toMatchObject({ status: 501, json: { error: 'LINK_RESOLUTION_UNAVAILABLE', retryable: false } });
    expect(await link(`${origin}/gone`)).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE', resolverCode: 'VIDEO_DELETED' } });
    expect(await link(`${origin}/declared-huge`)).toMatchObject({ status: 413, json: { error: 'LINK_MEDIA_TOO_LARGE', resolverCode: 'MEDIA_TOO_LARGE' } });
    expect(await link(`${origin}/endless`, patientBase, patientKey)).toMatchObject({ status: 413, json: { error: 'LINK_MEDIA_TOO_LARGE' } });
    expect(await link(`${origin}/hang`)).toMatchObject({
      status: 504,
      json: { error: 'LINK_RESOLUTION_TIMEOUT', retryable: true, resolverCode: 'FETCH_TIMEOUT' },
    });
    expect(await link('ftp://127.0.0.1/a.mp4')).toMatchObject({ status: 400, json: { error: 'INVALID_URL' } });
    // a direct file is capped by duration as a page is: five minutes
    expect(await link(`${origin}/long.ogg`)).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE', resolverCode: 'TOO_LONG', retryable: false } });
    // a host that refuses the connection: said in the caller's terms, the socket error stays in the log
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await link(`http://127.0.0.1:${port}/a.jpg`);
    expect(refused).toMatchObject({ status: 502, json: { error: 'LINK_RESOLUTION_FAILED', resolverCode: 'FETCH_FAILED', retryable: true } });
    expect(JSON.stringify(refused.json)).not.toMatch(/ECONNREFUSED|connect |getaddrinfo/);
  });

  it('never reaches a private address: not by its name, its literal, a mapped form or a redirect', async () => {
    const before = hits.length;
    for (const url of [`${origin}/to-private`, `${origin}/to-metadata`]) {
      expect(await link(url)).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE', resolverCode: 'UNSUPPORTED_URL' } });
    }
    expect(hits.length).toBe(before + 2);
    // the default configuration has no allowance: loopback by name, literal or mapped is refused before any connection
    const a = await account('nolinks@example.com', 5);
    const port = (site.address() as AddressInfo).port;
    for (const url of [
      `http://127.0.0.1:${port}/photo.jpg`,
      `http://localhost:${port}/photo.jpg`,
      `http://[::ffff:127.0.0.1]:${port}/photo.jpg`,
      `http://[::1]:${port}/photo.jpg`,
      `http://0.0.0.0:${port}/photo.jpg`,
      'http://169.254.169.254/',
    ]) {
      const refused = await link(url, base, a.media_key);
      expect(refused, url).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE' } });
      // a name is never answered with the private address it resolves to (a map of the service's network)
      if (url.includes('localhost')) expect(JSON.stringify(refused.json)).not.toMatch(/127\.0\.0\.1|::1/);
    }
    expect(hits.length).toBe(before + 2);
  });
});

describe('MCP tool server', () => {
  const connect = async (key: string): Promise<Client> => {
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'x-api-key': key } } }));
    return client;
  };

  it('lists its tools, detects a file and bills it on the same ledger, reads balance and usage', async () => {
    const a = await account('mcp@example.com', 3);
    const client = await connect(a.media_key);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['detect_media', 'get_credit_balance', 'get_usage']);
    const picture = photographScene(71);
    const result = await client.callTool({ name: 'detect_media', arguments: { file_base64: Buffer.from(picture).toString('base64'), filename: 'mcp.jpg' } });
    expect(result.isError).toBeFalsy();
    const detection = result.structuredContent as { id: string; credits_used: number; media: { filename: string } };
    expect(detection).toMatchObject({ credits_used: 1, media: { filename: 'mcp.jpg', type: 'image' } });
    expect((await call(`/v1/detections/${detection.id}`, { key: a.media_key })).json).toEqual(detection);
    expect((await client.callTool({ name: 'get_credit_balance', arguments: {} })).structuredContent).toEqual({ userId: a.id, balance: 2 });
    const usage = (await client.callTool({ name: 'get_usage', arguments: { limit: 1 } })).structuredContent as { entries: Json[]; pagination: Json };
    expect(usage.entries[0]).toMatchObject({ delta: -1, reason: 'DETECTION_DEBIT', ref: detection.id });
    expect(usage.pagination).toEqual({ limit: 1, offset: 0, total: 2, has_more: true });
    await client.close();
  });

  it('answers refusals as tool errors carrying the spec codes, and refuses a request without a key', async () => {
    const a = await account('mcp-poor@example.com', 0);
    const client = await connect(a.media_key);
    const poor = await client.callTool({
      name: 'detect_media',
      arguments: { file_base64: Buffer.from(photographScene(72)).toString('base64'), filename: 'p.jpg' },
    });
    expect(poor.isError).toBe(true);
    expect(poor.structuredContent).toMatchObject({ status: 402, success: false, error: { code: 'INSUFFICIENT_CREDITS' } });
    const text = await client.callTool({ name: 'detect_media', arguments: { file_base64: Buffer.from('not media at all, just text').toString('base64') } });
    expect(text.structuredContent).toMatchObject({ status: 422, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const nothing = await client.callTool({ name: 'detect_media', arguments: {} });
    expect(nothing.structuredContent).toMatchObject({ status: 400, error: { code: 'BAD_REQUEST' } });
    await client.close();
    await expect(connect('sk_'.padEnd(67, '0'))).rejects.toThrow();
    const unauthenticated = await call('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unauthenticated.status).toBe(401);
  });
});

describe('separately published routes', () => {
  it('answers /v1/detect/image in the spec shape, billed on the ledger, and refuses another media type', async () => {
    const a = await account('published@example.com', 5);
    const r = await call('/v1/detect/image', { method: 'POST', key: a.media_key, body: upload(photographScene(81), 'p.jpg') });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['confidence', 'is_synthetic', 'model', 'processing_time_ms']);
    expect(r.json).toMatchObject({ is_synthetic: expect.any(Boolean), confidence: expect.any(Number), model: 'loupe-media V1.5' });
    expect(r.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await call('/users/credits', { key: a.media_key })).json.balance).toBe(4);
    const wrong = await call('/v1/detect/video', { method: 'POST', key: a.media_key, body: upload(photographScene(82), 'p.jpg') });
    expect([wrong.status, (wrong.json.error as Json).code]).toEqual([422, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(
      (await call('/v1/detect/video', { method: 'POST', key: a.media_key, body: upload(photographScene(82), 'p.jpg') })).headers.get('x-ratelimit-limit'),
    ).toBe('50');
    const audio = await call('/v1/detect/audio', { method: 'POST', key: a.media_key, body: upload(silence, 'silence.wav') });
    expect(audio.json).toMatchObject({ success: false, error: { code: 'NOT_ASSESSABLE' }, reasons: ['no_voice_content'] });
  });

  it('judges a URL without fetching it, for QR_URL_DETECTION and universal keys', async () => {
    const a = await account('urls@example.com', 0);
    const bad = await call('/url-detection', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://www.paypal.com@paypa1-secure.xyz/login' }),
    });
    expect(bad.status).toBe(200);
    expect(bad.json).toEqual({ is_malicious: true, threat_type: 'phishing', confidence_score: expect.any(Number), processing_time_ms: expect.any(Number) });
    const fine = await call('/url-detection', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://github.com/mozilla/pdf.js' }),
    });
    expect(fine.json).toMatchObject({ is_malicious: false, threat_type: 'none' });
    const invalid = await call('/url-detection', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'not a url' }),
    });
    expect([invalid.status, invalid.json.error]).toEqual([400, 'INVALID_URL']);
    const made = await call('/users/api-key/generate', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceType: 'AGE_DETECTION' }),
    });
    const age = (made.json.apiKey as { value: string }).value;
    expect(
      (
        await call('/url-detection', {
          method: 'POST',
          key: age,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'https://a.example' }),
        })
      ).json.error,
    ).toBe('API_KEY_SCOPE');
  });
});

describe('account routes', () => {
  it('profile, credits and the ledger page by page, newest first', async () => {
    const a = await account('ledger@example.com', 7);
    for (let i = 0; i < 3; i++) await server.store.credits.adjustCredits(a.id, 1, 'PURCHASE_CREDIT', `order-${i}`);
    const profile = (await call('/users/profile', { key: a.media_key })).json;
    expect(profile).toEqual({
      success: true,
      user: { id: a.id, email: 'ledger@example.com', name: null, tier: null, emailVerified: true, createdAt: expect.any(String) },
      credits: 10,
    });
    const page = (await call('/users/credits/ledger?limit=2&offset=1', { key: a.media_key })).json;
    expect(page.pagination).toEqual({ limit: 2, offset: 1, total: 4, has_more: true });
    expect((page.entries as Json[]).map((e) => e.ref)).toEqual(['order-1', 'order-0']);
    const first = (await call('/users/credits/ledger', { key: a.media_key })).json;
    expect(first.pagination).toEqual({ limit: 20, offset: 0, total: 4, has_more: false });
    expect((first.entries as Json[])[3]).toMatchObject({ delta: 7, reason: 'SIGNUP_GRANT', ref: null });
    expect((await call('/users/credits/ledger?limit=101', { key: a.media_key })).status).toBe(400);
  });

  it('generates keys (plaintext once, sk_ and 64 hex), at most ten active per scope, and revokes them on the next request', async () => {
    const a = await account('keys@example.com', 1);
    const made = await call('/users/api-key/generate', {
      method: 'POST',
      key: a.media_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci' }),
    });
    expect(made.json).toMatchObject({
      success: true,
      warning: expect.any(String),
      user: { id: a.id, email: 'keys@example.com' },
      apiKey: { id: expect.stringMatching(/^key_/), value: expect.stringMatching(/^sk_[0-9a-f]{64}$/), serviceType: null, isUniversal: true, name: 'ci' },
    });
    const { id, value } = made.json.apiKey as { id: string; value: string };
    expect((await call('/users/credits', { key: value })).status).toBe(200);
    const revoked = await call(`/users/api-key/revoke/${id}`, { method: 'DELETE', key: a.media_key });
    expect(revoked.json).toMatchObject({ success: true, revokedKey: { id, serviceType: null, isUniversal: true, name: 'ci' } });
    expect((await call('/users/credits', { key: value })).status).toBe(401);
    expect((await call('/users/api-key/revoke/key_missing', { method: 'DELETE', key: a.media_key })).status).toBe(404);
    // the account's default and sandbox keys are two of the ten universal ones
    for (let i = 0; i < 8; i++) expect((await call('/users/api-key/generate', { method: 'POST', key: a.media_key })).status).toBe(200);
    const eleventh = await call('/users/api-key/generate', { method: 'POST', key: a.media_key });
    expect([eleventh.status, (eleventh.json.error as Json).code]).toEqual([409, 'API_KEY_LIMIT']);
  });

  it("lets a scoped key act only on keys of its own scope: it cannot revoke a universal or another scope's key", async () => {
    const a = await account('scoped-revoke@example.com', 1);
    const make = async (key: string, serviceType?: string) =>
      (
        await call('/users/api-key/generate', {
          method: 'POST',
          key,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(serviceType ? { serviceType } : {}),
        })
      ).json.apiKey as { id: string; value: string };
    const scoped = await make(a.media_key, 'AI_CONTENT_DETECTION');
    const sibling = await make(a.media_key, 'AI_CONTENT_DETECTION');
    const other = await make(a.media_key, 'AGE_DETECTION');
    const universalId = (await server.store.accounts.keysOf(a.id)).find((k) => k.kind === 'media' && k.serviceType === 'UNIVERSAL' && !k.sandbox)!.id;
    for (const target of [universalId, other.id]) {
      const refused = await call(`/users/api-key/revoke/${target}`, { method: 'DELETE', key: scoped.value });
      expect([refused.status, refused.json.error]).toEqual([403, 'API_KEY_SCOPE']);
    }
    expect((await call('/users/credits', { key: a.media_key })).status).toBe(200);
    expect((await call('/users/credits', { key: other.value })).status).toBe(200);
    expect((await call(`/users/api-key/revoke/${sibling.id}`, { method: 'DELETE', key: scoped.value })).status).toBe(200);
    expect((await call(`/users/api-key/revoke/${other.id}`, { method: 'DELETE', key: a.media_key })).status).toBe(200);
  });
});

describe('rate limit and the OpenAPI document', () => {
  it('limits detections per key per minute with the headers and a 429 body without success', async () => {
    const limited = await createServer({
      dataDir: join(dir, 'limited'),
      port: 0,
      sandboxPort: 0,
      detectionsPerMinute: 2,
      runner: { detect: (b, i) => engine.detect(b, i) },
    });
    const { url } = await limited.listen();
    const a = await createAccountWithKeys(limited.store, { email: 'limit@example.com', credits: 10 });
    const send = () =>
      fetch(`${url}/v1/detections`, { method: 'POST', headers: { 'x-api-key': a.media_key }, body: upload(new TextEncoder().encode('x'.repeat(20)), 'x.txt') });
    const first = await send();
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    await send();
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
    // the MCP tool spends the same per-key budget: spent over REST, it is spent for the tool too
    const client = new Client({ name: 'loupe-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': a.media_key } } }));
    const tool = await client.callTool({ name: 'detect_media', arguments: { file_base64: Buffer.from('x'.repeat(20)).toString('base64'), filename: 'x.txt' } });
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent).toMatchObject({ status: 429, error: 'RATE_LIMITED' });
    await client.close();
    // and a fresh key's budget spent through the tool is spent for REST
    const b = await createAccountWithKeys(limited.store, { email: 'limit-mcp@example.com', credits: 10 });
    const viaTool = new Client({ name: 'loupe-test', version: '1.0.0' });
    await viaTool.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': b.media_key } } }));
    for (let i = 0; i < 2; i++)
      await viaTool.callTool({ name: 'detect_media', arguments: { file_base64: Buffer.from('y'.repeat(20)).toString('base64'), filename: 'y.txt' } });
    await viaTool.close();
    const rest = await fetch(`${url}/v1/detections`, {
      method: 'POST',
      headers: { 'x-api-key': b.media_key },
      body: upload(new TextEncoder().encode('z'.repeat(20)), 'z.txt'),
    });
    expect(rest.status).toBe(429);
    await limited.close();
  });

  it('serves an OpenAPI 3.1 document naming every route, and a reference page', async () => {
    const doc = (await call('/openapi.json')).json as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const validation = await new Validator().validate(doc as never);
    expect(validation.errors ?? [], JSON.stringify(validation.errors)).toEqual([]);
    expect(validation.valid).toBe(true);
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of [
      'GET /health',
      'POST /v1/detections',
      'GET /v1/detections/{id}',
      'GET /users/profile',
      'GET /users/credits',
      'GET /users/credits/ledger',
      'POST /users/api-key/generate',
      'DELETE /users/api-key/revoke/{apiKeyId}',
      'POST /v1/detect/image',
      'POST /v1/detect/audio',
      'POST /v1/detect/video',
      'POST /url-detection',
      'POST /mcp',
    ])
      expect(routes).toContain(route);
    const page = await fetch(`${base}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });
});
