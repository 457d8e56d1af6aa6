// The image kernels on WebAssembly: copies inputs into the kernels' linear memory, runs the
// exported kernel and copies results out, so callers see plain typed arrays. Buffers for one call
// are laid out back to back from the heap base (`layout`); views are taken only after the last
// `reserve` of a call, because growing memory detaches earlier views.
import type { BlockPair, CopyMoveOptions, ImageKernels, Plane } from '../image/kernels.js';
import { kernels, type Kernels } from './kernels.js';

/** Exports of the image kernels (see assembly/pixels.ts, filters.ts, dct.ts, fft.ts, copymove.ts). */
interface ImageExports {
  rgbaToGray(src: number, n: number, dst: number): void;
  rgbaToYCbCr(src: number, n: number, y: number, cb: number, cr: number): void;
  rgbaToNchw(src: number, n: number, dst: number, m0: number, m1: number, m2: number, s0: number, s1: number, s2: number): void;
  resizeBilinear(src: number, sw: number, sh: number, dst: number, dw: number, dh: number, row: number): void;
  resizeArea(src: number, sw: number, sh: number, dst: number, dw: number, dh: number, tmp: number): void;
  convolve5(src: number, w: number, h: number, k: number, dst: number): void;
  blockStats(src: number, w: number, h: number, bs: number, mean: number, std: number): void;
  poolMax(src: number, w: number, h: number, cw: number, ch: number, dst: number): void;
  dctBlocks(src: number, w: number, h: number, ox: number, oy: number, dst: number): void;
  elaBlocks(src: number, w: number, h: number, q: number, dst: number): void;
  gridPhases(src: number, w: number, h: number, cell: number, dst: number): void;
  fftScratchBytes(n: number, bins: number): number;
  patchSpectra(src: number, w: number, h: number, n: number, bins: number, dst: number, scratch: number): void;
  cmFeatures(src: number, w: number, h: number, bs: number, minStd: number, tmp: number, box: number, feats: number, pos: number, keys: number, order: number, cap: number): number;
  radixSort(keys: number, ids: number, n: number, tk: number, ti: number): void;
  cmMatch(src: number, w: number, bs: number, feats: number, pos: number, order: number, n: number, window: number, maxDiff: number, minShift: number, maxMad: number, out: number, cap: number): number;
}

/** Reserves consecutive 16-byte-aligned buffers of the given sizes; returns their addresses. */
function layout(k: Kernels, sizes: number[]): number[] {
  const offsets: number[] = [];
  let total = 0;
  for (const size of sizes) {
    offsets.push(total);
    total += Math.ceil(size / 16) * 16 + 16;
  }
  const base = k.reserve(total);
  return offsets.map((o) => base + o);
}

function f32(k: Kernels, at: number, length: number): Float32Array {
  return new Float32Array(k.buffer(), at, length);
}

function plane(k: Kernels, at: number, width: number, height: number): Plane {
  return { data: f32(k, at, width * height).slice(), width, height };
}

function exportsOf(k: Kernels): ImageExports {
  return k.exports as unknown as ImageExports;
}

