// Re-capture over real HTTP on loopback: templates, minting with every rule (contact, delivery,
// expires_in forms, template ids, the tip-off validator and its acknowledged bypass, one live link
// per document), reads that agree with expires_at, revoke, the QR image, the sandbox's
// simulate-capture (a photo made from the original's first save, analysed with OCR as an ordinary
// Document, reconciled with the upload: an edited statement is contradicted, a genuine one is
// not), captures and their C2PA summary, and the earlier name's alias with its deprecation
// headers on both sides of 2026-12-31.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, type Json } from '@loupe/fixtures/document-api';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-recapture-'));
const engine = createNodeEngine({ ocr: true });
let server: LoupeServer;
let live = '';
let sandbox = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;
let clockOffset = 0;
let liveDoc = '';
let forgedDoc = '';
let genuineDoc = '';

const mint = (body: unknown, base = sandbox, key = keys.test_key) => call(base, '/v1/recapture/links', { method: 'POST', key, json: body });
const message = { template_id: 'quality', body: 'Please take a new photo of your {document} with this secure link.' };

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    workers: 1,
    now: () => new Date(Date.now() + clockOffset),
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
  });
  ({ url: live, sandboxUrl: sandbox } = await server.listen());
  keys = await createAccountWithKeys(server.store, { email: 'recapture@example.com' });
  const edited = await editText(await makeStatement({ seed: 31 }), 0, 'First Example Bank', 'Last Example Bank');
  const submit = async (base: string, key: string, bytes: Uint8Array, name: string) =>
    (await call(base, '/v1/documents?wait=true', { method: 'POST', key, body: form(bytes, name, { external_ref: 'loan-rc', category: 'bank_statement' }) }))
      .json.id as string;
  liveDoc = await submit(live, keys.live_key, edited, 'live.pdf');
  forgedDoc = await submit(sandbox, keys.test_key, edited, 'edited.pdf');
  genuineDoc = await submit(sandbox, keys.test_key, await makeStatement({ seed: 32 }), 'genuine.pdf');
});

