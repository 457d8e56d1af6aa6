// The conformance suites of the storage ports: every adapter (SQLite, PostgreSQL, files) runs
// the same tests through its factory, one part per aggregate of the Store, so the HTTP layer can rely on the port's promises — most of
// all that money-like state is decided atomically.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentError } from '@loupe/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';
import type { NewAccount, Store, StoredDetection, StoredDocument, StoredResult, StoredReview } from './store.js';

const account = (email: string): NewAccount => ({ email, webhookSecret: `whsec_${email}` });
const detectionOf = (accountId: string, id: string, sha256 = 'a'.repeat(64), createdAt = new Date().toISOString(), sandbox = false): StoredDetection => ({
  id,
  accountId,
  sandbox,
  sha256,
  detector: 'V1.5',
  body: JSON.stringify({ id }),
  createdAt,
});

/** A failed analysis's error as the spec spells it. */
export const failure = (code: string): DocumentError => ({ type: 'processing_error', code, message: code, doc_url: `/errors#${code}` });

/** A review of a document. */
const reviewOf = (disposition: StoredReview['disposition']): StoredReview => ({ disposition, reviewed_at: '2026-11-23T10:00:00.000Z' });

/** A new document record for the port's tests (a processing PDF of the account, no loan). */
export function documentRecord(accountId: string, id: string, changes: Partial<Omit<StoredDocument, 'id' | 'accountId'>> = {}) {
  return {
    id,
    accountId,
    environment: 'production' as const,
    sha256: createHash('sha256').update(id).digest('hex'),
    fileName: `${id}.pdf`,
    fileType: 'pdf' as const,
    sizeBytes: 1,
    options: { facts: { md5: '0'.repeat(32), pages: 1 } },
    externalRef: null,
    attributionCurrency: null,
    createdAt: new Date().toISOString(),
    ...changes,
  };
}

