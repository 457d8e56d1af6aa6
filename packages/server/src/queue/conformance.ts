// The conformance suite of the JobQueue port: the embedded queue and the pg-boss queue run the
// same tests through their factory — every queued job reaches one worker once, a job whose worker
// died is handed to another after its lease, a delivery is handed out at its due time and again
// at the time its failed attempt scheduled.
import { afterEach, describe, expect, it } from 'vitest';
import { documentRecord, failure } from '../store/conformance.js';
import type { Delivery, Job, Store } from '../store/store.js';
import type { JobQueue, WorkHandlers } from './job-queue.js';

/** A store and the queues of its workers (each call of `worker` is another worker process). */
export interface QueueFixture {
  store: Store;
  worker(): Promise<JobQueue>;
  /** A job leased to a dead worker is handed out again after about this long. */
  leaseMs: number;
  /** Ends a worker as a killed process would: nothing it holds is finished or given back. */
  kill(queue: JobQueue): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, probe: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Runs the suite on fixtures made by `make`. */
export function queueConformance(name: string, make: () => Promise<QueueFixture>): void {
  describe(`JobQueue conformance: ${name}`, () => {
    const open: QueueFixture[] = [];
    const fresh = async () => {
      const f = await make();
      open.push(f);
      return f;
    };
    afterEach(async () => {
      for (const f of open.splice(0)) await f.close();
    });
    const documentOf = (store: Store, accountId: string, id: string) => store.documents.createDocument(documentRecord(accountId, id));
    const finishing = (store: Store, seen: Job[], running: { now: number; most: number }): WorkHandlers => ({
      async job(job) {
        running.now++;
        running.most = Math.max(running.most, running.now);
        seen.push(job);
        await sleep(30);
        await store.documents.finishDocument(job.id, { result: { verdict: 'CLEAN' } });
        running.now--;
      },
      async delivery() {},
    });

    it('hands every queued job to one worker once, at most the concurrency at a time', async () => {
      const f = await fresh();
      const a = await f.store.accounts.createAccount({ email: 'q1@example.com', webhookSecret: 'whsec_q' }, 0);
      const seen: Job[] = [];
      const running = { now: 0, most: 0 };
      const queues = [await f.worker(), await f.worker()];
      for (const q of queues) await q.work(finishing(f.store, seen, running), { jobs: 2, deliveries: 1 });
      for (let i = 0; i < 20; i++) await documentOf(f.store, a.id, `doc_q1_${i}`);
      for (const q of queues) q.notify();
      await waitFor('20 jobs', () => seen.length >= 20, 30_000);
      await sleep(300);
      expect(seen).toHaveLength(20);
      expect(new Set(seen.map((j) => j.subjectId)).size).toBe(20);
      expect(running.most).toBeLessThanOrEqual(4);
      for (let i = 0; i < 20; i++) expect((await f.store.documents.documentById(`doc_q1_${i}`))?.status).toBe('completed');
    });

    it('hands the job of a worker that died to another worker, and the late finish of the first changes nothing', async () => {
      const f = await fresh();
      const a = await f.store.accounts.createAccount({ email: 'q2@example.com', webhookSecret: 'whsec_q' }, 0);
      let release: () => void = () => undefined;
      const hung = new Promise<void>((resolve) => {
        release = resolve;
      });
      const taken: Job[] = [];
      const dead = await f.worker();
      await dead.work(
        {
          async job(job) {
            taken.push(job);
            await hung; // the worker stops answering mid-job
            expect(await f.store.documents.finishDocument(job.id, { error: failure('late') })).toBeUndefined();
          },
          async delivery() {},
        },
        { jobs: 1, deliveries: 1 },
      );
      await documentOf(f.store, a.id, 'doc_q2');
      dead.notify();
      await waitFor('the first take', () => taken.length === 1, 30_000);
      await f.kill(dead);
      const seen: Job[] = [];
      const alive = await f.worker();
      await alive.work(finishing(f.store, seen, { now: 0, most: 0 }), { jobs: 1, deliveries: 1 });
      await waitFor('the job on the other worker', () => seen.length === 1, f.leaseMs + 30_000);
      expect(seen[0]?.subjectId).toBe('doc_q2');
      expect(seen[0]?.attempts).toBeGreaterThanOrEqual(2);
      await sleep(300);
      expect((await f.store.documents.documentById('doc_q2'))?.status).toBe('completed');
      release();
      await sleep(100);
      expect((await f.store.documents.documentById('doc_q2'))?.result).toEqual({ verdict: 'CLEAN' });
    });

    it('hands a delivery out at its due time, then at the time its failed attempt scheduled', async () => {
      const f = await fresh();
      const a = await f.store.accounts.createAccount({ email: 'q3@example.com', webhookSecret: 'whsec_q' }, 0);
      const attempts: { delivery: Delivery; at: number }[] = [];
      const q = await f.worker();
      await q.work(
        {
          async job() {},
          async delivery(delivery) {
            attempts.push({ delivery, at: Date.now() });
            const next = attempts.length === 1 ? new Date(Date.now() + 2000).toISOString() : null;
            await f.store.webhooks.recordAttempt(
              delivery.id,
              next ? { ok: false, status: 500, error: 'HTTP 500', nextAttemptAt: next } : { ok: true, status: 204 },
              new Date().toISOString(),
            );
          },
        },
        { jobs: 1, deliveries: 2 },
      );
      const due = Date.now() + 1500;
      await f.store.webhooks.recordEvents([
        {
          id: 'evt_q3',
          accountId: a.id,
          environment: 'production',
          type: 'document.completed',
          body: '{}',
          targetUrl: 'https://hooks.example.com/q3',
          createdAt: new Date(due).toISOString(),
        },
      ]);
      q.notify();
      await waitFor('two attempts', () => attempts.length >= 2, 30_000);
      expect(attempts[0]!.at).toBeGreaterThanOrEqual(due - 50);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1900);
      await sleep(500);
      expect(attempts).toHaveLength(2);
      expect((await f.store.webhooks.deliveries({ accountId: a.id, limit: 5 }))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    });
  });
}
