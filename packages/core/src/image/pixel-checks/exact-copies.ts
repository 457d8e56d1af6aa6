// Exact copies in a lossless image, down to a single digit: 8x8 blocks of print repeated pixel for
// pixel at full resolution. A scanner or camera gives every print its own noise, so two prints of
// the same glyph never agree on every anti-aliased edge pixel; an area copied and pasted (one
// digit over another) carries its source's pixels exactly. Only blocks rich in mid-tones are
// compared (paper clipped to white and ink clipped to black repeat legitimately), and only on
// images with sensor noise (the caller's noise gate: a digital render repeats its glyphs exactly).
import type { BlockPair, Plane } from '../kernels.js';
import { shiftComponents } from './copy-move.js';
import type { PixelFinding } from './types.js';

/** Block side of the exact search (full resolution). */
const EXACT_BLOCK = 8;
/** Mid-tone pixels (strictly between clipped paper and clipped ink) a block needs to be compared. */
const MIN_MIDTONES = 16;
const MIDTONE_LOW = 24;
const MIDTONE_HIGH = 232;
/** Matched blocks one copied area needs (a digit of 10-point print at 200 dpi gives about 60). */
export const MIN_EXACT_BLOCKS = 24;
/** Largest image searched (pixels): the search keeps a hash per qualifying block position. */
const MAX_PIXELS = 16_000_000;
/** More exactly repeated areas (at distinct shifts) than this: print that repeats itself, a render. */
const MAX_COPY_SHIFTS = 3;
/** A pasted area lies at least a block away from its source. */
const MIN_SHIFT = EXACT_BLOCK;

/** Rolling hashes of every `EXACT_BLOCK`-square block (top-left indexed), rows then columns. */
function blockHashes(q: Uint8ClampedArray, width: number, height: number): Int32Array {
  const b = EXACT_BLOCK;
  const rowBase = 0x01000193;
  const colBase = 0x5bd1e995;
  let rowPow = 1;
  let colPow = 1;
  for (let i = 0; i < b; i++) {
    rowPow = Math.imul(rowPow, rowBase);
    colPow = Math.imul(colPow, colBase);
  }
  const rows = new Int32Array(width * height);
  for (let y = 0; y < height; y++) {
    let h = 0;
    for (let x = 0; x < width; x++) {
      h = (Math.imul(h, rowBase) + q[y * width + x]! + 1) | 0;
      if (x >= b) h = (h - Math.imul(q[y * width + x - b]! + 1, rowPow)) | 0;
      if (x >= b - 1) rows[y * width + x - b + 1] = h;
    }
  }
  // the column pass row by row, one running hash per column (memory order)
  const blocks = new Int32Array(width * height);
  const column = new Int32Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const old = (y - b) * width;
    for (let x = 0; x < width; x++) {
      let h = (Math.imul(column[x]!, colBase) + rows[row + x]!) | 0;
      if (y >= b) h = (h - Math.imul(rows[old + x]!, colPow)) | 0;
      column[x] = h;
    }
    if (y >= b - 1) blocks.set(column, (y - b + 1) * width);
  }
  return blocks;
}

/** Mid-tone pixel counts of every block (top-left indexed). */
function midtoneCounts(q: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const b = EXACT_BLOCK;
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) {
      const v = q[y * width + x]!;
      n += v > MIDTONE_LOW && v < MIDTONE_HIGH ? 1 : 0;
      if (x >= b) {
        const o = q[y * width + x - b]!;
        n -= o > MIDTONE_LOW && o < MIDTONE_HIGH ? 1 : 0;
      }
      if (x >= b - 1) rows[y * width + x - b + 1] = n;
    }
  }
  const counts = new Uint8Array(width * height);
  const column = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const old = (y - b) * width;
    for (let x = 0; x < width; x++) column[x] = column[x]! + rows[row + x]! - (y >= b ? rows[old + x]! : 0);
    if (y >= b - 1) counts.set(column, (y - b + 1) * width);
  }
  return counts;
}

