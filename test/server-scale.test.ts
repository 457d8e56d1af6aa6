// The shared deployment end to end: two `loupe serve --database-url` API processes and `loupe
// worker` processes on one PostgreSQL on loopback. A worker killed with SIGKILL mid-analysis
// loses nothing (another completes its documents); 200 documents submitted across both API
// processes complete exactly once, with exactly one document.completed event each; byte-identical
// submissions and one Idempotency-Key sent to both processes at once make one document; 40
// parallel detections for one account against 20 credits across both processes charge exactly
// 20; one live re-capture link per document when both mint at once; a key's request allowance
// is one bucket across both processes; `loupe migrate` moves an
// embedded installation into PostgreSQL and a worker completes the document it left queued.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, until } from '@loupe/fixtures/document-api';
import { type EventReceiver, eventReceiver } from '@loupe/fixtures/event-receiver';
import { freePorts } from '@loupe/fixtures/free-ports';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { openPostgresStore, type Store } from '@loupe/server';
import { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from '@loupe/server/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const adminUrl = testDatabaseUrl();
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const dir = mkdtempSync(join(tmpdir(), 'loupe-scale-'));
const data = join(dir, 'data');
const children = new Set<ChildProcess>();
const queueEnv = {
  ...process.env,
  LOUPE_JOB_EXPIRE_SECONDS: '30',
  LOUPE_QUEUE_MAINTENANCE_SECONDS: '1',
  LOUPE_QUEUE_POLL_SECONDS: '0.5',
  LOUPE_EGRESS_ALLOW: '127.0.0.0/8',
};
let receiver: EventReceiver;
let database: ScratchDatabase;
let store: Store;
let closeStore: () => Promise<void>;
let pool: pg.Pool;
/** Rows of a query on the deployment's database (what the Store port does not expose). */
const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await pool.query(text, values)).rows as T[];
const ports = await freePorts(4);
/** The two API processes' production listeners (each one's sandbox listener on the next of `ports`). */
const apis = [ports[0], ports[2]].map((port) => `http://127.0.0.1:${port}`);

/** What each spawned process last wrote to standard error (its last 4,000 characters). */
const lastWritten = new WeakMap<ChildProcess, string>();

function spawnLoupe(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [loupe, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: queueEnv });
  lastWritten.set(child, '');
  child.stderr?.on('data', (chunk: Buffer) => {
    lastWritten.set(child, ((lastWritten.get(child) ?? '') + chunk.toString()).slice(-4000));
  });
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0) console.error(`loupe ${args[0]} exited ${code} ${signal ?? ''}\n${lastWritten.get(child)}`);
  });
  children.add(child);
  return child;
}

