// The document API's first routes over real HTTP on loopback: environments and keys, the error
// envelope, submit (multipart and file_url) with its content checks and limits, the durable
// analysis queue (202 processing, then completed or failed exactly once), `wait=true`, and the
// omission rule on every body.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, finished, form, type Json, until } from '@loupe/fixtures/document-api';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { fixtureFile } from '@loupe/fixtures/paths';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { RawPdf } from '@loupe/fixtures/raw-pdf';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-documents-'));
const engine = createNodeEngine({ ocr: false });
let server: LoupeServer;
let live = '';
let sandbox = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;
let site: Server;
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
let origin = '';
/** Every scan the server asked for: the file's name, and whether its bytes were stored by then. */
const scans: { name: string; stored: boolean }[] = [];

const submit = (key: string, bytes: Uint8Array, name = 'statement.pdf', options?: unknown, base = live, query = '') =>
  call(base, `/v1/documents${query}`, { method: 'POST', key, body: form(bytes, name, options) });

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    egressAllow: ['127.0.0.1/32'],
    ytDlp: false,
    scanRunner: {
      async scan(b, i) {
        scans.push({ name: i.name, stored: await server.blobs.has(createHash('sha256').update(b).digest('hex')) });
        return engine.scanDetailed(b, i);
      },
    },
  });
  const urls = await server.listen();
  live = urls.url;
  sandbox = urls.sandboxUrl;
  keys = await createAccountWithKeys(server.store, { email: 'lender@example.com', credits: 0 });
  const statement = await makeStatement();
  site = createHttpServer((req, res) => {
    if (req.url === '/files/march.pdf')
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="March statement.pdf"' }).end(statement);
    else if (req.url === '/plain/april.pdf') res.writeHead(200).end(statement);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
  site.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('document API: environments and errors', () => {
  it('takes sk_live_ keys on production and sk_test_ keys on the sandbox, in X-API-Key or Bearer, with the service headers', async () => {
    const statement = await makeStatement();
    const ok = await submit(keys.live_key, statement);
    expect(ok.status).toBe(202);
    expect(ok.headers.get('x-service-env')).toBe('production');
    expect(Number(ok.headers.get('x-response-time-ms'))).toBeGreaterThanOrEqual(0);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('1200');
    const bearer = await call(live, `/v1/documents/${ok.json.id}`, { headers: { authorization: `Bearer ${keys.live_key}` } });
    expect(bearer.status).toBe(200);
    const testOnLive = await submit(keys.test_key, statement);
    expect(testOnLive).toMatchObject({ status: 401, json: { error: { type: 'authentication', code: 'invalid_api_key', doc_url: expect.any(String) } } });
    expect((testOnLive.json.error as Json).message).toMatch(/sandbox/);
    const liveOnSandbox = await submit(keys.live_key, statement, 'a.pdf', undefined, sandbox);
    expect(liveOnSandbox.status).toBe(401);
    const inSandbox = await submit(keys.test_key, statement, 'a.pdf', undefined, sandbox);
    expect(inSandbox.status).toBe(202);
    expect(inSandbox.headers.get('x-service-env')).toBe('sandbox');
    // ids are disjoint: a sandbox document is not found in production
    expect((await call(live, `/v1/documents/${inSandbox.json.id}`, { key: keys.live_key })).json).toMatchObject({
      error: { code: 'not_found', type: 'not_found' },
    });
    // X-API-Key wins over Authorization
    expect(
      (await call(live, `/v1/documents/${ok.json.id}`, { headers: { 'x-api-key': keys.live_key, authorization: 'Bearer sk_live_nonsense' } })).status,
    ).toBe(200);
  });

  it('refuses browser origins, keys in the query, malformed keys, and answers unknown routes and bad JSON in the envelope', async () => {
    expect((await call(live, '/v1/documents/doc_x', { key: keys.live_key, headers: { origin: 'https://app.example' } })).json).toMatchObject({
      error: { code: 'browser_origin_forbidden', type: 'authentication' },
    });
    expect((await call(live, `/v1/documents/doc_x?api_key=${keys.live_key}`)).status).toBe(401);
    expect((await call(live, '/v1/documents/doc_x', { key: 'sk_live_short' })).json).toMatchObject({
      error: { code: 'invalid_api_key', message: expect.stringMatching(/malformed/) },
    });
    const anonymous = await call(live, '/v1/documents/doc_x');
    expect(anonymous.json).toMatchObject({ error: { code: 'invalid_api_key', message: expect.stringMatching(/No API key/) } });
    // rate headers on every answer; a request without a valid key is counted against none
    expect(anonymous.headers.get('x-ratelimit-remaining')).toBe('1200');
    expect(anonymous.headers.get('x-response-time-ms')).not.toBeNull();
    const unknown = await call(live, '/v1/documents/doc_x/nothing', { key: keys.live_key });
    expect(unknown).toMatchObject({ status: 404, json: { error: { type: 'not_found', code: 'not_found' } } });
    expect(Object.keys(unknown.json)).toEqual(['error']);
    // a known path with a verb it does not take: 405 with Allow, on both listeners
    for (const [base, key, method, path, allow] of [
      [live, keys.live_key, 'DELETE', '/v1/documents/doc_x', 'GET, HEAD'],
      [live, keys.live_key, 'PUT', '/v1/documents', 'GET, HEAD, POST'],
      [live, keys.live_key, 'GET', '/v1/documents/doc_x/reprocess', 'POST'],
      [live, keys.live_key, 'POST', '/v1/loans/loan-1/expected-documents', 'DELETE, PUT'],
      [sandbox, keys.test_key, 'PATCH', '/v1/loans/loan-1', 'GET, HEAD'],
    ] as const) {
      const wrong = await call(base, path, { method, key });
      expect(wrong, `${method} ${path}`).toMatchObject({ status: 405, json: { error: { type: 'invalid_request', code: 'method_not_allowed' } } });
      expect(wrong.headers.get('allow')).toBe(allow);
      expect(wrong.headers.get('x-service-env')).toBe(base === live ? 'production' : 'sandbox');
      expect(Number(wrong.headers.get('x-ratelimit-remaining'))).toBeLessThan(1200);
    }
    const bad = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: '{"file_url":',
    });
    expect(bad).toMatchObject({ status: 400, json: { error: { type: 'invalid_request', code: 'malformed_json' } } });
    const big = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: 'x'.repeat(1_100_000) }),
    });
    expect(big).toMatchObject({ status: 413, json: { error: { code: 'request_too_large' } } });
    const unknownOnSandbox = await call(sandbox, '/anything', {});
    expect(unknownOnSandbox.json).toMatchObject({ error: { code: 'not_found' } });
  });

  it('checks files by content and options by the table', async () => {
    const statement = await makeStatement();
    expect((await submit(keys.live_key, new Uint8Array(0))).json).toMatchObject({ error: { code: 'missing_file' } });
    expect((await submit(keys.live_key, new TextEncoder().encode('GIF89a......'), 'x.pdf')).json).toMatchObject({
      error: { code: 'unsupported_type', type: 'file_error' },
    });
    const unreadable = await submit(keys.live_key, new TextEncoder().encode('just some text, no document'), 'x.pdf');
    expect(unreadable).toMatchObject({ status: 422, json: { error: { code: 'unreadable_document', type: 'processing_error' } } });
    for (const options of [
      { category: 'car_title' },
      { models: ['gpt'] },
      { external_ref: 'x'.repeat(129) },
      { unknown: 1 },
      { webhook_url: 'http://localhost/hook' },
      { webhook_url: 'http://169.254.169.254/' },
      { webhook_url: 'https://hooks.corp.internal/x' },
      { expected_key: '' },
      { attribution: { field: 'x' } },
      { attribution: { section: 'savings' } },
      { attribution: { section: 'asset', currency: 'usd' } },
      { attribution: { section: 'asset', amount_minor: 12.5 } },
      { attribution: { section: 'asset', amount_minor: -1 } },
      { attribution: { section: 'asset', field: 'f'.repeat(129) } },
      { attribution: { section: 'asset', amount: 1 } },
      { attribution: 'asset' },
      '{not json',
    ]) {
      expect((await submit(keys.live_key, statement, 'a.pdf', options)).json, JSON.stringify(options)).toMatchObject({ error: { code: 'invalid_option' } });
    }
    // a webhook URL delivery would refuse is refused when it is given, saying how an operator allows it
    expect((await submit(keys.live_key, statement, 'a.pdf', { webhook_url: 'http://localhost/hook' })).json).toMatchObject({
      error: { message: expect.stringContaining('LOUPE_EGRESS_ALLOW') },
    });
    // the accepted forms: an empty webhook_url means the account default; a public URL overrides it
    for (const [i, options] of [{ webhook_url: '' }, { webhook_url: 'https://hooks.example.com/loupe' }, { models: [] }].entries())
      expect((await submit(keys.live_key, await makeStatement({ seed: 60 + i }), 'a.pdf', options)).status, JSON.stringify(options)).toBe(202);
    // malformed multipart: 400 invalid_request in the envelope
    const broken = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 truncated',
    });
    expect(broken).toMatchObject({ status: 400, json: { error: { type: 'invalid_request', code: 'invalid_request' } } });
    expect((await call(live, '/v1/documents?wait=maybe', { method: 'POST', key: keys.live_key, body: form(statement, 'a.pdf') })).json).toMatchObject({
      error: { code: 'invalid_request' },
    });
    const many = await makeStatement({ pages: 201, rowsPerPage: 1 });
    expect(await submit(keys.live_key, many)).toMatchObject({ status: 413, json: { error: { code: 'file_too_large' } } });
    // uploads stream to files in the staging folder: none is left behind by a refusal
    const staging = join(dir, 'uploads');
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });

  it('stores every upload whole, held in memory up to 256 KiB and staged on disk past it', async () => {
    for (const size of [1000, 256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1, 700_000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 7 + size) % 251);
      bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
      const r = await submit(keys.live_key, bytes, `filler-${size}.pdf`);
      expect(r.status, String(size)).toBe(202);
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(r.json.file).toMatchObject({ sha256: sha, size_bytes: size });
      expect(Buffer.compare((await server.blobs.get(sha))!, bytes), String(size)).toBe(0);
    }
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]); // the staged ones were moved into the blob store
  });
});

