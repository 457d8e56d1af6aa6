// Patch profiles in one call: the SRM-style residual of a plane, the radial spectrum of each patch
// of it, and per-patch spreads of the residual, the plane and the plane under further filters —
// the statistics the patch models read — computed on buffers that never leave linear memory.
import { blockStats, convolve5 } from './filters';
import { patchSpectra } from './fft';
import { rgbaToGray } from './pixels';

/**
 * For every whole n x n patch of `src` (w x h): `spectra` gets `patchSpectra` of `src` correlated
 * with the 5x5 kernel at `residualKernel`, and `std` gets (2 + `filterCount`) rows of one value per
 * patch: the standard deviation of that residual, of `src`, then of `src` correlated with each of
 * the `filterCount` 5x5 kernels at `filters`. `residual` and `filtered` are w x h f32 planes of
 * scratch, `means` one f32 per patch, `scratch` `fftScratchBytes(n, bins)`. With `rgba` not 0,
 * `src` is first filled with the luma of the w x h RGBA pixels there.
 */
export function patchProfiles(
  rgba: usize,
  src: usize,
  w: i32,
  h: i32,
  n: i32,
  bins: i32,
  residualKernel: usize,
  filters: usize,
  filterCount: i32,
  residual: usize,
  filtered: usize,
  spectra: usize,
  std: usize,
  means: usize,
  scratch: usize,
): void {
  const row = <usize>((w / n) * (h / n)) << 2;
  if (rgba != 0) rgbaToGray(rgba, w * h, src);
  convolve5(src, w, h, residualKernel, residual);
  patchSpectra(residual, w, h, n, bins, spectra, scratch);
  blockStats(residual, w, h, n, means, std);
  blockStats(src, w, h, n, means, std + row);
  for (let f = 0; f < filterCount; f++) {
    convolve5(src, w, h, filters + <usize>(f * 100), filtered);
    blockStats(filtered, w, h, n, means, std + row * <usize>(2 + f));
  }
}
