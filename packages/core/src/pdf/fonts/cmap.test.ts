import { describe, expect, it } from 'vitest';
import { parseToUnicode } from './cmap.js';

const cmap = (body: string): Uint8Array => new TextEncoder().encode(`begincmap 1 begincodespacerange <00> <FF> endcodespacerange ${body} endcmap`);

describe('parseToUnicode', () => {
  it('reads a ligature written big-endian as its letters', () => {
    expect(parseToUnicode(cmap('1 beginbfchar <1F> <00740069> endbfchar')).map.get(0x1f)).toBe('ti');
  });

  it('reads a ligature Ghostscript 10.0 wrote little-endian as its letters, in bfchar and bfrange', () => {
    const map = parseToUnicode(cmap('1 beginbfchar <1F> <74006900> endbfchar 1 beginbfrange <2D> <2D> <660066006900> endbfrange')).map;
    expect(map.get(0x1f)).toBe('ti');
    expect(map.get(0x2d)).toBe('ffi');
  });

  it('keeps a single ideograph and a pair that is not ASCII swapped', () => {
    const map = parseToUnicode(cmap('2 beginbfchar <01> <7400> <02> <4E2D6587> endbfchar')).map;
    expect(map.get(0x01)).toBe('\u7400');
    expect(map.get(0x02)).toBe('\u4e2d\u6587');
  });
});
