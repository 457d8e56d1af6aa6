import { createHash } from 'node:crypto';
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

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('early scans', () => {
  it('gives the job of the same file and input the scan begun early, once', async () => {
    const { calls, runner } = transferringRunner();
    const early = earlyScans(runner);
    const upload = Buffer.from([1, 2, 3, 4]);
    early.start(upload, sha256(upload), { name: 'a.pdf', models: ['x', 'y'] });
    expect(upload.length).toBe(4); // the caller's bytes were copied, not handed to the pool
    const detail = await early.take(sha256(upload), { name: 'a.pdf', models: ['y', 'x'] });
    expect(detail?.document).toEqual({ name: 'a.pdf' });
    expect(calls).toHaveLength(1);
    expect(early.take(sha256(upload), { name: 'a.pdf', models: ['x', 'y'] })).toBeUndefined(); // taken once
  });

  it('never answers another file, another name or other models with it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        fc.constantFrom('a.pdf', 'b.pdf'),
        fc.constantFrom([], ['docforge']),
        async (given, asked, name, models) => {
          const { runner } = transferringRunner();
          const early = earlyScans(runner);
          early.start(given, sha256(given), { name: 'a.pdf' });
          const same = Buffer.compare(given, asked) === 0 && name === 'a.pdf' && models.length === 0;
          expect(early.take(sha256(asked), { name, models }) !== undefined).toBe(same);
        },
      ),
    );
  });

  it('holds nothing once the early scan is forgotten or has expired', async () => {
    vi.useFakeTimers();
    const { runner } = transferringRunner();
    const early = earlyScans(runner, { holdMs: 1000 });
    const [f, e] = [new Uint8Array([7]), new Uint8Array([8])];
    early.start(f, sha256(f), { name: 'f.pdf' })();
    expect(early.take(sha256(f), { name: 'f.pdf' })).toBeUndefined();
    early.start(e, sha256(e), { name: 'e.pdf' });
    vi.advanceTimersByTime(1001);
    expect(early.take(sha256(e), { name: 'e.pdf' })).toBeUndefined();
  });

  it('holds at most its bound of scans, of files up to its size, one per file and input', async () => {
    const { calls, runner } = transferringRunner();
    const early = earlyScans(runner, { entries: 2, maxBytes: 2 });
    const [big, one, two, three] = [new Uint8Array([1, 2, 3]), new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];
    early.start(big, sha256(big), { name: 'big.pdf' });
    early.start(one, sha256(one), { name: 'one.pdf' });
    const forgetSecond = early.start(one, sha256(one), { name: 'one.pdf' }); // the same file and input: not started again
    early.start(two, sha256(two), { name: 'two.pdf' });
    early.start(three, sha256(three), { name: 'three.pdf' });
    expect(calls.map((c) => c.name)).toEqual(['one.pdf', 'two.pdf']);
    forgetSecond(); // forgets nothing it did not start
    expect(early.take(sha256(one), { name: 'one.pdf' })).toBeDefined();
  });

  it('scans the held bytes again for the job when the pool turned the early scan away (its queue was full)', async () => {
    const { calls, runner } = transferringRunner();
    let full = true;
    const early = earlyScans({
      scan: (bytes, input) => (full ? Promise.reject(new PoolError('queue_full', 'The pool is busy.')) : runner.scan(bytes, input)),
    });
    const q = new Uint8Array([1]);
    early.start(q, sha256(q), { name: 'q.pdf' });
    full = false;
    // taken before the refusal was seen: the job still gets a scan of the same bytes
    expect((await early.take(sha256(q), { name: 'q.pdf' }))?.document).toEqual({ name: 'q.pdf' });
    expect(calls).toEqual([{ name: 'q.pdf', bytes: [1] }]);
  });

  it('passes a failure to the job that takes it, and loses none it forgets', async () => {
    const { runner } = transferringRunner(true);
    const early = earlyScans(runner);
    const [x, y] = [new Uint8Array([1]), new Uint8Array([2])];
    early.start(x, sha256(x), { name: 'x.pdf' });
    await expect(early.take(sha256(x), { name: 'x.pdf' })).rejects.toThrow('the scan failed');
    early.start(y, sha256(y), { name: 'y.pdf' })(); // rejected and never taken: no unhandled rejection
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
