import { PoolError, type ScanDetail, type ScanInput } from '@loupe/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyScans } from './early-scans.js';

/** A runner that counts its scans and, like the pool, takes (detaches) the buffer it is given. */
function transferringRunner(fail = false) {
  const calls: { name: string; bytes: number[] }[] = [];
  return {
    calls,
    runner: {
      async scan(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail> {
        calls.push({ name: input.name, bytes: [...bytes] });
        structuredClone(bytes, { transfer: [bytes.buffer as ArrayBuffer] });
        if (fail) throw new Error('the scan failed');
        return { document: { name: input.name } } as unknown as ScanDetail;
      },
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('early scans', () => {
  it('gives the job of the same bytes and input the scan begun early, once', async () => {
    const { calls, runner } = transferringRunner();
    const early = earlyScans(runner);
    const upload = Buffer.from([1, 2, 3, 4]);
    early.start(upload, { name: 'a.pdf', models: ['x', 'y'] });
    expect(upload.length).toBe(4); // the caller's bytes were copied, not handed to the pool
    const detail = await early.runner.scan(new Uint8Array([1, 2, 3, 4]), { name: 'a.pdf', models: ['y', 'x'] });
    expect(detail.document).toEqual({ name: 'a.pdf' });
    expect(calls).toHaveLength(1);
    await early.runner.scan(new Uint8Array([1, 2, 3, 4]), { name: 'a.pdf', models: ['x', 'y'] });
    expect(calls).toHaveLength(2); // taken once: a second job scans on its own
  });

  it('never answers other bytes, another name or other models with it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        fc.constantFrom('a.pdf', 'b.pdf'),
        fc.constantFrom([], ['docforge']),
        async (given, asked, name, models) => {
          const { calls, runner } = transferringRunner();
          const early = earlyScans(runner);
          early.start(given, { name: 'a.pdf' });
          await early.runner.scan(new Uint8Array(asked), { name, models });
          const same = Buffer.compare(given, asked) === 0 && name === 'a.pdf' && models.length === 0;
          expect(calls).toHaveLength(same ? 1 : 2);
          if (!same) expect(calls[1]).toEqual({ name, bytes: [...asked] });
        },
      ),
    );
  });

  it('scans on its own once the early scan is forgotten or has expired', async () => {
    vi.useFakeTimers();
    const { calls, runner } = transferringRunner();
    const early = earlyScans(runner, { holdMs: 1000 });
    early.start(new Uint8Array([7]), { name: 'f.pdf' })();
    await early.runner.scan(new Uint8Array([7]), { name: 'f.pdf' });
    early.start(new Uint8Array([8]), { name: 'e.pdf' });
    vi.advanceTimersByTime(1001);
    await early.runner.scan(new Uint8Array([8]), { name: 'e.pdf' });
    expect(calls.map((c) => c.name)).toEqual(['f.pdf', 'f.pdf', 'e.pdf', 'e.pdf']);
  });

  it('holds at most its bound of scans, of files up to its size', async () => {
    const { calls, runner } = transferringRunner();
    const early = earlyScans(runner, { entries: 1, maxBytes: 2 });
    early.start(new Uint8Array([1, 2, 3]), { name: 'big.pdf' });
    early.start(new Uint8Array([1]), { name: 'one.pdf' });
    early.start(new Uint8Array([2]), { name: 'two.pdf' });
    expect(calls.map((c) => c.name)).toEqual(['one.pdf']);
  });

  it('scans again for the job when the pool turned the early scan away (its queue was full)', async () => {
    const { calls, runner } = transferringRunner();
    let full = true;
    const early = earlyScans({
      scan: (bytes, input) => (full ? Promise.reject(new PoolError('queue_full', 'The pool is busy.')) : runner.scan(bytes, input)),
    });
    early.start(new Uint8Array([1]), { name: 'q.pdf' });
    full = false;
    expect((await early.runner.scan(new Uint8Array([1]), { name: 'q.pdf' })).document).toEqual({ name: 'q.pdf' });
    expect(calls).toHaveLength(1);
  });

  it('passes a failure to the job that takes it, and loses none it forgets', async () => {
    const { runner } = transferringRunner(true);
    const early = earlyScans(runner);
    early.start(new Uint8Array([1]), { name: 'x.pdf' });
    await expect(early.runner.scan(new Uint8Array([1]), { name: 'x.pdf' })).rejects.toThrow('the scan failed');
    early.start(new Uint8Array([2]), { name: 'y.pdf' })(); // rejected and never taken: no unhandled rejection
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
