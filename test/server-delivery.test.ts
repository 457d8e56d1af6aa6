// Re-capture links delivered to the borrower, over real protocols on loopback: e-mail to an SMTP
// server (the smtp-server package) parsed as a mail client would (mailparser), SMS to a local HTTP
// provider endpoint that checks the request's signature. The messages carry the link (and, by
// e-mail, its QR code), the document's kind in the borrower's language, the borrower's name only
// where given, and no tip-off term; a failed send is retried on the webhook schedule without
// holding up the mint; the link and the audit report record what was sent and the answer; a
// deployment without a channel refuses a mint for it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, type Json, until } from '@loupe/fixtures/document-api';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer, tipOffTerms, verifyWebhook } from '@loupe/server';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-delivery-'));
const engine = createNodeEngine();
const SMS_KEY = 'provider-key-for-tests';
const mails: ParsedMail[] = [];
const smsRequests: { headers: IncomingHttpHeaders; body: string }[] = [];
let smsAnswers: number[] = [];
let clockOffset = 0;
let server: LoupeServer;
let bare: LoupeServer;
let live = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream, { keepCidLinks: true })
      .then((mail) => {
        mails.push(mail);
        done();
      })
      .catch(done);
  },
});
const provider = createHttpServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    smsRequests.push({ headers: request.headers, body });
    const status = smsAnswers.shift() ?? 200;
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(status === 200 ? { id: `sms_${smsRequests.length}`, status: 'queued' } : { error: 'busy' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  server = await createServer({
    dataDir: join(dir, 'main'),
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    webhookPollMs: 50,
    now: () => new Date(Date.now() + clockOffset),
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
    messaging: {
      smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      mailFrom: 'Example Lending <no-reply@lending.example>',
      smsUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`,
      smsKey: SMS_KEY,
      smsMaxChars: 160,
    },
  });
  live = (await server.listen()).url;
  keys = await createAccountWithKeys(server.store, { email: 'lender@lending.example' });
  bare = await createServer({ dataDir: join(dir, 'bare'), port: 0, sandboxPort: 0, ytDlp: false, scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) } });
});

afterAll(async () => {
  await server.close();
  await bare.close();
  smtp.close();
  provider.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function completedDocument(base: string, key: string, seed: number): Promise<Json> {
  const r = await call(base, '/v1/documents?wait=true', {
    method: 'POST',
    key,
    body: form(await makeStatement({ seed }), `s${seed}.pdf`, { category: 'bank_statement' }),
  });
  expect(r.json.status).toBe('completed');
  return r.json;
}

const mint = (base: string, key: string, body: unknown) => call(base, '/v1/recapture/links', { method: 'POST', key, json: body });

describe('re-capture messages', () => {
  it('e-mails the borrower the link and its QR code in their language, by name, without a tip-off term, and records the answer', async () => {
    const document = await completedDocument(live, keys.live_key, 1);
    const template = ((await call(live, '/v1/recapture/templates', { key: keys.live_key })).json.data as Json[]).find((t) => t.id === 'routine') as Json;
    const link = await mint(live, keys.live_key, {
      document_id: document.id,
      delivery: 'email',
      borrower: { display_name: 'Jeanne Martin', email: 'jeanne@borrower.example', locale: 'fr-FR' },
      message: { template_id: 'routine', body: template.body },
    });
    expect(link.status).toBe(201);
    const mail = await until('the e-mail', () => mails[0]);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('jeanne@borrower.example');
    expect(mail.from?.text).toContain('no-reply@lending.example');
    expect(mail.subject).toBe('Une photo pour votre dossier');
    const url = link.json.url as string;
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Bonjour Jeanne Martin,');
    expect(mail.text).toContain('relevé bancaire');
    expect(mail.text).not.toContain('{document}');
    expect(mail.html).toContain(`href="${url}"`);
    const qr = mail.attachments.find((a) => a.cid === 'link-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(mail.html).toContain('cid:link-qr');
    // nothing the borrower reads tells them the document was flagged, or shows a score
    expect(tipOffTerms(`${mail.subject}\n${mail.text}\n${mail.html}`)).toEqual([]);
    for (const leak of ['verdict', 'risk', 'score', 'CLEAN', 'SUSPICIOUS', 'FORGED', 'indicator'])
      expect(`${mail.text}${mail.html}`.toLowerCase()).not.toContain(leak.toLowerCase());
    const read = await until('the recorded send', async () => {
      const r = await call(live, `/v1/recapture/links/${link.json.id}`, { key: keys.live_key });
      return (r.json.delivery_status as Json | undefined)?.state === 'sent' ? r.json : undefined;
    });
    expect(read.delivery_status).toMatchObject({
      channel: 'email',
      state: 'sent',
      attempts: 1,
      sent_at: expect.any(String),
      provider_response: expect.stringMatching(/^250/),
    });

    // the audit report lists the delivery
    const report = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: { document_ids: [document.id], format: 'pdf' } });
    const done = await until('the report', async () => {
      const r = await call(live, `/v1/audit-reports/${report.json.id}`, { key: keys.live_key });
      return r.json.status === 'completed' ? r.json : undefined;
    });
    const pdf = new Uint8Array(await (await fetch(done.download_url as string, { headers: { 'x-api-key': keys.live_key } })).arrayBuffer());
    writeFileSync(join(dir, 'report.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toMatch(/Message:? email sent after 1 attempt\(s\) at [0-9T:.Z-]+; the provider answered 250/);
  });

  it('texts the borrower in parts the provider takes, signed, retrying a failed send on the webhook schedule without holding up the mint', async () => {
    const document = await completedDocument(live, keys.live_key, 2);
    const body = `${'As a routine step for every application, please photograph your {document} with this secure link. '.repeat(4)}It takes about a minute.`;
    smsAnswers = [503];
    const link = await mint(live, keys.live_key, {
      document_id: document.id,
      delivery: 'sms',
      borrower: { phone: '+14155550100', locale: 'en-US' },
      message: { body },
    });
    expect(link.status).toBe(201); // answered before any send
    const failed = await until('the failed attempt', async () => {
      const r = await call(live, `/v1/recapture/links/${link.json.id}`, { key: keys.live_key });
      return (r.json.delivery_status as Json | undefined)?.attempts === 1 ? r.json : undefined;
    });
    expect(failed.delivery_status).toMatchObject({
      channel: 'sms',
      state: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('503'),
      next_attempt_at: expect.any(String),
    });
    const due = Date.parse((failed.delivery_status as Json).next_attempt_at as string);
    expect(due - Date.parse(failed.created_at as string)).toBeGreaterThanOrEqual(59_000); // one minute later, the schedule's first delay
    clockOffset += 65_000;
    const sent = await until('the retried send', async () => {
      const r = await call(live, `/v1/recapture/links/${link.json.id}`, { key: keys.live_key });
      return (r.json.delivery_status as Json | undefined)?.state === 'sent' ? r.json : undefined;
    });
    expect(sent.delivery_status).toMatchObject({ attempts: 2, provider_response: expect.stringContaining('sms_2') });
    expect(smsRequests).toHaveLength(2);
    const request = smsRequests[1] as { headers: IncomingHttpHeaders; body: string };
    expect(verifyWebhook(SMS_KEY, request.body, String(request.headers['x-loupe-signature']), Math.floor(Date.now() / 1000))).toBe(true);
    const payload = JSON.parse(request.body) as { to: string; parts: string[]; reference: string };
    expect(payload).toMatchObject({ to: '+14155550100', reference: link.json.id });
    expect(payload.parts.length).toBeGreaterThan(1);
    for (const part of payload.parts) expect([...part].length).toBeLessThanOrEqual(160);
    expect(payload.parts.some((p) => p.includes(link.json.url as string))).toBe(true);
    const all = payload.parts.join(' ');
    expect(all).toContain('bank statement');
    expect(all).not.toMatch(/Hello/); // no name was given, so none is used
    expect(tipOffTerms(all)).toEqual([]);
  });

  it('refuses a mint by e-mail or SMS on a deployment without that channel, and mints link_only there', async () => {
    const bareUrl = (await bare.listen()).url;
    const own = await createAccountWithKeys(bare.store, { email: 'bare@lending.example' });
    const document = await completedDocument(bareUrl, own.live_key, 3);
    const ask = (delivery: string) =>
      mint(bareUrl, own.live_key, {
        document_id: document.id,
        delivery,
        borrower: { email: 'b@borrower.example', phone: '+14155550101' },
        message: { body: 'Please photograph your {document} with this secure link.' },
      });
    for (const delivery of ['email', 'sms'])
      expect(await ask(delivery)).toMatchObject({ status: 400, json: { error: { type: 'invalid_request', code: 'delivery_channel_unavailable', delivery } } });
    const made = await ask('link_only');
    expect(made.status).toBe(201);
    expect('delivery_status' in made.json).toBe(false);
  });
});
