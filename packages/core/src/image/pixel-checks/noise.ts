// The noise-level map: sensor noise measured per 64-pixel cell from the SRM residual of its flat
// blocks, and areas with far less noise than the page (drawn or pasted in after capture).
import type { ImageKernels, Plane } from '../kernels.js';
import { flaggedGroups, groupBox, percentile } from './grid-groups.js';
import type { PixelFinding } from './types.js';

/** SRM's 5x5 "KV" high-pass kernel: what remains is mostly noise and edges. */
export const SRM_KV = new Float32Array([-1, 2, -2, 2, -1, 2, -6, 8, -6, 2, -2, 8, -12, 8, -2, 2, -6, 8, -6, 2, -1, 2, -2, 2, -1].map((v) => v / 12));

/** Cell side of the noise map, in pixels. */
const CELL = 64;
/** An 8x8 block varying less than this (grey levels, standard deviation) is flat paper or ink. */
const FLAT_STD = 8;

/** Noise level per cell, and cells much quieter than the page. */
export function noiseAnalysis(k: ImageKernels, gray: Plane): { map: Plane; level: number; texture: Plane; finding?: PixelFinding } {
  const residual = k.convolve5(gray, SRM_KV);
  const { std } = k.blockStats(residual, 8);
  const { mean, std: texture } = k.blockStats(gray, 8);
  const per = CELL / 8;
  const cw = Math.floor(gray.width / CELL);
  const ch = Math.floor(gray.height / CELL);
  const map: Plane = { data: new Float32Array(cw * ch).fill(NaN), width: cw, height: ch };
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const values: number[] = [];
      for (let y = 0; y < per; y++) {
        for (let x = 0; x < per; x++) {
          const b = (cy * per + y) * std.width + cx * per + x;
          const m = mean.data[b]!;
          // only flat blocks measure noise: not clipped paper or ink, not print, not the border
          if (m > 8 && m < 247 && texture.data[b]! < FLAT_STD && cx * per + x > 0 && cy * per + y > 0) values.push(std.data[b]!);
        }
      }
      if (values.length >= (per * per) / 4) map.data[cy * cw + cx] = percentile(values, 0.5);
    }
  }
  const valid = map.data.filter((v) => !Number.isNaN(v));
  const level = percentile(valid, 0.5);
  if (!(level >= 1.2) || valid.length < 24) return { map, level, texture };
  const groups = flaggedGroups(cw, ch, (i) => map.data[i]! < 0.3 * level, { edgesOnly: true }).filter((g) => g.length >= 2 && g.length <= valid.length * 0.25);
  if (groups.length === 0) return { map, level, texture };
  return {
    map,
    level,
    texture,
    finding: {
      kind: 'noise_inconsistency',
      regions: groups.length,
      cells: groups.reduce((s, g) => s + g.length, 0),
      level,
      boxes: groups.map((g) => groupBox(g, cw, CELL)),
    },
  };
}
