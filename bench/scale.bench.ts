// The shared deployment's scale, one run on this machine: documents per second through one
// `loupe serve --database-url` API process with 1, 2 and 4 `loupe worker` processes (each running
// one analysis at a time) on one PostgreSQL, as ratios against one worker; the queue's own cost
// per job (enqueue inside the store's transaction, hand-over, lease, exactly-once finish) with an
// empty job against the embedded queue on SQLite; PostgreSQL's transactions per document; and
// PostgreSQL's own ceilings measured here (new connections per second, store transactions per
// second from 16 clients) from which a deployment's limit is computed rather than guessed.
// `npm run bench:scale` (LOUPE_BENCH_DATABASE_URL or LOUPE_TEST_DATABASE_URL: a role that may
// create databases; SCALE_DOCUMENTS=N documents per run, default 64; SCALE_PAGES=N pages each, default 40).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createEmbeddedQueue, createPgBossQueue, type JobQueue, openPostgresStore, openSqliteStore, type Store } from '@loupe/server';
import { createScratchDatabase, type ScratchDatabase } from '@loupe/server/testing';
import pg from 'pg';

const adminUrl = process.env.LOUPE_BENCH_DATABASE_URL ?? process.env.LOUPE_TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set LOUPE_BENCH_DATABASE_URL (or LOUPE_TEST_DATABASE_URL) to a PostgreSQL role that may create databases.');
const DOCUMENTS = Number(process.env.SCALE_DOCUMENTS ?? 64);
/** Pages per statement: enough that the analysis, not the submission, is each document's main cost. */
const PAGES = Number(process.env.SCALE_PAGES ?? 40);
const root = join(import.meta.dirname, '..');
const loupe = join(root, 'packages', 'cli', 'bin', 'loupe.js');
const dir = mkdtempSync(join(tmpdir(), 'loupe-scale-bench-'));
const env = { ...process.env, LOUPE_QUEUE_POLL_SECONDS: '0.5' };
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function start(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [loupe, ...args], { stdio: 'ignore', env });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const sql = async <T>(url: string, text: string): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
};

const committed = async (db: ScratchDatabase): Promise<number> =>
  Number((await sql<{ n: string }>(db.url, 'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()'))[0]?.n);

/** Distinct statements (a trailing comment after %%EOF changes the bytes, not the document). */
const template = await makeStatement({ seed: 2026, pages: PAGES });
const documentBytes = (i: number) => new Uint8Array([...template, ...new TextEncoder().encode(`\n% bench ${i}\n`)]);

/** Documents per second end to end with `workers` worker processes; and PostgreSQL commits per document. */
async function throughput(workers: number): Promise<{ perSecond: number; commitsPerDocument: number }> {
  const db = await createScratchDatabase(adminUrl as string, 'loupe_bench');
  const port = 39000 + workers * 10;
  const base = `http://127.0.0.1:${port}`;
  const data = join(dir, `data-${workers}`);
  try {
    const api = start(['serve', '--database-url', db.url, '--port', String(port), '--sandbox-port', String(port + 1), '--data', data, '--workers', '1']);
    await waitFor(`${base}/health`);
    const { live_key } = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'create', '--email', `bench${workers}@example.com`, '--database-url', db.url, '--json'], {
        encoding: 'utf8',
        env,
      }),
    ) as { live_key: string };
    const pool = Array.from({ length: workers }, () => start(['worker', '--database-url', db.url, '--data', data, '--concurrency', '1']));
    // warm: one document through every worker's pool before the clock starts
    const submit = async (i: number) => {
      const body = new FormData();
      body.append('file', new Blob([documentBytes(i)]), `s${i}.pdf`);
      const r = await fetch(`${base}/v1/documents`, { method: 'POST', headers: { 'x-api-key': live_key }, body });
      if (r.status !== 202) throw new Error(`submit answered ${r.status}`);
    };
    const completed = async () => Number((await sql<{ n: string }>(db.url, "SELECT COUNT(*) AS n FROM documents WHERE status <> 'processing'"))[0]?.n);
    for (let i = 0; i < workers * 2; i++) await submit(-1 - i);
    while ((await completed()) < workers * 2) await new Promise((r) => setTimeout(r, 100));
    const before = await committed(db);
    const started = performance.now();
    for (let i = 0; i < DOCUMENTS; i += 8) await Promise.all(Array.from({ length: Math.min(8, DOCUMENTS - i) }, (_, k) => submit(i + k)));
    while ((await completed()) < DOCUMENTS + workers * 2) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    const commits = (await committed(db)) - before;
    await Promise.all([...pool, api].map(stop));
    return { perSecond: DOCUMENTS / seconds, commitsPerDocument: commits / DOCUMENTS };
  } finally {
    await db.drop();
  }
}

