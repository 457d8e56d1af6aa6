// The SQLite and file adapters against the storage ports' conformance suites, plus what only the
// embedded store has: migrations recorded once, a newer schema refused, a second connection
// (another process, `loupe accounts`) writing while the first holds the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { blobStoreConformance, documentRecord, storeConformance } from '../conformance.js';
import { createFileBlobStore } from '../file-blob-store.js';
import { withRecentBlobs } from '../recent-blobs.js';
import { StoreError } from '../store.js';
import { MIGRATIONS } from './migrations.js';
import { migrate, openSqliteStore } from './sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

storeConformance('SQLite', async () => openSqliteStore({ path: join(dir, `store-${n++}.db`) }));
blobStoreConformance('files', async () => createFileBlobStore(join(dir, `blobs-${n++}`)));
blobStoreConformance('files, remembering recent blobs', async () => withRecentBlobs(createFileBlobStore(join(dir, `blobs-${n++}`))));

describe('SQLite store', () => {
  it('applies each migration once and refuses a newer schema', async () => {
    const db = new Database(join(dir, 'migrate.db'));
    expect(await migrate(db)).toBeGreaterThan(0);
    expect(await migrate(db)).toBe(0);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')").run();
    await expect(migrate(db)).rejects.toThrow(/schema version 999/);
    db.close();
  });

  it('finds the rows a finished analysis asks about by an index, not by reading whole tables', async () => {
    const db = new Database(join(dir, 'plans.db'));
    await migrate(db);
    // what `meter` asks on every finish: was this document metered before, is it a re-capture
    for (const sql of [
      'SELECT 1 AS one FROM document_usage WHERE document_id = ?',
      'SELECT 1 AS one FROM recapture_captures WHERE recaptured_document_id = ?',
    ]) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('doc_x') as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(plan, sql).toMatch(/^SEARCH .* USING (COVERING )?INDEX/);
    }
    db.close();
  });

  it("answers a key's holder from memory only while no connection has committed since", async () => {
    const path = join(dir, 'holders.db');
    const api = await openSqliteStore({ path });
    const operator = await openSqliteStore({ path }); // `loupe accounts` in another process
    const account = await api.accounts.createAccount({ email: 'holder@example.com', webhookSecret: 'whsec_x' }, 5);
    const key = await api.accounts.createKey({ accountId: account.id, kind: 'media', hash: 'holder-hash', serviceType: 'UNIVERSAL', sandbox: false });
    expect((await api.accounts.keyHolder('holder-hash'))?.account.balance).toBe(5);
    expect((await api.accounts.keyHolder('holder-hash'))?.account.balance).toBe(5);
    // another connection's commits are seen by every read that starts a millisecond later: a credit, then a revocation
    const aMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
    await operator.credits.adjustCredits(account.id, 7, 'ADMIN_ADJUSTMENT', null);
    await aMillisecond();
    expect((await api.accounts.keyHolder('holder-hash'))?.account.balance).toBe(12);
    await operator.accounts.revokeKey(account.id, key.id);
    await aMillisecond();
    expect(await api.accounts.keyHolder('holder-hash')).toBeUndefined();
    // this connection's own commits at once
    const again = await api.accounts.createKey({ accountId: account.id, kind: 'media', hash: 'holder-hash-2', serviceType: 'UNIVERSAL', sandbox: false });
    expect((await api.accounts.keyHolder('holder-hash-2'))?.key.id).toBe(again.id);
    await api.accounts.revokeKey(account.id, again.id);
    expect(await api.accounts.keyHolder('holder-hash-2')).toBeUndefined();
    await Promise.all([api.close(), operator.close()]);
  });

  it('decodes stored JSON once at its boundary and refuses a row whose fields are not what its writers write', async () => {
    const path = join(dir, 'decode.db');
    const store = await openSqliteStore({ path });
    const account = await store.accounts.createAccount({ email: 'decode@example.com', webhookSecret: 'whsec_x' }, 0);
    await store.documents.createDocument(documentRecord(account.id, 'doc_typed'));
    expect((await store.documents.documentById('doc_typed'))?.options).toEqual({ facts: { md5: '0'.repeat(32), pages: 1 } });
    await store.close();
    const db = new Database(path);
    db.prepare('UPDATE documents SET options = \'{"category":"paystub"}\' WHERE id = \'doc_typed\'').run();
    db.close();
    const reopened = await openSqliteStore({ path });
    await expect(reopened.documents.documentById('doc_typed')).rejects.toThrow(StoreError);
    await expect(reopened.documents.documentById('doc_typed')).rejects.toThrow(/options of doc_typed/);
    await reopened.close();
  });

  it('upgrades a version-2 database in place: documents keep their rows and gain their attribution currency', async () => {
    const path = join(dir, 'v2.db');
    const db = new Database(path);
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const m of MIGRATIONS.filter((m) => m.version <= 2)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, 'then');
    }
    db.prepare(
      "INSERT INTO accounts (id, email, email_verified, active, detector, webhook_secret, created_at) VALUES ('acc_1', 'old@example.com', 1, 1, 'V1.6', 'whsec_x', 'then')",
    ).run();
    db.prepare(
      "INSERT INTO documents (id, account_id, environment, status, sha256, file_name, file_type, size_bytes, options, external_ref, created_at) VALUES ('doc_old', 'acc_1', 'production', 'processing', ?, 'a.pdf', 'pdf', 1, ?, 'loan-1', 'then')",
    ).run('a'.repeat(64), JSON.stringify({ attribution: { section: 'asset', currency: 'EUR', amount_minor: 5 }, facts: { md5: '0'.repeat(32), pages: 1 } }));
    db.close();
    const store = await openSqliteStore({ path });
    expect(await store.documents.documentById('doc_old')).toMatchObject({ attributionCurrency: 'EUR', externalRef: 'loan-1' });
    expect(await store.loans.loanDocuments('acc_1', 'production', 'loan-1')).toHaveLength(1);
    await store.close();
  });

  it('rolls up a document finished before roll-up summaries were kept from its whole result', async () => {
    const path = join(dir, 'rollup.db');
    const store = await openSqliteStore({ path });
    const account = await store.accounts.createAccount({ email: 'rollup@example.com', webhookSecret: 'whsec_x' }, 0);
    await store.documents.createDocument({ ...documentRecord(account.id, 'doc_then'), externalRef: 'loan-1' });
    const job = await store.documents.claimJob(new Date(Date.now() + 60_000).toISOString());
    await store.documents.finishDocument(job!.id, { result: { verdict: 'CLEAN', risk_score: 4, indicators: [] } });
    await store.close();
    const db = new Database(path);
    db.prepare("UPDATE documents SET summary = NULL WHERE id = 'doc_then'").run();
    db.close();
    const reopened = await openSqliteStore({ path });
    expect((await reopened.loans.loanRollups(account.id, 'production', 'loan-1'))[0]!.result).toEqual({ verdict: 'CLEAN', risk_score: 4, indicators: [] });
    await reopened.close();
  });

  it('lets a second connection write while the first is open (WAL)', async () => {
    const path = join(dir, 'shared.db');
    const server = await openSqliteStore({ path });
    const cli = await openSqliteStore({ path });
    const a = await server.accounts.createAccount({ email: 'ops@example.com', webhookSecret: 'whsec_x' }, 1);
    await cli.credits.adjustCredits(a.id, 9, 'PURCHASE_CREDIT', null);
    expect((await server.accounts.accountById(a.id))?.balance).toBe(10);
    await server.close();
    await cli.close();
  });
});
