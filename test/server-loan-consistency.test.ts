// A loan's consistency over real HTTP on loopback: versions of one document submitted under one
// loan (a layout generator's statement and the careful forger's version of it, every sum kept, so
// each document alone is CLEAN) come back on the loan's summary as one conflict naming both
// documents, every figure on which they differ with a region on each, and with a second genuine
// print the forged one as the suspect, in the loan's audit report too (its JSON and its cover);
// documents of other periods raise nothing, another account's loan of the same name sees none of
// it, and the queue's rows carry no consistency. A generated loan file with the forger's stub names
// the stub whose year to date does not carry the previous one, with a region on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, type Json } from '@loupe/fixtures/document-api';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { keptSums } from '@loupe/fixtures/layouts/edits';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { generateLoanFile } from '@loupe/fixtures/layouts/loan-file';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-loan-consistency-'));
const engine = createNodeEngine({ ocr: false });
let server: LoupeServer;
let live = '';

const submit = async (key: string, bytes: Uint8Array, name: string, ref: string): Promise<string> => {
  const r = await call(live, '/v1/documents?wait=true', { method: 'POST', key, body: form(bytes, name, { external_ref: ref }) });
  // a waited submission answers 200 with the finished document
  expect(r.status).toBe(200);
  expect(r.json.status).toBe('completed');
  return r.json.id as string;
};
const loan = async (key: string, ref: string): Promise<Json> => {
  const r = await call(live, `/v1/loans/${encodeURIComponent(ref)}`, { key });
  expect(r.status).toBe(200);
  return r.json;
};

const producer = PRODUCERS.find((p) => p.name === 'reportlab')!;
const SEED = 11; // a bank statement
let genuine: Uint8Array;
let forged: Uint8Array;
let raised: [string, string][];

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    scanRunner: { scan: (bytes, input) => engine.scanDetailed(bytes, input) },
  });
  ({ url: live } = await server.listen());
  const document = generateDocument(SEED);
  const kept = keptSums(SEED, document.kind, document.items, new Rng(SEED))!;
  genuine = await producer.render(document.layout);
  forged = await producer.render(kept.document.layout);
  raised = kept.pairs;
});

afterAll(async () => {
  await server.close();
  await engine.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('a loan’s consistency', () => {
  it('names versions of one document that differ, every difference boxed on each, and the lone dissenter', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'versions@example.com' });
    const first = await submit(a.live_key, genuine, 'march.pdf', 'loan-versions');
    const second = await submit(a.live_key, forged, 'march-v2.pdf', 'loan-versions');
    const two = await loan(a.live_key, 'loan-versions');
    // each document alone holds every sum
    expect(two.documents_flagged).toBe(0);
    const consistency = two.consistency as Json;
    expect(consistency).toMatchObject({ object: 'loan_consistency', documents_compared: 2 });
    const [conflict, ...more] = consistency.conflicts as Json[];
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({ code: 'loan_document_versions_differ', document_ids: [first, second] });
    expect(conflict!.suspect_document_id).toBeUndefined();
    const differences = conflict!.differences as { values: { document_id: string; text: string; regions: Json[] }[] }[];
    const printed = differences.flatMap((d) => d.values.filter((v) => v.document_id === second).flatMap((v) => v.text.split(' ')));
    for (const [, after] of raised) expect(printed).toContain(after);
    for (const d of differences) {
      expect(d.values.map((v) => v.document_id)).toEqual([first, second]);
      for (const v of d.values) expect(v.regions[0]).toMatchObject({ page: expect.any(Number), x: expect.any(Number), w: expect.any(Number) });
    }
    // a second genuine print (other bytes: its own creation date): the forged version is the suspect
    const copy = await producer.render(generateDocument(SEED).layout);
    const third = await submit(a.live_key, copy, 'march-again.pdf', 'loan-versions');
    expect(third).not.toBe(first);
    const three = (await loan(a.live_key, 'loan-versions')).consistency as Json;
    expect((three.conflicts as Json[])[0]).toMatchObject({ document_ids: [first, second, third], suspect_document_id: second });

    // the loan's audit report carries the same conflict, in its JSON and on its cover
    const created = await call(live, '/v1/audit-reports', { method: 'POST', key: a.live_key, json: { external_ref: 'loan-versions', format: 'both' } });
    let report: Json = created.json;
    for (let i = 0; i < 300 && report.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = (await call(live, `/v1/audit-reports/${created.json.id}`, { key: a.live_key })).json;
    }
    expect(report.consistency).toEqual(three);
    const pdf = new Uint8Array(await (await fetch(report.download_url as string, { headers: { 'x-api-key': a.live_key } })).arrayBuffer());
    const text = ((await engine.scanDetailed(pdf, { name: 'report.pdf' })).words ?? []).map((w) => w.text).join(' ');
    expect(text).toContain('Documents of this loan against each other');
    expect(text).toContain(`Suspect: march-v2.pdf (${second})`);

    // another account's loan of the same name sees nothing of it
    const b = await createAccountWithKeys(server.store, { email: 'other-lender@example.com' });
    await submit(b.live_key, genuine, 'march.pdf', 'loan-versions');
    expect(((await loan(b.live_key, 'loan-versions')).consistency as Json).conflicts).toEqual([]);
    // the queue's rows are roll-ups: no consistency
    const queue = await call(live, '/v1/loans', { key: a.live_key });
    expect((queue.json.data as Json[]).every((row) => row.consistency === undefined)).toBe(true);
  });

  it('names a stub whose year to date does not carry the previous stub, with a region on both', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'continuity@example.com' });
    const file = generateLoanFile(2);
    // this year's last stub (a file may also hold last year's, beside its W-2)
    const stub = file.documents.map((d) => /^stub-\d+\.pdf$/.test(d.name)).lastIndexOf(true);
    const forgedStub = generateLoanFile(2, { document: stub, raise: 0 }).documents[stub]!;
    const ids: string[] = [];
    for (const [k, d] of file.documents.entries())
      ids.push(await submit(a.live_key, await producer.render((k === stub ? forgedStub : d).document.layout), d.name, 'loan-continuity'));
    const conflicts = ((await loan(a.live_key, 'loan-continuity')).consistency as Json).conflicts as Json[];
    const ytd = conflicts.find((c) => c.code === 'loan_ytd_not_carried')!;
    expect(ytd).toMatchObject({ document_ids: [ids[stub - 1], ids[stub]] });
    const [difference] = ytd.differences as { label: string; values: { document_id: string; regions: Json[] }[] }[];
    expect(difference!.label).toMatch(/^year-to-date (gross|net) pay/);
    for (const v of difference!.values) expect(v.regions.length).toBeGreaterThan(0);
    // the genuine file of the same documents raises nothing
    for (const d of file.documents) await submit(a.live_key, await producer.render(d.document.layout), d.name, 'loan-continuity-genuine');
    expect(((await loan(a.live_key, 'loan-continuity-genuine')).consistency as Json).conflicts).toEqual([]);
  });

  it('raises nothing on a genuine loan file of documents of other periods and kinds', async () => {
    const a = await createAccountWithKeys(server.store, { email: 'genuine-file@example.com' });
    for (const seed of [11, 22, 4, 15, 6, 17]) await submit(a.live_key, await producer.render(generateDocument(seed).layout), `${seed}.pdf`, 'loan-genuine');
    const summary = await loan(a.live_key, 'loan-genuine');
    expect(summary.consistency).toEqual({ object: 'loan_consistency', documents_compared: 6, conflicts: [] });
  });
});
