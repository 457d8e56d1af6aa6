// The server around the detector: the worker pool's time limit and an unusable model answer the
// media spec's 504 and 500; a detector with nothing billable is 502 and costs nothing; a video
// with thumbnails and a recording go through the real pool; `loupe serve` prints the first
// account's keys once and stops gracefully, letting a running detection finish; `loupe accounts`
// prints the documented JSON and works beside a running server.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Detection, MediaError, PoolError } from '@loupe/core';
import { freePorts } from '@loupe/fixtures/free-ports';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { photographScene } from '@loupe/fixtures/scenes';
import { h264Clip } from '@loupe/fixtures/videos';
import { createNodeMediaEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type DetectionRunner, type LoupeServer } from '@loupe/server';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-runtime-'));
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const video = h264Clip(join(dir, 'clip.mp4'), { durationS: 3 });
const speech = new Uint8Array(readFileSync(fixtureAudio('natural-fr-words.ogg')));

let n = 0;
async function serverWith(runner?: DetectionRunner, options: { timeoutMs?: number } = {}): Promise<{ server: LoupeServer; base: string; key: string }> {
  const server = await createServer({ dataDir: join(dir, `s${n++}`), port: 0, sandboxPort: 0, workers: 1, ...options, ...(runner ? { runner } : {}) });
  const { url } = await server.listen();
  const { media_key } = await createAccountWithKeys(server.store, { email: 'runtime@example.com', credits: 50 });
  return { server, base: url, key: media_key };
}

