// Copy-move search: areas repeated at one shift, told from the page's legitimate repeats by how
// much more closely they match after smoothing, and from self-similar structures (a straight edge
// or rule, a texture) by their gradients and by not matching one more shift away as well; in a
// lossless image, also by carrying the same noise (shared-noise.ts).
import type { BlockPair, ImageKernels, Plane } from '../kernels.js';
import { noiseDifference } from './shared-noise.js';
import type { PixelBox, PixelFinding } from './types.js';

/** Images are searched for copies at no more than about this many pixels. */
const COPY_MOVE_PIXELS = 4_000_000;
/** Block side of the copy-move search, at the working scale. */
const COPY_MOVE_BLOCK = 12;
/** Largest ratio of a copy's pair difference to the page's median pair difference. */
const COPY_MOVE_MAD_RATIO = 0.35;
/** 5x5 tent (separable 1 2 3 2 1) smoothing before the copy-move search. */
const TENT5 = new Float32Array([1, 2, 3, 2, 1].flatMap((a) => [1, 2, 3, 2, 1].map((b) => (a * b) / 81)));
/**
 * Largest noise-residual difference of a copy in a lossless image, relative to two independent
 * noises (see `noiseDifference`): copies measure 0, two prints of the same glyphs about 1.
 */
const LOSSLESS_COPY_NOISE = 0.5;
/** Fewest overlapping blocks an area needs to count as copied (about 21 x 21 pixels). */
const COPY_MOVE_MIN_BLOCKS = 80;

/** A connected set of matched blocks sharing one shift. */
export interface CopyComponent {
  dx: number;
  dy: number;
  blocks: number;
  density: number;
  /** Median mean-absolute-difference of its block pairs. */
  mad: number;
  source: PixelBox;
  target: PixelBox;
}

/**
 * True when the structure goes on past the pair at the same shift, before the source or after the
 * target, matching within `close` (mean absolute difference of smoothed pixels) or as closely as
 * the pair itself: a straight page edge, a rule or a texture repeats along itself; an area moved
 * onto another place has other content one more shift away.
 */
function selfSimilar(plane: Plane, c: CopyComponent, close: number): boolean {
  const { x0, y0, x1, y1 } = c.source;
  /** Mean absolute difference between the source box moved by `a` shifts and by `b` shifts. */
  const mad = (a: number, b: number): number => {
    let sum = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const ya = y + a * c.dy;
        const xa = x + a * c.dx;
        const yb = y + b * c.dy;
        const xb = x + b * c.dx;
        if (Math.min(xa, xb, ya, yb) < 0 || Math.max(xa, xb) >= plane.width || Math.max(ya, yb) >= plane.height) continue;
        sum += Math.abs(plane.data[ya * plane.width + xa]! - plane.data[yb * plane.width + xb]!);
        n++;
      }
    }
    return n > (x1 - x0) * (y1 - y0) * 0.5 ? sum / n : Number.POSITIVE_INFINITY;
  };
  const limit = Math.max(close, 2 * c.mad);
  return mad(-1, 0) <= limit || mad(1, 2) <= limit;
}

/** Gradient coherence above which an area is one straight edge or rule (1: every gradient parallel). */
const STRAIGHT_COHERENCE = 0.8;

/**
 * True when an area's structure is one straight edge or rule (the structure tensor's gradients
 * nearly all parallel): it looks the same anywhere along itself, so a match proves no copy.
 * Print, digits and pasted patches have gradients in every direction.
 */
function straight(plane: Plane, box: PixelBox): boolean {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = Math.max(1, box.y0); y < Math.min(box.y1, plane.height - 1); y++) {
    for (let x = Math.max(1, box.x0); x < Math.min(box.x1, plane.width - 1); x++) {
      const gx = plane.data[y * plane.width + x + 1]! - plane.data[y * plane.width + x - 1]!;
      const gy = plane.data[(y + 1) * plane.width + x]! - plane.data[(y - 1) * plane.width + x]!;
      xx += gx * gx;
      yy += gy * gy;
      xy += gx * gy;
    }
  }
  const energy = xx + yy;
  return energy > 0 && Math.sqrt((xx - yy) ** 2 + 4 * xy * xy) / energy > STRAIGHT_COHERENCE;
}

/** A number naming a shift (dx >= 0 after normalisation, |dy| < 32768). */
const shiftKey = (dx: number, dy: number): number => dx * 65536 + dy + 32768;

