// The engines on worker_threads through @loupe/worker: the answers equal the in-process engines'
// for a genuine and an edited statement and a photo; engine errors keep their class and code
// across the thread boundary; a job past its time limit, a cancelled job and a worker out of
// heap each end in the pool's code while the pool goes on serving.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Detection,
  FileEncryptedError,
  LoupeError,
  MediaError,
  mediaSpecCode,
  type ScanDetail,
  toDocumentError,
  UnreadableDocumentError,
} from '@loupe/core';
import { fixtureFile } from '@loupe/fixtures/paths';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { createNodeEngine, createNodeMediaEngine, createNodePool } from '@loupe/node';
import { PoolError } from '@loupe/worker';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/main.js';

const pool = createNodePool({ size: 2, ocr: false });
const local = createNodeEngine({ ocr: false });
afterAll(async () => {
  await pool.close();
  await local.dispose();
});

/** What must agree between two scans of the same bytes. */
function essence(d: ScanDetail): unknown {
  const doc = d.document as unknown as { verdict: string; risk_score: number; indicators: { code: string }[]; regions?: unknown };
  return { verdict: doc.verdict, score: doc.risk_score, codes: doc.indicators.map((i) => i.code).sort(), regions: doc.regions, revisions: d.revisions?.length };
}

describe('worker pool on worker_threads', () => {
  it('answers as the in-process engines do', async () => {
    const genuine = await makeStatement();
    const edited = await editText(genuine, 0, 'First Example Bank', 'Last Example Bank');
    for (const bytes of [genuine, edited]) {
      const [there, here] = await Promise.all([
        pool.run('scan', bytes.slice(), { name: 'statement.pdf' }),
        local.scanDetailed(bytes, { name: 'statement.pdf' }),
      ]);
      expect(essence(there as ScanDetail)).toEqual(essence(here));
    }
    const photo = photographScene(907);
    const fixed = { now: () => new Date('2026-11-22T00:00:00Z'), newId: () => 'det_1' };
    const detected = (await pool.run('detect', photo.slice(), { filename: 'p.jpg' })) as Detection;
    const inProcess = await createNodeMediaEngine(fixed).detect(photo, { filename: 'p.jpg' });
    expect({ ...detected, id: 'det_1', created_at: inProcess.created_at }).toEqual(inProcess);
  });

  it('keeps engine error classes and codes across the boundary', async () => {
    const text = new TextEncoder().encode('plain text, not a document');
    const scan = await pool.run('scan', text.slice(), { name: 'x.txt' }).catch((e: unknown) => e);
    const here = await local.scan(text, { name: 'x.txt' }).catch((e: unknown) => e);
    expect(scan).toBeInstanceOf(LoupeError);
    expect(here).toBeInstanceOf(LoupeError);
    // the same class, not its base: an UnreadableDocumentError comes back as one
    expect((scan as object).constructor).toBe((here as object).constructor);
    expect(scan).toBeInstanceOf(UnreadableDocumentError);
    expect({
      name: (scan as LoupeError).name,
      code: (scan as LoupeError).code,
      reason: (scan as LoupeError).reason,
      message: (scan as LoupeError).message,
    }).toEqual({
      name: (here as LoupeError).name,
      code: (here as LoupeError).code,
      reason: (here as LoupeError).reason,
      message: (here as LoupeError).message,
    });
    const detect = await pool.run('detect', new TextEncoder().encode('%PDF-1.7 not media'), { filename: 'x.pdf' }).catch((e: unknown) => e);
    expect(detect).toBeInstanceOf(MediaError);
    expect(mediaSpecCode(detect)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const encrypted = await pool.run('scan', readFileSync(fixtureFile('encrypted-user-password.pdf')), { name: 'locked.pdf' }).catch((e: unknown) => e);
    expect(encrypted).toBeInstanceOf(FileEncryptedError);
    expect(toDocumentError(encrypted)).toEqual(
      toDocumentError(await local.scan(readFileSync(fixtureFile('encrypted-user-password.pdf')), { name: 'locked.pdf' }).catch((e: unknown) => e)),
    );
  });

  it('stops a job past its time limit or cancelled, and serves the next', async () => {
    const bytes = await makeStatement();
    await expect(pool.run('scan', bytes.slice(), { name: 'a.pdf' }, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'job_timeout' });
    const controller = new AbortController();
    const cancelled = pool.run(
      'scan',
      bytes.slice(),
      { name: 'b.pdf' },
      { signal: controller.signal, onProgress: (stage) => stage === 'started' && controller.abort() },
    );
    await expect(cancelled).rejects.toMatchObject({ code: 'job_cancelled' });
    const after = (await pool.run('scan', bytes.slice(), { name: 'c.pdf' })) as ScanDetail;
    expect(after.document).toBeDefined();
  });

  it('ends a job whose worker runs out of heap with job_out_of_memory', async () => {
    const tiny = createNodePool({ size: 1, ocr: false, memoryMb: 4 });
    const result = await tiny.run('scan', (await makeStatement()).slice(), { name: 'a.pdf' }).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(PoolError);
    expect((result as PoolError).code).toBe('job_out_of_memory');
    await tiny.close();
  });

  it("a file past the pool's limits gets its own error line, in the spelling of each spec (loupe scan and detect --json)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-limits-'));
    writeFileSync(join(dir, 'a.pdf'), await makeStatement({ pages: 20 }));
    writeFileSync(join(dir, 'b.jpg'), photographScene(909));
    const run = async (limits: { timeoutMs: number; memoryMb: number }, ...args: string[]): Promise<Record<string, Record<string, unknown>>[]> => {
      const lines: string[] = [];
      expect(await main(args, { out: (t) => lines.push(t), err: () => undefined }, limits)).toBe(0);
      return lines.map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
    };
    const files = [join(dir, 'a.pdf'), join(dir, 'b.jpg')];
    const late = await run({ timeoutMs: 1, memoryMb: 2048 }, 'scan', '--json', '--no-ocr', '--jobs', '2', ...files);
    expect(late.map((l) => l.error)).toEqual(files.map(() => expect.objectContaining({ code: 'server_error', reason: 'job_timeout' })));
    const starved = await run({ timeoutMs: 120_000, memoryMb: 4 }, 'scan', '--json', '--no-ocr', '--jobs', '2', ...files);
    expect(starved[0]!.error).toMatchObject({ type: 'server_error', code: 'server_error', reason: 'job_out_of_memory' });
    const lateMedia = await run({ timeoutMs: 1, memoryMb: 2048 }, 'detect', '--json', '--jobs', '2', join(dir, 'b.jpg'));
    expect(lateMedia[0]).toMatchObject({ success: false, error: { code: 'DETECTION_PLATFORM_TIMEOUT' } });
    const starvedMedia = await run({ timeoutMs: 120_000, memoryMb: 4 }, 'detect', '--json', '--jobs', '2', join(dir, 'b.jpg'));
    expect(starvedMedia[0]).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR', message: expect.stringContaining('heap') } });
    rmSync(dir, { recursive: true, force: true });
  });

  it('loupe scan and detect --jobs 2 print the same lines in the same order as one job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-jobs-'));
    const genuine = await makeStatement();
    writeFileSync(join(dir, 'a.pdf'), genuine);
    writeFileSync(join(dir, 'b.txt'), 'not a document');
    writeFileSync(join(dir, 'c.pdf'), await editText(genuine, 0, 'First Example Bank', 'Last Example Bank'));
    writeFileSync(join(dir, 'd.jpg'), photographScene(908));
    const run = async (...args: string[]): Promise<Record<string, unknown>[]> => {
      const lines: string[] = [];
      expect(await main(args, { out: (t) => lines.push(t), err: () => undefined })).toBe(0);
      return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    const pick = (d: Record<string, unknown>): unknown => ('error' in d ? d.error : { verdict: d.verdict, score: d.risk_score ?? d.score });
    const files = ['a.pdf', 'b.txt', 'c.pdf', 'd.jpg'].map((f) => join(dir, f));
    const one = await run('scan', '--json', '--no-ocr', ...files);
    const two = await run('scan', '--json', '--no-ocr', '--jobs', '2', ...files);
    expect(two).toHaveLength(4);
    expect(two.map(pick)).toEqual(one.map(pick));
    const media = [join(dir, 'd.jpg'), join(dir, 'b.txt'), join(dir, 'd.jpg')];
    const detectOne = await run('detect', '--json', ...media);
    const detectTwo = await run('detect', '--json', '--jobs=2', ...media);
    expect(detectTwo.map(pick)).toEqual(detectOne.map(pick));
    rmSync(dir, { recursive: true, force: true });
  });
});
