// Webhooks over real HTTP on loopback, verified by a verifier nobody here wrote (Stripe's
// `webhooks.constructEvent` over the raw body): document.completed / document.failed to the
// account webhook or the per-request webhook_url, loan.coverage_complete, the retry schedule on a
// controllable clock (1 min, 5 min, ... then abandoned after ten attempts), receivers that fail,
// redirect and hang, a private target refused at delivery time, a restart losing no pending
// delivery, and `loupe webhooks list / replay`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, type Json, until } from '@loupe/fixtures/document-api';
import { fixtureFile } from '@loupe/fixtures/paths';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-webhooks-'));
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const engine = createNodeEngine({ ocr: false });
const stripe = new Stripe('sk_test_unused');
let clockOffset = 0;
const clock = () => new Date(Date.now() + clockOffset);

/** What the receiver saw. */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}
const received: Received[] = [];
/** How the receiver answers, by path: a status, or 'hang' (never answers). */
const behaviour = new Map<string, number | 'hang'>();
let receiver: Server;
let hook = '';

async function serverAt(data: string): Promise<{ server: LoupeServer; live: string }> {
  const server = await createServer({
    dataDir: data,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    egressAllow: ['127.0.0.1/32'],
    webhookPollMs: 50,
    now: clock,
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
  });
  return { server, live: (await server.listen()).url };
}

let server: LoupeServer;
let live = '';

beforeAll(async () => {
  receiver = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body, at: clock().getTime() });
      const how = behaviour.get(req.url ?? '') ?? 200;
      if (how === 'hang') return;
      if (how >= 300 && how < 400) res.writeHead(how, { location: '/ok' }).end();
      else res.writeHead(how).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ server, live } = await serverAt(join(dir, 'main')));
});