describe('document API: analysis', () => {
  it('answers 202 processing without verdict fields, then completes with the engine fields and the service fields', async () => {
    const edited = await editText(await makeStatement(), 0, 'First Example Bank', 'Last Example Bank');
    const r = await submit(keys.live_key, edited, 'march.pdf', {
      external_ref: 'loan-42',
      category: 'bank_statement',
      attribution: { section: 'asset', field: 'closing_balance', amount_minor: 120000 },
    });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({
      object: 'document',
      status: 'processing',
      external_ref: 'loan-42',
      category: 'bank_statement',
      file: { name: 'march.pdf', type: 'pdf', pages: 1 },
    });
    for (const field of ['verdict', 'risk_score', 'indicators', 'completed_at', 'error']) expect(field in r.json, field).toBe(false);
    expect(r.json.id).toMatch(/^doc_[0-9a-f]{24}$/);
    const done = await finished(live, keys.live_key, r.json.id as string);
    expect(done).toMatchObject({
      id: r.json.id,
      status: 'completed',
      external_ref: 'loan-42',
      verdict: 'FORGED',
      model: 'pdf-native-forensics',
      // echoed with the defaults applied, never inferred
      attribution: { section: 'asset', field: 'closing_balance', currency: 'USD', amount_minor: 120000 },
      created_at: r.json.created_at,
    });
    expect(done.completed_at).toEqual(expect.any(String));
    expect(Object.keys(done).slice(0, 4)).toEqual(['id', 'object', 'status', 'external_ref']);
    expect((done.file as Json).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails an encrypted PDF with file_encrypted and no verdict fields', async () => {
    const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));
    const r = await submit(keys.live_key, locked, 'locked.pdf');
    const done = await finished(live, keys.live_key, r.json.id as string);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'file_encrypted', type: 'file_error', doc_url: expect.any(String) } });
    for (const field of ['verdict', 'risk_score', 'headline', 'indicators', 'capture']) expect(field in done, field).toBe(false);
  });

  it('accepts a PDF whose page tree cannot be read at submit, and fails it with file_too_large once its 201 pages are found', async () => {
    const objects = [{ num: 1, body: '<< /Type /Catalog /Pages 999 0 R >>' }];
    for (let i = 0; i < 201; i++) objects.push({ num: 2 + i, body: '<< /Type /Page /MediaBox [0 0 612 792] >>' });
    const lost = new RawPdf().section(objects, { trailer: '/Root 1 0 R' }).bytes();
    const r = await submit(keys.live_key, lost, 'lost-tree.pdf');
    expect(r.status).toBe(202);
    expect('pages' in (r.json.file as Json)).toBe(false);
    const done = await finished(live, keys.live_key, r.json.id as string);
    expect(done).toMatchObject({ status: 'failed', error: { type: 'file_error', code: 'file_too_large' } });
    expect('verdict' in done).toBe(false);
  });

  it('waits with wait=true and answers the finished Document with 200', async () => {
    const r = await submit(keys.live_key, await makeStatement({ seed: 9 }), 'wait.pdf', undefined, live, '?wait=true');
    expect(r).toMatchObject({ status: 200, json: { status: 'completed', verdict: expect.any(String) } });
  });

  it('starts a waited-for analysis before the upload is stored, and runs it once', async () => {
    const waited = await makeStatement({ seed: 91 });
    const r = await submit(keys.live_key, waited, 'early.pdf', undefined, live, '?wait=true');
    expect(r.json).toMatchObject({ status: 'completed', verdict: expect.any(String) });
    // the job took the scan begun at submit: one scan, begun before the bytes were kept
    expect(scans.filter((s) => s.name === 'early.pdf')).toEqual([{ name: 'early.pdf', stored: false }]);
    const again = await call(live, `/v1/documents/${r.json.id}`, { key: keys.live_key });
    expect(again.json).toMatchObject({ status: 'completed', verdict: r.json.verdict });
    // without wait the analysis starts from the queue, after the bytes were kept
    const queued = await submit(keys.live_key, await makeStatement({ seed: 92 }), 'queued.pdf');
    await finished(live, keys.live_key, queued.json.id as string);
    expect(scans.filter((s) => s.name === 'queued.pdf')).toEqual([{ name: 'queued.pdf', stored: true }]);
  });

  it("names the docforge model on a photo it scored, and in the loan's models", async () => {
    const a = await createAccountWithKeys(server.store, { email: 'docforge@example.com' });
    const photo = await captureDocument({ kind: 'photo', seed: 3002 });
    const scored = await submit(a.live_key, photo.bytes, 'photo.jpg', { external_ref: 'loan-df', models: ['docforge'] }, live, '?wait=true');
    expect(scored.json).toMatchObject({ status: 'completed', model: 'docforge' });
    expect(Array.isArray(scored.json.genai_heatmap)).toBe(true);
    await submit(a.live_key, await makeStatement({ seed: 43 }), 'statement.pdf', { external_ref: 'loan-df' }, live, '?wait=true');
    expect((await call(live, '/v1/loans/loan-df', { key: a.live_key })).json.models).toEqual(['docforge', 'pdf-native-forensics']);
  });

  it('fetches file_url once under the egress rule, naming it from Content-Disposition or the path', async () => {
    const named = await call(live, '/v1/documents?wait=true', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: `${origin}/files/march.pdf` }),
    });
    expect(named).toMatchObject({ status: 200, json: { status: 'completed', file: { name: 'March statement.pdf' } } });
    const plain = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: `${origin}/plain/april.pdf` }),
    });
    expect(plain.json).toMatchObject({ file: { name: 'april.pdf' } });
    const missing = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: `${origin}/nothing` }),
    });
    expect(missing).toMatchObject({ status: 422, json: { error: { code: 'url_fetch_failed' } } });
    const privateHost = await call(live, '/v1/documents', {
      method: 'POST',
      key: keys.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_url: 'http://10.1.2.3/statement.pdf' }),
    });
    expect(privateHost).toMatchObject({ status: 422, json: { error: { code: 'url_fetch_failed' } } });
  });
});

