// The document API's later routes over real HTTP on loopback: reprocess (every refusal row, the
// prior verdict readable while the new analysis runs, completed_at and model_version moving), the
// dated deprecated twin, loans (the LoanSummary, the queue's filters, sorts and cursor, the review
// with explicit-null-clears, coverage declarations), attribution and the flagged amount, and the
// state machine a document and a loan walk through. Every body passes the omission rule.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, finished, form, type Json } from '@loupe/fixtures/document-api';
import { fixtureFile } from '@loupe/fixtures/paths';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-loans-'));
const engine = createNodeEngine({ ocr: false });
let server: LoupeServer;
let live = '';
let sandbox = '';

/** The release the analyses report: a test "deploys" a new one to see model_version change on reprocess. */
let release = '2026.11.0';
/** While set, analyses finish only when it resolves (to observe a document mid-analysis). */
let hold: Promise<void> | undefined;
let releaseHold: () => void = () => {};
const pause = () => {
  hold = new Promise<void>((resolve) => {
    releaseHold = () => {
      hold = undefined;
      resolve();
    };
  });
};
/** Milliseconds added to the server's clock. */
let clockOffset = 0;

let clean: Uint8Array;
let forged: Uint8Array;
const locked = new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf')));

const submit = (key: string, bytes: Uint8Array, name: string, options?: unknown, query = '?wait=true', base = live) =>
  call(base, `/v1/documents${query}`, { method: 'POST', key, body: form(bytes, name, options) });
const reprocess = (key: string, id: string, bytes?: Uint8Array) =>
  call(live, `/v1/documents/${id}/reprocess`, { method: 'POST', key, ...(bytes ? { body: form(bytes, 'original.pdf') } : {}) });
const review = (key: string, id: string, disposition: string) => call(live, `/v1/documents/${id}/review`, { method: 'POST', key, json: { disposition } });
const loan = (key: string, ref: string, base = live) => call(base, `/v1/loans/${encodeURIComponent(ref)}`, { key });

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    now: () => new Date(Date.now() + clockOffset),
    scanRunner: {
      scan: async (bytes, input) => {
        const detail = await engine.scanDetailed(bytes, input);
        await hold;
        return { ...detail, document: { ...detail.document, model_version: release } };
      },
    },
  });
  ({ url: live, sandboxUrl: sandbox } = await server.listen());
  clean = await makeStatement({ seed: 3 });
  forged = await editText(await makeStatement({ seed: 4 }), 0, 'First Example Bank', 'Last Example Bank');
});