afterAll(async () => {
  await server.close();
  receiver.closeAllConnections();
  receiver.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const at = (path: string) => received.filter((r) => r.path === path);

/** An account whose webhook is `path` on the receiver. */
async function accountWith(path: string, s = server) {
  const a = await createAccountWithKeys(s.store, { email: `hooks-${Math.random().toString(16).slice(2)}@example.com` });
  await s.store.accounts.updateAccount(a.id, { webhookUrl: `${hook}${path}` });
  return a;
}

/** Verifies a delivery with Stripe's library at the server's clock; answers the event. */
function verified(r: Received, secret: string): Json {
  const event = stripe.webhooks.constructEvent(r.body, r.headers['x-service-signature'] as string, secret, 300, undefined, r.at) as unknown as Json;
  expect(r.headers['x-service-event-id']).toBe(event.id);
  expect(r.headers['x-service-event-type']).toBe(event.type);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['user-agent']).toMatch(/\/1\.1\b/);
  expect(Object.keys(event)).toEqual(['id', 'type', 'created_at', 'data']);
  return event;
}

describe('webhooks', () => {
  it('sends document.completed and document.failed, signed, to the account webhook or the per-request webhook_url', async () => {
    const a = await accountWith('/account');
    const submitted = await call(live, '/v1/documents', {
      method: 'POST',
      key: a.live_key,
      body: form(await editText(await makeStatement({ seed: 5 }), 0, 'First Example Bank', 'Last Example Bank'), 'edited.pdf', { external_ref: 'loan-h' }),
    });
    const r = await until('document.completed', () => at('/account')[0]);
    const event = verified(r, a.webhook_secret);
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{24}$/), type: 'document.completed' });
    expect(event.data).toMatchObject({ id: submitted.json.id, object: 'document', status: 'completed', verdict: 'FORGED', external_ref: 'loan-h' });
    expect(r.headers['x-service-delivery-attempt']).toBe('1');
    expect(r.headers['x-service-env']).toBe('production');
    expect('recapture-signature' in r.headers).toBe(false);
    // the per-request webhook_url wins over the account's
    const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));
    await call(live, '/v1/documents', { method: 'POST', key: a.live_key, body: form(locked, 'locked.pdf', { webhook_url: `${hook}/per-request` }) });
    const failed = verified(await until('document.failed', () => at('/per-request')[0]), a.webhook_secret);
    expect(failed).toMatchObject({ type: 'document.failed', data: { status: 'failed', error: { code: 'file_encrypted' } } });
    expect(at('/account')).toHaveLength(1);
  });

  it('sends loan.coverage_complete when a declaration or a finished document completes the loan', async () => {
    const a = await accountWith('/coverage');
    await call(live, '/v1/documents?wait=true', {
      method: 'POST',
      key: a.live_key,
      body: form(await makeStatement({ seed: 6 }), 'a.pdf', { external_ref: 'loan-c' }),
    });
    await until('document.completed', () => at('/coverage')[0]);
    const put = await call(live, '/v1/loans/loan-c/expected-documents', { method: 'PUT', key: a.live_key, json: { expected_total: 2 } });
    expect(put.json.coverage).toMatchObject({ complete: false });
    await call(live, '/v1/documents?wait=true', {
      method: 'POST',
      key: a.live_key,
      body: form(await makeStatement({ seed: 7 }), 'b.pdf', { external_ref: 'loan-c' }),
    });
    const coverage = await until('loan.coverage_complete', () => at('/coverage').find((r) => r.headers['x-service-event-type'] === 'loan.coverage_complete'));
    expect(verified(coverage, a.webhook_secret)).toMatchObject({ data: { object: 'loan_summary', external_ref: 'loan-c', coverage: { complete: true } } });
    // declaring again while complete sends nothing new; a declaration that completes a loan does
    await call(live, '/v1/loans/loan-c/expected-documents', { method: 'PUT', key: a.live_key, json: { expected_total: 2 } });
    await call(live, '/v1/loans/loan-c/expected-documents', { method: 'PUT', key: a.live_key, json: { expected_total: 3 } });
    await call(live, '/v1/loans/loan-c/expected-documents', { method: 'PUT', key: a.live_key, json: { expected_total: 2 } });
    await until('the second coverage event', () =>
      at('/coverage').filter((r) => r.headers['x-service-event-type'] === 'loan.coverage_complete').length === 2 ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(at('/coverage').filter((r) => r.headers['x-service-event-type'] === 'loan.coverage_complete')).toHaveLength(2);
  });

  it('retries a failing receiver on the schedule with a fresh signature each time, then abandons it after ten attempts', async () => {
    const a = await accountWith('/down');
    behaviour.set('/down', 503);
    await call(live, '/v1/documents', { method: 'POST', key: a.live_key, body: form(await makeStatement({ seed: 8 }), 'a.pdf') });
    await until('attempt 1', () => at('/down')[0]);
    // the clock moves only once an attempt is recorded: its next due time is reckoned from when it
    // finished, so moving the clock while the sender still waits for the answer would move that too
    const recorded = (attempts: number) =>
      until(`attempt ${attempts} recorded`, async () =>
        (await server.store.webhooks.deliveries({ accountId: a.id, limit: 1 }))[0]?.attempts === attempts ? true : undefined,
      );
    await recorded(1);
    const minutes = [1, 5, 15, 30, 60, 120, 240, 480, 480];
    for (const [i, delay] of minutes.entries()) {
      // not before its time
      clockOffset += (delay * 60 - 5) * 1000;
      await new Promise((r) => setTimeout(r, 200));
      expect(at('/down'), `attempt ${i + 2} too early`).toHaveLength(i + 1);
      // then well past it: due times are kept to the second, so one second of margin was a race
      clockOffset += 35_000;
      const r = await until(`attempt ${i + 2}`, () => at('/down')[i + 1]);
      expect(r.headers['x-service-delivery-attempt']).toBe(String(i + 2));
      expect(r.headers['x-service-signature']).not.toBe(at('/down')[i]!.headers['x-service-signature']);
      verified(r, a.webhook_secret);
      await recorded(i + 2);
    }
    clockOffset += 24 * 3600 * 1000;
    await new Promise((r) => setTimeout(r, 300));
    expect(at('/down')).toHaveLength(10);
    const deliveries = await server.store.webhooks.deliveries({ accountId: a.id, limit: 5 });
    expect(deliveries).toMatchObject([{ state: 'abandoned', attempts: 10, lastStatus: 503 }]);
    // the operator replays it once the receiver is back
    behaviour.set('/down', 200);
    const out = execFileSync(process.execPath, [loupe, 'webhooks', 'replay', '--id', deliveries[0]!.id, '--data', join(dir, 'main'), '--json'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ eventId: deliveries[0]!.eventId, state: 'pending' });
    const replayed = await until('the replay', () => at('/down')[10]);
    expect(replayed.headers['x-service-event-id']).toBe(deliveries[0]!.eventId);
    const listed = execFileSync(
      process.execPath,
      [loupe, 'webhooks', 'list', '--email', (await server.store.accounts.accountById(a.id))!.email, '--data', join(dir, 'main'), '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(
      listed
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Json).eventId),
    ).toEqual([deliveries[0]!.eventId, deliveries[0]!.eventId]);
  });

  it('fails redirects (never followed), private targets at delivery time, and receivers that do not answer within 5 s', async () => {
    const moved = await accountWith('/moved');
    behaviour.set('/moved', 302);
    await call(live, '/v1/documents', { method: 'POST', key: moved.live_key, body: form(await makeStatement({ seed: 9 }), 'a.pdf') });
    await until('the redirect attempt', () => at('/moved')[0]);
    expect(await until('the redirect recorded', () => pending(moved.id))).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: 302,
      lastError: expect.stringMatching(/redirects are not followed/),
    });
    expect(at('/ok')).toHaveLength(0);

    const hidden = await createAccountWithKeys(server.store, { email: 'private-hook@example.com' });
    await server.store.accounts.updateAccount(hidden.id, { webhookUrl: 'http://10.20.30.40/hook' });
    await call(live, '/v1/documents', { method: 'POST', key: hidden.live_key, body: form(await makeStatement({ seed: 10 }), 'a.pdf') });
    expect(await until('the refused attempt', () => pending(hidden.id))).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^blocked_address/) });

    const slow = await accountWith('/hang');
    behaviour.set('/hang', 'hang');
    await call(live, '/v1/documents', { method: 'POST', key: slow.live_key, body: form(await makeStatement({ seed: 11 }), 'a.pdf') });
    await until('the hanging attempt', () => at('/hang')[0]);
    expect(await until('the timeout recorded', () => pending(slow.id), 10_000)).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^timeout/) });
  });

  it('loses no pending delivery across a restart', async () => {
    const data = join(dir, 'restart');
    let { server: s, live: url } = await serverAt(data);
    const a = await accountWith('/after-restart', s);
    behaviour.set('/after-restart', 500);
    await call(url, '/v1/documents', { method: 'POST', key: a.live_key, body: form(await makeStatement({ seed: 12 }), 'a.pdf') });
    await until('the first attempt', () => at('/after-restart')[0]);
    await s.close();
    behaviour.set('/after-restart', 200);
    ({ server: s, live: url } = await serverAt(data));
    clockOffset += 61_000;
    const second = await until('the attempt after the restart', () => at('/after-restart')[1]);
    expect(second.headers['x-service-delivery-attempt']).toBe('2');
    verified(second, a.webhook_secret);
    await s.close();
  });
});

/** The account's pending delivery once an attempt of it is recorded. */
async function pending(accountId: string) {
  const [row] = await server.store.webhooks.deliveries({ accountId, state: 'pending', limit: 1 });
  return row && row.attempts > 0 ? row : undefined;
}