/** Runs the Store conformance suite on stores made by `make` (each test gets a fresh one). */
export function storeConformance(name: string, make: () => Promise<Store>): void {
  describe(`Store conformance: ${name}`, () => {
    const open: Store[] = [];
    const fresh = async (): Promise<Store> => {
      const s = await make();
      open.push(s);
      return s;
    };
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close();
    });

    describe('accounts and keys', () => {
      it('creates accounts with their signup grant as one ledger row', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount({ ...account('a@example.com'), name: 'A' }, 20);
        expect(a).toMatchObject({ email: 'a@example.com', name: 'A', balance: 20, emailVerified: true, active: true, detector: 'V1.5' });
        expect(a.id).toMatch(/^usr_[0-9a-f]{24}$/);
        expect(await s.accounts.accountByEmail('a@example.com')).toEqual(a);
        expect(await s.accounts.countAccounts()).toBe(1);
        const { entries, total } = await s.credits.ledger(a.id, 20, 0);
        expect(total).toBe(1);
        expect(entries[0]).toMatchObject({ delta: 20, reason: 'SIGNUP_GRANT', ref: null });
        await expect(s.accounts.createAccount(account('a@example.com'), 0)).rejects.toThrow();
        expect(await s.accounts.countAccounts()).toBe(1);
      });

      it('updates what an operator may change', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('b@example.com'), 0);
        expect(
          await s.accounts.updateAccount(a.id, { emailVerified: false, active: false, detector: 'V1.6', webhookUrl: 'https://hooks.example/x' }),
        ).toMatchObject({
          emailVerified: false,
          active: false,
          detector: 'V1.6',
          webhookUrl: 'https://hooks.example/x',
        });
        expect(await s.accounts.updateAccount('usr_missing', { active: true })).toBeUndefined();
      });

      it('finds active keys by hash only, counts them per scope, revokes them', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('d@example.com'), 0);
        const other = await s.accounts.createAccount(account('e@example.com'), 0);
        const k = await s.accounts.createKey({ accountId: a.id, kind: 'media', hash: 'h1', serviceType: 'UNIVERSAL', sandbox: false, name: 'ci' });
        await s.accounts.createKey({ accountId: a.id, kind: 'media', hash: 'h2', serviceType: 'AI_CONTENT_DETECTION', sandbox: false });
        expect(await s.accounts.keyHolder('h1')).toMatchObject({
          key: { id: k.id, accountId: a.id, serviceType: 'UNIVERSAL', name: 'ci', revokedAt: null },
          account: { id: a.id, email: a.email, balance: a.balance },
        });
        expect(await s.accounts.countActiveKeys(a.id, 'media', 'UNIVERSAL')).toBe(1);
        expect(await s.accounts.countActiveKeys(a.id, 'media', 'AI_CONTENT_DETECTION')).toBe(1);
        await expect(s.accounts.createKey({ accountId: a.id, kind: 'media', hash: 'h1', serviceType: 'UNIVERSAL', sandbox: false })).rejects.toThrow();
        expect(await s.accounts.revokeKey(other.id, k.id)).toBeUndefined();
        const revoked = await s.accounts.revokeKey(a.id, k.id);
        expect(revoked?.revokedAt).toBeTruthy();
        expect(await s.accounts.keyHolder('h1')).toBeUndefined();
        expect(await s.accounts.countActiveKeys(a.id, 'media', 'UNIVERSAL')).toBe(0);
        expect((await s.accounts.keysOf(a.id)).length).toBe(2);
      });
    });

    describe('credits and ledger', () => {
      it('moves credits only with a ledger row, and lists the ledger newest first with a total', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('c@example.com'), 5);
        await s.credits.adjustCredits(a.id, 10, 'PURCHASE_CREDIT', 'order-1');
        await s.credits.adjustCredits(a.id, -3, 'ADMIN_ADJUSTMENT', null);
        expect((await s.accounts.accountById(a.id))?.balance).toBe(12);
        const page = await s.credits.ledger(a.id, 2, 0);
        expect(page.total).toBe(3);
        expect(page.entries.map((e) => e.delta)).toEqual([-3, 10]);
        expect((await s.credits.ledger(a.id, 2, 2)).entries.map((e) => e.delta)).toEqual([5]);
        await expect(s.credits.adjustCredits('usr_missing', 1, 'PURCHASE_CREDIT', null)).rejects.toThrow();
      });

      it('never reserves more than the balance, however many reservations race', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('f@example.com'), 20);
        const results = await Promise.all(Array.from({ length: 50 }, () => s.credits.reserve(a.id, 1)));
        expect(results.filter((r) => r.ok)).toHaveLength(20);
        const refused = results.find((r) => !r.ok);
        expect(refused).toEqual({ ok: false, balance: 20, available: 0 });
      });

      it('settles once: the debit row, the released reservation and the detection together', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('g@example.com'), 3);
        const r = await s.credits.reserve(a.id, 2);
        if (!r.ok) throw new Error('reservation refused');
        await s.credits.settle(r.reservation.id, 1, detectionOf(a.id, 'det_1'));
        expect((await s.accounts.accountById(a.id))?.balance).toBe(2);
        expect((await s.credits.ledger(a.id, 1, 0)).entries[0]).toMatchObject({ delta: -1, reason: 'DETECTION_DEBIT', ref: 'det_1' });
        expect(await s.credits.detection(a.id, 'det_1')).toMatchObject({ id: 'det_1', body: '{"id":"det_1"}' });
        await expect(s.credits.settle(r.reservation.id, 1, detectionOf(a.id, 'det_2'))).rejects.toThrow();
        expect(await s.credits.detection(a.id, 'det_2')).toBeUndefined();
        expect((await s.accounts.accountById(a.id))?.balance).toBe(2);
        // the credit is free again once settled: 2 available
        expect((await s.credits.reserve(a.id, 2)).ok).toBe(true);
      });

      it('a zero charge stores the detection without a ledger row; release frees the reservation', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('h@example.com'), 1);
        const r = await s.credits.reserve(a.id, 1);
        if (!r.ok) throw new Error('reservation refused');
        expect((await s.credits.reserve(a.id, 1)).ok).toBe(false);
        await s.credits.release(r.reservation.id);
        const again = await s.credits.reserve(a.id, 1);
        if (!again.ok) throw new Error('reservation refused');
        await s.credits.settle(again.reservation.id, 0, detectionOf(a.id, 'det_free'));
        expect((await s.credits.ledger(a.id, 10, 0)).total).toBe(1);
        expect(await s.credits.releaseAllReservations()).toBe(0);
      });

      it('finds detections by owner only, and the newest of the same bytes in a window', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('i@example.com'), 10);
        const b = await s.accounts.createAccount(account('j@example.com'), 10);
        for (const [id, at] of [
          ['det_old', '2026-01-01T00:00:00.000Z'],
          ['det_new', '2026-02-01T00:00:00.000Z'],
        ] as const) {
          const r = await s.credits.reserve(a.id, 0);
          if (!r.ok) throw new Error('reservation refused');
          await s.credits.settle(r.reservation.id, 0, detectionOf(a.id, id, 'b'.repeat(64), at));
        }
        expect(await s.credits.detection(b.id, 'det_new')).toBeUndefined();
        expect((await s.credits.latestDetectionOf(a.id, 'b'.repeat(64), false, '2026-01-15T00:00:00.000Z'))?.id).toBe('det_new');
        expect(await s.credits.latestDetectionOf(a.id, 'b'.repeat(64), false, '2026-03-01T00:00:00.000Z')).toBeUndefined();
        expect(await s.credits.latestDetectionOf(b.id, 'b'.repeat(64), false, '2025-01-01T00:00:00.000Z')).toBeUndefined();
        expect(await s.credits.latestDetectionOf(a.id, 'b'.repeat(64), true, '2025-01-01T00:00:00.000Z')).toBeUndefined();
      });

      it('decides duplicates with the reservation, per environment, and charges concurrent runs of the same bytes once', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('dupes@example.com'), 10);
        const since = '2026-01-01T00:00:00.000Z';
        const bytes = (sha: string, sandbox = false) => ({ sha256: sha.repeat(64), sandbox, since });
        // a sandbox result is not a production duplicate, nor the reverse
        const sandboxRun = await s.credits.reserve(a.id, 0, bytes('c', true));
        if (!sandboxRun.ok) throw new Error('refused');
        expect(sandboxRun.duplicate).toBe(false);
        await s.credits.settle(sandboxRun.reservation.id, 0, detectionOf(a.id, 'det_sandbox', 'c'.repeat(64), new Date().toISOString(), true));
        const production = await s.credits.reserve(a.id, 2, bytes('c'));
        expect(production).toMatchObject({ ok: true, duplicate: false, reservation: { credits: 2 } });
        // parallel runs of one new file: exactly one holds the charge, the others are its duplicates
        const racing = await Promise.all(Array.from({ length: 4 }, () => s.credits.reserve(a.id, 3, bytes('d'))));
        expect(racing.filter((r) => r.ok && !r.duplicate && r.reservation.credits === 3)).toHaveLength(1);
        expect(racing.filter((r) => r.ok && r.duplicate && r.reservation.credits === 0)).toHaveLength(3);
        // once settled, the same bytes in the same environment are a duplicate with the settled run to reuse
        if (!production.ok) throw new Error('refused');
        await s.credits.settle(production.reservation.id, 2, detectionOf(a.id, 'det_production', 'c'.repeat(64)));
        const again = await s.credits.reserve(a.id, 2, bytes('c'));
        expect(again).toMatchObject({ ok: true, duplicate: true, reservation: { credits: 0 }, previous: { id: 'det_production', sandbox: false } });
        const againInSandbox = await s.credits.reserve(a.id, 0, bytes('c', true));
        expect(againInSandbox).toMatchObject({ ok: true, duplicate: true, previous: { id: 'det_sandbox', sandbox: true } });
      });

      it('drops every reservation on releaseAllReservations', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('k@example.com'), 2);
        await s.credits.reserve(a.id, 1);
        await s.credits.reserve(a.id, 1);
        expect((await s.credits.reserve(a.id, 1)).ok).toBe(false);
        expect(await s.credits.releaseAllReservations()).toBe(2);
        expect((await s.credits.reserve(a.id, 2)).ok).toBe(true);
      });
    });

    describe('documents and jobs', () => {
      it('stores a document with its queued analysis, per environment', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('docs@example.com'), 0);
        const base = documentRecord(a.id, 'doc', {
          sha256: 'c'.repeat(64),
          fileName: 'statement.pdf',
          sizeBytes: 10,
          externalRef: 'loan-1',
          createdAt: '2026-11-23T10:00:00.000Z',
        });
        const d = await s.documents.createDocument({ ...base, id: 'doc_1', environment: 'production' });
        expect(d).toMatchObject({ id: 'doc_1', status: 'processing', result: null, error: null, completedAt: null, externalRef: 'loan-1' });
        expect(await s.documents.document(a.id, 'production', 'doc_1')).toEqual(d);
        expect(await s.documents.documentById('doc_1')).toEqual(d);
        expect(await s.documents.document(a.id, 'sandbox', 'doc_1')).toBeUndefined();
        const other = await s.accounts.createAccount(account('other-docs@example.com'), 0);
        expect(await s.documents.document(other.id, 'production', 'doc_1')).toBeUndefined();
      });

      it('lists documents newest first with a cursor, filters and has_more', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('list@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: 'e'.repeat(64), fileName: 'a.pdf' });
        for (let i = 0; i < 5; i++)
          await s.documents.createDocument({
            ...base,
            id: `doc_${i}`,
            externalRef: i % 2 ? 'loan-odd' : 'loan-even',
            attributionCurrency: null,
            createdAt: `2026-11-2${i}T00:00:00.000Z`,
          });
        const page = await s.documents.listDocuments(a.id, 'production', { limit: 2 });
        expect(page.documents.map((d) => d.id)).toEqual(['doc_4', 'doc_3']);
        expect(page.hasMore).toBe(true);
        const next = await s.documents.listDocuments(a.id, 'production', { limit: 2, startingAfter: 'doc_3' });
        expect(next.documents.map((d) => d.id)).toEqual(['doc_2', 'doc_1']);
        expect((await s.documents.listDocuments(a.id, 'production', { limit: 10, startingAfter: 'doc_unknown' })).documents).toHaveLength(5);
        expect((await s.documents.listDocuments(a.id, 'production', { limit: 10, externalRef: 'loan-odd' })).documents.map((d) => d.id)).toEqual([
          'doc_3',
          'doc_1',
        ]);
        expect((await s.documents.listDocuments(a.id, 'sandbox', { limit: 10 })).documents).toEqual([]);
        const job = await s.documents.claimJob(new Date(Date.now() + 60_000).toISOString());
        await s.documents.finishDocument(job!.id, { result: { verdict: 'FORGED' } });
        expect((await s.documents.listDocuments(a.id, 'production', { limit: 10, verdict: 'FORGED' })).documents.map((d) => d.id)).toEqual([job!.subjectId]);
      });

      it('leases each job to one worker, finishes a document exactly once, and requeues running jobs', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('jobs@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: 'd'.repeat(64), fileName: 'a.pdf' });
        await s.documents.createDocument({ ...base, id: 'doc_a' });
        await s.documents.createDocument({ ...base, id: 'doc_b' });
        const far = new Date(Date.now() + 60_000).toISOString();
        const queued = await s.documents.queueFigures();
        expect(queued).toMatchObject({ depth: 2, oldestQueuedAt: expect.any(String) });
        const first = await s.documents.claimJob(far);
        const second = await s.documents.claimJob(far);
        expect([first?.subjectId, second?.subjectId]).toEqual(['doc_a', 'doc_b']);
        // running jobs still count in the depth; none waits
        expect(await s.documents.queueFigures()).toEqual({ depth: 2 });
        expect(await s.documents.claimJob(far)).toBeUndefined();
        // the finished document as committed, once
        expect(await s.documents.finishDocument(first!.id, { result: { verdict: 'CLEAN' } })).toMatchObject({
          id: first!.subjectId,
          status: 'completed',
          result: { verdict: 'CLEAN' },
          error: null,
        });
        expect(await s.documents.finishDocument(first!.id, { error: failure('server_error') })).toBeUndefined();
        expect(await s.documents.reviewDocument(a.id, 'production', 'doc_b', reviewOf('cleared'))).toBe('not_completed');
        expect(await s.documents.reviewDocument(a.id, 'sandbox', 'doc_a', reviewOf('cleared'))).toBeUndefined();
        await s.documents.reviewDocument(a.id, 'production', 'doc_a', reviewOf('in_review'));
        expect((await s.documents.reviewDocument(a.id, 'production', 'doc_a', reviewOf('cleared'))) as StoredDocument).toMatchObject({
          review: { disposition: 'cleared' },
        });
        expect(await s.documents.document(a.id, 'production', 'doc_a')).toMatchObject({
          status: 'completed',
          result: { verdict: 'CLEAN' },
          error: null,
          completedAt: expect.any(String),
        });
        // the second worker died: its job goes back to the queue and is taken again
        expect(await s.documents.requeueRunningJobs()).toBe(1);
        const again = await s.documents.claimJob(far);
        expect(again).toMatchObject({ subjectId: 'doc_b', attempts: 2 });
        expect(await s.documents.finishDocument(again!.id, { error: failure('file_encrypted') })).toBeDefined();
        expect(await s.documents.document(a.id, 'production', 'doc_b')).toMatchObject({ status: 'failed', error: failure('file_encrypted'), result: null });
        // an expired lease is taken again without a restart
        await s.documents.createDocument({ ...base, id: 'doc_c' });
        const leased = await s.documents.claimJob(new Date(Date.now() - 1000).toISOString());
        expect((await s.documents.claimJob(far))?.id).toBe(leased?.id);
      });

      it('reprocesses a finished document under its id, keeping the prior result until the new one lands', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('reprocess@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: 'f'.repeat(64), fileName: 'a.pdf', createdAt: '2026-11-23T10:00:00.000Z' });
        await s.documents.createDocument({ ...base, id: 'doc_r' });
        const far = new Date(Date.now() + 60_000).toISOString();
        expect(await s.documents.reprocessDocument(a.id, 'production', 'doc_r')).toBe('in_progress');
        const first = await s.documents.claimJob(far);
        await s.documents.finishDocument(first!.id, { result: { verdict: 'FORGED' } });
        const completedAt = (await s.documents.document(a.id, 'production', 'doc_r'))?.completedAt;
        expect(await s.documents.reprocessDocument(a.id, 'sandbox', 'doc_r')).toBeUndefined();
        expect(await s.documents.reprocessDocument(a.id, 'production', 'doc_r')).toMatchObject({
          status: 'processing',
          result: { verdict: 'FORGED' },
          completedAt,
        });
        expect(await s.documents.reprocessDocument(a.id, 'production', 'doc_r')).toBe('in_progress');
        // the first job is done: finishing it again cannot touch the new analysis
        expect(await s.documents.finishDocument(first!.id, { result: { verdict: 'CLEAN' } })).toBeUndefined();
        const second = await s.documents.claimJob(far);
        expect(second?.subjectId).toBe('doc_r');
        expect(await s.documents.finishDocument(second!.id, { error: failure('server_error') })).toBeDefined();
        expect(await s.documents.document(a.id, 'production', 'doc_r')).toMatchObject({ status: 'failed', result: null, error: failure('server_error') });
        expect((await s.documents.listDocuments(a.id, 'production', { limit: 10, verdict: 'FORGED' })).documents).toEqual([]);
        // a failed document can be queued again too
        expect(await s.documents.reprocessDocument(a.id, 'production', 'doc_r')).toMatchObject({ status: 'processing', error: null });
      });

      it('makes one document of concurrent byte-identical submissions, and answers the one that matches', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('dedupe@example.com'), 0);
        const submit = (id: string, fileName = 'same.pdf') =>
          s.documents.createDocument(documentRecord(a.id, id, { sha256: '5'.repeat(64), fileName }), (existing) => existing.fileName === fileName);
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(`doc_same_${i}`)));
        const created = answers.filter((x) => 'id' in x);
        expect(created).toHaveLength(1);
        const id = (created[0] as { id: string }).id;
        for (const x of answers) if ('duplicate' in x) expect(x.duplicate.id).toBe(id);
        // another file name is another document
        expect(await submit('doc_other_name', 'other.pdf')).toMatchObject({ id: 'doc_other_name' });
        expect(await s.documents.documentsWithBytes(a.id, 'production', '5'.repeat(64))).toHaveLength(2);
      });

      it('meters each completed analysis once in the finishing transaction: first analyses and requested re-analyses billed, re-captures and the sandbox not', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('usage@example.com'), 0);
        const far = new Date(Date.now() + 60_000).toISOString();
        const finishNext = async (outcome: { result: StoredResult } | { error: DocumentError }, emit?: () => never) => {
          const job = await s.documents.claimJob(far);
          return s.documents.finishDocument(job!.id, outcome, emit);
        };
        await s.documents.createDocument(documentRecord(a.id, 'doc_u1'));
        // an emitter that throws rolls back the finish and its usage row together
        await expect(
          finishNext({ result: { verdict: 'CLEAN' } }, () => {
            throw new Error('crash between completion and metering');
          }),
        ).rejects.toThrow();
        expect(await s.documents.usage(a.id, {})).toEqual([]);
        await s.documents.requeueRunningJobs();
        expect(await finishNext({ result: { verdict: 'CLEAN' } })).toBeDefined();
        // a failure bills nothing; its completion on a later run does
        await s.documents.createDocument(documentRecord(a.id, 'doc_u2'));
        expect(await finishNext({ error: failure('server_error') })).toBeDefined();
        await s.documents.reprocessDocument(a.id, 'production', 'doc_u2');
        expect(await finishNext({ error: failure('server_error') })).toBeDefined();
        await s.documents.reprocessDocument(a.id, 'production', 'doc_u2');
        expect(await finishNext({ result: { verdict: 'CLEAN' } })).toBeDefined();
        // a completed document analysed again on request is billed again
        await s.documents.reprocessDocument(a.id, 'production', 'doc_u1');
        expect(await finishNext({ result: { verdict: 'CLEAN' } })).toBeDefined();
        // the sandbox is unmetered
        await s.documents.createDocument(documentRecord(a.id, 'doc_u3', { environment: 'sandbox' }));
        expect(await finishNext({ result: { verdict: 'CLEAN' } })).toBeDefined();
        // a borrower's re-capture is metered, not billed
        const at = new Date().toISOString();
        const expires = new Date(Date.now() + 3600_000).toISOString();
        await s.recapture.createLink(
          {
            id: 'rcl_u',
            accountId: a.id,
            environment: 'production',
            documentId: 'doc_u1',
            externalRef: null,
            token: 'token-u',
            claimUrl: 'https://claim.example.com/c/token-u',
            delivery: 'link_only',
            borrower: null,
            message: '{}',
            messageAudit: '{}',
            expiresAt: expires,
            createdAt: at,
          },
          at,
        );
        await s.recapture.consumeLink(
          'rcl_u',
          at,
          {
            id: 'rcc_u',
            accountId: a.id,
            environment: 'production',
            linkId: 'rcl_u',
            documentId: 'doc_u1',
            recapturedDocumentId: 'doc_u4',
            externalRef: null,
            capturedAt: at,
            device: '{}',
            photoCount: 1,
            photos: ['a'.repeat(64)],
            createdAt: at,
          },
          documentRecord(a.id, 'doc_u4'),
        );
        expect(await finishNext({ result: { verdict: 'CLEAN' } })).toBeDefined();
        const rows = await s.documents.usage(a.id, {});
        expect(rows.map((r) => [r.documentId, r.kind, r.billable])).toEqual([
          ['doc_u1', 'analysis', true],
          ['doc_u2', 'analysis', true],
          ['doc_u1', 'reprocess', true],
          ['doc_u4', 'recapture', false],
        ]);
        expect(new Set(rows.map((r) => r.jobId)).size).toBe(4);
        expect(await s.documents.usage(a.id, { from: rows[2]!.createdAt })).toHaveLength(rows.filter((r) => r.createdAt >= rows[2]!.createdAt).length);
        expect(await s.documents.usage(a.id, { to: rows[0]!.createdAt })).toEqual([]);
      });
    });

    describe('loans', () => {
      it("reads a loan's documents for a roll-up with only the fields of their results a roll-up reads", async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('rollups@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: '1'.repeat(64), fileName: 'a.pdf', createdAt: '2026-11-23T10:00:00.000Z' });
        await s.documents.createDocument({ ...base, id: 'doc_r1', externalRef: 'loan-r', attributionCurrency: null });
        await s.documents.createDocument({ ...base, id: 'doc_r2', externalRef: 'loan-r', attributionCurrency: null, createdAt: '2026-11-23T10:00:01.000Z' });
        const job = await s.documents.claimJob(new Date(Date.now() + 60_000).toISOString());
        const result = {
          verdict: 'FORGED',
          risk_score: 87,
          headline: 'An amount was edited',
          model: 'pdf-native-forensics',
          category: 'bank_statement',
          issuer: null,
          file: { name: 'a.pdf', pages: 1 },
          capture: { kind: 'native' },
          indicators: [{ code: 'revision_text_edit', title: 'x' }],
          findings: [{ code: 'figure_off_column' }],
        };
        // a stored result as a writer may have left it (a null field, fields of any shape)
        await s.documents.finishDocument(job!.id, { result: result as never });
        const rollups = await s.loans.loanRollups(a.id, 'production', 'loan-r');
        expect(rollups.map((d) => d.id)).toEqual(['doc_r1', 'doc_r2']);
        const finished = rollups.find((d) => d.id === job!.subjectId)!;
        // the roll-up's fields, nulls left out; the rest of the result not read
        expect(finished.result).toEqual({
          verdict: 'FORGED',
          risk_score: 87,
          headline: 'An amount was edited',
          model: 'pdf-native-forensics',
          category: 'bank_statement',
          file: { name: 'a.pdf', pages: 1 },
          capture: { kind: 'native' },
        });
        expect(finished).toMatchObject({ status: 'completed', externalRef: 'loan-r', fileName: 'a.pdf' });
        expect(rollups.find((d) => d.id !== job!.subjectId)!.result).toBeNull();
        expect((await s.loans.loanRollups(a.id, 'production')).map((d) => d.id)).toEqual(['doc_r1', 'doc_r2']);
        // a document read still returns the whole result
        expect((await s.loans.loanDocuments(a.id, 'production', 'loan-r')).find((d) => d.id === job!.subjectId)!.result).toMatchObject({
          indicators: [{ code: 'revision_text_edit' }],
        });
        // a failure leaves nothing to roll up
        const second = await s.documents.claimJob(new Date(Date.now() + 60_000).toISOString());
        await s.documents.finishDocument(second!.id, { error: failure('file_encrypted') });
        expect((await s.loans.loanRollups(a.id, 'production', 'loan-r')).find((d) => d.id === second!.subjectId)).toMatchObject({
          status: 'failed',
          result: null,
        });
      });

      it("keeps a finished document's words for its loan, and only its own loan's completed documents'", async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('loan-words@example.com'), 0);
        const b = await s.accounts.createAccount(account('other-words@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: '2'.repeat(64), fileName: 'a.pdf', createdAt: '2026-11-23T10:00:00.000Z' });
        await s.documents.createDocument({ ...base, id: 'doc_w1', externalRef: 'loan-w', attributionCurrency: null });
        await s.documents.createDocument({ ...base, id: 'doc_w2', externalRef: 'loan-w', attributionCurrency: null, createdAt: '2026-11-23T10:00:01.000Z' });
        await s.documents.createDocument({ ...base, id: 'doc_w3', externalRef: 'loan-w', attributionCurrency: null, createdAt: '2026-11-23T10:00:02.000Z' });
        await s.documents.createDocument({
          ...documentRecord(b.id, 'doc', { sha256: '3'.repeat(64), fileName: 'b.pdf', createdAt: '2026-11-23T10:00:03.000Z' }),
          id: 'doc_w4',
          externalRef: 'loan-w',
          attributionCurrency: null,
        });
        const words = [
          { text: 'Balance', page: 1, box: { x: 10, y: 20.5, w: 8.25, h: 1.5 } },
          { text: '1,234.56', page: 2, box: { x: 70, y: 20.5, w: 9, h: 1.5 } },
        ];
        const lease = () => new Date(Date.now() + 60_000).toISOString();
        const jobs = [
          await s.documents.claimJob(lease()),
          await s.documents.claimJob(lease()),
          await s.documents.claimJob(lease()),
          await s.documents.claimJob(lease()),
        ];
        const byDoc = new Map(jobs.map((j) => [j!.subjectId, j!.id]));
        await s.documents.finishDocument(byDoc.get('doc_w1')!, { result: { verdict: 'CLEAN' }, words });
        await s.documents.finishDocument(byDoc.get('doc_w2')!, { result: { verdict: 'CLEAN' } }); // no words kept
        await s.documents.finishDocument(byDoc.get('doc_w3')!, { error: failure('file_encrypted') });
        await s.documents.finishDocument(byDoc.get('doc_w4')!, { result: { verdict: 'CLEAN' }, words });
        const [w1] = await s.loans.loanWords(a.id, 'production', 'loan-w');
        expect(w1).toEqual({ id: 'doc_w1', stamp: expect.any(String), words });
        expect(await s.loans.loanWords(b.id, 'production', 'loan-w')).toEqual([{ id: 'doc_w4', stamp: expect.any(String), words }]);
        expect(await s.loans.loanWords(a.id, 'sandbox', 'loan-w')).toEqual([]);
        // a reader that holds a document under its stamp is given the stamp alone; under another stamp, the words
        const asked: string[] = [];
        const held = (id: string, stamp: string) => {
          asked.push(id);
          return stamp === w1!.stamp;
        };
        expect(await s.loans.loanWords(a.id, 'production', 'loan-w', held)).toEqual([{ id: 'doc_w1', stamp: w1!.stamp }]);
        expect(asked).toEqual(['doc_w1']);
        expect(await s.loans.loanWords(a.id, 'production', 'loan-w', () => false)).toEqual([w1]);
        // finished again (reprocessed into other words of the same count): another stamp
        expect(await s.documents.reprocessDocument(a.id, 'production', 'doc_w1')).toMatchObject({ status: 'processing' });
        await new Promise((r) => setTimeout(r, 5));
        const again = await s.documents.claimJob(lease());
        const mended = [words[0]!, { ...words[1]!, text: '1,234.65' }];
        await s.documents.finishDocument(again!.id, { result: { verdict: 'CLEAN' }, words: mended });
        const [w1again] = await s.loans.loanWords(a.id, 'production', 'loan-w', held);
        expect(w1again).toEqual({ id: 'doc_w1', stamp: expect.any(String), words: mended });
        expect(w1again!.stamp).not.toBe(w1!.stamp);
      });

      it('keeps one attribution currency per loan, and the loans its documents and declarations name', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('loans@example.com'), 0);
        const base = documentRecord(a.id, 'doc', { sha256: '1'.repeat(64), fileName: 'a.pdf', createdAt: '2026-11-23T10:00:00.000Z' });
        await s.documents.createDocument({ ...base, id: 'doc_1', externalRef: 'loan-a', attributionCurrency: 'USD' });
        await s.documents.createDocument({ ...base, id: 'doc_2', externalRef: 'loan-a', attributionCurrency: null });
        expect(await s.documents.createDocument({ ...base, id: 'doc_3', externalRef: 'loan-a', attributionCurrency: 'EUR' })).toEqual({
          currencyConflict: 'USD',
        });
        expect(await s.documents.document(a.id, 'production', 'doc_3')).toBeUndefined();
        // another loan, the other environment, and no loan at all are free
        await s.documents.createDocument({ ...base, id: 'doc_4', externalRef: 'loan-b', attributionCurrency: 'EUR' });
        await s.documents.createDocument({ ...base, id: 'doc_5', environment: 'sandbox', externalRef: 'loan-a', attributionCurrency: 'EUR' });
        await s.documents.createDocument({ ...base, id: 'doc_6', externalRef: null, attributionCurrency: 'GBP' });
        expect((await s.loans.loanDocuments(a.id, 'production', 'loan-a')).map((d) => d.id)).toEqual(['doc_1', 'doc_2']);
        expect((await s.loans.loanDocuments(a.id, 'production')).map((d) => d.id)).toEqual(['doc_1', 'doc_2', 'doc_4']);

        expect(await s.loans.loanState(a.id, 'production', 'loan-a')).toBeUndefined();
        const reviewed = await s.loans.reviewLoan(a.id, 'production', 'loan-a', {
          reviewState: 'in_review',
          assignee: 'u-7',
          reviewNote: 'call the borrower',
          reviewedAt: '2026-11-23T11:00:00.000Z',
        });
        expect(reviewed).toMatchObject({ externalRef: 'loan-a', reviewState: 'in_review', assignee: 'u-7', reviewNote: 'call the borrower', expected: null });
        // an absent key leaves the value, null clears it
        expect(await s.loans.reviewLoan(a.id, 'production', 'loan-a', { reviewNote: null, reviewedAt: '2026-11-23T12:00:00.000Z' })).toMatchObject({
          reviewState: 'in_review',
          assignee: 'u-7',
          reviewNote: null,
          reviewedAt: '2026-11-23T12:00:00.000Z',
        });
        expect(await s.loans.declareExpected(a.id, 'production', 'loan-a', { total: 1, json: '{"expected_total":1}' })).toEqual({ ok: false, submitted: 2 });
        expect(await s.loans.declareExpected(a.id, 'production', 'loan-a', { total: 3, json: '{"expected_total":3}' })).toMatchObject({
          ok: true,
          state: { expected: '{"expected_total":3}', reviewState: 'in_review' },
        });
        expect(await s.loans.declareExpected(a.id, 'production', 'loan-a', null)).toMatchObject({ ok: true, state: { expected: null } });
        await s.loans.declareExpected(a.id, 'production', 'loan-new', { total: 0, json: '{"expected_total":0}' });
        expect((await s.loans.loanStates(a.id, 'production')).map((l) => l.externalRef).sort()).toEqual(['loan-a', 'loan-new']);
        expect(await s.loans.loanStates(a.id, 'sandbox')).toEqual([]);
      });
    });

    describe('idempotency', () => {
      it('claims an Idempotency-Key for one request: the second sees it in flight, then the answer; a released claim is free', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('idem@example.com'), 0);
        const at = '2026-11-23T10:00:00.000Z';
        const claim = (payloadHash: string, when = at, staleBefore = '2026-11-23T09:55:00.000Z') =>
          s.idempotency.claimAnswer(a.id, 'production', 'POST /v1/documents', 'key-1', {
            payloadHash,
            at: when,
            since: '2026-11-22T10:00:00.000Z',
            staleBefore,
          });
        const first = await Promise.all([claim('h1'), claim('h1'), claim('h1')]);
        expect(first.filter((c) => c.state === 'claimed')).toHaveLength(1);
        expect(first.filter((c) => c.state === 'in_flight')).toEqual([
          { state: 'in_flight', payloadHash: 'h1' },
          { state: 'in_flight', payloadHash: 'h1' },
        ]);
        expect(await s.idempotency.idempotentAnswer(a.id, 'production', 'POST /v1/documents', 'key-1', '2026-11-22T10:00:00.000Z')).toBeUndefined();
        await s.idempotency.rememberAnswer(a.id, 'production', 'POST /v1/documents', 'key-1', {
          payloadHash: 'h1',
          status: 202,
          body: '{"id":"doc_1"}',
          createdAt: at,
        });
        await s.idempotency.rememberAnswer(a.id, 'production', 'POST /v1/documents', 'key-1', {
          payloadHash: 'h1',
          status: 200,
          body: '{"id":"doc_2"}',
          createdAt: at,
        });
        expect(await claim('h1')).toEqual({ state: 'answered', answer: { payloadHash: 'h1', status: 202, body: '{"id":"doc_1"}', createdAt: at } });
        // an error releases the claim: the next request runs
        expect(
          await s.idempotency.claimAnswer(a.id, 'production', 'POST /v1/documents', 'key-2', { payloadHash: 'h2', at, since: at, staleBefore: at }),
        ).toEqual({
          state: 'claimed',
        });
        await s.idempotency.releaseAnswer(a.id, 'production', 'POST /v1/documents', 'key-2');
        expect(
          await s.idempotency.claimAnswer(a.id, 'production', 'POST /v1/documents', 'key-2', { payloadHash: 'h3', at, since: at, staleBefore: at }),
        ).toEqual({
          state: 'claimed',
        });
        // a claim older than staleBefore was a crashed process's: taken over
        expect(
          await s.idempotency.claimAnswer(a.id, 'production', 'POST /v1/documents', 'key-2', {
            payloadHash: 'h4',
            at: '2026-11-23T10:10:00.000Z',
            since: at,
            staleBefore: '2026-11-23T10:05:00.000Z',
          }),
        ).toEqual({ state: 'claimed' });
      });

      it("records an effect's resource on its claim in the effect's transaction: the retry after a crash or an error resumes it", async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('idem-resume@example.com'), 0);
        const route = 'any route';
        const claimAt = (key: string, payloadHash: string, at: string, staleBefore: string) =>
          s.idempotency.claimAnswer(a.id, 'production', route, key, { payloadHash, at, since: '2026-11-22T10:00:00.000Z', staleBefore });
        const report = (id: string, key: string) =>
          s.reports.createReport(
            {
              id,
              accountId: a.id,
              environment: 'production',
              format: 'json',
              externalRef: null,
              documentIds: ['doc_1'],
              downloadBase: 'http://127.0.0.1',
              createdAt: '2026-11-23T10:00:00.000Z',
            },
            { accountId: a.id, environment: 'production', route, key },
          );
        // a crash after the effect: the lapsed claim is taken over with the resource it made
        expect(await claimAt('k-crash', 'h1', '2026-11-23T10:00:00.000Z', '2026-11-23T09:55:00.000Z')).toEqual({ state: 'claimed' });
        await report('rpt_crash', 'k-crash');
        expect(await claimAt('k-crash', 'h1', '2026-11-23T10:01:00.000Z', '2026-11-23T09:56:00.000Z')).toEqual({ state: 'in_flight', payloadHash: 'h1' });
        expect(await claimAt('k-crash', 'h1', '2026-11-23T10:10:00.000Z', '2026-11-23T10:05:00.000Z')).toEqual({ state: 'claimed', resumed: 'rpt_crash' });
        // another payload under a key whose effect happened is a reuse, never a second effect
        expect(await claimAt('k-crash', 'h2', '2026-11-23T10:20:00.000Z', '2026-11-23T10:16:00.000Z')).toEqual({ state: 'in_flight', payloadHash: 'h1' });
        // an error after the effect: the released claim keeps its resource and lapses at once
        await claimAt('k-error', 'h1', '2026-11-23T10:00:00.000Z', '2026-11-23T09:55:00.000Z');
        await report('rpt_error', 'k-error');
        await s.idempotency.releaseAnswer(a.id, 'production', route, 'k-error');
        expect(await claimAt('k-error', 'h1', '2026-11-23T10:00:01.000Z', '2026-11-23T09:55:01.000Z')).toEqual({ state: 'claimed', resumed: 'rpt_error' });
        // an answered key is not rebound by a late effect
        await s.idempotency.rememberAnswer(a.id, 'production', route, 'k-error', {
          payloadHash: 'h1',
          status: 202,
          body: '{}',
          createdAt: '2026-11-23T10:00:02.000Z',
        });
        expect((await claimAt('k-error', 'h1', '2026-11-23T10:30:00.000Z', '2026-11-23T10:25:00.000Z')).state).toBe('answered');
      });
    });

    describe('reports', () => {
      it('queues a report with its job, finishes it exactly once, and reads it by owner only', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('reports@example.com'), 0);
        const other = await s.accounts.createAccount(account('other-reports@example.com'), 0);
        const created = await s.reports.createReport({
          id: 'rpt_1',
          accountId: a.id,
          environment: 'production',
          format: 'json',
          externalRef: 'loan-1',
          documentIds: ['doc_1', 'doc_2'],
          downloadBase: 'http://127.0.0.1',
          createdAt: new Date().toISOString(),
        });
        expect(created).toMatchObject({ id: 'rpt_1', status: 'processing', documentIds: ['doc_1', 'doc_2'], body: null });
        const job = await s.documents.claimJob(new Date(Date.now() + 60_000).toISOString());
        expect(job).toMatchObject({ kind: 'audit_report', subjectId: 'rpt_1' });
        const outcome = { body: '{"manifest_digest":"ab"}', pdfSha256: null, pages: null, generatedAt: new Date().toISOString() };
        expect(await s.reports.finishReport(job!.id, outcome)).toBe(true);
        expect(await s.reports.finishReport(job!.id, { error: '{"code":"server_error"}' })).toBe(false);
        expect(await s.reports.report(a.id, 'production', 'rpt_1')).toMatchObject({ status: 'completed', body: outcome.body, error: null });
        expect(await s.reports.report(other.id, 'production', 'rpt_1')).toBeUndefined();
        expect(await s.reports.report(a.id, 'sandbox', 'rpt_1')).toBeUndefined();
        expect((await s.reports.reportById('rpt_1'))?.accountId).toBe(a.id);
      });
    });

    describe('re-capture', () => {
      it('keeps one pending link per document, consumes a link once with its capture, and finishes the capture once', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('links@example.com'), 0);
        const far = new Date(Date.now() + 60_000).toISOString();
        await s.documents.createDocument(documentRecord(a.id, 'doc_original'));
        const analysis = await s.documents.claimJob(far);
        await s.documents.finishDocument(analysis!.id, { result: { verdict: 'FORGED' } });
        const now = new Date().toISOString();
        const link = (n: number) => ({
          id: `rcl_${n}`,
          accountId: a.id,
          environment: 'production' as const,
          documentId: 'doc_original',
          externalRef: null,
          token: `token-${n}-${'x'.repeat(20)}`,
          claimUrl: `http://127.0.0.1/c/token-${n}`,
          delivery: 'link_only' as const,
          borrower: null,
          message: '{"body":"Please send a photo."}',
          messageAudit: '{"safe":true}',
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          createdAt: now,
        });
        expect(await s.recapture.createLink(link(1), now)).toMatchObject({ id: 'rcl_1', status: 'pending', captureId: null });
        expect(await s.recapture.createLink(link(2), now)).toEqual({ liveLinkId: 'rcl_1' });
        expect(await s.recapture.revokeLink(a.id, 'production', 'rcl_1', now)).toMatchObject({ status: 'revoked' });
        expect(await s.recapture.createLink(link(2), now)).toMatchObject({ id: 'rcl_2', status: 'pending' });
        expect((await s.recapture.linkByToken(link(2).token))?.id).toBe('rcl_2');
        expect((await s.recapture.linksOfDocument('doc_original')).map((l) => l.id)).toEqual(['rcl_1', 'rcl_2']);
        const capture = {
          id: 'rcc_1',
          accountId: a.id,
          environment: 'production' as const,
          linkId: 'rcl_2',
          documentId: 'doc_original',
          recapturedDocumentId: 'doc_recaptured',
          externalRef: null,
          capturedAt: now,
          device: 'test',
          photoCount: 1,
          photos: ['e'.repeat(64)],
          createdAt: now,
        };
        const recaptured = documentRecord(a.id, 'doc_recaptured', { fileType: 'png', fileName: 'capture.png' });
        expect(await s.recapture.consumeLink('rcl_2', now, capture, recaptured)).toMatchObject({ id: 'rcc_1', status: 'processing' });
        expect(await s.recapture.consumeLink('rcl_2', now, { ...capture, id: 'rcc_2' }, { ...recaptured, id: 'doc_again' })).toBe('consumed');
        expect(await s.recapture.revokeLink(a.id, 'production', 'rcl_2', now)).toBe('consumed');
        expect(await s.recapture.link(a.id, 'production', 'rcl_2')).toMatchObject({ status: 'consumed', captureId: 'rcc_1' });
        // the capture finishes once its recaptured document has
        expect(await s.recapture.capturesToFinish()).toEqual([]);
        const recapturedJob = await s.documents.claimJob(far);
        expect(recapturedJob?.subjectId).toBe('doc_recaptured');
        await s.documents.finishDocument(recapturedJob!.id, { result: { verdict: 'CLEAN' } });
        expect((await s.recapture.capturesToFinish()).map((c) => c.id)).toEqual(['rcc_1']);
        expect(await s.recapture.finishCapture('rcc_1', { evidence: '{"headline":"x"}' })).toBe(true);
        expect(await s.recapture.finishCapture('rcc_1', { failed: 'late' })).toBe(false);
        expect(await s.recapture.capture(a.id, 'production', 'rcc_1')).toMatchObject({ status: 'completed', evidence: '{"headline":"x"}' });
        expect(await s.recapture.capture(a.id, 'sandbox', 'rcc_1')).toBeUndefined();
      });
    });

    describe('webhooks', () => {
      it('writes events in the transaction that finishes a document, and keeps each delivery until it is delivered or abandoned', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('outbox@example.com'), 0);
        await s.documents.createDocument({
          id: 'doc_w1',
          accountId: a.id,
          environment: 'production',
          sha256: '2'.repeat(64),
          fileName: 'a.pdf',
          fileType: 'pdf',
          sizeBytes: 1,
          options: { facts: { md5: '0'.repeat(32) } },
          externalRef: 'loan-w',
          attributionCurrency: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        });
        const far = new Date(Date.now() + 60_000).toISOString();
        const job = await s.documents.claimJob(far);
        const event = (id: string, at: string) => ({
          id,
          accountId: a.id,
          environment: 'production' as const,
          type: 'document.completed',
          body: `{"id":"${id}"}`,
          targetUrl: 'https://hooks.example.com/in',
          createdAt: at,
        });
        let seen: { status: string; loan: number | undefined } | undefined;
        expect(
          await s.documents.finishDocument(job!.id, { result: { verdict: 'CLEAN' } }, async (document, loan) => {
            // the loan is read inside the finishing transaction, with this document already completed
            seen = { status: document.status, loan: (await loan())?.documents.filter((d) => d.status === 'completed').length };
            return [event('evt_1', '2026-11-23T10:00:01.000Z')];
          }),
        ).toMatchObject({ id: job!.subjectId, status: 'completed', result: { verdict: 'CLEAN' } });
        expect(seen).toEqual({ status: 'completed', loan: 1 });
        // an emitter that throws rolls the whole finish back: no event without its state change, and the reverse
        await s.documents.createDocument({
          id: 'doc_w2',
          accountId: a.id,
          environment: 'production',
          sha256: '3'.repeat(64),
          fileName: 'b.pdf',
          fileType: 'pdf',
          sizeBytes: 1,
          options: { facts: { md5: '0'.repeat(32) } },
          externalRef: null,
          attributionCurrency: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        });
        const second = await s.documents.claimJob(far);
        await expect(
          s.documents.finishDocument(second!.id, { result: {} }, () => {
            throw new Error('boom');
          }),
        ).rejects.toThrow();
        expect((await s.documents.documentById(second!.subjectId))?.status).toBe('processing');

        expect(await s.webhooks.claimDelivery('2026-11-23T10:00:00.000Z', far)).toBeUndefined(); // not yet due
        const d = await s.webhooks.claimDelivery('2026-11-23T10:00:02.000Z', '2026-11-23T10:01:02.000Z');
        expect(d).toMatchObject({ eventId: 'evt_1', accountId: a.id, type: 'document.completed', body: '{"id":"evt_1"}', state: 'pending', attempts: 0 });
        // leased: not taken again until the lease lapses (a sender that died)
        expect(await s.webhooks.claimDelivery('2026-11-23T10:00:03.000Z', far)).toBeUndefined();
        expect((await s.webhooks.claimDelivery('2026-11-23T10:01:03.000Z', '2026-11-23T10:02:03.000Z'))?.id).toBe(d!.id);
        await s.webhooks.recordAttempt(
          d!.id,
          { ok: false, status: 500, error: 'HTTP 500', nextAttemptAt: '2026-11-23T10:02:03.000Z' },
          '2026-11-23T10:01:03.000Z',
        );
        expect(await s.webhooks.claimDelivery('2026-11-23T10:02:00.000Z', far)).toBeUndefined();
        const again = await s.webhooks.claimDelivery('2026-11-23T10:02:03.000Z', '2026-11-23T10:03:03.000Z');
        expect(again).toMatchObject({ id: d!.id, attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });
        await s.webhooks.recordAttempt(d!.id, { ok: false, status: null, error: 'timeout', nextAttemptAt: null }, '2026-11-23T10:02:08.000Z');
        expect(await s.webhooks.deliveries({ accountId: a.id, limit: 10 })).toMatchObject([
          { id: d!.id, state: 'abandoned', attempts: 2, nextAttemptAt: null },
        ]);
        const replay = await s.webhooks.replayDelivery(d!.id, '2026-11-24T00:00:00.000Z');
        expect(replay).toMatchObject({ eventId: 'evt_1', state: 'pending', attempts: 0 });
        expect(await s.webhooks.replayDelivery('dlv_unknown', '2026-11-24T00:00:00.000Z')).toBeUndefined();
        const r = await s.webhooks.claimDelivery('2026-11-24T00:00:00.000Z', far);
        await s.webhooks.recordAttempt(r!.id, { ok: true, status: 204 }, '2026-11-24T00:00:01.000Z');
        expect(await s.webhooks.deliveries({ state: 'delivered', limit: 10 })).toMatchObject([
          { id: replay!.id, attempts: 1, lastStatus: 204, deliveredAt: expect.any(String) },
        ]);
        await s.webhooks.recordEvents([event('evt_2', '2026-11-24T01:00:00.000Z')]);
        expect((await s.webhooks.deliveries({ accountId: a.id, state: 'pending', limit: 10 })).map((x) => x.eventId)).toEqual(['evt_2']);
      });

      it('hands a job or a delivery a queue engine names to one worker at a time', async () => {
        const s = await fresh();
        const a = await s.accounts.createAccount(account('by-id@example.com'), 0);
        await s.documents.createDocument(documentRecord(a.id, 'doc_q'));
        const far = new Date(Date.now() + 60_000).toISOString();
        const past = new Date(Date.now() - 1000).toISOString();
        const queued = await s.documents.claimJob(past); // learn the job id, leaving its lease lapsed
        const jobId = queued!.id;
        const taken = await s.documents.claimJobById(jobId, far);
        expect(taken).toMatchObject({ id: jobId, subjectId: 'doc_q', attempts: 2 });
        expect(await s.documents.claimJobById(jobId, far)).toBe('leased');
        expect(
          await s.documents.finishDocument(jobId, { result: { verdict: 'CLEAN' } }, () => [
            {
              id: 'evt_q',
              accountId: a.id,
              environment: 'production',
              type: 'document.completed',
              body: '{}',
              targetUrl: 'https://hooks.example.com/q',
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          ]),
        ).toMatchObject({ id: 'doc_q', status: 'completed' });
        expect(await s.documents.claimJobById(jobId, far)).toBe('finished');
        expect(await s.documents.claimJobById('job_unknown', far)).toBe('finished');
        const [d] = await s.webhooks.deliveries({ accountId: a.id, limit: 1 });
        expect(await s.webhooks.claimDeliveryById(d!.id, '2026-11-23T09:59:59.000Z', far)).toBe('later');
        expect(await s.webhooks.claimDeliveryById(d!.id, '2026-11-23T10:00:00.000Z', '2026-11-23T10:01:00.000Z')).toMatchObject({ id: d!.id, attempts: 0 });
        expect(await s.webhooks.claimDeliveryById(d!.id, '2026-11-23T10:00:30.000Z', far)).toBe('later');
        await s.webhooks.recordAttempt(d!.id, { ok: true, status: 200 }, '2026-11-23T10:00:31.000Z');
        expect(await s.webhooks.claimDeliveryById(d!.id, '2026-11-23T10:02:00.000Z', far)).toBe('finished');
        expect(await s.webhooks.claimDeliveryById('dlv_unknown', '2026-11-23T10:02:00.000Z', far)).toBe('finished');
      });
    });
  });
}

