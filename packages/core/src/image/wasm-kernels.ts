// The image kernels on WebAssembly. Each kernel is staged in three steps: `stage` lays its
// buffers out back to back from the heap base and copies the inputs into linear memory, `run`
// calls the exported kernel on the resident buffers (no allocation), `result` copies the outputs
// out into plain typed arrays. `wasmKernels` chains the three behind the `ImageKernels` contract;
// the benchmark times `run` alone. Views are taken after the last `reserve` of a stage, because
// growing memory detaches earlier views.

import { type Kernels, kernels } from '../wasm/kernels.js';
import { f32, layout, type Staged, unstaged } from '../wasm/staging.js';
import type { BlockPair, ImageKernels, Plane } from './kernels.js';

/** Exports of the image kernels (see assembly/pixels.ts, filters.ts, dct.ts, fft.ts, copymove.ts). */
interface ImageExports {
  bytesToPlane(src: number, n: number, dst: number): void;
  rgbaToGray(src: number, n: number, dst: number): void;
  rgbaToYCbCr(src: number, n: number, y: number, cb: number, cr: number): void;
  rgbaToNchw(src: number, n: number, dst: number, m0: number, m1: number, m2: number, s0: number, s1: number, s2: number): void;
  resizeBilinear(src: number, sw: number, sh: number, dst: number, dw: number, dh: number, row: number): void;
  resizeArea(src: number, sw: number, sh: number, dst: number, dw: number, dh: number, tmp: number): void;
  convolve5(src: number, w: number, h: number, k: number, dst: number): void;
  blockStats(src: number, w: number, h: number, bs: number, mean: number, std: number): void;
  poolMax(src: number, w: number, h: number, cw: number, ch: number, dst: number): void;
  blockEdges(src: number, w: number, h: number, contrast: number, steepest: number, dark: number): void;
  dctBlocks(src: number, w: number, h: number, ox: number, oy: number, dst: number): void;
  elaBlocks(src: number, w: number, h: number, q: number, dst: number): void;
  gridPhases(src: number, w: number, h: number, cell: number, cap: number, dst: number): void;
  fftScratchBytes(n: number, bins: number): number;
  patchSpectra(src: number, w: number, h: number, n: number, bins: number, dst: number, scratch: number): void;
  patchProfiles(
    rgba: number,
    src: number,
    w: number,
    h: number,
    n: number,
    bins: number,
    residualKernel: number,
    filters: number,
    filterCount: number,
    residual: number,
    filtered: number,
    spectra: number,
    std: number,
    means: number,
    scratch: number,
  ): void;
  cmFeatures(
    src: number,
    w: number,
    h: number,
    bs: number,
    minStd: number,
    tmp: number,
    box: number,
    feats: number,
    pos: number,
    keys: number,
    order: number,
    cap: number,
  ): number;
  radixSort(keys: number, ids: number, n: number, tk: number, ti: number): void;
  cmMatch(
    src: number,
    w: number,
    bs: number,
    feats: number,
    pos: number,
    order: number,
    n: number,
    window: number,
    maxDiff: number,
    minShift: number,
    maxMad: number,
    out: number,
    cap: number,
  ): number;
}

function readPlane(k: Kernels, at: number, width: number, height: number): Plane {
  return { data: f32(k, at, width * height).slice(), width, height };
}

function putRgba(k: Kernels, at: number, rgba: Uint8Array, n: number): void {
  new Uint8Array(k.buffer(), at, n * 4).set(rgba.subarray(0, n * 4));
}

function putPlane(k: Kernels, at: number, src: Plane): void {
  f32(k, at, src.data.length).set(src.data);
}

function ex(k: Kernels): ImageExports {
  return k.exports as unknown as ImageExports;
}

