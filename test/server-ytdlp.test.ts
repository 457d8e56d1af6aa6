// Video pages through yt-dlp (Debian's package; .ci/run installs it): a page with one video is
// resolved and detected with its source filled; a page of several videos (a playlist) and a video
// over five minutes are refused LINK_NOT_RESOLVABLE before anything is scored; a page whose video
// sits on a private address is refused by the egress proxy every yt-dlp request goes through.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { h264Clip } from '@loupe/fixtures/videos';
import { createNodeMediaEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-ytdlp-'));
h264Clip(join(dir, 'clip.mp4'), { durationS: 4 });
h264Clip(join(dir, 'long.mp4'), { source: 'color=c=gray', size: '16x16', rate: 1, durationS: 310 });
const files: Record<string, [string, Buffer | string]> = {
  '/clip.mp4': ['video/mp4', readFileSync(join(dir, 'clip.mp4'))],
  '/long.mp4': ['video/mp4', readFileSync(join(dir, 'long.mp4'))],
  '/watch': ['text/html', '<html><head><title>A test clip</title></head><body><video src="/clip.mp4" controls></video></body></html>'],
  '/list': ['text/html', '<html><body><video src="/clip.mp4"></video><video src="/long.mp4"></video></body></html>'],
  '/long': ['text/html', '<html><head><title>Long</title></head><body><video src="/long.mp4"></video></body></html>'],
  '/hidden': ['text/html', '<html><head><title>Hidden</title></head><body><video src="http://10.0.0.1/clip.mp4"></video></body></html>'],
};

let site: Server;
let origin = '';
let server: LoupeServer;
let base = '';
let key = '';
const engine = createNodeMediaEngine();

beforeAll(async () => {
  site = createHttpServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await createServer({
    dataDir: join(dir, 'data'),
    port: 0,
    sandboxPort: 0,
    egressAllow: ['127.0.0.1/32'],
    runner: { detect: (b, i) => engine.detect(b, i) },
  });
  base = (await server.listen()).url;
  key = (await createAccountWithKeys(server.store, { email: 'pages@example.com', credits: 50 })).media_key;
});

afterAll(async () => {
  await server.close();
  site.closeAllConnections();
  site.close();
  rmSync(dir, { recursive: true, force: true });
});

async function link(url: string) {
  const r = await fetch(`${base}/v1/detections`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

describe('video pages through yt-dlp', () => {
  it('resolves a page with one video and detects it, with its source', async () => {
    const r = await link(`${origin}/watch`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      media: { type: 'video' },
      credits_used: 4,
      source: { url: `${origin}/watch`, canonical_url: `${origin}/watch`, platform: expect.any(String), truncated: false },
    });
    expect((r.json.frames as unknown[]).length).toBe(4);
  });

  it('refuses a playlist and a video over five minutes with LINK_NOT_RESOLVABLE, charging nothing', async () => {
    expect(await link(`${origin}/list`)).toMatchObject({
      status: 422,
      json: { success: false, error: 'LINK_NOT_RESOLVABLE', resolverCode: 'NOT_A_VIDEO', retryable: false },
    });
    expect(await link(`${origin}/long`)).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE', resolverCode: 'TOO_LONG' } });
    expect(((await (await fetch(`${base}/users/credits`, { headers: { 'x-api-key': key } })).json()) as { balance: number }).balance).toBe(46);
  });

  it('keeps yt-dlp to public addresses: a video on a private address is refused by the egress proxy', async () => {
    expect(await link(`${origin}/hidden`)).toMatchObject({ status: 422, json: { error: 'LINK_NOT_RESOLVABLE', resolverCode: 'UNSUPPORTED_URL' } });
  });
});
