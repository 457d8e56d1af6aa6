import { describe, expect, it } from 'vitest';
import { keptBy } from './kept-by.js';

describe('keptBy', () => {
  it('reads each object once, undefined answers included, and other objects apart', () => {
    const read: object[] = [];
    const lengthOf = keptBy((o: { items: unknown[] }) => {
      read.push(o);
      return o.items.length || undefined;
    });
    const a = { items: [1, 2] };
    const empty = { items: [] };
    expect([lengthOf(a), lengthOf(a), lengthOf(empty), lengthOf(empty), lengthOf({ items: [1, 2] })]).toEqual([2, 2, undefined, undefined, 2]);
    expect(read).toHaveLength(3);
  });
});
