// Durability of the analysis queue (and its metering): `loupe serve` killed with SIGKILL, or
// stopped with SIGTERM and a short drain period, while documents are processing; after a restart
// on the same data folder every accepted document completes, each exactly once (one job per
// document, finished once). SIGTERM stops accepting at once and exits within the drain period,
// handing the jobs still running back to the queue.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, form } from '@loupe/fixtures/document-api';
import { freePorts } from '@loupe/fixtures/free-ports';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-restart-'));
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const [port, sandboxPort] = await freePorts(2);
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(data: string): Promise<ChildProcess> {
  const c = spawn(
    process.execPath,
    [loupe, 'serve', '--port', String(port), '--sandbox-port', String(sandboxPort), '--data', data, '--drain-seconds', '0.5', '--quiet'],
    { stdio: 'ignore' },
  );
  // up to a minute: a loaded two-core machine can take well over the usual second or two
  for (let i = 0; i < 600; i++) {
    if (c.exitCode !== null) throw new Error(`loupe serve exited with ${c.exitCode} before answering`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('loupe serve did not start');
}

describe('a server stopped mid-analysis', () => {
  it.each(['SIGKILL', 'SIGTERM'] as const)('completes every processing document exactly once after a restart (%s)', async (signal) => {
    const data = join(dir, signal);
    const { live_key } = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'create', '--email', 'restart@example.com', '--data', data, '--json'], { encoding: 'utf8' }),
    ) as { live_key: string };
    child = await start(data);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = form(await makeStatement({ pages: 150, rowsPerPage: 25, seed: 100 + i }), `s${i}.pdf`);
      const r = await call(base, '/v1/documents', { method: 'POST', key: live_key, body });
      expect(r.status).toBe(202);
      ids.push(r.json.id as string);
    }
    await new Promise((r) => setTimeout(r, 300));
    const statuses = async () => Promise.all(ids.map(async (id) => (await call(base, `/v1/documents/${id}`, { key: live_key })).json.status as string));
    expect((await statuses()).filter((s) => s === 'processing').length).toBeGreaterThan(0);
    const stopping = child;
    const exited = new Promise<number | null>((resolve) => stopping.on('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    stopping.kill(signal);
    if (signal === 'SIGTERM') {
      // stops accepting at once (a new connection is refused; one kept alive is answered 503), exits
      // cleanly within the drain period and a margin
      await new Promise((r) => setTimeout(r, 100));
      const late = await fetch(`${base}/health`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(['refused', 503]).toContain(late);
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    } else await exited;
    child = await start(data);
    let final: string[] = [];
    for (let i = 0; i < 600; i++) {
      final = await statuses();
      if (final.every((s) => s !== 'processing')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(final).toEqual(ids.map(() => 'completed'));
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.on('exit', resolve));
    child = undefined;
    const db = new Database(join(data, 'loupe.db'), { readonly: true });
    const jobs = db.prepare("SELECT subject_id, state, finished_at FROM jobs WHERE kind = 'analysis'").all() as {
      subject_id: string;
      state: string;
      finished_at: string | null;
    }[];
    db.close();
    expect(jobs.map((j) => j.subject_id).sort()).toEqual([...ids].sort());
    expect(jobs.every((j) => j.state === 'done' && j.finished_at)).toBe(true);
    // each completion metered exactly once, whether its analysis ran before or after the kill
    const usage = JSON.parse(
      execFileSync(process.execPath, [loupe, 'accounts', 'usage', '--email', 'restart@example.com', '--data', data, '--json'], { encoding: 'utf8' }),
    ) as { billed_analyses: number; analyses: { document_id: string }[] };
    expect(usage.billed_analyses).toBe(ids.length);
    expect(usage.analyses.map((r) => r.document_id).sort()).toEqual([...ids].sort());
  });
});
