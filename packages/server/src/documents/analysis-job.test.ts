// The job handler: a job its workers kept dying on (taken more often than allowed) fails its
// document (with its event) or its report instead of running again; a job whose file is being
// scanned early takes that scan without reading the file back, and tells of the finished document.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateReport } from '../reports/generate.js';
import { documentRecord } from '../store/conformance.js';
import { createFileBlobStore } from '../store/file-blob-store.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import type { StoredDocument } from '../store/store.js';
import { jobHandler } from './analysis-job.js';
import { earlyScans } from './early-scans.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-job-handler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('fails a document whose job was taken more than four times, without running the engine', async () => {
  const store = await openSqliteStore({ path: join(dir, 'store.db') });
  const blobs = createFileBlobStore(join(dir, 'blobs'));
  const account = await store.accounts.createAccount({ email: 'poison@example.com', webhookSecret: 'whsec_p', webhookUrl: 'https://hooks.example.com/p' }, 0);
  const sha256 = await blobs.put(new TextEncoder().encode('%PDF-1.7 crashes the worker'));
  await store.documents.createDocument(documentRecord(account.id, 'doc_poison', { sha256 }));
  let scans = 0;
  const handle = jobHandler({
    store,
    blobs,
    runner: {
      async scan() {
        scans++;
        throw new Error('unreachable');
      },
    },
  });
  const lapsed = new Date(Date.now() - 1000).toISOString();
  let job = await store.documents.claimJob(lapsed);
  for (let i = 0; i < 4; i++) job = await store.documents.claimJob(lapsed); // four workers died on it
  expect(job?.attempts).toBe(5);
  await handle(job!);
  expect(scans).toBe(0);
  const failed = await store.documents.documentById('doc_poison');
  expect(failed?.status).toBe('failed');
  expect(failed?.error).toMatchObject({ code: 'server_error', message: expect.stringContaining('4 times') });
  expect(await store.webhooks.deliveries({ accountId: account.id, limit: 5 })).toMatchObject([{ type: 'document.failed' }]);
  await store.close();
});

it('fails a report whose job was taken more than four times, without generating it', async () => {
  const store = await openSqliteStore({ path: join(dir, 'reports.db') });
  const blobs = createFileBlobStore(join(dir, 'report-blobs'));
  const account = await store.accounts.createAccount({ email: 'poison-report@example.com', webhookSecret: 'whsec_p' }, 0);
  await store.reports.createReport({
    id: 'rpt_poison',
    accountId: account.id,
    environment: 'production',
    format: 'pdf',
    externalRef: null,
    documentIds: ['doc_none'],
    downloadBase: 'http://127.0.0.1',
    createdAt: new Date().toISOString(),
  });
  let renders = 0;
  const renderer = {
    async render() {
      renders++;
      return [];
    },
  };
  const lapsed = new Date(Date.now() - 1000).toISOString();
  let job = await store.documents.claimJob(lapsed);
  for (let i = 0; i < 4; i++) job = await store.documents.claimJob(lapsed);
  expect(await generateReport(job!, { store, blobs, renderer, now: () => new Date() })).toBe(true);
  expect(renders).toBe(0);
  expect(await store.reports.reportById('rpt_poison')).toMatchObject({ status: 'failed', error: expect.stringContaining('4 times') });
  await store.close();
});

it('takes the scan begun early of its file instead of reading the file back, and answers the finished document', async () => {
  const store = await openSqliteStore({ path: join(dir, 'early.db') });
  const blobs = createFileBlobStore(join(dir, 'early-blobs'));
  const account = await store.accounts.createAccount({ email: 'early@example.com', webhookSecret: 'whsec_e' }, 0);
  const bytes = new TextEncoder().encode('%PDF-1.7 scanned early');
  const sha256 = await blobs.put(bytes);
  await store.documents.createDocument(documentRecord(account.id, 'doc_early', { sha256 }));
  const scanned: string[] = [];
  const runner = {
    async scan(_bytes: Uint8Array, input: { name: string }) {
      scanned.push(input.name);
      return { document: { verdict: 'CLEAN', risk_score: 3 } } as never;
    },
  };
  const early = earlyScans(runner);
  const fileName = (await store.documents.documentById('doc_early'))!.fileName;
  early.start(bytes, sha256, { name: fileName });
  await blobs.delete(sha256); // read back, the file would be missing: the job must not need it
  const finished: StoredDocument[] = [];
  const handle = jobHandler({ store, blobs, runner, early, onFinished: (d) => finished.push(d) });
  await handle((await store.documents.claimJob(new Date(Date.now() + 60_000).toISOString()))!);
  expect(scanned).toEqual([fileName]);
  expect(finished).toMatchObject([{ id: 'doc_early', status: 'completed', result: { verdict: 'CLEAN', risk_score: 3 } }]);
  expect(await store.documents.documentById('doc_early')).toEqual(finished[0]);
  await store.close();
});
