import { describe, expect, it } from 'vitest';
import { diffWords, tokenizeWords } from './word-diff.js';

const words = (s: string) => tokenizeWords(s);

describe('diffWords', () => {
  it('returns nothing for equal text', () => {
    expect(diffWords(words('a b c'), words('a  b\nc'))).toEqual([]);
  });

  it('reports a changed figure with a few words of context', () => {
    const before = words('Statement for May. Closing balance $1,200.00 as of May 31. Thank you for banking with us.');
    const after = words('Statement for May. Closing balance $9,200.00 as of May 31. Thank you for banking with us.');
    const [h, ...rest] = diffWords(before, after, 3);
    expect(rest).toEqual([]);
    expect(h!.before).toEqual(['$1,200.00']);
    expect(h!.after).toEqual(['$9,200.00']);
    expect(h!.contextBefore).toEqual(['May.', 'Closing', 'balance']);
    expect(h!.contextAfter).toEqual(['as', 'of', 'May']);
  });

  it('keeps distant edits apart and merges close ones', () => {
    const base = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const far = [...base];
    far[5] = 'X';
    far[50] = 'Y';
    expect(diffWords(base, far, 4)).toHaveLength(2);
    const near = [...base];
    near[5] = 'X';
    near[8] = 'Y';
    const [merged, ...none] = diffWords(base, near, 4);
    expect(none).toEqual([]);
    expect(merged!.before).toEqual(['w5', 'w6', 'w7', 'w8']);
    expect(merged!.after).toEqual(['X', 'w6', 'w7', 'Y']);
  });

  it('handles insertions and deletions at the edges', () => {
    expect(diffWords([], words('new page text'))[0]!.after).toEqual(['new', 'page', 'text']);
    expect(diffWords(words('a b c'), words('a b'))[0]!.before).toEqual(['c']);
  });

  it('falls back to one replacement when the texts share nothing and are long', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 5000 }, (_, i) => `b${i}`);
    const hunks = diffWords(a, b);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]!.before).toHaveLength(5000);
  });
});
