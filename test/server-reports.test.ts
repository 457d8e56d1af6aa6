// Audit reports over real HTTP on loopback: the request rows (external_ref or document_ids,
// formats, 400 with no completed document, 404 unknown ids, Idempotency-Key replays), the
// generated report (counts, models, coverage, findings carrying exactly what each Document
// carried, the manifest and its digest recomputed by `loupe digest` from the files), the
// download rows (sig missing 400, wrong 404, json-only 404) and its bytes (identical on every
// download and after a restart), the audit_report.completed event, and the PDF's pages rendered
// to PNG under test-artifacts/ for a person to look at.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manifestDigest } from '@loupe/core';
import { PdfFile } from '@loupe/core/internal';
import { call, form, type Json } from '@loupe/fixtures/document-api';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SCOPE, keyBindingOf, payloadHashOf } from '../packages/server/src/http/idempotency.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-reports-'));
const data = join(dir, 'data');
const artifacts = join(import.meta.dirname, '..', 'test-artifacts');
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const engine = createNodeEngine({ ocr: false });
let server: LoupeServer;
let live = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;
const files: Record<string, Uint8Array> = {};

async function start(): Promise<void> {
  server = await createServer({
    dataDir: data,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    workers: 1,
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
  });
  live = (await server.listen()).url;
}

