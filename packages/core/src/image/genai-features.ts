// Per-patch features for the docforge GenAI patch model, computed on the image kernels: the
// radial power spectrum of the SRM residual (generators' upsampling and smoothing reshape it),
// the residual's and the image's spread, and the ratio of second to first neighbour differences
// (low where pixels were interpolated). The model (models/docforge.onnx) is trained on exactly
// these features by models/train-docforge.ts.
import type { ImageKernels, Plane } from './kernels.js';
import { SRM_KV } from './pixel-checks/noise.js';

/** Patch side in pixels. */
export const GENAI_PATCH = 64;
/** Radial spectrum bins per patch. */
const BINS = 16;
/** Features per patch. */
export const GENAI_FEATURES = BINS + 3;

const FIRST = new Float32Array(25);
FIRST.set([-1, 1], 11);
const SECOND = new Float32Array(25);
SECOND.set([1, -2, 1], 11);

/** Feature rows (patch-major, `GENAI_FEATURES` each) for every whole 64 x 64 patch of `gray`. */
export function genaiFeatures(k: ImageKernels, gray: Plane): { features: Float32Array; patchesWide: number; patchesHigh: number } {
  const residual = k.convolve5(gray, SRM_KV);
  const { spectra, patchesWide, patchesHigh } = k.patchSpectra(residual, GENAI_PATCH, BINS);
  const residualStats = k.blockStats(residual, GENAI_PATCH);
  const grayStats = k.blockStats(gray, GENAI_PATCH);
  const first = k.blockStats(k.convolve5(gray, FIRST), GENAI_PATCH);
  const second = k.blockStats(k.convolve5(gray, SECOND), GENAI_PATCH);
  const patches = patchesWide * patchesHigh;
  const features = new Float32Array(patches * GENAI_FEATURES);
  for (let p = 0; p < patches; p++) {
    const o = p * GENAI_FEATURES;
    let mean = 0;
    for (let b = 0; b < BINS; b++) mean += spectra[p * BINS + b]!;
    mean /= BINS;
    for (let b = 0; b < BINS; b++) features[o + b] = Math.log10(spectra[p * BINS + b]! + 1e-3) - Math.log10(mean + 1e-3);
    features[o + BINS] = Math.log(residualStats.std.data[p]! + 0.1);
    features[o + BINS + 1] = Math.log(grayStats.std.data[p]! + 1);
    features[o + BINS + 2] = Math.log(second.std.data[p]! + 0.1) - Math.log(first.std.data[p]! + 0.1);
  }
  return { features, patchesWide, patchesHigh };
}