afterAll(async () => {
  await server.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('re-capture links', () => {
  it('lists the templates, each passing the validator', async () => {
    const r = await call(sandbox, '/v1/recapture/templates', { key: keys.test_key });
    expect(r.json).toMatchObject({ object: 'list', has_more: false });
    expect((r.json.data as Json[]).map((t) => t.id)).toEqual(['quality', 'routine', 'missing']);
    for (const t of r.json.data as Json[]) {
      expect(t.body).toContain('{document}');
      expect((await mint({ document_id: genuineDoc, message: { template_id: t.id, body: t.body } })).status, String(t.id)).toBe(201);
      // one live link per document: revoke before the next template
      const pending = await mint({ document_id: genuineDoc, message: { body: t.body } });
      expect(pending).toMatchObject({ status: 409, json: { error: { type: 'conflict', code: 'link_already_active' } } });
      await call(sandbox, `/v1/recapture/links/${(pending.json.error as Json).link_id}/revoke`, { method: 'POST', key: keys.test_key });
    }
  });

  it('refuses what the table refuses, and the tip-off validator unless acknowledged', async () => {
    expect((await mint({ document_id: 'doc_unknown', message })).status).toBe(404);
    expect((await mint({ document_id: liveDoc, message, borrower: { email: 'b@example.com' } }, live, keys.live_key)).status).toBe(201);
    for (const [body, code, status] of [
      [{ document_id: liveDoc, message }, 'invalid_request', 400], // production needs a contact
      [{ document_id: forgedDoc, message, delivery: 'sms' }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, delivery: 'email', borrower: { phone: '+14155550100' } }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, borrower: { phone: '555-0100' } }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, borrower: { display_name: 'x'.repeat(129) } }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, expires_in: 'PT0H' }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, expires_in: 'P0D' }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, expires_in: 'P8D' }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message, expires_in: 'P1W' }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message: { body: 'x'.repeat(1001) } }, 'invalid_request', 400],
      [{ document_id: forgedDoc }, 'invalid_request', 400],
      [{ document_id: forgedDoc, message: { template_id: 'urgent', body: 'Hi' } }, 'not_found', 404],
    ] as const) {
      const r = await mint(body, body.document_id === liveDoc ? live : sandbox, body.document_id === liveDoc ? keys.live_key : keys.test_key);
      expect(r, JSON.stringify(body)).toMatchObject({ status, json: { error: { code } } });
    }
    const flagged = await mint({ document_id: forgedDoc, message: { body: 'Your statement looks T4MPERED; our fraud team needs a new photo.' } });
    expect(flagged).toMatchObject({
      status: 422,
      json: { error: { type: 'invalid_request', code: 'message_would_disclose_flag', matched_terms: ['fraud', 'tampered', 'compliance review'] } },
    });
    const acknowledged = await mint({
      document_id: forgedDoc,
      message: { body: 'Your statement looks tampered; please send a new photo.' },
      acknowledge_disclosure: true,
      expires_in: 'PT1H30M',
    });
    expect(acknowledged).toMatchObject({
      status: 201,
      json: {
        object: 'recapture_link',
        status: 'pending',
        document_id: forgedDoc,
        external_ref: 'loan-rc',
        delivery: 'link_only',
        message: { body: 'Your statement looks tampered; please send a new photo.' },
        message_audit: { safe: false, matched_terms: ['tampered'], acknowledged_disclosure: true, validated_at: expect.any(String) },
      },
    });
    expect(Date.parse(acknowledged.json.expires_at as string) - Date.parse(acknowledged.json.created_at as string)).toBe(90 * 60_000);
    expect(acknowledged.json.url).toMatch(new RegExp(`^${sandbox}/c/[A-Za-z0-9_-]{32}$`));
    await call(sandbox, `/v1/recapture/links/${acknowledged.json.id}/revoke`, { method: 'POST', key: keys.test_key });
  });

  it('reads expired once past expires_at (QR gone, revoke 410, a new link allowed) and serves the QR only while pending', async () => {
    // minted two hours ago on the server's clock, for one hour
    clockOffset = -2 * 3600 * 1000;
    let link: Json;
    try {
      link = (await mint({ document_id: forgedDoc, message, expires_in: 'PT1H' })).json;
      const qr = await fetch(`${link.qr_png_url}`, { headers: { 'x-api-key': keys.test_key } });
      expect(qr.status).toBe(200);
      expect(qr.headers.get('content-type')).toBe('image/png');
      expect(qr.headers.get('cache-control')).toBe('private, no-store');
      expect([...new Uint8Array(await qr.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    } finally {
      clockOffset = 0;
    }
    expect((await call(sandbox, `/v1/recapture/links/${link.id}`, { key: keys.test_key })).json.status).toBe('expired');
    expect((await fetch(`${link.qr_png_url}`, { headers: { 'x-api-key': keys.test_key } })).status).toBe(404);
    expect((await call(sandbox, `/v1/recapture/links/${link.id}/revoke`, { method: 'POST', key: keys.test_key })).json).toMatchObject({
      error: { code: 'link_expired', type: 'conflict' },
    });
    expect((await call(sandbox, `/v1/recapture/links/${link.id}/simulate-capture`, { method: 'POST', key: keys.test_key })).status).toBe(410);
    const next = await mint({ document_id: forgedDoc, message });
    expect(next.status).toBe(201);
    await call(sandbox, `/v1/recapture/links/${next.json.id}/revoke`, { method: 'POST', key: keys.test_key });
    expect((await fetch(`${next.json.qr_png_url}`, { headers: { 'x-api-key': keys.test_key } })).status).toBe(404);
  });
});

describe('captures', () => {
  it('simulates a capture of an edited statement: the photo of its first save contradicts the upload', async () => {
    const minted = await mint({ document_id: forgedDoc, message });
    expect(minted.status, JSON.stringify(minted.json)).toBe(201);
    const link = minted.json;
    const captured = await call(sandbox, `/v1/recapture/links/${link.id}/simulate-capture`, { method: 'POST', key: keys.test_key });
    expect(captured).toMatchObject({
      status: 201,
      json: {
        object: 'recapture_capture',
        status: 'completed',
        link_id: link.id,
        document_id: forgedDoc,
        external_ref: 'loan-rc',
        device: 'sandbox simulation',
        photo_count: 1,
        contradicts_original: true,
        c2pa: {
          spec_version: '2.1',
          validation_state: 'Valid',
          signature_alg: 'ES256',
          timestamp_authority: 'Loupe capture time stamps',
          edits_since_capture: 0,
          manifest_url: `${sandbox}/v1/recapture/captures/${(captured.json as { id: string }).id}/c2pa`,
        },
        response_time: expect.stringMatching(/^PT/),
      },
    });
    const groups = captured.json.signal_groups as { id: string; signals: Json[] }[];
    expect(groups.map((g) => g.id)).toEqual(['provenance', 'device_integrity', 'forensics_rerun', 'reconciliation']);
    expect(groups[3]!.signals).toContainEqual(
      expect.objectContaining({ status: 'flag', value: expect.stringMatching(/"first" where the upload reads "last"/) }),
    );
    expect(captured.json.headline).toMatch(/"first" where the upload reads "last"/);
    const recaptured = await call(sandbox, `/v1/documents/${captured.json.recaptured_document_id}`, { key: keys.test_key });
    expect(recaptured.json).toMatchObject({ status: 'completed', capture: 'photo', recapture_capture_id: captured.json.id, external_ref: 'loan-rc' });
    expect((await call(sandbox, `/v1/recapture/links/${link.id}`, { key: keys.test_key })).json).toMatchObject({
      status: 'consumed',
      capture_id: captured.json.id,
    });
    expect((await call(sandbox, `/v1/recapture/captures/${captured.json.id}`, { key: keys.test_key })).json).toEqual(captured.json);
    expect((await call(sandbox, `/v1/recapture/captures/${captured.json.id}/c2pa`, { key: keys.test_key })).json).toEqual(captured.json.c2pa);
    expect(groups[0]!.signals).toContainEqual(
      expect.objectContaining({ label: 'Content credentials (C2PA)', status: 'pass', value: expect.stringMatching(/not by the phone/) }),
    );
    expect((await call(sandbox, `/v1/recapture/links/${link.id}/simulate-capture`, { method: 'POST', key: keys.test_key })).json).toMatchObject({
      error: { code: 'link_already_consumed' },
    });
    expect((await call(sandbox, `/v1/recapture/links/${link.id}/revoke`, { method: 'POST', key: keys.test_key })).status).toBe(409);
    expect((await call(sandbox, '/v1/recapture/captures/rcc_unknown', { key: keys.test_key })).status).toBe(404);
  });

  it('simulates a capture of a genuine statement without contradiction; production refuses to simulate', async () => {
    const link = (await mint({ document_id: genuineDoc, message })).json;
    const captured = await call(sandbox, `/v1/recapture/links/${link.id}/simulate-capture`, { method: 'POST', key: keys.test_key });
    expect(captured.json).toMatchObject({ status: 'completed', contradicts_original: false });
    // the production document already has its live link (minted above): its id comes with the 409
    const again = await mint({ document_id: liveDoc, message, borrower: { phone: '+14155550100' } }, live, keys.live_key);
    const id = (again.json.error as Json).link_id;
    expect((await call(live, `/v1/recapture/links/${id}/simulate-capture`, { method: 'POST', key: keys.live_key })).json).toMatchObject({
      error: { code: 'sandbox_only', type: 'conflict' },
    });
  });
});

describe('the capture page', () => {
  it('serves only pending links, refuses what is not a photo, and takes a photo once', async () => {
    const link = (await mint({ document_id: genuineDoc, message, borrower: { display_name: '<b>Eve</b>' } })).json;
    const url = link.url as string;
    const pageAnswer = await fetch(url);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'nonce-/);
    expect(pageAnswer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pageAnswer.headers.get('cache-control')).toBe('no-store');
    const html = await pageAnswer.text();
    expect(html).toContain('Hello &#60;b&#62;Eve&#60;/b&#62;,'); // escaped
    expect(html).toContain('Please take a new photo of your bank statement');
    const send = (files: { bytes: Uint8Array; name: string }[]) => {
      const body = new FormData();
      for (const f of files) body.append('photos', new Blob([new Uint8Array(f.bytes)]), f.name);
      return fetch(url, { method: 'POST', body, headers: { accept: 'application/json' } });
    };
    expect((await send([{ bytes: new TextEncoder().encode('GIF89a not a photo'), name: 'a.gif' }])).status).toBe(415);
    expect((await send([])).status).toBe(400);
    expect((await fetch(`${sandbox}/c/${'x'.repeat(32)}`)).status).toBe(404);
    const photo = photographScene(3, 640, 480);
    const taken = await send([
      { bytes: photo, name: 'page.jpg' },
      { bytes: photo, name: 'page-2.jpg' },
    ]);
    expect(taken.status).toBe(201);
    expect(await taken.json()).toMatchObject({ status: 'received' });
    expect((await send([{ bytes: photo, name: 'again.jpg' }])).status).toBe(410);
    expect((await fetch(url)).status).toBe(410);
    const read = (await call(sandbox, `/v1/recapture/links/${link.id}`, { key: keys.test_key })).json;
    expect(read).toMatchObject({ status: 'consumed', capture_id: expect.stringMatching(/^rcc_/) });
    // two photos: one PDF document of two pages, both photos signed
    let capture: Json | undefined;
    for (let i = 0; i < 200 && !capture; i++) {
      const r = await call(sandbox, `/v1/recapture/captures/${read.capture_id}`, { key: keys.test_key });
      if (r.status === 200) capture = r.json;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(capture).toMatchObject({ status: 'completed', photo_count: 2, c2pa: { validation_state: 'Valid' } });
    const recaptured = (await call(sandbox, `/v1/documents/${capture!.recaptured_document_id}`, { key: keys.test_key })).json;
    expect(recaptured).toMatchObject({ file: { type: 'pdf', pages: 2 }, recapture_capture_id: capture!.id, verifi_capture_id: capture!.id });
  });

  it('replays a link mint under its Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'link-once' };
    const body = { document_id: forgedDoc, message };
    const first = await call(sandbox, '/v1/recapture/links', { method: 'POST', key: keys.test_key, json: body, headers });
    const again = await call(sandbox, '/v1/recapture/links', { method: 'POST', key: keys.test_key, json: body, headers });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, json: first.json });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    await call(sandbox, `/v1/recapture/links/${first.json.id}/revoke`, { method: 'POST', key: keys.test_key });
  });
});

describe('the earlier name', () => {
  it('answers under /v1/verifi with Deprecation and a successor Link until 2026-12-31, and not after', async () => {
    const old = await fetch(`${sandbox}/v1/verifi/templates`, { headers: { 'x-api-key': keys.test_key } });
    expect(old.status).toBe(200);
    expect(old.headers.get('deprecation')).toBe('true');
    expect(old.headers.get('link')).toBe('</v1/recapture/templates>; rel="successor-version"');
    clockOffset = Date.parse('2027-01-01T00:00:30Z') - Date.now();
    try {
      expect((await call(sandbox, '/v1/verifi/templates', { key: keys.test_key })).json).toMatchObject({ error: { code: 'not_found' } });
      expect((await call(sandbox, '/v1/recapture/templates', { key: keys.test_key })).status).toBe(200);
    } finally {
      clockOffset = 0;
    }
  });
});
