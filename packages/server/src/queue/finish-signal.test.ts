// The finish signal: a waiter wakes when its document finishes, or after its time, and leaves no
// waiter behind.
import { describe, expect, it } from 'vitest';
import { FinishSignal } from './finish-signal.js';

describe('FinishSignal', () => {
  it('wakes the waiters of one document only, and times out otherwise', async () => {
    const signal = new FinishSignal();
    const woken: string[] = [];
    const a1 = signal.wait('doc_a', 10_000).then(() => woken.push('a1'));
    const a2 = signal.wait('doc_a', 10_000).then(() => woken.push('a2'));
    const b = signal.wait('doc_b', 30).then(() => woken.push('b'));
    signal.fire('doc_a');
    await Promise.all([a1, a2]);
    expect(woken).toEqual(['a1', 'a2']);
    await b;
    expect(woken).toEqual(['a1', 'a2', 'b']);
    signal.fire('doc_b'); // nobody left: nothing happens
    expect((signal as unknown as { waiters: Map<string, unknown> }).waiters.size).toBe(0);
  });
});
