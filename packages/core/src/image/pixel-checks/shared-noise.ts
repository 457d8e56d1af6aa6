// Whether two areas of an image carry the same noise: the test that tells a copied area from
// repeated print. Two printed repeats of the same characters at the same sub-pixel phase can
// match closely even after smoothing, but each took its own sensor noise; an area copied from
// another carries the source's noise along. Only a lossless image keeps that noise exactly: after
// a JPEG save the requantisation of two differently aligned 8x8 grids is larger than a scanner's
// noise, so the copy-move search applies this test to PNG and Flate images only.
import type { Plane } from '../kernels.js';
import { percentile } from './grid-groups.js';
import type { PixelBox } from './types.js';

/** The 3x3 mean residual of one pixel (its value less its neighbours' mean). */
function residual(p: Plane, x: number, y: number): number {
  const w = p.width;
  const d = p.data;
  let s = 0;
  for (let oy = -1; oy <= 1; oy++) for (let ox = -1; ox <= 1; ox++) s += d[(y + oy) * w + x + ox]!;
  return d[y * w + x]! - s / 9;
}

const TILE = 8;

/** Residual variance of 8-pixel tiles around a box: their low quantile is the paper's noise. */
function noiseVariance(p: Plane, box: PixelBox): number {
  const m = 3 * Math.max(box.x1 - box.x0, box.y1 - box.y0);
  const v: number[] = [];
  for (let y0 = Math.max(1, box.y0 - m); y0 + TILE < Math.min(p.height - 1, box.y1 + m); y0 += TILE) {
    for (let x0 = Math.max(1, box.x0 - m); x0 + TILE < Math.min(p.width - 1, box.x1 + m); x0 += TILE) {
      let s = 0;
      for (let y = y0; y < y0 + TILE; y++) for (let x = x0; x < x0 + TILE; x++) s += residual(p, x, y) ** 2;
      v.push(s / TILE / TILE);
    }
  }
  return percentile(v, 0.2);
}

/**
 * Mean squared difference of the noise residuals of `source` and the same area moved by (dx, dy),
 * relative to what two independent noises leave (twice the paper's residual variance): about 1
 * for two prints of the same glyphs, near 0 for a copy. Measured per 8-pixel tile, the 25th
 * percentile; the best over shifts within `slack` of (dx, dy), since a shift found at a reduced
 * scale is only that scale's multiple.
 */
export function noiseDifference(p: Plane, source: PixelBox, dx: number, dy: number, slack: number): number | undefined {
  const sigma2 = noiseVariance(p, source);
  if (!(sigma2 > 0)) return undefined;
  let best: number | undefined;
  for (let sy = -slack; sy <= slack; sy++) {
    for (let sx = -slack; sx <= slack; sx++) {
      const tx = dx + sx;
      const ty = dy + sy;
      const tiles: number[] = [];
      for (let y0 = Math.max(1, source.y0, 1 - ty); y0 + TILE <= Math.min(source.y1, p.height - 1, p.height - 1 - ty); y0 += TILE / 2) {
        for (let x0 = Math.max(1, source.x0, 1 - tx); x0 + TILE <= Math.min(source.x1, p.width - 1, p.width - 1 - tx); x0 += TILE / 2) {
          let s = 0;
          for (let y = y0; y < y0 + TILE; y++) for (let x = x0; x < x0 + TILE; x++) s += (residual(p, x, y) - residual(p, x + tx, y + ty)) ** 2;
          tiles.push(s / TILE / TILE / (2 * sigma2));
        }
      }
      if (tiles.length === 0) continue;
      const q = percentile(tiles, 0.25);
      if (best === undefined || q < best) best = q;
    }
  }
  return best;
}
