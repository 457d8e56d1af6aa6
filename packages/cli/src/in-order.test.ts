import { describe, expect, it } from 'vitest';
import { inOrder, type Outcome } from './in-order.js';

describe('inOrder', () => {
  it('keeps at most `jobs` files in flight and emits outcomes in input order', async () => {
    const files = ['a', 'b', 'c', 'd', 'e'];
    const delays: Record<string, number> = { a: 30, b: 5, c: 20, d: 1, e: 10 };
    let inFlight = 0;
    let most = 0;
    const emitted: string[] = [];
    await inOrder(
      files,
      2,
      async (f) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, delays[f]));
        inFlight--;
        if (f === 'c') throw new Error('c failed');
        return f.toUpperCase();
      },
      (f, o: Outcome<string>) => emitted.push(o.ok ? o.value : `${f}!`),
    );
    expect(emitted).toEqual(['A', 'B', 'c!', 'D', 'E']);
    expect(most).toBe(2);
  });
});