/** The queue's own cost per job: `jobs` empty jobs through a queue with 4 at once, in ms per job. */
async function queueOverhead(kind: 'embedded' | 'pg-boss', jobs: number): Promise<number> {
  let store: Store;
  let queue: JobQueue;
  let cleanup: () => Promise<void>;
  if (kind === 'embedded') {
    store = await openSqliteStore({ path: join(dir, 'queue.db') });
    queue = createEmbeddedQueue({ store, now: () => new Date(), jobPollMs: 50 });
    cleanup = async () => undefined;
  } else {
    const db = await createScratchDatabase(adminUrl as string, 'loupe_bench');
    const q = createPgBossQueue({ connectionString: db.url, now: () => new Date(), pollSeconds: 0.5 });
    store = (await openPostgresStore({ connectionString: db.url, dispatch: q.dispatch })).store;
    await q.start(store);
    queue = q;
    cleanup = () => db.drop();
  }
  const account = await store.accounts.createAccount({ email: 'queue@example.com', webhookSecret: 'whsec_bench' }, 0);
  let done = 0;
  await queue.work(
    {
      job: async (job) => {
        await store.documents.finishDocument(job.id, { result: { verdict: 'CLEAN' } });
        done++;
      },
      delivery: async () => undefined,
    },
    { jobs: 4, deliveries: 1 },
  );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: jobs }, (_, i) =>
      store.documents.createDocument({
        id: `doc_bench_${i}`,
        accountId: account.id,
        environment: 'production',
        sha256: i.toString(16).padStart(64, '0'),
        fileName: 'a.pdf',
        fileType: 'pdf',
        sizeBytes: 1,
        options: { facts: { md5: '0'.repeat(32) } },
        externalRef: null,
        attributionCurrency: null,
        createdAt: new Date().toISOString(),
      }),
    ),
  );
  queue.notify();
  while (done < jobs) await new Promise((r) => setTimeout(r, 5));
  const ms = (performance.now() - started) / jobs;
  await queue.stop();
  await store.close();
  await cleanup();
  return ms;
}

/** PostgreSQL's ceilings on this machine: new connections per second, and reserve+release transactions per second from 16 clients. */
async function postgresCeilings(): Promise<{ connectionsPerSecond: number; transactionsPerSecond: number }> {
  const db = await createScratchDatabase(adminUrl as string, 'loupe_bench');
  try {
    let connections = 0;
    const until = performance.now() + 3000;
    while (performance.now() < until) {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      connections++;
    }
    const { store } = await openPostgresStore({ connectionString: db.url, max: 16 });
    const accounts = await Promise.all(
      Array.from({ length: 16 }, (_, i) => store.accounts.createAccount({ email: `c${i}@example.com`, webhookSecret: 'whsec_x' }, 1)),
    );
    let transactions = 0;
    const end = performance.now() + 5000;
    await Promise.all(
      accounts.map(async (a) => {
        while (performance.now() < end) {
          const r = await store.credits.reserve(a.id, 1);
          if (r.ok) await store.credits.release(r.reservation.id);
          transactions += 2;
        }
      }),
    );
    await store.close();
    return { connectionsPerSecond: connections / 3, transactionsPerSecond: transactions / 5 };
  } finally {
    await db.drop();
  }
}

const rows: string[] = [];
const one = await throughput(1);
rows.push(`| 1 worker  | ${one.perSecond.toFixed(2)} documents/s | 1.00x | ${one.commitsPerDocument.toFixed(1)} PostgreSQL commits per document |`);
for (const workers of [2, 4]) {
  const r = await throughput(workers);
  rows.push(
    `| ${workers} workers | ${r.perSecond.toFixed(2)} documents/s | ${(r.perSecond / one.perSecond).toFixed(2)}x | ${r.commitsPerDocument.toFixed(1)} commits per document |`,
  );
}
console.log(
  `Documents per second (${DOCUMENTS} statements of ${PAGES} pages, one API process, workers running one analysis each, this machine's cores: ${(await import('node:os')).availableParallelism()}):`,
);
console.log('| workers | throughput | against 1 worker | database work |\n|---|---|---|---|');
for (const r of rows) console.log(r);
const embedded = await queueOverhead('embedded', 400);
const boss = await queueOverhead('pg-boss', 400);
console.log(
  `\nQueue cost per empty job (400 jobs, 4 at once): embedded (SQLite, in process) ${embedded.toFixed(2)} ms; pg-boss (PostgreSQL) ${boss.toFixed(2)} ms (${(boss / embedded).toFixed(1)}x)`,
);
const ceilings = await postgresCeilings();
console.log(
  `PostgreSQL on this machine: ${ceilings.connectionsPerSecond.toFixed(0)} new connections/s; ${ceilings.transactionsPerSecond.toFixed(0)} store transactions/s from 16 clients`,
);
console.log(
  `Ceiling from these figures: ${(ceilings.transactionsPerSecond / one.commitsPerDocument).toFixed(0)} documents/s before PostgreSQL's transactions are the limit (transactions/s over commits per document)`,
);