describe('document API: listing', () => {
  it('lists newest first with summary rows, filters, a cursor and has_more; full view on request', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'lister@example.com' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await submit(a.live_key, await makeStatement({ seed: 30 + i }), `s${i}.pdf`, { external_ref: i === 1 ? 'loan-b' : 'loan-a' });
      ids.push(r.json.id as string);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const id of ids) await finished(live, a.live_key, id);
    const first = await call(live, '/v1/documents?limit=2', { key: a.live_key });
    expect(first.json).toMatchObject({ object: 'list', has_more: true });
    const rows = first.json.data as Json[];
    expect(rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(rows[0]).toMatchObject({
      object: 'document_summary',
      status: 'completed',
      name: 's2.pdf',
      external_ref: 'loan-a',
      verdict: expect.any(String),
      created_at: expect.any(String),
    });
    expect('indicators' in rows[0]!).toBe(false);
    const next = await call(live, `/v1/documents?limit=2&starting_after=${ids[1]}`, { key: a.live_key });
    expect(next.json).toMatchObject({ has_more: false });
    expect((next.json.data as Json[]).map((r) => r.id)).toEqual([ids[0]]);
    expect(((await call(live, '/v1/documents?external_ref=loan-b', { key: a.live_key })).json.data as Json[]).map((r) => r.id)).toEqual([ids[1]]);
    expect(((await call(live, '/v1/documents?starting_after=doc_unknown', { key: a.live_key })).json.data as Json[]).length).toBe(3);
    const full = (await call(live, '/v1/documents?view=full&limit=1', { key: a.live_key })).json.data as Json[];
    expect(full[0]).toMatchObject({ object: 'document', indicators: expect.any(Array) });
    for (const bad of ['limit=0', 'limit=101', 'view=table', 'verdict=MAYBE'])
      expect((await call(live, `/v1/documents?${bad}`, { key: a.live_key })).json, bad).toMatchObject({ error: { code: 'invalid_request' } });
    expect(((await call(sandbox, '/v1/documents', { key: a.test_key })).json.data as Json[]).length).toBe(0);
  });
});

