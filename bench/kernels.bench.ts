// Image kernels on a 12-megapixel page: each WebAssembly kernel against its TypeScript reference,
// same inputs, one run. Prints the kernel's own time on inputs resident in linear memory, the
// time of the whole call with copies in and out, the reference's time and the ratio reference /
// kernel. `npm run bench:kernels`.
import { type ImageKernels, type Plane, stagedKernels, wasmKernels as wasm } from '@loupe/core/internal';
import { referenceKernels as ref, syntheticPage } from '@loupe/core/testing';
import { timeIt } from './measure.js';

const W = 4000;
const H = 3000;
const rgba = syntheticPage(W, H, 1, 3);
const gray = wasm.gray(rgba, W, H);
const srm = new Float32Array([-1, 2, -2, 2, -1, 2, -6, 8, -6, 2, -2, 8, -12, 8, -2, 2, -6, 8, -6, 2, -1, 2, -2, 2, -1].map((v) => v / 12));
const first = new Float32Array(25);
first.set([-1, 1], 11);
const second = new Float32Array(25);
second.set([1, -2, 1], 11);
const steps = new Float32Array(64).map((_, i) => 2 + (i % 8) + Math.floor(i / 8));
const half: Plane = wasm.resizeArea(gray, W / 2, H / 2);
const copyMove = { blockSize: 16, minStd: 6, maxBlocks: 4_000_000, window: 8, maxFeatureDiff: 2, minShift: 16, maxMad: 1.5, maxPairs: 200_000 };

const cases: [string, (k: ImageKernels) => unknown][] = [
  ['gray (RGBA -> luma)', (k) => k.gray(rgba, W, H)],
  ['ycbcr (RGBA -> 3 planes)', (k) => k.ycbcr(rgba, W, H)],
  ['nchw (RGBA -> tensor)', (k) => k.nchw(rgba, W, H, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5])],
  ['resizeArea (-> 1000x750)', (k) => k.resizeArea(gray, 1000, 750)],
  ['resizeBilinear (-> 1000x750)', (k) => k.resizeBilinear(gray, 1000, 750)],
  ['convolve5 (SRM KV residual)', (k) => k.convolve5(gray, srm)],
  ['blockStats (8x8)', (k) => k.blockStats(gray, 8)],
  ['blockEdges (8x8)', (k) => k.blockEdges(gray)],
  ['poolMax (32x32)', (k) => k.poolMax(gray, 32, 32)],
  ['dctBlocks (8x8 grid)', (k) => k.dctBlocks(gray, 0, 0)],
  ['elaBlocks', (k) => k.elaBlocks(gray, steps)],
  ['gridPhases (64 px cells)', (k) => k.gridPhases(gray, 64, 12)],
  ['patchSpectra (64 px, 32 bins)', (k) => k.patchSpectra(gray, 64, 32)],
  ['patchProfiles (64 px, 16 bins)', (k) => k.patchProfiles(gray, 64, 16, srm, [first, second])],
  ['copyMovePairs (6 MP half-scale)', (k) => k.copyMovePairs(half, copyMove)],
];

console.log(`Image kernels on a ${W}x${H} (12 MP) synthetic page, median ms (node ${process.version})\n`);
console.log('kernel                            wasm ms  with copies      TS ms   TS/wasm');
for (const [name, run] of cases) {
  const staged = run(stagedKernels as unknown as ImageKernels) as { run(): void };
  const kernel = await timeIt(() => staged.run(), 3, 300);
  const call = await timeIt(() => run(wasm), 3, 300);
  const reference = await timeIt(() => run(ref), 1, 0);
  console.log(
    `${name.padEnd(32)} ${kernel.toFixed(1).padStart(8)} ${call.toFixed(1).padStart(12)} ${reference.toFixed(1).padStart(10)} ${(reference / kernel).toFixed(1).padStart(8)}x`,
  );
}

// The whole image-forensics pass of a 12-megapixel JPEG: decode (canvas) then every pixel check.
const { createCanvas } = await import('@napi-rs/canvas');
const { createCanvasDecoder } = await import('@loupe/node');
const { analysePixels } = await import('@loupe/core/internal');
const canvas = createCanvas(W, H);
const ctx = canvas.getContext('2d');
const pixels = ctx.createImageData(W, H);
pixels.data.set(syntheticPage(W, H, 2, 3));
ctx.putImageData(pixels, 0, 0);
const jpeg = new Uint8Array(canvas.encodeSync('jpeg', 90));
const decoder = createCanvasDecoder();
const luma = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].map((v) => Math.max(1, Math.floor((v * 20 + 50) / 100)));
const runs: { decode: number; checks: number }[] = [];
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  const image = await decoder.decode(jpeg);
  const t1 = performance.now();
  analysePixels(wasm, image.rgba, image.width, image.height, luma);
  runs.push({ decode: t1 - t0, checks: performance.now() - t1 });
}
const warm = runs.slice(1).sort((a, b) => a.decode + a.checks - (b.decode + b.checks))[1]!;
console.log(
  `\nWhole pass on a 12 MP JPEG (${(jpeg.length / 1e6).toFixed(1)} MB): first (cold) ${(runs[0]!.decode + runs[0]!.checks).toFixed(0)} ms; warm median decode ${warm.decode.toFixed(0)} ms + pixel checks ${warm.checks.toFixed(0)} ms = ${(warm.decode + warm.checks).toFixed(0)} ms (target 1500 ms, one core)`,
);
