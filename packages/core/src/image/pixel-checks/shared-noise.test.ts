import { describe, expect, it } from 'vitest';
import type { Plane } from '../kernels.js';
import { noiseDifference } from './shared-noise.js';

/** A page of paper (grey 240) with the same "glyph" (a ring and a bar) printed at two places. */
function page(seed: number, copyNoise: boolean): Plane {
  const width = 240;
  const height = 120;
  const data = new Float32Array(width * height);
  let s = seed >>> 0;
  const noise = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return ((s >>> 16) % 7) - 3;
  };
  const glyph = (x: number, y: number): number => {
    const r = Math.hypot(x - 20, y - 20);
    return (r > 8 && r < 13) || (x > 30 && x < 34 && y > 5 && y < 36) ? 40 : 240;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = x < 120 ? x - 20 : x - 140;
      data[y * width + x] = (gx >= 0 && gx < 40 && y >= 40 && y < 80 ? glyph(gx, y - 40) : 240) + noise();
    }
  }
  if (copyNoise) for (let y = 30; y < 90; y++) for (let x = 10; x < 70; x++) data[y * width + x + 120] = data[y * width + x]!;
  return { data, width, height };
}

describe('noiseDifference', () => {
  const source = { x0: 14, y0: 34, x1: 66, y1: 86 };
  it('measures about 1 between two prints of one glyph, each with its own noise', () => {
    const d = noiseDifference(page(7, false), source, 120, 0, 1)!;
    expect(d).toBeGreaterThan(0.7);
    expect(d).toBeLessThan(1.4);
  });
  it('measures 0 where the area was copied, noise and all', () => {
    expect(noiseDifference(page(7, true), source, 120, 0, 1)).toBe(0);
  });
  it('finds the copy within the slack of a shift found at a reduced scale', () => {
    expect(noiseDifference(page(9, true), source, 118, 1, 2)).toBe(0);
  });
});
