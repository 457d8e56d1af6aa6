// The embedded queue (SQLite) and the pg-boss queue (PostgreSQL) against the JobQueue conformance suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openPostgresStore } from '../store/postgres/pg-store.js';
import { createScratchDatabase, testDatabaseUrl } from '../store/postgres/scratch-database.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { queueConformance } from './conformance.js';
import { createEmbeddedQueue, type JobQueue } from './job-queue.js';
import { createPgBossQueue } from './pg-boss-queue.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-queue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const now = () => new Date();

queueConformance('embedded', async () => {
  const store = await openSqliteStore({ path: join(dir, `queue-${n++}.db`) });
  const queues: JobQueue[] = [];
  const leaseMs = 2000;
  return {
    store,
    leaseMs,
    // a loop whose job never returns holds it as a killed process would, until its lease lapses
    kill: async () => undefined,
    async worker() {
      const q = createEmbeddedQueue({ store, now, jobLeaseMs: leaseMs, jobPollMs: 100, deliveryPollMs: 100 });
      queues.push(q);
      return q;
    },
    async close() {
      await Promise.race([Promise.all(queues.map((q) => q.stop())), new Promise((r) => setTimeout(r, 2000))]);
      await store.close();
    },
  };
});

const adminUrl = testDatabaseUrl();
if (adminUrl)
  queueConformance('pg-boss', async () => {
    const database = await createScratchDatabase(adminUrl);
    const tuning = { expireSeconds: 3, maintenanceSeconds: 1, pollSeconds: 0.5 };
    const first = createPgBossQueue({ connectionString: database.url, now, ...tuning });
    const { store } = await openPostgresStore({ connectionString: database.url, dispatch: first.dispatch });
    await first.start(store);
    const queues = [first];
    return {
      store,
      leaseMs: 5000,
      // the engine stops without finishing or failing what it holds (a killed process)
      kill: (queue) => (queue as typeof first).boss.stop({ graceful: false, wait: false }),
      async worker() {
        const q = createPgBossQueue({ connectionString: database.url, now, ...tuning });
        await q.start(store);
        queues.push(q);
        return q;
      },
      async close() {
        await Promise.all(queues.map((q) => q.boss.stop({ graceful: false, wait: true, timeout: 2000 })));
        await store.close();
        await database.drop();
      },
    };
  });
