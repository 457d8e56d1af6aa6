// Pixel-level consistency of a document image, on the image kernels: each check lives in
// pixel-checks/ (noise map, print sharpness, JPEG compression traces, copy-move); this module runs them in order and gathers their findings (pixel boxes, origin
// top-left) with the measurements other parts need.
import type { ImageKernels, Plane } from './kernels.js';
import { copyMove } from './pixel-checks/copy-move.js';
import { doubleCompression, firstCompressionAnalysis } from './pixel-checks/jpeg-compression.js';
import { noiseAnalysis } from './pixel-checks/noise.js';
import { sharpnessAnalysis } from './pixel-checks/sharpness.js';
import type { PixelFinding } from './pixel-checks/types.js';

export { SRM_KV } from './pixel-checks/noise.js';
export type { PixelBox, PixelFinding } from './pixel-checks/types.js';

/** What the analysis measured, besides its findings. */
export interface PixelReport {
  findings: PixelFinding[];
  /** The luma plane the analyses ran on. */
  gray: Plane;
  /** Median noise level (SRM residual standard deviation in flat blocks), grey levels. */
  noiseLevel: number;
  /** Whether the copy-move search ran (it needs enough sensor noise to tell copies from repeats). */
  copyMoveSearched: boolean;
}

/** Noise (grey levels) below which copies cannot be told from repeated print: digital renders. */
const MIN_COPY_MOVE_NOISE = 0.3;

/** Runs the pixel analyses on an RGBA image; `luma` is the JPEG's luminance table, when JPEG. */
export function analysePixels(k: ImageKernels, rgba: Uint8Array, width: number, height: number, luma?: readonly number[]): PixelReport {
  const gray = k.gray(rgba, width, height);
  const findings: PixelFinding[] = [];
  const noise = noiseAnalysis(k, gray);
  if (noise.finding) findings.push(noise.finding);
  const sharp = sharpnessAnalysis(k, gray);
  if (sharp) findings.push(sharp);
  const twice = luma ? doubleCompression(k, gray, luma) : undefined;
  if (twice) findings.push(twice);
  const first = luma ? firstCompressionAnalysis(k, gray, noise.texture, luma) : undefined;
  if (first) findings.push(first);
  const searched = noise.level >= MIN_COPY_MOVE_NOISE;
  const copies = searched ? copyMove(k, gray, luma === undefined) : undefined;
  if (copies) findings.push(copies);
  return { findings, gray, noiseLevel: noise.level, copyMoveSearched: searched };
}
