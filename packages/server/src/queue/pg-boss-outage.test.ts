// The pg-boss queue through an outage of its database: a job whose handler ends while PostgreSQL is
// away (pg-boss cannot record it completed) or fails then (nor failed) costs a log line, not the
// process — an unhandled rejection would fail this file — and once the database is back the job
// is handed out again and finishes.
import { until } from '@loupe/fixtures/document-api';
import { outageProxy } from '@loupe/fixtures/outage-proxy';
import { afterAll, describe, expect, it } from 'vitest';
import { documentRecord } from '../store/conformance.js';
import { openPostgresStore } from '../store/postgres/pg-store.js';
import { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from '../store/postgres/scratch-database.js';
import type { Job } from '../store/store.js';
import { createPgBossQueue, type PgBossQueue } from './pg-boss-queue.js';

const adminUrl = testDatabaseUrl();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

describe.runIf(adminUrl)('the pg-boss queue through an outage of its database', () => {
  it('outlives a completion and a failure it cannot record, and hands both jobs out again', async () => {
    const database: ScratchDatabase = await createScratchDatabase(adminUrl as string);
    closing.push(() => database.drop());
    const target = new URL(database.url);
    const proxy = await outageProxy(target.hostname, Number(target.port || 5432));
    closing.push(() => proxy.close());
    const relayed = new URL(database.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    const logged: string[] = [];
    // the queue reaches PostgreSQL through the relay; the store directly, so only the queue's records are lost
    const queue: PgBossQueue = createPgBossQueue({
      connectionString: relayed.toString(),
      now: () => new Date(),
      expireSeconds: 3,
      maintenanceSeconds: 1,
      pollSeconds: 0.5,
      log: (message) => logged.push(message),
    });
    const { store } = await openPostgresStore({ connectionString: database.url, dispatch: queue.dispatch });
    closing.push(() => store.close());
    await queue.start(store);
    closing.push(() => queue.boss.stop({ graceful: false, wait: true, timeout: 2000 }));
    const account = await store.accounts.createAccount({ email: 'outage@example.com', webhookSecret: 'whsec_o' }, 0);
    for (const id of ['doc_ends', 'doc_throws']) await store.documents.createDocument(documentRecord(account.id, id));

    const taken: string[] = [];
    let cut: Promise<void> | undefined;
    await queue.work(
      {
        async job(job: Job) {
          taken.push(job.subjectId);
          if (taken.length > 2) return void (await store.documents.finishDocument(job.id, { result: { verdict: 'CLEAN' } }));
          // both first takes end while the database is away
          await until('both jobs taken', () => (taken.length >= 2 ? true : undefined), 20_000);
          cut ??= proxy.cut();
          await cut;
          if (job.subjectId === 'doc_throws') throw new Error('the analysis failed');
        },
        async delivery() {},
      },
      { jobs: 2, deliveries: 1 },
    );
    queue.notify();
    await until('the outage', () => (cut ? true : undefined), 20_000);
    await cut;
    await sleep(1500);
    await proxy.restore();
    await until(
      'both documents completed',
      async () =>
        (await Promise.all(['doc_ends', 'doc_throws'].map((id) => store.documents.documentById(id)))).every((d) => d?.status === 'completed')
          ? true
          : undefined,
      60_000,
    );
    expect(taken.filter((id) => id === 'doc_ends').length).toBeGreaterThanOrEqual(2);
    expect(taken.filter((id) => id === 'doc_throws').length).toBeGreaterThanOrEqual(2);
    // each lost record was said
    expect(logged.filter((m) => /^loupe-analysis job .* failed$/.test(m)).length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
