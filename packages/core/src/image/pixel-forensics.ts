// Pixel-level consistency of a document image, on the image kernels: each check lives in
// pixel-checks/ (noise map, print sharpness, JPEG compression traces, copy-move and exact copies); this module runs them in order and gathers their findings (pixel boxes, origin
// top-left) with the measurements other parts need.
import type { ImageKernels, Plane } from './kernels.js';
import { copyMove } from './pixel-checks/copy-move.js';
import { exactCopies } from './pixel-checks/exact-copies.js';
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
  /**
   * How far the copy-move search ran: `full` (it needs enough sensor noise to tell copies from
   * repeats), `exact` (a lossless image whose paper noise could not be measured: pixel-for-pixel
   * copies only) or `none`.
   */
  copyMoveSearch: 'full' | 'exact' | 'none';
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
  const lossless = luma === undefined;
  // in a lossless image a copy too small for the smoothed search (one digit) is still exact; it is
  // searched for also where the paper is clipped white and its noise cannot be measured
  const exactSearched = lossless && (searched || Number.isNaN(noise.level));
  const copies = (searched ? copyMove(k, gray, lossless) : undefined) ?? (exactSearched ? exactCopies(gray) : undefined);
  if (copies) findings.push(copies);
  return { findings, gray, noiseLevel: noise.level, copyMoveSearch: searched ? 'full' : exactSearched ? 'exact' : 'none' };
}