/**
 * Pairs of equal blocks (mid-tone rich, at least a block apart): every qualifying block position
 * looked up by hash in an open-addressing table of the first position of each hash (typed arrays:
 * a page holds millions of positions), equal hashes confirmed pixel for pixel.
 */
function repeatedBlocks(q: Uint8ClampedArray, width: number, height: number, hashes: Int32Array, midtones: Uint8Array): BlockPair[] {
  let count = 0;
  for (let i = 0; i < midtones.length; i++) if (midtones[i]! >= MIN_MIDTONES) count++;
  let size = 1;
  while (size < 2 * count) size <<= 1;
  const keys = new Int32Array(size);
  const firsts = new Int32Array(size).fill(-1);
  const mask = size - 1;
  const pairs: BlockPair[] = [];
  for (let y = 0; y + EXACT_BLOCK <= height; y++) {
    for (let x = 0; x + EXACT_BLOCK <= width; x++) {
      const at = y * width + x;
      if (midtones[at]! < MIN_MIDTONES) continue;
      const h = hashes[at]!;
      let slot = Math.imul(h, 0x9e3779b1) & mask;
      while (firsts[slot] !== -1 && keys[slot] !== h) slot = (slot + 1) & mask;
      const seen = firsts[slot]!;
      if (seen === -1) {
        keys[slot] = h;
        firsts[slot] = at;
        continue;
      }
      const [sx, sy] = [seen % width, Math.floor(seen / width)];
      if (Math.max(Math.abs(sx - x), Math.abs(sy - y)) >= MIN_SHIFT && sameBlock(q, width, seen, at)) pairs.push({ x1: sx, y1: sy, x2: x, y2: y, mad: 0 });
    }
  }
  return pairs;
}

function sameBlock(q: Uint8ClampedArray, width: number, a: number, b: number): boolean {
  for (let y = 0; y < EXACT_BLOCK; y++) {
    for (let x = 0; x < EXACT_BLOCK; x++) if (q[a + y * width + x] !== q[b + y * width + x]) return false;
  }
  return true;
}

/**
 * Areas of at least `MIN_EXACT_BLOCKS` mid-tone-rich 8x8 blocks repeated pixel for pixel at one
 * shift: a copy pasted within the image. Undefined when there is none (or the image is too large
 * to search).
 */
export function exactCopies(gray: Plane): PixelFinding | undefined {
  const { width, height } = gray;
  if (width * height > MAX_PIXELS || width < 4 * EXACT_BLOCK || height < 4 * EXACT_BLOCK) return undefined;
  // grey levels rounded and clamped to bytes (a clamped array converts natively)
  const q = new Uint8ClampedArray(width * height);
  q.set(gray.data);
  const hashes = blockHashes(q, width, height);
  const midtones = midtoneCounts(q, width, height);
  const pairs = repeatedBlocks(q, width, height, hashes, midtones);
  // a picture once saved as JPEG repeats whole 8x8 blocks wherever two quantised to the same
  // coefficients (paper, or print the quantisation stripped of its noise): only at shifts on the
  // JPEG grid, where a pasted area lands once in 64 times
  const copies = shiftComponents(pairs, EXACT_BLOCK, MIN_EXACT_BLOCKS).filter((c) => c.blocks >= MIN_EXACT_BLOCKS && (c.dx % 8 !== 0 || c.dy % 8 !== 0));
  // a digital render repeats its print exactly wherever a glyph recurs at one sub-pixel phase: at
  // many shifts, where a paste repeats at one (or a few)
  if (copies.length === 0 || new Set(copies.map((c) => `${c.dx},${c.dy}`)).size > MAX_COPY_SHIFTS) return undefined;
  copies.sort((a, b) => b.blocks - a.blocks);
  const strongest = copies[0]!;
  return {
    kind: 'copy_move',
    method: 'exact',
    blocks: strongest.blocks,
    distance: Math.round(Math.hypot(strongest.dx, strongest.dy)),
    boxes: copies.slice(0, 3).flatMap((c) => [c.source, c.target]),
  };
}