afterAll(async () => {
  releaseHold();
  await server.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('reprocess', () => {
  it('refuses without the original, with other bytes, while an analysis runs, and when the bytes are not held', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'reprocess-rows@example.com' });
    const done = await submit(a.live_key, forged, 'forged.pdf');
    const id = done.json.id as string;
    expect(await reprocess(a.live_key, id)).toMatchObject({ status: 400, json: { error: { type: 'invalid_request', code: 'source_file_required' } } });
    const json = await call(live, `/v1/documents/${id}/reprocess`, { method: 'POST', key: a.live_key, json: {} });
    expect(json.json).toMatchObject({ error: { code: 'source_file_required' } });
    expect(await reprocess(a.live_key, id, clean)).toMatchObject({
      status: 400,
      json: { error: { code: 'invalid_request', message: expect.stringMatching(/SHA-256/) } },
    });
    expect((await reprocess(a.live_key, 'doc_unknown', forged)).status).toBe(404);
    expect((await call(sandbox, `/v1/documents/${id}/reprocess`, { method: 'POST', key: a.test_key, body: form(forged, 'x.pdf') })).status).toBe(404);

    pause();
    const running = await submit(a.live_key, clean, 'running.pdf', undefined, '');
    expect(await reprocess(a.live_key, running.json.id as string, clean)).toMatchObject({
      status: 409,
      json: { error: { type: 'conflict', code: 'analysis_in_progress' } },
    });
    releaseHold();
    await finished(live, a.live_key, running.json.id as string);

    // the bytes are gone (a retention purge, an operator): 409 file_not_retained
    const other = await submit(a.live_key, await makeStatement({ seed: 77 }), 'purged.pdf');
    const sha = (other.json.file as Json).sha256 as string;
    const bytes = await server.blobs.get(sha);
    await server.blobs.delete(sha);
    expect(await reprocess(a.live_key, other.json.id as string, bytes)).toMatchObject({
      status: 409,
      json: { error: { type: 'conflict', code: 'file_not_retained' } },
    });
  });

  it('answers 202, keeps the prior verdict readable until the new one lands, then moves completed_at and model_version', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'reprocess@example.com' });
    const first = await submit(a.live_key, forged, 'forged.pdf', { external_ref: 'loan-rp' });
    expect(first.json).toMatchObject({ status: 'completed', verdict: 'FORGED', model_version: '2026.11.0' });
    const id = first.json.id as string;
    release = '2026.12.0';
    pause();
    const queued = await reprocess(a.live_key, id, forged);
    expect(queued).toMatchObject({ status: 202, json: { id, status: 'processing', verdict: 'FORGED', completed_at: first.json.completed_at } });
    // while it runs: the Document keeps the prior verdict, the list row withholds it, a second reprocess is 409
    expect((await call(live, `/v1/documents/${id}`, { key: a.live_key })).json).toMatchObject({
      status: 'processing',
      verdict: 'FORGED',
      risk_score: first.json.risk_score,
      model_version: '2026.11.0',
    });
    const row = ((await call(live, '/v1/documents', { key: a.live_key })).json.data as Json[])[0]!;
    expect(row).toMatchObject({ id, status: 'processing' });
    expect('verdict' in row).toBe(false);
    expect((await reprocess(a.live_key, id, forged)).json).toMatchObject({ error: { code: 'analysis_in_progress' } });
    expect((await review(a.live_key, id, 'cleared')).json).toMatchObject({ error: { code: 'not_reviewable' } });
    releaseHold();
    const after = await finished(live, a.live_key, id);
    expect(after).toMatchObject({ id, status: 'completed', verdict: 'FORGED', model_version: '2026.12.0', created_at: first.json.created_at });
    expect(Date.parse(after.completed_at as string)).toBeGreaterThan(Date.parse(first.json.completed_at as string));
    release = '2026.11.0';
  });
});

describe('the deprecated twin', () => {
  it('answers verifi_eligible beside recapture_eligible through 2026-12-31 and not after', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'twin@example.com' });
    const done = await submit(a.live_key, clean, 'twin.pdf');
    const at = async (iso: string) => {
      clockOffset = Date.parse(iso) - Date.now();
      try {
        return (await call(live, `/v1/documents/${done.json.id}`, { key: a.live_key })).json;
      } finally {
        clockOffset = 0;
      }
    };
    const before = await at('2026-12-31T23:59:30Z');
    expect(typeof before.recapture_eligible).toBe('boolean');
    expect(before.verifi_eligible).toBe(before.recapture_eligible);
    const afterSunset = await at('2027-01-01T00:00:30Z');
    expect(afterSunset.recapture_eligible).toBe(before.recapture_eligible);
    expect('verifi_eligible' in afterSunset).toBe(false);
  });
});