async function detect(base: string, key: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const r = await fetch(`${base}/v1/detections`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

const balance = async (base: string, key: string): Promise<number> =>
  ((await (await fetch(`${base}/users/credits`, { headers: { 'x-api-key': key } })).json()) as { balance: number }).balance;

describe('the detector behind the API', () => {
  it('answers 504 DETECTION_PLATFORM_TIMEOUT when the pool stops a run, and charges nothing', async () => {
    const { server, base, key } = await serverWith(undefined, { timeoutMs: 1 });
    const r = await detect(base, key, photographScene(3), 'p.jpg');
    expect(r).toMatchObject({ status: 504, json: { success: false, error: { code: 'DETECTION_PLATFORM_TIMEOUT' } } });
    expect(await balance(base, key)).toBe(50);
    await server.close();
  });

  it('answers 500 DETECTORS_UNAVAILABLE for a model that cannot load, 500 INTERNAL_ERROR for a crash, 504 DETECTION_PLATFORM_UNREACHABLE for a full pool, 422 UNDECODABLE_VIDEO for a cut video, 502 DETECTION_NOT_BILLABLE for nothing billable', async () => {
    const cases: [DetectionRunner, number, string][] = [
      [
        { detect: async () => Promise.reject(new MediaError('detectors_unavailable', 'the model file does not match its digest')) },
        500,
        'DETECTORS_UNAVAILABLE',
      ],
      [{ detect: async () => Promise.reject(new PoolError('worker_crashed', 'the worker stopped')) }, 500, 'INTERNAL_ERROR'],
      [{ detect: async () => Promise.reject(new Error('boom')) }, 500, 'INTERNAL_ERROR'],
      [{ detect: async () => Promise.reject(new PoolError('queue_full', 'the pool is busy')) }, 504, 'DETECTION_PLATFORM_UNREACHABLE'],
    ];
    for (const [runner, status, code] of cases) {
      const { server, base, key } = await serverWith(runner);
      expect(await detect(base, key, photographScene(4), 'p.jpg')).toMatchObject({ status, json: { success: false, error: { code } } });
      expect(await balance(base, key)).toBe(50);
      await server.close();
    }
    const engine = createNodeMediaEngine();
    const cut = await serverWith({ detect: (b, i) => engine.detect(b, i) });
    const cutAnswer = await detect(cut.base, cut.key, video.subarray(0, 700), 'cut.mp4');
    expect(cutAnswer).toMatchObject({ status: 422, json: { error: { code: 'UNDECODABLE_VIDEO' } } });
    // what failed, in the caller's terms: no loopback URL, port or path of the service's own
    expect(JSON.stringify(cutAnswer.json)).not.toMatch(/127\.0\.0\.1|https?:\/\/|\/tmp\/|\/usr\//);
    expect(await balance(cut.base, cut.key)).toBe(50);
    await cut.server.close();
    const unscored: DetectionRunner = { detect: async (b, i) => ({ ...(await engine.detect(b, i)), credits_used: 0 }) as Detection };
    const { server, base, key } = await serverWith(unscored);
    expect(await detect(base, key, video, 'clip.mp4')).toMatchObject({ status: 502, json: { error: { code: 'DETECTION_NOT_BILLABLE' } } });
    expect(await balance(base, key)).toBe(50);
    await server.close();
  });

  it('runs a video with thumbnails and a recording on the worker pool, charging frames and minutes', async () => {
    const { server, base, key } = await serverWith();
    const v = await detect(base, key, video, 'clip.mp4', { thumbnails: 'true' });
    expect(v.status).toBe(200);
    const frames = v.json.frames as { thumbnail_b64?: string; score: number | null }[];
    expect(frames).toHaveLength(3);
    expect(frames.every((f) => typeof f.thumbnail_b64 === 'string' && f.thumbnail_b64.length > 100)).toBe(true);
    expect(v.json).toMatchObject({ credits_used: 3, threshold_used: expect.any(Number), media: { type: 'video' } });
    const a = await detect(base, key, speech, 'words.ogg');
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ credits_used: 1, media: { type: 'audio' }, duration_ms: expect.any(Number), segments: expect.any(Array) });
    expect(['LIKELY_REAL', 'LIKELY_AI']).toContain(a.json.verdict);
    expect(await balance(base, key)).toBe(46);
    await server.close();
  });
});

describe('loupe serve and loupe accounts', () => {
  it('prints the first account once, serves, and stops gracefully on SIGTERM after a running request finishes', async () => {
    const data = join(dir, 'served');
    const [port, sandboxPort] = await freePorts(2);
    const start = () =>
      spawn(process.execPath, [loupe, 'serve', '--port', String(port), '--sandbox-port', String(sandboxPort), '--data', data], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    const child = start();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    for (let i = 0; i < 100 && !stderr.includes('Loupe is serving'); i++) await new Promise((r) => setTimeout(r, 100));
    const key = /media key\s+(sk_[0-9a-f]{64})/.exec(stderr)?.[1];
    expect(key).toBeDefined();
    expect(stderr).toContain(`curl -s -H 'x-api-key: ${key}' -F file=@photo.jpg http://127.0.0.1:${port}/v1/detections`);
    for (const name of ['media sandbox key', 'document live key', 'document test key', 'webhook secret']) expect(stderr).toContain(name);
    expect(readFileSync(join(data, 'loupe.db')).includes(Buffer.from(key!))).toBe(false);
    // operators work on the same folder while it runs
    const created = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'create', '--email', 'second@example.com', '--credits', '3', '--data', data, '--json'], {
        encoding: 'utf8',
      }),
    );
    expect(Object.keys(created)).toEqual(['id', 'email', 'media_key', 'media_sandbox_key', 'live_key', 'test_key', 'webhook_secret']);
    expect(created.live_key).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(created.test_key).toMatch(/^sk_test_[0-9a-f]{64}$/);
    execFileSync(process.execPath, [loupe, 'accounts', 'credit', '--email', 'second@example.com', '--credits', '7', '--data', data]);
    expect(await balance(`http://127.0.0.1:${port}`, created.media_key)).toBe(10);
    execFileSync(process.execPath, [loupe, 'accounts', 'set', '--email', 'second@example.com', '--unverified', '--data', data]);
    expect((await fetch(`http://127.0.0.1:${port}/users/credits`, { headers: { 'x-api-key': created.media_key } })).status).toBe(403);
    const token = execFileSync(process.execPath, [loupe, 'accounts', 'session', '--email', 'owner@localhost', '--data', data], { encoding: 'utf8' }).trim();
    expect((await fetch(`http://127.0.0.1:${port}/users/credits`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // key rotation: a second live document key, both work, a third is refused, the first retired stops at once
    const accounts = (...args: string[]) => execFileSync(process.execPath, [loupe, 'accounts', ...args, '--data', data], { encoding: 'utf8', stdio: 'pipe' });
    const loans = (k: string) => fetch(`http://127.0.0.1:${port}/v1/loans`, { headers: { 'x-api-key': k } }).then((r) => r.status);
    // a webhook every delivery would refuse is refused when it is set, with the reason
    expect(() => accounts('set', '--email', 'second@example.com', '--webhook-url', 'http://127.0.0.1:9/hooks')).toThrow(
      /--webhook-url: 127\.0\.0\.1 is a loopback, private or reserved address.*LOUPE_EGRESS_ALLOW/,
    );
    expect(() => accounts('set', '--email', 'second@example.com', '--webhook-url', 'http://localhost:9/hooks')).toThrow(
      /localhost resolves to .+, which is a loopback/,
    );
    // one inside a range the deployment lets through is taken
    execFileSync(process.execPath, [loupe, 'accounts', 'set', '--email', 'second@example.com', '--webhook-url', 'http://127.0.0.1:9/hooks', '--data', data], {
      env: { ...process.env, LOUPE_EGRESS_ALLOW: '127.0.0.0/8' },
    });
    const added = JSON.parse(accounts('add-key', '--email', 'second@example.com', '--env', 'live', '--name', 'rotation', '--json'));
    expect(added).toMatchObject({ kind: 'live', name: 'rotation', plaintext: expect.stringMatching(/^sk_live_[0-9a-f]{64}$/) });
    expect([await loans(created.live_key), await loans(added.plaintext)]).toEqual([200, 200]);
    expect(() => accounts('add-key', '--email', 'second@example.com', '--env', 'live')).toThrow(/retire one first/);
    const listed = JSON.parse(accounts('keys', '--email', 'second@example.com', '--json')) as { id: string; kind: string; revokedAt: string | null }[];
    expect(listed.filter((k) => k.kind === 'live')).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(added.plaintext.slice(8));
    const old = listed.find((k) => k.kind === 'live' && k.id !== added.id)!;
    expect(JSON.parse(accounts('retire-key', '--email', 'second@example.com', '--key-id', old.id, '--json'))).toMatchObject({
      id: old.id,
      revokedAt: expect.any(String),
    });
    expect([await loans(created.live_key), await loans(added.plaintext)]).toEqual([401, 200]);
    expect(accounts('add-key', '--email', 'second@example.com', '--env', 'test')).toMatch(/sk_test_[0-9a-f]{64}/);
    // a detection in flight when SIGTERM arrives still completes
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(video)]), 'clip.mp4');
    const running = fetch(`http://127.0.0.1:${port}/v1/detections`, { method: 'POST', headers: { 'x-api-key': key! }, body: form });
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGTERM');
    const answered = await running;
    expect(answered.status).toBe(200);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    // a second start keeps the accounts and prints no keys
    const again = start();
    let second = '';
    again.stderr.on('data', (d: Buffer) => {
      second += d.toString();
    });
    for (let i = 0; i < 100 && !second.includes('Loupe is serving'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(second).not.toContain('media key');
    again.kill('SIGTERM');
    await new Promise((resolve) => again.on('exit', resolve));
  });

  it('refuses bad accounts arguments with exit 2', () => {
    const run = (...args: string[]): number => {
      try {
        execFileSync(process.execPath, [loupe, 'accounts', ...args], { stdio: 'pipe' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(run('create')).toBe(2);
    expect(run('create', '--email', 'x@example.com', '--bogus')).toBe(2);
    expect(run('frob', '--email', 'x@example.com')).toBe(2);
    expect(run('add-key', '--email', 'x@example.com', '--env', 'staging', '--data', join(dir, 'served'))).toBe(2);
    expect(run('retire-key', '--email', 'x@example.com', '--data', join(dir, 'served'))).toBe(2);
    expect(run('create', '--email', 'x@example.com', '--detector', 'V9', '--data', join(dir, 'acct'))).toBe(2);
    expect(run('credit', '--email', 'nobody@example.com', '--credits', '5', '--data', join(dir, 'missing-folder'))).toBe(1);
  });
});