describe('document API: replays and resubmissions', () => {
  it('replays an Idempotency-Key for 24 h with Idempotency-Replayed, bound to its payload', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'idem@example.com' });
    const bytes = await makeStatement({ seed: 41 });
    const send = (key: string, options: unknown, body = bytes) =>
      call(live, '/v1/documents', { method: 'POST', key: a.live_key, headers: { 'idempotency-key': key }, body: form(body, 'idem.pdf', options) });
    const first = await send('key-1', { external_ref: 'loan-i', models: ['pdf-native-forensics', 'docforge'] });
    expect(first.status).toBe(202);
    const again = await send('key-1', { models: ['pdf-native-forensics', 'docforge'], external_ref: 'loan-i' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    for (const different of [
      { external_ref: 'loan-i', models: ['docforge', 'pdf-native-forensics'] },
      { external_ref: 'loan-i', models: ['pdf-native-forensics', 'docforge'], category: null },
    ]) {
      expect((await send('key-1', different)).json, JSON.stringify(different)).toMatchObject({ error: { code: 'idempotency_key_reuse' } });
    }
    expect((await send('k'.repeat(65), {})).json).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('answers a byte-identical resubmission of a non-failed document with 200 and the same document, and re-analyses a failed one under its id', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'resubmit@example.com' });
    const bytes = await makeStatement({ seed: 42 });
    const first = await submit(a.live_key, bytes, 'same.pdf', { external_ref: 'loan-r' });
    await finished(live, a.live_key, first.json.id as string);
    const again = await submit(a.live_key, bytes, 'same.pdf', { external_ref: 'loan-r' });
    expect(again).toMatchObject({ status: 200, json: { id: first.json.id, status: 'completed' } });
    // naming the default model is the same analysis; asking for another model is not
    const named = await submit(a.live_key, bytes, 'same.pdf', { external_ref: 'loan-r', models: ['pdf-native-forensics'] });
    expect(named).toMatchObject({ status: 200, json: { id: first.json.id } });
    expect((await submit(a.live_key, bytes, 'same.pdf', { external_ref: 'loan-r', models: ['docforge'] })).json.id).not.toBe(first.json.id);
    expect((await submit(a.live_key, bytes, 'other-name.pdf', { external_ref: 'loan-r' })).json.id).not.toBe(first.json.id);
    const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));
    const failedOnce = await submit(a.live_key, locked, 'locked.pdf');
    expect(await finished(live, a.live_key, failedOnce.json.id as string)).toMatchObject({ status: 'failed' });
    const retried = await submit(a.live_key, locked, 'locked.pdf');
    expect(retried).toMatchObject({ status: 202, json: { id: failedOnce.json.id, status: 'processing' } });
    expect('error' in retried.json).toBe(false);
    expect(await finished(live, a.live_key, failedOnce.json.id as string)).toMatchObject({
      id: failedOnce.json.id,
      status: 'failed',
      error: { code: 'file_encrypted' },
    });
  });
});

