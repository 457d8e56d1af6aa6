// The re-capture story end to end, as a lender and a borrower live it: a tampered statement is
// submitted to a loan and `document.completed` arrives (verified with Stripe's library); a link
// is minted; the borrower opens it in Chromium at a phone's viewport, photographs the genuine
// statement and sends it through the capture page; the capture contradicts the upload and
// `recapture.capture.completed` arrives with its Recapture-* twins; the loan's audit report is
// exported and its manifest digest recomputed from the files with `loupe digest`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfFile } from '@loupe/core/internal';
import { call, form, type Json, until as waitUntil } from '@loupe/fixtures/document-api';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { CHROMIUM } from '@loupe/fixtures/web-page';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer, tipOffTerms } from '@loupe/server';
import { chromium } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-story-'));
const artifacts = join(import.meta.dirname, '..', 'test-artifacts');
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const engine = createNodeEngine({ ocr: true });
const stripe = new Stripe('sk_test_unused');
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let receiver: Server;
let server: LoupeServer;
let live = '';

beforeAll(async () => {
  receiver = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await createServer({
    dataDir: join(dir, 'data'),
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    workers: 1,
    egressAllow: ['127.0.0.1/32'],
    webhookPollMs: 50,
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
  });
  live = (await server.listen()).url;
});

afterAll(async () => {
  await server.close();
  receiver.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The story's steps include OCR of a photo: they get longer than the default. */
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>) => waitUntil(what, probe, 30_000);
const event = (type: string) => received.find((r) => r.headers['x-service-event-type'] === type);

describe('the re-capture story', () => {
  it('a tampered statement, a link, a genuine photo through the capture page in Chromium, a contradiction, and an audit report whose digest loupe digest recomputes', async () => {
    const keys = await createAccountWithKeys(server.store, { email: 'underwriting@example.com' });
    const account = (await server.store.accounts.accountByEmail('underwriting@example.com'))!;
    await server.store.accounts.updateAccount(account.id, { webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` });
    const verify = (r: { headers: IncomingMessage['headers']; body: string }) =>
      stripe.webhooks.constructEvent(r.body, r.headers['x-service-signature'] as string, keys.webhook_secret) as unknown as Json;

    // 1. the tampered statement, and its webhook
    const genuine = await makeStatement({ seed: 61 });
    const tampered = await editText(genuine, 0, 'First Example Bank', 'Last Example Bank');
    const submitted = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      body: form(tampered, 'march-statement.pdf', { external_ref: 'loan-story', category: 'bank_statement' }),
    });
    expect(submitted.status).toBe(202);
    const completed = verify(await until('document.completed', () => event('document.completed')));
    expect(completed.data).toMatchObject({ id: submitted.json.id, verdict: 'FORGED' });

    // 2. a link for the borrower
    const link = await call(live, '/v1/recapture/links', {
      method: 'POST',
      key: keys.live_key,
      json: {
        document_id: submitted.json.id,
        borrower: { display_name: 'Ana Borrower', email: 'ana@example.com' },
        message: {
          template_id: 'quality',
          body: 'Hello, the copy of your {document} we received was hard to read. Please take a new photo of it with this secure link.',
        },
      },
    });
    expect(link.status).toBe(201);

    // 3. the borrower photographs the genuine statement on a phone
    const photoPath = join(dir, 'photo.png');
    writeFileSync(photoPath, (await createPdfJsRaster().renderPage(genuine, 1, 150)).image);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
    try {
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      });
      const page = await phone.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(link.json.url as string);
      await expect(page.locator('h1').textContent()).resolves.toBe('Photograph your bank statement');
      const text = await page.locator('main').innerText();
      expect(text).toContain('Hello Ana Borrower');
      expect(text).toContain('the copy of your bank statement we received was hard to read');
      expect(tipOffTerms(text)).toEqual([]);
      expect(await page.locator('#send').isDisabled()).toBe(true);
      await page.setInputFiles('#photos', photoPath);
      await expect(page.locator('#previews img').count()).resolves.toBe(1);
      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, 'claim-page.png'), fullPage: true });
      await page.locator('#send').tap();
      await page.locator('h1', { hasText: 'Thank you' }).waitFor();
      await page.screenshot({ path: join(artifacts, 'claim-page-sent.png') });
      expect(errors).toEqual([]);
      // the link is used: the page now says so, neutrally
      await page.goto(link.json.url as string);
      await expect(page.locator('h1').textContent()).resolves.toBe('This link is no longer active');
    } finally {
      await browser.close();
    }

    // 4. the capture contradicts the upload, and its webhook carries the twins
    const consumed = await call(live, `/v1/recapture/links/${link.json.id}`, { key: keys.live_key });
    expect(consumed.json).toMatchObject({ status: 'consumed', capture_id: expect.stringMatching(/^rcc_/) });
    const capture = await until('the capture', async () => {
      const r = await call(live, `/v1/recapture/captures/${consumed.json.capture_id}`, { key: keys.live_key });
      if (r.status === 409) expect(r.json).toMatchObject({ error: { code: 'capture_not_ready' } });
      return r.status === 200 ? r.json : undefined;
    });
    expect(capture).toMatchObject({
      status: 'completed',
      contradicts_original: true,
      photo_count: 1,
      device: expect.stringMatching(/Chrome 124 on Android 14/),
      c2pa: { validation_state: 'Valid', edits_since_capture: 0 },
    });
    const hook = await until('recapture.capture.completed', () => event('recapture.capture.completed'));
    expect(verify(hook)).toMatchObject({ data: { id: capture.id, contradicts_original: true } });
    expect(hook.headers['recapture-event-id']).toBe(hook.headers['x-service-event-id']);
    expect(hook.headers['recapture-signature']).toBe(hook.headers['x-service-signature']);

    // 5. the loan's audit report, and its digest recomputed from the files
    const report = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: { external_ref: 'loan-story', format: 'both' } });
    const done = await until('the report', async () => {
      const r = await call(live, `/v1/audit-reports/${report.json.id}`, { key: keys.live_key });
      return r.json.status === 'completed' ? r.json : undefined;
    });
    expect(done.documents_screened).toBe(2);
    const files: string[] = [];
    for (const entry of done.manifest as Json[]) {
      const bytes = await server.blobs.get(entry.sha256 as string);
      const path = join(dir, `${entry.document_id}-${entry.name}`);
      writeFileSync(path, bytes!);
      files.push(path);
    }
    expect(execFileSync(process.execPath, [loupe, 'digest', ...files], { encoding: 'utf8' })).toContain(done.manifest_digest as string);
    const pdf = new Uint8Array(await (await fetch(done.download_url as string, { headers: { 'x-api-key': keys.live_key } })).arrayBuffer());
    expect(PdfFile.open(pdf).view().pages().length).toBe(done.pages);
    writeFileSync(join(artifacts, 'recapture-story-report.pdf'), pdf);
  });
});