/** The connected areas (8-neighbour) of block pairs `pairs` (blocks of side `bs`) sharing each exact shift, of shifts with at least `minBlocks` pairs. */
export function shiftComponents(pairs: readonly BlockPair[], bs: number, minBlocks = COPY_MOVE_MIN_BLOCKS): CopyComponent[] {
  const byShift = new Map<number, { dx: number; dy: number; at: Map<number, number> }>();
  for (const p of pairs) {
    let dx = p.x2 - p.x1;
    let dy = p.y2 - p.y1;
    let x = p.x1;
    let y = p.y1;
    if (dx < 0 || (dx === 0 && dy < 0)) {
      dx = -dx;
      dy = -dy;
      x = p.x2;
      y = p.y2;
    }
    const key = shiftKey(dx, dy);
    const entry = byShift.get(key) ?? { dx, dy, at: new Map<number, number>() };
    entry.at.set(y * 65536 + x, p.mad);
    byShift.set(key, entry);
  }
  const components: CopyComponent[] = [];
  for (const { dx, dy, at } of byShift.values()) {
    if (at.size < minBlocks) continue;
    const seen = new Set<number>();
    for (const start of at.keys()) {
      if (seen.has(start)) continue;
      seen.add(start);
      const stack = [start];
      let blocks = 0;
      const mads: number[] = [];
      let x0 = Infinity,
        y0 = Infinity,
        x1 = -1,
        y1 = -1;
      while (stack.length) {
        const c = stack.pop()!;
        mads.push(at.get(c)!);
        const cx = c % 65536;
        const cy = Math.floor(c / 65536);
        blocks++;
        x0 = Math.min(x0, cx);
        x1 = Math.max(x1, cx);
        y0 = Math.min(y0, cy);
        y1 = Math.max(y1, cy);
        for (let oy = -1; oy <= 1; oy++) {
          for (let ox = -1; ox <= 1; ox++) {
            const n = (cy + oy) * 65536 + cx + ox;
            if (at.has(n) && !seen.has(n)) {
              seen.add(n);
              stack.push(n);
            }
          }
        }
      }
      mads.sort((a, b) => a - b);
      components.push({
        dx,
        dy,
        blocks,
        density: blocks / ((x1 - x0 + 1) * (y1 - y0 + 1)),
        mad: mads[mads.length >> 1]!,
        source: { x0, y0, x1: x1 + bs, y1: y1 + bs },
        target: { x0: x0 + dx, y0: y0 + dy, x1: x1 + bs + dx, y1: y1 + bs + dy },
      });
    }
  }
  return components;
}

/**
 * Blocks repeated at one shift. Documents repeat themselves legitimately (the same label on many
 * rows, right-aligned columns of similar figures), but two printed repeats differ by their own
 * sensor noise while a copy carries its source's noise along. So the search compares slightly
 * smoothed pixels (a 5x5 tent filter takes out most of the noise a later JPEG save adds, which
 * sits in high frequencies, and less of the sensor noise), keeps the pairs that match far more
 * closely than the page's typical look-alike pair, and reports a copy where such pairs form one
 * compact, dense area at one shift that no other such area shares. In a `lossless` image (PNG,
 * Flate) the copy must also carry its source's noise at full resolution.
 */
export function copyMove(k: ImageKernels, gray: Plane, lossless: boolean): PixelFinding | undefined {
  const factor = Math.max(1, Math.ceil(Math.sqrt((gray.width * gray.height) / COPY_MOVE_PIXELS)));
  const small = factor > 1 ? k.resizeArea(gray, Math.floor(gray.width / factor), Math.floor(gray.height / factor)) : gray;
  const smooth = k.convolve5(small, TENT5);
  const bs = COPY_MOVE_BLOCK;
  const pairs = k.copyMovePairs(smooth, {
    blockSize: bs,
    minStd: 10,
    maxBlocks: 3_000_000,
    window: 12,
    maxFeatureDiff: 4,
    minShift: 2 * bs,
    maxMad: 4,
    maxPairs: 600_000,
  });
  const scale = (b: PixelBox): PixelBox => ({ x0: b.x0 * factor, y0: b.y0 * factor, x1: b.x1 * factor, y1: b.y1 * factor });
  const mads = Float32Array.from(pairs, (p) => p.mad).sort();
  const baseline = mads[mads.length >> 1] ?? 0;
  const close = pairs.filter((p) => p.mad <= COPY_MOVE_MAD_RATIO * baseline);
  const components = shiftComponents(close, bs);
  const copies = components.filter((c) => {
    if (c.blocks < COPY_MOVE_MIN_BLOCKS || c.density < 0.5) return false;
    // a structure that goes on matching one more shift away is self-similar along the shift (a
    // straight page edge on a table, a rule, a texture), not an area moved elsewhere
    if (selfSimilar(smooth, c, COPY_MOVE_MAD_RATIO * baseline) || straight(smooth, c.source)) return false;
    // a second close area at the same shift is a repeating pattern, not one pasted area
    if (components.some((o) => o !== c && Math.abs(o.dx - c.dx) <= 2 && Math.abs(o.dy - c.dy) <= 2 && o.blocks >= c.blocks * 0.25)) return false;
    // in a lossless image a copy is exact, noise and all; two prints of the same glyphs at the same
    // sub-pixel phase differ by their own noise, which smoothing had hidden
    return !lossless || (noiseDifference(gray, scale(c.source), c.dx * factor, c.dy * factor, factor) ?? 0) <= LOSSLESS_COPY_NOISE;
  });
  if (copies.length === 0) return undefined;
  copies.sort((a, b) => b.blocks - a.blocks);
  const strongest = copies[0]!;
  return {
    kind: 'copy_move',
    method: 'matched',
    blocks: strongest.blocks,
    distance: Math.round(Math.hypot(strongest.dx, strongest.dy) * factor),
    mad: strongest.mad,
    baseline,
    madLimit: COPY_MOVE_MAD_RATIO * baseline,
    boxes: copies.slice(0, 3).flatMap((c) => [scale(c.source), scale(c.target)]),
  };
}