describe('loans', () => {
  it('rolls a loan up, and the queue filters, sorts and pages loans', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'queue@example.com' });
    const flaggedDoc = await submit(a.live_key, forged, 'forged.pdf', { external_ref: 'loan-risky', category: 'bank_statement' });
    await submit(a.live_key, clean, 'clean.pdf', { external_ref: 'loan-risky' });
    await submit(a.live_key, await makeStatement({ seed: 5 }), 'clean.pdf', { external_ref: 'loan-calm' });
    await submit(a.live_key, await makeStatement({ seed: 6 }), 'other.pdf', { external_ref: 'loan-calm-2' });
    const risky = await loan(a.live_key, 'loan-risky');
    expect(risky).toMatchObject({
      status: 200,
      json: {
        object: 'loan_summary',
        external_ref: 'loan-risky',
        risk_score: flaggedDoc.json.risk_score,
        documents_total: 2,
        documents_flagged: 1,
        documents_processing: 0,
        documents_unscored: 0,
        verdict_counts: { clean: 1, suspicious: 0, forged: 1, insufficient_evidence: 0 },
        models: ['pdf-native-forensics'],
        top_reason: flaggedDoc.json.headline,
        review_state: 'open',
        coverage: { submitted: 2, screened: 2, processing: 0, failed: 0, missing: [] },
      },
    });
    expect(risky.json.flagged).toEqual([expect.objectContaining({ id: flaggedDoc.json.id, object: 'document_summary', verdict: 'FORGED' })]);
    expect(risky.json.updated_at).toEqual(expect.any(String));
    for (const absent of ['flagged_amount', 'assignee', 'review_note', 'reviewed_at']) expect(absent in risky.json).toBe(false);
    expect(await loan(a.live_key, 'loan-nobody')).toMatchObject({ status: 404, json: { error: { code: 'not_found' } } });
    expect((await loan(a.test_key, 'loan-risky', sandbox)).status).toBe(404);

    const list = async (query: string) => {
      const r = await call(live, `/v1/loans${query}`, { key: a.live_key });
      expect(r.status, query).toBe(200);
      return r.json as { object: string; data: Json[]; has_more: boolean };
    };
    const refs = (page: { data: Json[] }) => page.data.map((row) => row.external_ref);
    const all = await list('');
    expect(all.object).toBe('list');
    expect(refs(all)[0]).toBe('loan-risky');
    expect(all.data).toHaveLength(3);
    expect(refs(await list('?has_unresolved=true'))).toEqual(['loan-risky']);
    expect(refs(await list('?has_unresolved=false')).sort()).toEqual(['loan-calm', 'loan-calm-2']);
    expect(refs(await list(`?min_risk_score=${flaggedDoc.json.risk_score}`))).toEqual(['loan-risky']);
    expect(refs(await list('?sort=risk_score')).at(-1)).toBe('loan-risky');
    expect(refs(await list('?sort=-updated_at'))[0]).toBe('loan-calm-2');
    expect(refs(await list('?sort=updated_at'))[0]).toBe('loan-risky');
    expect(refs(await list('?review_state=open'))).toEqual(['loan-risky']);
    const first = await list('?limit=2&sort=-updated_at');
    expect(first).toMatchObject({ has_more: true });
    const second = await list(`?limit=2&sort=-updated_at&starting_after=${refs(first)[1]}`);
    expect(second.has_more).toBe(false);
    expect([...refs(first), ...refs(second)]).toEqual(['loan-calm-2', 'loan-calm', 'loan-risky']);
    expect(refs(await list('?starting_after=loan-unknown'))).toHaveLength(3);
    for (const bad of ['limit=0', 'limit=101', 'sort=name', 'has_unresolved=yes', 'min_risk_score=101', 'review_state=done'])
      expect((await call(live, `/v1/loans?${bad}`, { key: a.live_key })).json, bad).toMatchObject({ error: { code: 'invalid_request' } });
    expect((await call(sandbox, '/v1/loans', { key: a.test_key })).json).toMatchObject({ data: [], has_more: false });
  });

  it('records a loan review: explicit null clears, an omitted key leaves the value, a later call replaces the state', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'loan-review@example.com' });
    await submit(a.live_key, forged, 'f.pdf', { external_ref: 'loan-rv' });
    const post = (body: unknown) => call(live, '/v1/loans/loan-rv/review', { method: 'POST', key: a.live_key, json: body });
    expect((await post({ review_state: 'in_review', assignee: 'underwriter-7', note: 'Waiting on the bank' })).json).toMatchObject({
      object: 'loan_summary',
      review_state: 'in_review',
      assignee: 'underwriter-7',
      review_note: 'Waiting on the bank',
      reviewed_at: expect.any(String),
    });
    const kept = await post({ review_state: 'escalated' });
    expect(kept.json).toMatchObject({ review_state: 'escalated', assignee: 'underwriter-7', review_note: 'Waiting on the bank' });
    const cleared = await post({ note: null });
    expect(cleared.json).toMatchObject({ review_state: 'escalated', assignee: 'underwriter-7' });
    expect('review_note' in cleared.json).toBe(false);
    const unassigned = await post({ assignee: null, review_state: 'cleared' });
    expect('assignee' in unassigned.json).toBe(false);
    expect(unassigned.json.review_state).toBe('cleared');
    expect(((await call(live, '/v1/loans?review_state=cleared', { key: a.live_key })).json.data as Json[]).map((r) => r.external_ref)).toEqual(['loan-rv']);
    await post({ assignee: 'u-9' });
    expect(((await call(live, '/v1/loans?assignee=u-9', { key: a.live_key })).json.data as Json[]).map((r) => r.external_ref)).toEqual(['loan-rv']);
    for (const bad of [{ review_state: 'closed' }, { review_state: null }, { assignee: 5 }, { reviewer: 'x' }, []])
      expect((await post(bad)).json, JSON.stringify(bad)).toMatchObject({ error: { code: 'invalid_request' } });
    // a loan can be assigned before any document arrives; it then appears in the queue
    const early = await call(live, '/v1/loans/loan-early/review', { method: 'POST', key: a.live_key, json: { review_state: 'in_review', assignee: 'u-1' } });
    expect(early.json).toMatchObject({ external_ref: 'loan-early', documents_total: 0, review_state: 'in_review', risk_score: 0 });
    expect(((await call(live, '/v1/loans?assignee=u-1', { key: a.live_key })).json.data as Json[]).map((r) => r.external_ref)).toEqual(['loan-early']);
  });

  it('declares and withdraws expected documents, itemised by expected_key', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'coverage@example.com' });
    await submit(a.live_key, clean, 'march.pdf', { external_ref: 'loan-cv', expected_key: 'bank-march' });
    await submit(a.live_key, locked, 'locked.pdf', { external_ref: 'loan-cv', expected_key: 'pay-1' });
    const put = (body: unknown, ref = 'loan-cv') => call(live, `/v1/loans/${ref}/expected-documents`, { method: 'PUT', key: a.live_key, json: body });
    const items = [
      { key: 'bank-march', name: 'March statement', category: 'bank_statement' },
      { key: 'pay-1', name: 'Latest pay stub', category: 'paystub' },
      { key: 'id-1', name: 'Photo ID', category: 'id_document' },
    ];
    const declared = await put({ expected_total: 4, items });
    expect(declared).toMatchObject({ status: 200, json: { object: 'loan_summary' } });
    expect(declared.json.coverage).toEqual({
      submitted: 2,
      screened: 1,
      processing: 0,
      failed: 1,
      missing: items.slice(1),
      expected_total: 4,
      unscreened: 3,
      complete: false,
    });
    expect(await put({ expected_total: 1 })).toMatchObject({
      status: 422,
      json: { error: { type: 'invalid_request', code: 'expected_total_below_submitted', submitted: 2 } },
    });
    expect((await put({ expected_total: 2 })).json.coverage).toMatchObject({ expected_total: 2, unscreened: 1, complete: false, missing: [] });
    expect(await put({ expected_total: 2 }, 'loan-unknown')).toMatchObject({ status: 404, json: { error: { code: 'not_found' } } });
    for (const bad of [
      {},
      { expected_total: -1 },
      { expected_total: 1.5 },
      { expected_total: '3' },
      { expected_total: 3, items: [{ key: 'a', name: 'A', category: 'car_title' }] },
      {
        expected_total: 3,
        items: [
          { key: 'a', name: 'A', category: 'other' },
          { key: 'a', name: 'B', category: 'other' },
        ],
      },
      { expected_total: 3, items: 'all of them' },
      { expected_total: 3, extra: true },
      { expected_total: 2, items: items },
    ])
      expect((await put(bad)).json, JSON.stringify(bad)).toMatchObject({ error: { code: 'invalid_request' } });
    const withdraw = () => call(live, '/v1/loans/loan-cv/expected-documents', { method: 'DELETE', key: a.live_key });
    const withdrawn = await withdraw();
    expect(withdrawn.json.coverage).toEqual({ submitted: 2, screened: 1, processing: 0, failed: 1, missing: [] });
    expect((await withdraw()).status).toBe(200);
    expect((await call(live, '/v1/loans/loan-nobody/expected-documents', { method: 'DELETE', key: a.live_key })).status).toBe(404);
  });

  it('echoes attributions, sums the flagged amount over unresolved flags, and refuses a second currency on one loan', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'attribution@example.com' });
    const income = { section: 'income', field: 'gross_pay', currency: 'EUR', amount_minor: 420_000 };
    const f = await submit(a.live_key, forged, 'paystub.pdf', { external_ref: 'loan-at', attribution: income });
    expect(f.json.attribution).toEqual(income);
    const c = await submit(a.live_key, clean, 'statement.pdf', {
      external_ref: 'loan-at',
      attribution: { section: 'asset', currency: 'EUR', amount_minor: 9 },
    });
    expect((await loan(a.live_key, 'loan-at')).json.flagged_amount).toEqual({
      currency: 'EUR',
      amount_minor: 420_000,
      basis: expect.any(String),
      contributing_document_ids: [f.json.id],
    });
    const conflict = await submit(a.live_key, await makeStatement({ seed: 8 }), 'usd.pdf', {
      external_ref: 'loan-at',
      attribution: { section: 'asset', amount_minor: 1 },
    });
    expect(conflict).toMatchObject({ status: 422, json: { error: { type: 'invalid_request', code: 'attribution_currency_conflict', currency: 'EUR' } } });
    expect((await loan(a.live_key, 'loan-at')).json.documents_total).toBe(2);
    // the same currency on another loan, and no currency question without a loan
    expect(
      (await submit(a.live_key, await makeStatement({ seed: 8 }), 'usd.pdf', { external_ref: 'loan-usd', attribution: { section: 'asset' } })).status,
    ).toBe(200);
    await review(a.live_key, f.json.id as string, 'cleared');
    expect((await loan(a.live_key, 'loan-at')).json.flagged_amount).toMatchObject({ amount_minor: 0, contributing_document_ids: [] });
    expect(c.json.id).toEqual(expect.any(String));
  });
});

