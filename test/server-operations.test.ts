// The operator's view of a running server: Prometheus metrics and readiness on the admin listener,
// and JSON log lines that carry each request's id (and never a key or a borrower's link token).
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { call, form } from '@loupe/fixtures/document-api';
import { type LoopbackServer, loopbackServer } from '@loupe/fixtures/loopback-server';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { createAccountWithKeys, type LoupeServer } from '@loupe/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
let running: LoopbackServer;
let server: LoupeServer;
let urls: { url: string; adminUrl?: string | undefined };

beforeAll(async () => {
  running = await loopbackServer({ admin: { port: 0 }, logger: pino({ level: 'info' }, sink) });
  ({ server } = running);
  urls = running;
});
afterAll(() => running.close());

/** The value of one series in a Prometheus text exposition (undefined when absent). */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('the operator listener', () => {
  it('serves metrics for requests, analyses, detections, credits and the queue', async () => {
    const keys = await createAccountWithKeys(server.store, { email: 'ops@example.com', credits: 10 });
    // /health is answered before the framework (health-answer.ts): same body, its own request id, counted
    const health = await fetch(`${urls.url}/health`);
    expect([health.status, await health.json(), health.headers.get('x-request-id')]).toEqual([
      200,
      { status: 'ok' },
      expect.stringMatching(/^req_[0-9a-f]{16}$/),
    ]);
    expect((await fetch(`${urls.url}/health`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${urls.url}/users/credits`, { headers: { 'x-api-key': 'sk_nope' } })).status).toBe(401);
    const photo = new FormData();
    photo.append('file', new Blob([new Uint8Array(photographScene(77))]), 'photo.jpg');
    const detected = await fetch(`${urls.url}/v1/detections`, { method: 'POST', headers: { 'x-api-key': keys.media_key }, body: photo });
    expect(detected.status).toBe(200);
    const detection = (await detected.json()) as { verdict: string; credits_used: number };
    const doc = await call(urls.url, '/v1/documents?wait=true', {
      method: 'POST',
      key: keys.live_key,
      body: form(await makeStatement({ seed: 61 }), 'ops.pdf'),
    });
    expect(doc.json.status).toBe('completed');

    const metrics = await fetch(`${urls.adminUrl}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    const requests = (labels: Record<string, string>) => series(text, 'loupe_http_request_duration_seconds_count', labels);
    expect(requests({ listener: 'production', method: 'GET', route: '/health', status: '200' })).toBe(1);
    expect(requests({ listener: 'production', method: 'HEAD', route: '/health', status: '200' })).toBe(1);
    expect(requests({ listener: 'production', method: 'GET', route: '/users/credits', status: '401' })).toBe(1);
    expect(requests({ listener: 'production', method: 'POST', route: '/v1/documents', status: '200' })).toBe(1);
    expect(series(text, 'loupe_document_analyses_total', { outcome: 'completed', verdict: doc.json.verdict as string })).toBe(1);
    expect(series(text, 'loupe_job_duration_seconds_count', { kind: 'analysis', outcome: 'completed' })).toBe(1);
    expect(series(text, 'loupe_detections_total', { media_type: 'image', outcome: 'completed', verdict: detection.verdict })).toBe(1);
    expect(series(text, 'loupe_credits_debited_total')).toBe(detection.credits_used);
    expect(series(text, 'loupe_queue_depth')).toBe(0);
    expect(series(text, 'loupe_queue_oldest_job_age_seconds')).toBe(0);
    expect(series(text, 'loupe_webhook_deliveries_total')).toBeUndefined(); // no delivery attempted yet: no series
  });

  it('logs JSON lines with the request id of the answer, and no key or link token', async () => {
    const refused = await fetch(`${urls.url}/users/credits`, { headers: { 'x-api-key': 'sk_not_a_key' } });
    const id = refused.headers.get('x-request-id');
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.reqId === id && l.msg === 'answered');
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/users/credits', status: 401, ms: expect.any(Number) });
    await fetch(`${urls.url}/c/secret-link-token-123`);
    await new Promise((r) => setTimeout(r, 50));
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-link-token-123');
    expect(text).not.toContain('sk_not_a_key');
    // routine answers (2xx under half a second) are not logged at info: the metrics count them
    expect(lines.some((l) => l.route === '/health')).toBe(false);
  });

  it('answers /ready while the store and the queue run, and 503 once the server drains', async () => {
    const ready = await fetch(`${urls.adminUrl}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', checks: { store: 'ok', queue: 'ok' } }]);
    // an upload still arriving keeps the API draining (an idle server would finish closing, its
    // admin listener with it, before the next request reached it)
    const keys = await createAccountWithKeys(server.store, { email: 'drain@example.com', credits: 1 });
    const upload = request(`${urls.url}/v1/documents`, {
      method: 'POST',
      headers: { 'x-api-key': keys.live_key, 'content-type': 'multipart/form-data; boundary=b', 'content-length': '100000' },
    });
    upload.on('error', () => undefined);
    upload.write('--b\r\ncontent-disposition: form-data; name="file"; filename="slow.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n');
    await new Promise((r) => setTimeout(r, 100)); // the route is reading the file part
    const closing = server.close();
    const draining = await fetch(`${urls.adminUrl}/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'not_ready', checks: { server: 'draining' } });
    upload.destroy();
    await closing;
  });
});
