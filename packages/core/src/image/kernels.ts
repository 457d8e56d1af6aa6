// The contract of Loupe's image kernels: pixel formats, resizing, residual filters, block
// statistics, JPEG-domain transforms, spectra and copy-move search, on plain typed arrays. Two
// implementations keep it: the WebAssembly kernels the engine uses (`wasm-kernels.ts`) and
// the TypeScript references the tests compare them with (`reference-kernels.ts`).

/** A single-channel f32 image, row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/** Tuning of the copy-move search (see `cmFeatures`/`cmMatch` in assembly/copymove.ts). */
export interface CopyMoveOptions {
  /** Block side in pixels, a multiple of 4. */
  blockSize: number;
  /** Blocks whose 4 x 4 sub-block means vary less than this are skipped. */
  minStd: number;
  /** Most blocks kept (the rest of the image is not searched). */
  maxBlocks: number;
  /** Neighbours in sorted order each block is compared with. */
  window: number;
  /** Largest difference of any sub-block mean in a pair. */
  maxFeatureDiff: number;
  /** Smallest distance between the two blocks of a pair. */
  minShift: number;
  /** Largest mean absolute pixel difference of a pair. */
  maxMad: number;
  /** Most pairs reported. */
  maxPairs: number;
}

/** Two blocks whose pixels match: top-left corners and their mean absolute difference. */
export interface BlockPair {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  mad: number;
}

/** RGBA pixels, row-major. */
export interface RgbaPixels {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** Grey levels, one byte a pixel, row-major (a decoder's luma plane). */
export interface GrayPixels {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** What `patchProfiles` measures per whole n x n patch, patches in row-major order. */
export interface PatchProfiles {
  /** The residual's radial power spectrum: `bins` values per patch (`patchSpectra`). */
  spectra: Float32Array;
  /** Standard deviation per patch of the residual, of the plane, then of each filter's output. */
  std: Float32Array[];
  patchesWide: number;
  patchesHigh: number;
}

/** The image kernels. Inputs are never modified; outputs are new arrays. */
export interface ImageKernels {
  /** BT.601 luma of RGBA pixels. */
  gray(rgba: Uint8Array, width: number, height: number): Plane;
  /** Full-range YCbCr planes of RGBA pixels. */
  ycbcr(rgba: Uint8Array, width: number, height: number): { y: Plane; cb: Plane; cr: Plane };
  /** RGBA to an NCHW tensor (3 planes) normalised as (v / 255 - mean) / std. */
  nchw(rgba: Uint8Array, width: number, height: number, mean: readonly [number, number, number], std: readonly [number, number, number]): Float32Array;
  /** Bilinear resize with half-pixel centres. */
  resizeBilinear(src: Plane, width: number, height: number): Plane;
  /** Area (coverage-weighted box) resize, for downscaling. */
  resizeArea(src: Plane, width: number, height: number): Plane;
  /** 5x5 correlation (25 coefficients); pixels within 2 of the border are 0. */
  convolve5(src: Plane, kernel: Float32Array): Plane;
  /** Mean and standard deviation of each whole bs x bs block. */
  blockStats(src: Plane, blockSize: number): { mean: Plane; std: Plane };
  /** Per whole 8x8 block: contrast (max - min), the steepest step between neighbouring pixels, and the share of pixels below the middle of its range. */
  blockEdges(src: Plane): { contrast: Plane; steepest: Plane; dark: Plane };
  /** Max of each whole cw x ch cell. */
  poolMax(src: Plane, cellWidth: number, cellHeight: number): Plane;
  /** 8x8 DCT (orthonormal, level-shifted) of each whole block of the grid at (ox, oy): 64 per block. */
  dctBlocks(src: Plane, ox: number, oy: number): { coefficients: Float32Array; blocksWide: number; blocksHigh: number };
  /** Mean absolute change of each aligned 8x8 block through quantisation with `steps` (64, [v][u]). */
  elaBlocks(src: Plane, steps: Float32Array): Plane;
  /** Per cell: 8 sums of horizontal differences (each capped at `cap`) by x mod 8, then 8 of vertical ones by y mod 8. */
  gridPhases(src: Plane, cell: number, cap: number): { phases: Float32Array; cellsWide: number; cellsHigh: number };
  /** Azimuthally averaged power spectrum of each whole n x n patch: `bins` values per patch. */
  patchSpectra(src: Plane, n: number, bins: number): { spectra: Float32Array; patchesWide: number; patchesHigh: number };
  /**
   * In one call, what the patch models read of a plane: `patchSpectra` of `convolve5(src,
   * residual)`, and the per-patch standard deviation (`blockStats`) of that residual, of `src` and
   * of `convolve5(src, filter)` for each of `filters`. RGBA pixels are read as their luma (`gray`).
   */
  patchProfiles(src: Plane | RgbaPixels | GrayPixels, n: number, bins: number, residual: Float32Array, filters: readonly Float32Array[]): PatchProfiles;
  /** Candidate copy-move block pairs. */
  copyMovePairs(src: Plane, options: CopyMoveOptions): BlockPair[];
}
