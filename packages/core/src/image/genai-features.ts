// Per-patch features for the docforge GenAI patch model, computed on the image kernels: the
// radial power spectrum of the SRM residual (generators' upsampling and smoothing reshape it),
// the residual's and the image's spread, and the ratio of second to first neighbour differences
// (low where pixels were interpolated). The model (models/docforge.onnx) is trained on exactly
// these features by models/train-docforge.ts.
import type { GrayPixels, ImageKernels, Plane, RgbaPixels } from './kernels.js';
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

/**
 * Feature rows (patch-major, `GENAI_FEATURES` each) for every whole 64 x 64 patch of `gray` (a
 * luma plane, a decoder's grey levels, or RGBA pixels read as their BT.601 luma).
 */
export function genaiFeatures(k: ImageKernels, gray: Plane | RgbaPixels | GrayPixels): { features: Float32Array; patchesWide: number; patchesHigh: number } {
  const { spectra, std, patchesWide, patchesHigh } = k.patchProfiles(gray, GENAI_PATCH, BINS, SRM_KV, [FIRST, SECOND]);
  const [residualStd, grayStd, firstStd, secondStd] = std as [Float32Array, Float32Array, Float32Array, Float32Array];
  const patches = patchesWide * patchesHigh;
  const features = new Float32Array(patches * GENAI_FEATURES);
  for (let p = 0; p < patches; p++) {
    const o = p * GENAI_FEATURES;
    let mean = 0;
    for (let b = 0; b < BINS; b++) mean += spectra[p * BINS + b]!;
    mean /= BINS;
    for (let b = 0; b < BINS; b++) features[o + b] = Math.log10(spectra[p * BINS + b]! + 1e-3) - Math.log10(mean + 1e-3);
    features[o + BINS] = Math.log(residualStd[p]! + 0.1);
    features[o + BINS + 1] = Math.log(grayStd[p]! + 1);
    features[o + BINS + 2] = Math.log(secondStd[p]! + 0.1) - Math.log(firstStd[p]! + 0.1);
  }
  return { features, patchesWide, patchesHigh };
}