describe('document API: metering', () => {
  it('bills a completed analysis once: not a byte-identical resubmission, a replay, a repeated failure or the sandbox; a requested re-analysis again', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'metered@example.com' });
    const bytes = await makeStatement({ seed: 61 });
    // six byte-identical submissions at once make one document, billed once
    const same = await Promise.all(Array.from({ length: 6 }, () => submit(a.live_key, bytes, 'metered.pdf')));
    const id = same[0]?.json.id as string;
    expect(new Set(same.map((r) => r.json.id))).toEqual(new Set([id]));
    await finished(live, a.live_key, id);
    // an idempotent replay answers the first answer and bills nothing
    const keyed = (body: FormData) => call(live, '/v1/documents', { method: 'POST', key: a.live_key, headers: { 'idempotency-key': 'metered-1' }, body });
    const other = await makeStatement({ seed: 62 });
    const first = await keyed(form(other, 'other.pdf'));
    await finished(live, a.live_key, first.json.id as string);
    expect((await keyed(form(other, 'other.pdf'))).headers.get('idempotency-replayed')).toBe('true');
    // a failure, and the same failure again, bill nothing
    const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));
    const failed = await submit(a.live_key, locked, 'locked.pdf');
    await finished(live, a.live_key, failed.json.id as string);
    await submit(a.live_key, locked, 'locked.pdf');
    await finished(live, a.live_key, failed.json.id as string);
    // the sandbox is unmetered
    await finished(sandbox, a.test_key, (await submit(a.test_key, bytes, 'metered.pdf', undefined, sandbox)).json.id as string);
    // a completed document analysed again on request is billed again
    const reprocess = new FormData();
    reprocess.append('file', new Blob([new Uint8Array(bytes)]), 'metered.pdf');
    expect((await call(live, `/v1/documents/${id}/reprocess`, { method: 'POST', key: a.live_key, body: reprocess })).status).toBe(202);
    await until('the re-analysis', async () => ((await server.store.documents.usage(a.id, {})).length === 3 ? true : undefined));
    const out = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'usage', '--email', 'metered@example.com', '--data', dir, '--json'], { encoding: 'utf8' }),
    ) as { billed_analyses: number; unbilled_analyses: number; analyses: { document_id: string; kind: string }[] };
    expect(out).toMatchObject({ billed_analyses: 3, unbilled_analyses: 0 });
    expect(out.analyses.map((r) => [r.document_id, r.kind])).toEqual([
      [id, 'analysis'],
      [first.json.id, 'analysis'],
      [id, 'reprocess'],
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'usage', '--email', 'metered@example.com', '--from', tomorrow, '--data', dir, '--json'], {
        encoding: 'utf8',
      }),
    );
    expect(later).toMatchObject({ billed_analyses: 0, analyses: [] });
  });
});

