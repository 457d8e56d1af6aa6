import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../platform.js';
import { buildRows } from '../tables/rows.js';
import { deskewWords, estimateSkew } from './deskew.js';

/** A table of 12 lines of 5 words, 40 px apart, rotated by `degrees` about (600, 400). */
function table(degrees: number): OcrWord[] {
  const a = (degrees * Math.PI) / 180;
  const words: OcrWord[] = [];
  for (let line = 0; line < 12; line++) {
    for (let col = 0; col < 5; col++) {
      const [x, y] = [100 + col * 220, 150 + line * 40];
      const [dx, dy] = [x - 600, y - 400];
      const [cx, cy] = [600 + dx * Math.cos(a) - dy * Math.sin(a), 400 + dx * Math.sin(a) + dy * Math.cos(a)];
      words.push({ text: `${line}.${col}0`, x0: cx - 40, x1: cx + 40, y0: cy - 12, y1: cy + 12, confidence: 0.9 });
    }
  }
  return words;
}

describe('deskew', () => {
  it('finds the rotation of tilted lines and levels them so rows rebuild', () => {
    for (const degrees of [1.5, -2.3, 4]) {
      const words = table(degrees);
      expect((estimateSkew(words) * 180) / Math.PI).toBeCloseTo(degrees, 0);
      const flip = (w: OcrWord) => ({ text: w.text, page: 1, x0: w.x0, x1: w.x1, y0: 800 - w.y1, y1: 800 - w.y0 });
      expect(buildRows(words.map(flip)).length).toBeGreaterThan(12); // tilted: lines break apart
      expect(buildRows(deskewWords(words, 1200, 800).map(flip)).map((r) => r.words.length)).toEqual(Array(12).fill(5));
    }
  });

  it('leaves level text and too few words as they are', () => {
    const level = table(0);
    expect(estimateSkew(level)).toBe(0);
    expect(deskewWords(level, 1200, 800)).toBe(level);
    expect(estimateSkew(table(3).slice(0, 5))).toBe(0);
  });
});