async function completed(id: string): Promise<Json> {
  for (let i = 0; i < 300; i++) {
    const r = await call(live, `/v1/audit-reports/${id}`, { key: keys.live_key });
    if (r.json.status !== 'processing') return r.json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${id} did not finish`);
}

const download = async (url: string) => {
  const r = await fetch(url, { headers: { 'x-api-key': keys.live_key } });
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
};

beforeAll(async () => {
  await start();
  keys = await createAccountWithKeys(server.store, { email: 'auditor@example.com' });
  await server.store.accounts.updateAccount((await server.store.accounts.accountByEmail('auditor@example.com'))!.id, {
    webhookUrl: 'https://hooks.example.com/loupe',
  });
  files['march.pdf'] = await editText(await makeStatement({ seed: 21, pages: 2 }), 0, 'First Example Bank', 'Last Example Bank');
  files['april.pdf'] = await makeStatement({ seed: 22 });
  for (const [name, bytes] of Object.entries(files))
    await call(live, '/v1/documents?wait=true', {
      method: 'POST',
      key: keys.live_key,
      body: form(bytes, name, { external_ref: 'loan-audit', category: 'bank_statement' }),
    });
  await call(live, '/v1/loans/loan-audit/expected-documents', { method: 'PUT', key: keys.live_key, json: { expected_total: 3 } });
});

afterAll(async () => {
  await server.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('audit reports', () => {
  it('generates a loan report: counts, models, coverage, findings as the Documents carried them, the manifest and a digest loupe digest recomputes', async () => {
    const created = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: { external_ref: 'loan-audit', format: 'both' } });
    expect(created).toMatchObject({ status: 202, json: { object: 'audit_report', status: 'processing', external_ref: 'loan-audit' } });
    expect(created.json.id).toMatch(/^rpt_[0-9a-f]{24}$/);
    for (const absent of ['download_url', 'findings', 'manifest', 'generated_at']) expect(absent in created.json).toBe(false);
    const report = await completed(created.json.id as string);
    const documents = ((await call(live, '/v1/documents?external_ref=loan-audit&view=full', { key: keys.live_key })).json.data as Json[]).reverse();
    expect(report).toMatchObject({
      status: 'completed',
      documents_screened: 2,
      documents_flagged: 1,
      models: [{ name: 'pdf-native-forensics', version: documents[0]!.model_version }],
      coverage: { submitted: 2, screened: 2, expected_total: 3, unscreened: 1, complete: false },
      manifest_digest_algorithm: 'sha256-of-sorted-sha256-newline-joined',
      created_at: created.json.created_at,
      generated_at: expect.any(String),
    });
    expect(report.pages as number).toBeGreaterThanOrEqual(4);
    const forged = documents.find((d) => d.verdict === 'FORGED')!;
    expect(report.findings).toEqual([
      {
        document_id: forged.id,
        name: 'march.pdf',
        verdict: 'FORGED',
        risk_score: forged.risk_score,
        headline: forged.headline,
        indicators: forged.indicators,
        // omitted where the Document omits it, never an empty list the Document does not have
        ...(forged.math_checks ? { math_checks: forged.math_checks } : {}),
        metadata_anomalies: [],
      },
    ]);
    expect(report.manifest).toEqual(
      documents.map((d) => ({
        document_id: d.id,
        name: (d.file as Json).name,
        category: d.category,
        verdict: d.verdict,
        risk_score: d.risk_score,
        sha256: (d.file as Json).sha256,
      })),
    );
    const digest = manifestDigest(documents.map((d) => (d.file as Json).sha256 as string));
    expect(report.manifest_digest).toBe(digest);
    const paths = Object.entries(files).map(([name, bytes]) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    });
    expect(execFileSync(process.execPath, [loupe, 'digest', ...paths], { encoding: 'utf8' })).toContain(digest);
    expect(report.download_url).toBe(`${live}/v1/audit-reports/${report.id}/download?sig=${digest.slice(0, 16)}`);
    // the event is in the outbox, embedding the completed report
    const events = await server.store.webhooks.deliveries({ accountId: (await server.store.accounts.accountByEmail('auditor@example.com'))!.id, limit: 20 });
    const event = events.find((e) => e.type === 'audit_report.completed');
    expect(JSON.parse(event!.body)).toMatchObject({ type: 'audit_report.completed', data: { id: report.id, status: 'completed', manifest_digest: digest } });
  });

  it('downloads the PDF under its sig, byte-identical every time and after a restart; refuses a missing or wrong sig and a json-only report', async () => {
    const created = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: { external_ref: 'loan-audit' } });
    const report = await completed(created.json.id as string);
    expect('findings' in report).toBe(false); // format pdf: no JSON evidence
    const url = report.download_url as string;
    const first = await download(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="${report.id}.pdf"`);
    expect(new TextDecoder().decode(first.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(PdfFile.open(first.bytes).view().pages().length).toBe(report.pages);
    expect((await download(url)).bytes).toEqual(first.bytes);
    const base = url.split('?')[0]!;
    expect((await call(live, base.slice(live.length), { key: keys.live_key })).json).toMatchObject({ error: { code: 'invalid_request' } });
    expect((await call(live, `${base.slice(live.length)}?sig=0000000000000000`, { key: keys.live_key })).status).toBe(404);
    const json = await completed(
      (await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: { external_ref: 'loan-audit', format: 'json' } })).json.id as string,
    );
    expect('download_url' in json).toBe(false);
    expect(
      (await call(live, `/v1/audit-reports/${json.id}/download?sig=${(json.manifest_digest as string).slice(0, 16)}`, { key: keys.live_key })).status,
    ).toBe(404);

    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, 'audit-report.pdf'), first.bytes);
    // a second, independent reader (poppler, which CI installs) renders every page
    for (const old of readdirSync(artifacts).filter((f) => f.startsWith('audit-report-page-'))) rmSync(join(artifacts, old));
    execFileSync('pdftoppm', ['-r', '80', '-png', join(artifacts, 'audit-report.pdf'), join(artifacts, 'audit-report-page')]);
    const rendered = readdirSync(artifacts).filter((f) => /^audit-report-page-\d+\.png$/.test(f));
    expect(rendered.length).toBeGreaterThanOrEqual(report.pages as number);

    await server.close();
    await start();
    expect((await download(url.replace(/^http:\/\/[^/]+/, live))).bytes).toEqual(first.bytes);
  });

  it('refuses what cannot make a report, and replays an Idempotency-Key', async () => {
    const post = (json: unknown, headers: Record<string, string> = {}) =>
      call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json, headers });
    expect((await post({ external_ref: 'loan-nobody' })).json).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringMatching(/completed/) },
    });
    expect((await post({ document_ids: ['doc_unknown'] })).status).toBe(404);
    for (const bad of [
      {},
      { external_ref: 'loan-audit', document_ids: [] },
      { external_ref: 'loan-audit', format: 'html' },
      { document_ids: 'doc_1' },
      { external_ref: 'x', extra: 1 },
    ])
      expect((await post(bad)).json, JSON.stringify(bad)).toMatchObject({ error: { code: 'invalid_request' } });
    const first = await post({ external_ref: 'loan-audit', format: 'json' }, { 'idempotency-key': 'report-1' });
    const again = await post({ format: 'json', external_ref: 'loan-audit' }, { 'idempotency-key': 'report-1' });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect((await post({ external_ref: 'loan-audit', format: 'pdf' }, { 'idempotency-key': 'report-1' })).json).toMatchObject({
      error: { code: 'idempotency_key_reuse' },
    });
    // the key is the header's value: the same key on another route is a reuse, not a second scope
    const elsewhere = await call(live, '/v1/recapture/links', {
      method: 'POST',
      key: keys.live_key,
      json: { document_id: 'doc_unknown', message: { body: 'Please send a new photo of your {document}.' } },
      headers: { 'idempotency-key': 'report-1' },
    });
    expect([elsewhere.status, (elsewhere.json.error as Json).code]).toEqual([422, 'idempotency_key_reuse']);
    // parallel requests with one new key make one report: one runs, the others replay its answer
    const parallel = await Promise.all(
      Array.from({ length: 3 }, () => post({ external_ref: 'loan-audit', format: 'json' }, { 'idempotency-key': 'report-parallel' })),
    );
    expect(new Set(parallel.map((r) => r.json.id)).size).toBe(1);
    expect(parallel.filter((r) => r.headers.get('idempotency-replayed') === 'true')).toHaveLength(2);
    const ids = ((await call(live, '/v1/documents?external_ref=loan-audit', { key: keys.live_key })).json.data as Json[]).map((d) => d.id);
    const byIds = await completed((await post({ document_ids: [ids[0]], format: 'json' })).json.id as string);
    expect(byIds).toMatchObject({ documents_screened: 1 });
    expect('coverage' in byIds).toBe(false);
    expect((await call(live, '/v1/audit-reports/rpt_unknown', { key: keys.live_key })).status).toBe(404);
  });

  it("a retry after a process died between a report's creation and its remembered answer answers that report and makes no second one", async () => {
    const accountId = (await server.store.accounts.accountByEmail('auditor@example.com'))!.id;
    const body = { external_ref: 'loan-audit', format: 'json' };
    // what the dead process left: its claim (older than the lapse) and the report its effect made under it
    const died = new Date(Date.now() - 6 * 60_000).toISOString();
    const claimed = await server.store.idempotency.claimAnswer(accountId, 'production', KEY_SCOPE, 'report-crash', {
      payloadHash: keyBindingOf('POST /v1/audit-reports', payloadHashOf(body)),
      at: died,
      since: died,
      staleBefore: died,
    });
    expect(claimed).toEqual({ state: 'claimed' });
    const ids = ((await call(live, '/v1/documents?external_ref=loan-audit', { key: keys.live_key })).json.data as Json[]).map((d) => d.id as string);
    await server.store.reports.createReport(
      {
        id: 'rpt_left_by_crash',
        accountId,
        environment: 'production',
        format: 'json',
        externalRef: 'loan-audit',
        documentIds: ids,
        downloadBase: live,
        createdAt: died,
      },
      { accountId, environment: 'production', route: KEY_SCOPE, key: 'report-crash' },
    );
    const retry = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: body, headers: { 'idempotency-key': 'report-crash' } });
    expect([retry.status, retry.json.id]).toEqual([202, 'rpt_left_by_crash']);
    const replay = await call(live, '/v1/audit-reports', { method: 'POST', key: keys.live_key, json: body, headers: { 'idempotency-key': 'report-crash' } });
    expect([replay.headers.get('idempotency-replayed'), replay.json.id]).toEqual(['true', 'rpt_left_by_crash']);
    // another payload under that key is a reuse
    const other = await call(live, '/v1/audit-reports', {
      method: 'POST',
      key: keys.live_key,
      json: { ...body, format: 'pdf' },
      headers: { 'idempotency-key': 'report-crash' },
    });
    expect([other.status, (other.json.error as Json).code]).toEqual([422, 'idempotency_key_reuse']);
  });
});
