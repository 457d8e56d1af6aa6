// The WebAssembly image kernels against their TypeScript references: same inputs, equal outputs
// (exact for pooling and copy-move search, within the stated float tolerance elsewhere).
import { describe, expect, it } from 'vitest';
import { copyRect, syntheticPage } from '../testing/synthetic.js';
import type { Plane } from './kernels.js';
import { referenceKernels as ref } from './reference-kernels.js';
import { wasmKernels as wasm } from './wasm-kernels.js';

const W = 203;
const H = 157;
const rgba = syntheticPage(W, H, 7, 3);
const gray = ref.gray(rgba, W, H);

/** Largest absolute difference between two arrays (and that their lengths agree). */
function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

function samePlane(a: Plane, b: Plane, tolerance: number): void {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  expect(maxDiff(a.data, b.data)).toBeLessThanOrEqual(tolerance);
}

const SRM_KV = new Float32Array([-1, 2, -2, 2, -1, 2, -6, 8, -6, 2, -2, 8, -12, 8, -2, 2, -6, 8, -6, 2, -1, 2, -2, 2, -1].map((v) => v / 12));

describe('image kernels: WebAssembly equals the TypeScript reference', () => {
  it('grayscale, YCbCr and NCHW (within 1e-3)', () => {
    samePlane(wasm.gray(rgba, W, H), gray, 1e-3);
    const a = wasm.ycbcr(rgba, W, H);
    const b = ref.ycbcr(rgba, W, H);
    samePlane(a.y, b.y, 1e-3);
    samePlane(a.cb, b.cb, 1e-3);
    samePlane(a.cr, b.cr, 1e-3);
    const mean = [0.485, 0.456, 0.406] as const;
    const std = [0.229, 0.224, 0.225] as const;
    expect(maxDiff(wasm.nchw(rgba, W, H, mean, std), ref.nchw(rgba, W, H, mean, std))).toBeLessThan(1e-5);
  });

  it('bilinear (within 5e-3: sample positions in f32) and area resizing (within 2e-3), up and down', () => {
    for (const [w, h] of [
      [64, 48],
      [101, 77],
      [300, 211],
      [13, 200],
    ] as const) {
      samePlane(wasm.resizeBilinear(gray, w, h), ref.resizeBilinear(gray, w, h), 5e-3);
    }
    for (const [w, h] of [
      [64, 48],
      [101, 77],
      [7, 5],
      [203, 50],
    ] as const) {
      samePlane(wasm.resizeArea(gray, w, h), ref.resizeArea(gray, w, h), 2e-3);
    }
  });

  it('5x5 residual filters, mirrored or not (within 2e-3), block statistics and edges', () => {
    samePlane(wasm.convolve5(gray, SRM_KV), ref.convolve5(gray, SRM_KV), 2e-3);
    const second = new Float32Array(25);
    second.set([-1, 2, -1], 11);
    samePlane(wasm.convolve5(gray, second), ref.convolve5(gray, second), 2e-3);
    // a kernel not mirrored both ways takes the general path (the SRM filters and the one above the mirrored one)
    const first = new Float32Array(25);
    first.set([-1, 1], 11);
    first[3] = 0.5;
    samePlane(wasm.convolve5(gray, first), ref.convolve5(gray, first), 2e-3);
    for (const bs of [8, 16, 30]) {
      const a = wasm.blockStats(gray, bs);
      const b = ref.blockStats(gray, bs);
      samePlane(a.mean, b.mean, 1e-3);
      samePlane(a.std, b.std, 0.05);
    }
    const edges = wasm.blockEdges(gray);
    const edgesRef = ref.blockEdges(gray);
    expect(edges.contrast.data).toEqual(edgesRef.contrast.data);
    expect(edges.steepest.data).toEqual(edgesRef.steepest.data);
    expect(edges.dark.data).toEqual(edgesRef.dark.data);
    const pooled = wasm.poolMax(gray, 6, 5);
    expect(pooled.data).toEqual(ref.poolMax(gray, 6, 5).data);
  });

  it('8x8 block DCT on shifted grids (within 1e-2) and error levels (within 1e-3 on 99.5% of blocks)', () => {
    for (const [ox, oy] of [
      [0, 0],
      [3, 5],
      [7, 1],
    ] as const) {
      const a = wasm.dctBlocks(gray, ox, oy);
      const b = ref.dctBlocks(gray, ox, oy);
      expect([a.blocksWide, a.blocksHigh]).toEqual([b.blocksWide, b.blocksHigh]);
      expect(maxDiff(a.coefficients, b.coefficients)).toBeLessThan(1e-2);
    }
    const steps = new Float32Array(64).map((_, i) => 4 + (i % 8) + Math.floor(i / 8) * 2);
    const a = wasm.elaBlocks(gray, steps);
    const b = ref.elaBlocks(gray, steps);
    let off = 0;
    for (let i = 0; i < a.data.length; i++) if (Math.abs(a.data[i]! - b.data[i]!) > 1e-3) off++;
    expect(off / a.data.length).toBeLessThanOrEqual(0.005);
  });

  it('blocking profile per cell (within 1e-4 relative)', () => {
    for (const [cell, cap] of [
      [8, 255],
      [32, 12],
      [64, 4],
    ] as const) {
      const a = wasm.gridPhases(gray, cell, cap);
      const b = ref.gridPhases(gray, cell, cap);
      expect([a.cellsWide, a.cellsHigh]).toEqual([b.cellsWide, b.cellsHigh]);
      for (let i = 0; i < a.phases.length; i++) expect(Math.abs(a.phases[i]! - b.phases[i]!)).toBeLessThanOrEqual(1e-4 * (1 + Math.abs(b.phases[i]!)));
    }
  });

  it('radial power spectra of patches (within 1e-3 of each patch peak)', () => {
    for (const [n, bins] of [
      [16, 8],
      [32, 16],
      [64, 24],
      [8, 4], // an odd number of patches: the last has no partner in the paired transform
    ] as const) {
      const a = wasm.patchSpectra(gray, n, bins);
      const b = ref.patchSpectra(gray, n, bins);
      expect([a.patchesWide, a.patchesHigh]).toEqual([b.patchesWide, b.patchesHigh]);
      for (let p = 0; p < a.patchesWide * a.patchesHigh; p++) {
        const peak = Math.max(...b.spectra.subarray(p * bins, (p + 1) * bins));
        expect(maxDiff(a.spectra.subarray(p * bins, (p + 1) * bins), b.spectra.subarray(p * bins, (p + 1) * bins))).toBeLessThanOrEqual(1e-3 * peak + 1e-6);
      }
    }
  });

  it('patch profiles: the residual spectra and spreads of the kernels they chain (within 1e-3 of each patch peak)', () => {
    const first = new Float32Array(25);
    first.set([-1, 1], 11);
    const second = new Float32Array(25);
    second.set([1, -2, 1], 11);
    for (const [n, bins] of [
      [64, 16],
      [16, 8],
    ] as const) {
      const a = wasm.patchProfiles(gray, n, bins, SRM_KV, [first, second]);
      const b = ref.patchProfiles(gray, n, bins, SRM_KV, [first, second]);
      expect([a.patchesWide, a.patchesHigh, a.std.length]).toEqual([b.patchesWide, b.patchesHigh, 4]);
      const peak = Math.max(...b.spectra);
      expect(maxDiff(a.spectra, b.spectra)).toBeLessThanOrEqual(1e-3 * peak);
      for (let i = 0; i < 4; i++) expect(maxDiff(a.std[i]!, b.std[i]!)).toBeLessThan(0.05);
      // RGBA pixels are read as their luma
      const fromPixels = wasm.patchProfiles({ rgba, width: W, height: H }, n, bins, SRM_KV, [first, second]);
      expect(maxDiff(fromPixels.spectra, a.spectra)).toBeLessThanOrEqual(1e-3 * peak);
      for (let i = 0; i < 4; i++) expect(maxDiff(fromPixels.std[i]!, a.std[i]!)).toBeLessThan(1e-3);
      // grey bytes (a decoder's luma plane) are read as their values, by both
      const bytes = Uint8Array.from(gray.data, (v) => Math.round(v));
      const rounded = { width: W, height: H, data: Float32Array.from(bytes) };
      const fromBytes = wasm.patchProfiles({ gray: bytes, width: W, height: H }, n, bins, SRM_KV, [first, second]);
      const fromRounded = wasm.patchProfiles(rounded, n, bins, SRM_KV, [first, second]);
      expect(maxDiff(fromBytes.spectra, fromRounded.spectra)).toBe(0);
      for (let i = 0; i < 4; i++) expect(maxDiff(fromBytes.std[i]!, fromRounded.std[i]!)).toBe(0);
      const refBytes = ref.patchProfiles({ gray: bytes, width: W, height: H }, n, bins, SRM_KV, [first, second]);
      expect(maxDiff(refBytes.spectra, ref.patchProfiles(rounded, n, bins, SRM_KV, [first, second]).spectra)).toBe(0);
      // the same as the kernels chained one by one
      expect(maxDiff(a.std[0]!, wasm.blockStats(wasm.convolve5(gray, SRM_KV), n).std.data)).toBeLessThan(1e-4);
      expect(maxDiff(a.std[3]!, wasm.blockStats(wasm.convolve5(gray, second), n).std.data)).toBeLessThan(1e-4);
    }
  });

  it('copy-move search: identical pairs, and the pasted block is among them', () => {
    const page = syntheticPage(160, 120, 11, 3);
    copyRect(page, 160, 20, 30, 24, 20, 110, 80);
    const plane = ref.gray(page, 160, 120);
    const options = { blockSize: 16, minStd: 4, maxBlocks: 1e6, window: 12, maxFeatureDiff: 2, minShift: 16, maxMad: 1, maxPairs: 10_000 };
    const a = wasm.copyMovePairs(plane, options);
    expect(a).toEqual(ref.copyMovePairs(plane, options));
    const shifted = a.filter((p) => Math.abs(p.x2 - p.x1) === 90 && Math.abs(p.y2 - p.y1) === 50);
    expect(shifted.length).toBeGreaterThan(10);
  });
});