/** Resolves when `child` has exited; fails, with what it last wrote, when it is still running after `ms`. */
function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`loupe did not exit within ${ms} ms of SIGTERM; it last wrote:\n${lastWritten.get(child)}`));
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function serve(base: string): Promise<void> {
  const port = Number(new URL(base).port);
  const sandboxPort = ports[ports.indexOf(port) + 1];
  const child = spawnLoupe([
    'serve',
    '--database-url',
    database.url,
    '--port',
    String(port),
    '--sandbox-port',
    String(sandboxPort),
    '--data',
    data,
    '--workers',
    '1',
  ]);
  await until(
    `the API on ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`loupe serve exited with ${child.exitCode}`);
      return (
        (await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )) || undefined
      );
    },
    60_000,
  );
}

const worker = (): ChildProcess => spawnLoupe(['worker', '--database-url', database.url, '--data', data, '--concurrency', '2']);

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createScratchDatabase(adminUrl);
  receiver = await eventReceiver();
  const opened = await openPostgresStore({ connectionString: database.url, max: 4 });
  store = opened.store;
  closeStore = () => opened.store.close();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await Promise.all(apis.map(serve));
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await closeStore?.();
  await pool?.end();
  receiver?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Documents of the account, by status. */
async function statuses(accountId: string): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: string }>('SELECT status, COUNT(*) AS n FROM documents WHERE account_id = $1 GROUP BY status', [accountId]);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

describe.runIf(adminUrl)('a shared deployment on PostgreSQL', () => {
  let account: { id: string; live_key: string; media_key: string };

  it('creates an account with loupe accounts --database-url', () => {
    account = JSON.parse(
      execFileSync(
        process.execPath,
        [
          ...[loupe, 'accounts', 'create', '--email', 'scale@example.com', '--credits', '20', '--database-url', database.url, '--json'],
          ...['--webhook-url', receiver.url],
        ],
        {
          encoding: 'utf8',
          env: queueEnv,
        },
      ),
    );
    expect(account.live_key).toMatch(/^sk_live_/);
  });

  it('completes the documents of a worker killed mid-analysis on another worker, exactly once', async () => {
    const first = worker();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = form(await makeStatement({ pages: 60, rowsPerPage: 25, seed: 300 + i }), `big-${i}.pdf`);
      const r = await call(apis[i % 2] as string, '/v1/documents', { method: 'POST', key: account.live_key, body });
      expect(r.status).toBe(202);
      ids.push(r.json.id as string);
    }
    // the first worker has taken jobs: kill it in the middle of them
    await until('a running analysis', async () => (await sql("SELECT 1 FROM jobs WHERE state = 'running'")).length > 0 || undefined, 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    worker();
    worker();
    await until("the killed worker's documents", async () => (ids.length === (await statuses(account.id)).completed ? true : undefined), 180_000);
    const jobs = await sql<{ state: string; attempts: number }>('SELECT state, attempts FROM jobs WHERE subject_id = ANY($1)', [ids]);
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    expect(Math.max(...jobs.map((j) => j.attempts))).toBeGreaterThanOrEqual(2); // taken again after the kill
  });

  it('completes 200 documents submitted across both API processes exactly once, each with one document.completed event', async () => {
    const template = await makeStatement({ seed: 77 });
    const submitted: string[] = [];
    const submit = async (i: number): Promise<void> => {
      // distinct bytes: a trailing comment after %%EOF changes the file, not the document
      const bytes = new Uint8Array([...template, ...new TextEncoder().encode(`\n% copy ${i}\n`)]);
      const r = await call(apis[i % 2] as string, '/v1/documents', { method: 'POST', key: account.live_key, body: form(bytes, `s-${i}.pdf`) });
      expect(r.status).toBe(202);
      submitted.push(r.json.id as string);
    };
    for (let i = 0; i < 200; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => submit(i + k)));
    expect(new Set(submitted).size).toBe(200);
    await until('200 completions', async () => ((await statuses(account.id)).completed === 206 ? true : undefined), 600_000);
    const events = (
      await sql<{ id: string; body: string }>("SELECT id, body FROM webhook_events WHERE account_id = $1 AND type = 'document.completed'", [account.id])
    ).map((e) => ({ id: e.id, document: (JSON.parse(e.body) as { data: { id: string } }).data.id }));
    const perDocument = new Map<string, number>();
    for (const e of events) perDocument.set(e.document, (perDocument.get(e.document) ?? 0) + 1);
    for (const id of submitted) expect(perDocument.get(id), id).toBe(1);
    expect(events).toHaveLength(206);
    // every event reached the receiver (at least once) under its one event id
    await until('every delivery', () => (events.every((e) => (receiver.received.get(e.id) ?? 0) >= 1) ? true : undefined), 120_000);
  });

  it('makes one document of byte-identical submissions to both processes at once, and runs one Idempotency-Key once', async () => {
    const bytes = await makeStatement({ seed: 91 });
    const same = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(apis[i % 2] as string, '/v1/documents', { method: 'POST', key: account.live_key, body: form(bytes, 'same.pdf') }),
      ),
    );
    expect(new Set(same.map((r) => r.json.id)).size).toBe(1);
    const other = await makeStatement({ seed: 92 });
    const keyed = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call(apis[i % 2] as string, '/v1/documents', {
          method: 'POST',
          key: account.live_key,
          headers: { 'idempotency-key': 'scale-key-1' },
          body: form(other, 'keyed.pdf'),
        }),
      ),
    );
    expect(new Set(keyed.map((r) => r.json.id)).size).toBe(1);
    expect(keyed.filter((r) => r.headers.get('idempotency-replayed') === 'true')).toHaveLength(3);
  });

  it('keeps one live re-capture link per document when both API processes mint at once', async () => {
    const [completed] = await sql<{ id: string }>("SELECT id FROM documents WHERE account_id = $1 AND status = 'completed' LIMIT 1", [account.id]);
    const documentId = (completed as { id: string }).id;
    const template = ((await call(apis[1] as string, '/v1/recapture/templates', { key: account.live_key })).json.data as { body: string }[])[0] as {
      body: string;
    };
    const minted = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(apis[i % 2] as string, '/v1/recapture/links', {
          method: 'POST',
          key: account.live_key,
          json: { document_id: documentId, delivery: 'link_only', borrower: { email: 'borrower@example.com' }, message: { body: template.body } },
        }),
      ),
    );
    expect(minted.filter((r) => r.status === 201)).toHaveLength(1);
    expect(minted.filter((r) => r.status === 409 && (r.json.error as { code: string }).code === 'link_already_active')).toHaveLength(5);
  });

  it('charges exactly 20 of 40 parallel detections against 20 credits across both API processes', async () => {
    const photo = photographScene(5);
    // distinct bytes (a byte after the JPEG's end): the same bytes in flight would be one charge and 39 duplicates
    const detect = (i: number) => {
      const body = new FormData();
      body.append('file', new Blob([Uint8Array.of(...photo, i)]), `p${i}.jpg`);
      return fetch(`${apis[i % 2]}/v1/detections`, { method: 'POST', headers: { 'x-api-key': account.media_key }, body });
    };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => detect(i)));
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 402)).toHaveLength(20);
    expect((await store.accounts.accountById(account.id))?.balance).toBe(0);
    const { entries } = await store.credits.ledger(account.id, 100, 0);
    expect(entries.filter((e) => e.reason === 'DETECTION_DEBIT')).toHaveLength(20);
  });

  it('counts a key against one request allowance across both API processes', async () => {
    const remaining = (r: { headers: Headers }) => Number(r.headers.get('x-ratelimit-remaining'));
    const onB = () => call(apis[1] as string, '/v1/documents?limit=1', { key: account.live_key });
    const before = remaining(await onB());
    // 100 requests through the other process: a shared allowance loses them all, less what refills
    // (10 a second) while they run; one kept per process would lose none of them
    await Promise.all(Array.from({ length: 100 }, () => call(apis[0] as string, '/v1/documents?limit=1', { key: account.live_key })));
    expect(remaining(await onB())).toBeLessThanOrEqual(before - 50);
  });

  it('moves an embedded installation into PostgreSQL with loupe migrate, and a worker completes what it left queued', async () => {
    const embedded = join(dir, 'embedded');
    const created = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'create', '--email', 'moved@example.com', '--credits', '7', '--data', embedded, '--json'], {
        encoding: 'utf8',
      }),
    ) as { id: string; live_key: string };
    // a document accepted by an embedded server that stopped before analysing it
    const { openSqliteStore, createFileBlobStore } = await import('@loupe/server');
    const local = await openSqliteStore({ path: join(embedded, 'loupe.db') });
    const bytes = await makeStatement({ seed: 93 });
    const sha256 = await createFileBlobStore(join(embedded, 'blobs')).put(bytes);
    await local.documents.createDocument({
      id: 'doc_moved',
      accountId: created.id,
      environment: 'production',
      sha256,
      fileName: 'moved.pdf',
      fileType: 'pdf',
      sizeBytes: bytes.length,
      options: { facts: { md5: '0'.repeat(32) } },
      externalRef: 'loan-moved',
      attributionCurrency: null,
      createdAt: new Date().toISOString(),
    });
    await local.close();
    const target = await createScratchDatabase(adminUrl as string);
    try {
      const summary = JSON.parse(
        execFileSync(process.execPath, [loupe, 'migrate', '--from', embedded, '--to', target.url, '--json'], { encoding: 'utf8', env: queueEnv }),
      );
      expect(summary).toMatchObject({ blobs: 1, jobs: 1, rows: { accounts: 1, api_keys: 4, ledger: 1, documents: 1 } });
      // a second run refuses: a migration never merges
      expect(() => execFileSync(process.execPath, [loupe, 'migrate', '--from', embedded, '--to', target.url], { encoding: 'utf8', stdio: 'pipe' })).toThrow(
        /already holds accounts/,
      );
      const moved = await openPostgresStore({ connectionString: target.url, max: 2 });
      expect((await moved.store.accounts.accountByEmail('moved@example.com'))?.balance).toBe(7);
      const movedWorker = spawnLoupe(['worker', '--database-url', target.url, '--data', data, '--concurrency', '1']);
      const done = await until(
        'the moved document',
        async () => {
          const d = await moved.store.documents.documentById('doc_moved');
          return d?.status === 'completed' ? d : undefined;
        },
        120_000,
      );
      expect(done.result).toMatchObject({ verdict: expect.any(String) });
      movedWorker.kill('SIGTERM');
      // its running jobs are done: it stops within the queue's own grace (60 s), never hangs the suite
      await exited(movedWorker, 90_000);
      await moved.store.close();
    } finally {
      await target.drop();
    }
  });
});