/** The WebAssembly implementations. */
export const wasmKernels: ImageKernels = {
  gray(rgba, width, height) {
    const k = kernels();
    const n = width * height;
    const [src, dst] = layout(k, [n * 4, n * 4]);
    new Uint8Array(k.buffer(), src!, n * 4).set(rgba.subarray(0, n * 4));
    exportsOf(k).rgbaToGray(src!, n, dst!);
    return plane(k, dst!, width, height);
  },

  ycbcr(rgba, width, height) {
    const k = kernels();
    const n = width * height;
    const [src, y, cb, cr] = layout(k, [n * 4, n * 4, n * 4, n * 4]);
    new Uint8Array(k.buffer(), src!, n * 4).set(rgba.subarray(0, n * 4));
    exportsOf(k).rgbaToYCbCr(src!, n, y!, cb!, cr!);
    return { y: plane(k, y!, width, height), cb: plane(k, cb!, width, height), cr: plane(k, cr!, width, height) };
  },

  nchw(rgba, width, height, mean, std) {
    const k = kernels();
    const n = width * height;
    const [src, dst] = layout(k, [n * 4, n * 12]);
    new Uint8Array(k.buffer(), src!, n * 4).set(rgba.subarray(0, n * 4));
    exportsOf(k).rgbaToNchw(src!, n, dst!, mean[0], mean[1], mean[2], std[0], std[1], std[2]);
    return f32(k, dst!, 3 * n).slice();
  },

  resizeBilinear(src, width, height) {
    const k = kernels();
    const [s, d, row] = layout(k, [src.data.length * 4, width * height * 4, src.width * 4]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).resizeBilinear(s!, src.width, src.height, d!, width, height, row!);
    return plane(k, d!, width, height);
  },

  resizeArea(src, width, height) {
    const k = kernels();
    const [s, d, tmp] = layout(k, [src.data.length * 4, width * height * 4, width * src.height * 4]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).resizeArea(s!, src.width, src.height, d!, width, height, tmp!);
    return plane(k, d!, width, height);
  },

  convolve5(src, kernel) {
    const k = kernels();
    const [s, taps, d] = layout(k, [src.data.length * 4, 100, src.data.length * 4]);
    f32(k, s!, src.data.length).set(src.data);
    f32(k, taps!, 25).set(kernel.subarray(0, 25));
    exportsOf(k).convolve5(s!, src.width, src.height, taps!, d!);
    return plane(k, d!, src.width, src.height);
  },

  blockStats(src, bs) {
    const k = kernels();
    const bw = Math.floor(src.width / bs);
    const bh = Math.floor(src.height / bs);
    const [s, mean, std] = layout(k, [src.data.length * 4, bw * bh * 4, bw * bh * 4]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).blockStats(s!, src.width, src.height, bs, mean!, std!);
    return { mean: plane(k, mean!, bw, bh), std: plane(k, std!, bw, bh) };
  },

  poolMax(src, cw, ch) {
    const k = kernels();
    const ow = Math.floor(src.width / cw);
    const oh = Math.floor(src.height / ch);
    const [s, d] = layout(k, [src.data.length * 4, ow * oh * 4]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).poolMax(s!, src.width, src.height, cw, ch, d!);
    return plane(k, d!, ow, oh);
  },

  dctBlocks(src, ox, oy) {
    const k = kernels();
    const blocksWide = Math.floor((src.width - ox) / 8);
    const blocksHigh = Math.floor((src.height - oy) / 8);
    const [s, d] = layout(k, [src.data.length * 4, blocksWide * blocksHigh * 256]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).dctBlocks(s!, src.width, src.height, ox, oy, d!);
    return { coefficients: f32(k, d!, blocksWide * blocksHigh * 64).slice(), blocksWide, blocksHigh };
  },

  elaBlocks(src, steps) {
    const k = kernels();
    const bw = Math.floor(src.width / 8);
    const bh = Math.floor(src.height / 8);
    const [s, q, d] = layout(k, [src.data.length * 4, 256, bw * bh * 4]);
    f32(k, s!, src.data.length).set(src.data);
    f32(k, q!, 64).set(steps.subarray(0, 64));
    exportsOf(k).elaBlocks(s!, src.width, src.height, q!, d!);
    return plane(k, d!, bw, bh);
  },

  gridPhases(src, cell) {
    const k = kernels();
    const cellsWide = Math.floor(src.width / cell);
    const cellsHigh = Math.floor(src.height / cell);
    const [s, d] = layout(k, [src.data.length * 4, cellsWide * cellsHigh * 64]);
    f32(k, s!, src.data.length).set(src.data);
    exportsOf(k).gridPhases(s!, src.width, src.height, cell, d!);
    return { phases: f32(k, d!, cellsWide * cellsHigh * 16).slice(), cellsWide, cellsHigh };
  },

  patchSpectra(src, n, bins) {
    const k = kernels();
    const patchesWide = Math.floor(src.width / n);
    const patchesHigh = Math.floor(src.height / n);
    const e = exportsOf(k);
    const [s, d, scratch] = layout(k, [src.data.length * 4, patchesWide * patchesHigh * bins * 4, e.fftScratchBytes(n, bins)]);
    f32(k, s!, src.data.length).set(src.data);
    e.patchSpectra(s!, src.width, src.height, n, bins, d!, scratch!);
    return { spectra: f32(k, d!, patchesWide * patchesHigh * bins).slice(), patchesWide, patchesHigh };
  },

  copyMovePairs(src, options: CopyMoveOptions): BlockPair[] {
    const k = kernels();
    const e = exportsOf(k);
    const n = src.data.length;
    const cap = Math.min(options.maxBlocks, n);
    const [s, tmp, box, feats, pos, keys, order, tk, ti, out] = layout(k, [
      n * 4, n * 4, n * 4, cap * 64, cap * 4, cap * 8, cap * 4, cap * 8, cap * 4, options.maxPairs * 20,
    ]);
    f32(k, s!, n).set(src.data);
    const kept = e.cmFeatures(s!, src.width, src.height, options.blockSize, options.minStd, tmp!, box!, feats!, pos!, keys!, order!, cap);
    e.radixSort(keys!, order!, kept, tk!, ti!);
    const found = e.cmMatch(s!, src.width, options.blockSize, feats!, pos!, order!, kept, options.window, options.maxFeatureDiff,
      options.minShift, options.maxMad, out!, options.maxPairs);
    const view = new DataView(k.buffer(), out!, found * 20);
    const pairs: BlockPair[] = [];
    for (let i = 0; i < found; i++) {
      const o = i * 20;
      pairs.push({ x1: view.getInt32(o, true), y1: view.getInt32(o + 4, true), x2: view.getInt32(o + 8, true), y2: view.getInt32(o + 12, true), mad: view.getFloat32(o + 16, true) });
    }
    return pairs;
  },
};
