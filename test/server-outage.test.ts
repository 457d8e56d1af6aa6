// A database outage under the shared deployment: one `loupe serve --database-url` API process and
// one `loupe worker` reach PostgreSQL through a relay (`@loupe/fixtures/outage-proxy`), which is cut
// for ten seconds — every connection ends, new ones are refused, as when the server stops — while
// documents are being analysed. During the outage each API answers with 503, `Retry-After`
// and its own envelope, and `/ready` says not ready; afterwards both processes carry on without a
// restart and every document accepted before or after the outage completes exactly once.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form, until } from '@loupe/fixtures/document-api';
import { type EventReceiver, eventReceiver } from '@loupe/fixtures/event-receiver';
import { freePorts } from '@loupe/fixtures/free-ports';
import { type OutageProxy, outageProxy } from '@loupe/fixtures/outage-proxy';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from '@loupe/server/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const adminUrl = testDatabaseUrl();
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const dir = mkdtempSync(join(tmpdir(), 'loupe-outage-'));
const env = {
  ...process.env,
  LOUPE_JOB_EXPIRE_SECONDS: '30',
  LOUPE_QUEUE_MAINTENANCE_SECONDS: '1',
  LOUPE_QUEUE_POLL_SECONDS: '0.5',
  LOUPE_EGRESS_ALLOW: '127.0.0.0/8',
};
const [port, sandboxPort, adminPort] = await freePorts(3);
const api = `http://127.0.0.1:${port}`;
const ready = `http://127.0.0.1:${adminPort}/ready`;
let database: ScratchDatabase;
let proxy: OutageProxy;
let pool: pg.Pool;
let receiver: EventReceiver;
const children: { name: string; child: ChildProcess; stderr: string }[] = [];

/** The deployment's database URL, through the relay. */
const relayed = (): string => {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
};

/** Resolves when the API process answers ready. */
const whenReady = (what: string) =>
  until(
    what,
    async () =>
      (await fetch(ready).then(
        (r) => r.ok,
        () => false,
      )) || undefined,
    60_000,
  );

function spawnLoupe(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [loupe, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
  const entry = { name: `loupe ${args[0]}`, child, stderr: '' };
  // the last few kilobytes of what each process said, for the failure message
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    entry.stderr = (entry.stderr + text).slice(-4000);
  });
  children.push(entry);
  return child;
}

/** Where each process stands: its exit code and the end of what it said. */
const processes = (): string => children.map((c) => `${c.name} (exit code ${c.child.exitCode}): ${c.stderr}`).join('\n');

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createScratchDatabase(adminUrl);
  const target = new URL(database.url);
  proxy = await outageProxy(target.hostname, Number(target.port || 5432));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  receiver = await eventReceiver();
}, 60_000);

afterAll(async () => {
  for (const { child } of children) child.kill('SIGKILL');
  await pool?.end();
  await proxy?.close();
  receiver?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(adminUrl)('a database outage under the shared deployment', () => {
  it('answers 503 in each envelope while PostgreSQL is away, then completes every document exactly once without a restart', async () => {
    const account = JSON.parse(
      execFileSync(
        process.execPath,
        [
          ...[loupe, 'accounts', 'create', '--email', 'outage@example.com', '--credits', '5', '--database-url', database.url, '--json'],
          ...['--webhook-url', receiver.url],
        ],
        {
          encoding: 'utf8',
          env,
        },
      ),
    ) as { live_key: string; media_key: string };
    const data = join(dir, 'data');
    const serving = spawnLoupe([
      'serve',
      '--database-url',
      relayed(),
      '--port',
      String(port),
      '--sandbox-port',
      String(sandboxPort),
      '--admin-port',
      String(adminPort),
      '--data',
      data,
      '--quiet',
    ]);
    const working = spawnLoupe(['worker', '--database-url', relayed(), '--data', data, '--concurrency', '2']);
    await whenReady('the API');

    const submit = async (seed: number, pages: number): Promise<string> => {
      const r = await call(api, '/v1/documents', {
        method: 'POST',
        key: account.live_key,
        body: form(await makeStatement({ pages, rowsPerPage: 25, seed }), `s-${seed}.pdf`),
      });
      expect(r.status).toBe(202);
      return r.json.id as string;
    };
    const before = [await submit(1, 40), await submit(2, 40), await submit(3, 40), await submit(4, 2)];
    await until('an analysis running', async () => ((await pool.query("SELECT 1 FROM jobs WHERE state = 'running'")).rowCount ? true : undefined), 60_000);

    await proxy.cut();
    const outageStarted = Date.now();
    const refusedDocument = await call(api, '/v1/documents', {
      method: 'POST',
      key: account.live_key,
      body: form(await makeStatement({ seed: 9 }), 'during.pdf'),
    });
    expect(refusedDocument.status).toBe(503);
    expect(refusedDocument.headers.get('retry-after')).toBe('5');
    expect(refusedDocument.json).toMatchObject({ error: { type: 'server_error', code: 'service_unavailable', doc_url: '/errors#service_unavailable' } });
    const refusedMedia = await call(api, '/users/credits', { key: account.media_key });
    expect([refusedMedia.status, refusedMedia.headers.get('retry-after')]).toEqual([503, '5']);
    expect(refusedMedia.json).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    const readiness = await fetch(ready);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: 'not_ready' });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - outageStarted))));
    await proxy.restore();

    await whenReady('ready again');
    const after = [await submit(5, 2), await submit(6, 2)];
    const all = [...before, ...after];
    await until(
      'every document completed',
      async () => {
        const { rows } = await pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM documents WHERE id = ANY($1) AND status = 'completed'", [all]);
        return Number(rows[0]!.n) === all.length ? true : undefined;
      },
      240_000,
    ).catch(async (error: Error) => {
      // say where each document and its job stand, so a failure here can be read from the log
      const { rows } = await pool.query(
        'SELECT d.id, d.status, d.error, j.state, j.attempts, j.lease_until FROM documents d LEFT JOIN jobs j ON j.subject_id = d.id WHERE d.id = ANY($1)',
        [all],
      );
      throw new Error(`${error.message}: ${JSON.stringify(rows)}\n${processes()}`);
    });
    const { rows: events } = await pool.query<{ id: string; body: string }>("SELECT id, body FROM webhook_events WHERE type = 'document.completed'");
    const perDocument = new Map<string, number>();
    for (const e of events) {
      const id = (JSON.parse(e.body) as { data: { id: string } }).data.id;
      perDocument.set(id, (perDocument.get(id) ?? 0) + 1);
    }
    for (const id of all) expect(perDocument.get(id), id).toBe(1);
    expect(events).toHaveLength(all.length);
    // and every event reached the receiver, the ones written before the outage included
    await until('every delivery', () => (events.every((e) => (receiver.received.get(e.id) ?? 0) >= 1) ? true : undefined), 120_000);
    expect([serving.exitCode, working.exitCode], processes()).toEqual([null, null]);
  }, 400_000);
});