/** Every image kernel, staged (see `StagedKernel`). */
export const stagedKernels: Staged<ImageKernels> = {
  gray(rgba, width, height) {
    const k = kernels();
    const n = width * height;
    const [src, dst] = layout(k, [n * 4, n * 4]);
    putRgba(k, src!, rgba, n);
    return { run: () => ex(k).rgbaToGray(src!, n, dst!), result: () => readPlane(k, dst!, width, height) };
  },

  ycbcr(rgba, width, height) {
    const k = kernels();
    const n = width * height;
    const [src, y, cb, cr] = layout(k, [n * 4, n * 4, n * 4, n * 4]);
    putRgba(k, src!, rgba, n);
    return {
      run: () => ex(k).rgbaToYCbCr(src!, n, y!, cb!, cr!),
      result: () => ({ y: readPlane(k, y!, width, height), cb: readPlane(k, cb!, width, height), cr: readPlane(k, cr!, width, height) }),
    };
  },

  nchw(rgba, width, height, mean, std) {
    const k = kernels();
    const n = width * height;
    const [src, dst] = layout(k, [n * 4, n * 12]);
    putRgba(k, src!, rgba, n);
    return {
      run: () => ex(k).rgbaToNchw(src!, n, dst!, mean[0], mean[1], mean[2], std[0], std[1], std[2]),
      result: () => f32(k, dst!, 3 * n).slice(),
    };
  },

  resizeBilinear(src, width, height) {
    const k = kernels();
    const [s, d, row] = layout(k, [src.data.length * 4, width * height * 4, src.width * 4]);
    putPlane(k, s!, src);
    return { run: () => ex(k).resizeBilinear(s!, src.width, src.height, d!, width, height, row!), result: () => readPlane(k, d!, width, height) };
  },

  resizeArea(src, width, height) {
    const k = kernels();
    const [s, d, tmp] = layout(k, [src.data.length * 4, width * height * 4, src.width * height * 4]);
    putPlane(k, s!, src);
    return { run: () => ex(k).resizeArea(s!, src.width, src.height, d!, width, height, tmp!), result: () => readPlane(k, d!, width, height) };
  },

  convolve5(src, kernel) {
    const k = kernels();
    const [s, taps, d] = layout(k, [src.data.length * 4, 100, src.data.length * 4]);
    putPlane(k, s!, src);
    f32(k, taps!, 25).set(kernel.subarray(0, 25));
    return { run: () => ex(k).convolve5(s!, src.width, src.height, taps!, d!), result: () => readPlane(k, d!, src.width, src.height) };
  },

  blockStats(src, bs) {
    const k = kernels();
    const bw = Math.floor(src.width / bs);
    const bh = Math.floor(src.height / bs);
    const [s, mean, std] = layout(k, [src.data.length * 4, bw * bh * 4, bw * bh * 4]);
    putPlane(k, s!, src);
    return {
      run: () => ex(k).blockStats(s!, src.width, src.height, bs, mean!, std!),
      result: () => ({ mean: readPlane(k, mean!, bw, bh), std: readPlane(k, std!, bw, bh) }),
    };
  },

  blockEdges(src) {
    const k = kernels();
    const bw = Math.floor(src.width / 8);
    const bh = Math.floor(src.height / 8);
    const [s, contrast, steepest, dark] = layout(k, [src.data.length * 4, bw * bh * 4, bw * bh * 4, bw * bh * 4]);
    putPlane(k, s!, src);
    return {
      run: () => ex(k).blockEdges(s!, src.width, src.height, contrast!, steepest!, dark!),
      result: () => ({ contrast: readPlane(k, contrast!, bw, bh), steepest: readPlane(k, steepest!, bw, bh), dark: readPlane(k, dark!, bw, bh) }),
    };
  },

  poolMax(src, cw, ch) {
    const k = kernels();
    const ow = Math.floor(src.width / cw);
    const oh = Math.floor(src.height / ch);
    const [s, d] = layout(k, [src.data.length * 4, ow * oh * 4]);
    putPlane(k, s!, src);
    return { run: () => ex(k).poolMax(s!, src.width, src.height, cw, ch, d!), result: () => readPlane(k, d!, ow, oh) };
  },

  dctBlocks(src, ox, oy) {
    const k = kernels();
    const blocksWide = Math.floor((src.width - ox) / 8);
    const blocksHigh = Math.floor((src.height - oy) / 8);
    const [s, d] = layout(k, [src.data.length * 4, blocksWide * blocksHigh * 256]);
    putPlane(k, s!, src);
    return {
      run: () => ex(k).dctBlocks(s!, src.width, src.height, ox, oy, d!),
      result: () => ({ coefficients: f32(k, d!, blocksWide * blocksHigh * 64).slice(), blocksWide, blocksHigh }),
    };
  },

  elaBlocks(src, steps) {
    const k = kernels();
    const bw = Math.floor(src.width / 8);
    const bh = Math.floor(src.height / 8);
    const [s, q, d] = layout(k, [src.data.length * 4, 256, bw * bh * 4]);
    putPlane(k, s!, src);
    f32(k, q!, 64).set(steps.subarray(0, 64));
    return { run: () => ex(k).elaBlocks(s!, src.width, src.height, q!, d!), result: () => readPlane(k, d!, bw, bh) };
  },

  gridPhases(src, cell, cap) {
    const k = kernels();
    const cellsWide = Math.floor(src.width / cell);
    const cellsHigh = Math.floor(src.height / cell);
    const [s, d] = layout(k, [src.data.length * 4, cellsWide * cellsHigh * 64]);
    putPlane(k, s!, src);
    return {
      run: () => ex(k).gridPhases(s!, src.width, src.height, cell, cap, d!),
      result: () => ({ phases: f32(k, d!, cellsWide * cellsHigh * 16).slice(), cellsWide, cellsHigh }),
    };
  },

  patchSpectra(src, n, bins) {
    const k = kernels();
    const patchesWide = Math.floor(src.width / n);
    const patchesHigh = Math.floor(src.height / n);
    const [s, d, scratch] = layout(k, [src.data.length * 4, patchesWide * patchesHigh * bins * 4, ex(k).fftScratchBytes(n, bins)]);
    putPlane(k, s!, src);
    return {
      run: () => ex(k).patchSpectra(s!, src.width, src.height, n, bins, d!, scratch!),
      result: () => ({ spectra: f32(k, d!, patchesWide * patchesHigh * bins).slice(), patchesWide, patchesHigh }),
    };
  },

  patchProfiles(src, n, bins, residual, filters) {
    const k = kernels();
    const { width, height } = src;
    const patchesWide = Math.floor(width / n);
    const patchesHigh = Math.floor(height / n);
    const patches = patchesWide * patchesHigh;
    const planeBytes = width * height * 4;
    const rows = 2 + filters.length;
    const [pixels, s, kernel, taps, residualPlane, filtered, spectra, std, means, scratch] = layout(k, [
      'rgba' in src ? planeBytes : 'gray' in src ? width * height : 0,
      planeBytes,
      100,
      filters.length * 100,
      planeBytes,
      planeBytes,
      patches * bins * 4,
      patches * rows * 4,
      patches * 4,
      ex(k).fftScratchBytes(n, bins),
    ]);
    if ('rgba' in src) putRgba(k, pixels!, src.rgba, width * height);
    else if ('gray' in src) new Uint8Array(k.buffer(), pixels!, width * height).set(src.gray.subarray(0, width * height));
    else putPlane(k, s!, src);
    f32(k, kernel!, 25).set(residual.subarray(0, 25));
    for (const [i, filter] of filters.entries()) f32(k, taps! + i * 100, 25).set(filter.subarray(0, 25));
    return {
      run: () => {
        if ('gray' in src) ex(k).bytesToPlane(pixels!, width * height, s!);
        ex(k).patchProfiles(
          'rgba' in src ? pixels! : 0,
          s!,
          width,
          height,
          n,
          bins,
          kernel!,
          taps!,
          filters.length,
          residualPlane!,
          filtered!,
          spectra!,
          std!,
          means!,
          scratch!,
        );
      },
      result: () => ({
        spectra: f32(k, spectra!, patches * bins).slice(),
        std: Array.from({ length: rows }, (_, i) => f32(k, std! + i * patches * 4, patches).slice()),
        patchesWide,
        patchesHigh,
      }),
    };
  },

  copyMovePairs(src, options) {
    const k = kernels();
    const n = src.data.length;
    const cap = Math.min(options.maxBlocks, n);
    const [s, tmp, box, feats, pos, keys, order, tk, ti, out] = layout(k, [
      n * 4,
      n * 4,
      n * 4,
      cap * 64,
      cap * 4,
      cap * 8,
      cap * 4,
      cap * 8,
      cap * 4,
      options.maxPairs * 20,
    ]);
    putPlane(k, s!, src);
    let found = 0;
    return {
      run() {
        const e = ex(k);
        const kept = e.cmFeatures(s!, src.width, src.height, options.blockSize, options.minStd, tmp!, box!, feats!, pos!, keys!, order!, cap);
        e.radixSort(keys!, order!, kept, tk!, ti!);
        found = e.cmMatch(
          s!,
          src.width,
          options.blockSize,
          feats!,
          pos!,
          order!,
          kept,
          options.window,
          options.maxFeatureDiff,
          options.minShift,
          options.maxMad,
          out!,
          options.maxPairs,
        );
      },
      result() {
        const view = new DataView(k.buffer(), out!, found * 20);
        const pairs: BlockPair[] = [];
        for (let o = 0; o < found * 20; o += 20) {
          pairs.push({
            x1: view.getInt32(o, true),
            y1: view.getInt32(o + 4, true),
            x2: view.getInt32(o + 8, true),
            y2: view.getInt32(o + 12, true),
            mad: view.getFloat32(o + 16, true),
          });
        }
        return pairs;
      },
    };
  },
};

/** The WebAssembly implementations of the `ImageKernels` contract (stage, run, copy out). */
export const wasmKernels: ImageKernels = unstaged(stagedKernels);