describe('document API: review', () => {
  it('sets and replaces the disposition of a completed document, refusing unknown ones and documents not completed', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'reviewer@example.com' });
    const r = await submit(a.live_key, await makeStatement({ seed: 51 }), 'r.pdf', undefined, live, '?wait=true');
    const id = r.json.id as string;
    const review = (body: unknown) =>
      call(live, `/v1/documents/${id}/review`, {
        method: 'POST',
        key: a.live_key,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await review({ disposition: 'in_review', note: 'looking', reviewer: 'ana' })).json).toMatchObject({
      review: { disposition: 'in_review', note: 'looking', reviewer: 'ana', reviewed_at: expect.any(String) },
    });
    const replaced = await review({ disposition: 'cleared', reviewer: 'bo' });
    expect(replaced.json.review).toEqual({ disposition: 'cleared', reviewer: 'bo', reviewed_at: expect.any(String) });
    expect(((await call(live, '/v1/documents?limit=1', { key: a.live_key })).json.data as Json[])[0]).toMatchObject({ id, review_disposition: 'cleared' });
    expect((await review({ disposition: 'maybe' })).json).toMatchObject({ error: { code: 'invalid_request' } });
    const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));
    const failed = await submit(a.live_key, locked, 'locked-review.pdf', undefined, live, '?wait=true');
    const refused = await call(live, `/v1/documents/${failed.json.id}/review`, {
      method: 'POST',
      key: a.live_key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ disposition: 'cleared' }),
    });
    expect(refused).toMatchObject({ status: 409, json: { error: { type: 'conflict', code: 'not_reviewable' } } });
    expect(
      (
        await call(live, '/v1/documents/doc_missing/review', {
          method: 'POST',
          key: a.live_key,
          headers: { 'content-type': 'application/json' },
          body: '{"disposition":"cleared"}',
        })
      ).status,
    ).toBe(404);
  });
});