/** Runs the BlobStore conformance suite on stores made by `make`. */
export function blobStoreConformance(name: string, make: () => Promise<BlobStore>): void {
  describe(`BlobStore conformance: ${name}`, () => {
    it('keeps bytes by their SHA-256, once', async () => {
      const blobs = await make();
      const bytes = new TextEncoder().encode('statement bytes');
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(await blobs.has(sha)).toBe(false);
      expect(await blobs.get(sha)).toBeUndefined();
      expect(await blobs.put(bytes)).toBe(sha);
      expect(await blobs.put(bytes)).toBe(sha);
      expect(await blobs.has(sha)).toBe(true);
      expect(Buffer.from((await blobs.get(sha))!).equals(Buffer.from(bytes))).toBe(true);
      await blobs.delete(sha);
      await blobs.delete(sha);
      expect(await blobs.has(sha)).toBe(false);
    });

    it('takes a finished file by the digest computed while it was written, and removes the file', async () => {
      const blobs = await make();
      const folder = mkdtempSync(join(tmpdir(), 'loupe-staged-'));
      const bytes = new TextEncoder().encode('streamed upload bytes');
      const sha = createHash('sha256').update(bytes).digest('hex');
      for (const name of ['first', 'again']) {
        writeFileSync(join(folder, name), bytes);
        await blobs.putFile(join(folder, name), sha);
        expect(existsSync(join(folder, name))).toBe(false);
      }
      expect(Buffer.from((await blobs.get(sha))!).equals(Buffer.from(bytes))).toBe(true);
      await expect(blobs.putFile(join(folder, 'x'), '../../etc/passwd')).rejects.toThrow();
      rmSync(folder, { recursive: true, force: true });
    });

    it('refuses what is not a digest (no path tricks)', async () => {
      const blobs = await make();
      await expect(blobs.get('../../etc/passwd')).rejects.toThrow();
    });

    it('keeps large and empty blobs whole', async () => {
      const blobs = await make();
      const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
      const sha = await blobs.put(big);
      expect((await blobs.get(sha))?.length).toBe(big.length);
      const empty = await blobs.put(new Uint8Array(0));
      expect((await blobs.get(empty))?.length).toBe(0);
    });

    it('answers what it was given as its own copy, and not once deleted', async () => {
      const blobs = await make();
      // a Buffer, as an upload's head is: its slice is a view, not a copy
      const bytes = Buffer.alloc(5000, 'remembered upload ');
      const sha = await blobs.put(bytes);
      // the pool transfers (detaches) what it is given: no answer may share memory with the next, or with the caller's
      const first = (await blobs.get(sha))!;
      structuredClone(first.buffer, { transfer: [first.buffer as ArrayBuffer] });
      structuredClone(bytes.buffer, { transfer: [bytes.buffer as ArrayBuffer] });
      expect(Buffer.from((await blobs.get(sha))!).equals(Buffer.alloc(5000, 'remembered upload '))).toBe(true);
      await blobs.delete(sha);
      expect(await blobs.get(sha)).toBeUndefined();
      expect(await blobs.has(sha)).toBe(false);
    });
  });
}