describe('state machine', () => {
  it('walks a document through processing, completed, review, reprocess, failed and resubmitted, and a loan through flagged, cleared and complete', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'walk@example.com' });
    const ref = 'loan-walk';
    const summary = async () => (await loan(a.live_key, ref)).json;

    // (none) -> processing
    pause();
    const submitted = await submit(a.live_key, forged, 'walk.pdf', { external_ref: ref, expected_key: 'bank-1' }, '');
    expect(submitted).toMatchObject({ status: 202, json: { status: 'processing' } });
    const id = submitted.json.id as string;
    expect(await summary()).toMatchObject({ documents_total: 1, documents_processing: 1, documents_flagged: 0, coverage: { processing: 1 } });
    expect(
      await call(live, `/v1/loans/${ref}/expected-documents`, {
        method: 'PUT',
        key: a.live_key,
        json: {
          expected_total: 2,
          items: [
            { key: 'bank-1', name: 'Statement', category: 'bank_statement' },
            { key: 'id-1', name: 'ID', category: 'id_document' },
          ],
        },
      }),
    ).toMatchObject({ status: 200 });
    // processing -> completed: flagged, the loan opens
    releaseHold();
    expect(await finished(live, a.live_key, id)).toMatchObject({ status: 'completed', verdict: 'FORGED' });
    expect(await summary()).toMatchObject({ documents_flagged: 1, review_state: 'open', coverage: { screened: 1, unscreened: 1, complete: false } });
    // review: cleared takes it out of the flagged count; a later review replaces it
    await review(a.live_key, id, 'cleared');
    expect(await summary()).toMatchObject({ documents_flagged: 0, flagged: [] });
    expect((await review(a.live_key, id, 'escalated')).json).toMatchObject({ review: { disposition: 'escalated' } });
    expect(await summary()).toMatchObject({ documents_flagged: 1 });
    await review(a.live_key, id, 'cleared');
    // completed -> processing (reprocess) -> completed
    const before = await call(live, `/v1/documents/${id}`, { key: a.live_key });
    expect((await reprocess(a.live_key, id, forged)).status).toBe(202);
    const again = await finished(live, a.live_key, id);
    expect(again).toMatchObject({ status: 'completed', review: { disposition: 'cleared' } });
    expect(again.completed_at).not.toBe(before.json.completed_at);
    // a second document: failed, then resubmitted (re-analysed under its id), failed once more
    const failed = await submit(a.live_key, locked, 'id.pdf', { external_ref: ref, expected_key: 'id-1' });
    expect(failed.json).toMatchObject({ status: 'failed', error: { code: 'file_encrypted' } });
    expect(await summary()).toMatchObject({ coverage: { failed: 1, complete: false } });
    const resubmitted = await submit(a.live_key, locked, 'id.pdf', { external_ref: ref, expected_key: 'id-1' }, '');
    expect(resubmitted.json).toMatchObject({ id: failed.json.id, status: 'processing' });
    expect(await finished(live, a.live_key, failed.json.id as string)).toMatchObject({ status: 'failed' });
    // failed -> processing by reprocess too
    expect((await reprocess(a.live_key, failed.json.id as string, locked)).status).toBe(202);
    expect(await finished(live, a.live_key, failed.json.id as string)).toMatchObject({ status: 'failed', error: { code: 'file_encrypted' } });
    // the loan completes once every expected document is screened and none failed: the failed one is replaced
    const photoId = await submit(a.live_key, clean, 'id-replacement.pdf', { external_ref: ref, expected_key: 'id-1' });
    expect(photoId.json.status).toBe('completed');
    expect((await call(live, `/v1/loans/${ref}/expected-documents`, { method: 'PUT', key: a.live_key, json: { expected_total: 2 } })).json).toMatchObject({
      error: { code: 'expected_total_below_submitted', submitted: 3 },
    });
    expect(await call(live, `/v1/loans/${ref}/expected-documents`, { method: 'PUT', key: a.live_key, json: { expected_total: 3 } })).toMatchObject({
      json: { coverage: { expected_total: 3, unscreened: 1, complete: false } },
    });
    const done = await call(live, `/v1/loans/${ref}/review`, {
      method: 'POST',
      key: a.live_key,
      json: { review_state: 'cleared', note: 'All documents verified' },
    });
    expect(done.json).toMatchObject({ review_state: 'cleared', documents_flagged: 0, risk_score: expect.any(Number) });
    expect(done.json.risk_score as number).toBeLessThan(40);
  });

  it('reaches complete: every expected document screened and nothing failed', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'complete@example.com' });
    await submit(a.live_key, clean, 'a.pdf', { external_ref: 'loan-full', expected_key: 'a' });
    await submit(a.live_key, await makeStatement({ seed: 12 }), 'b.pdf', { external_ref: 'loan-full', expected_key: 'b' });
    const r = await call(live, '/v1/loans/loan-full/expected-documents', {
      method: 'PUT',
      key: a.live_key,
      json: {
        expected_total: 2,
        items: [
          { key: 'a', name: 'A', category: 'bank_statement' },
          { key: 'b', name: 'B', category: 'bank_statement' },
        ],
      },
    });
    expect(r.json.coverage).toEqual({ submitted: 2, screened: 2, processing: 0, failed: 0, missing: [], expected_total: 2, unscreened: 0, complete: true });
  });
});
