// The finish signal: a waiter wakes with the finished document when its document finishes, or
// with nothing after its time, and leaves no waiter behind.
import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../store/store.js';
import { FinishSignal } from './finish-signal.js';

const finished = (id: string) => ({ id, status: 'completed' }) as StoredDocument;

describe('FinishSignal', () => {
  it('wakes the waiters of one document only, with that document, and times out otherwise', async () => {
    const signal = new FinishSignal();
    const woken: [string, string | undefined][] = [];
    const a1 = signal.wait('doc_a', 10_000).then((d) => woken.push(['a1', d?.id]));
    const a2 = signal.wait('doc_a', 10_000).then((d) => woken.push(['a2', d?.id]));
    const b = signal.wait('doc_b', 30).then((d) => woken.push(['b', d?.id]));
    signal.fire(finished('doc_a'));
    await Promise.all([a1, a2]);
    expect(woken).toEqual([
      ['a1', 'doc_a'],
      ['a2', 'doc_a'],
    ]);
    await b;
    expect(woken.at(-1)).toEqual(['b', undefined]);
    signal.fire(finished('doc_b')); // nobody left: nothing happens
    expect((signal as unknown as { waiters: Map<string, unknown> }).waiters.size).toBe(0);
  });
});
