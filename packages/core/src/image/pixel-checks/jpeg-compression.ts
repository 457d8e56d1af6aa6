// Traces of JPEG compressions in the pixels: two compressions (DCT histograms on the file's grid
// against a calibration grid shifted by four pixels), and areas that missed the first of two
// compressions (error levels at the first quality).
import type { ImageKernels, Plane } from '../kernels.js';
import { IJG_LUMA, ijgTable, matchQuantization } from '../quantization.js';
import { flaggedGroups, groupBox, percentile } from './grid-groups.js';
import type { PixelFinding } from './types.js';

/** Blocks varying less than this (grey levels) are left out of the error-level comparison. */
const ELA_TEXTURE = 20;
/** Fewest neighbouring blocks an area that missed the first compression needs. */
const ELA_MIN_BLOCKS = 6;
/** The double-compression histograms are read from at most this many pixels of the centre. */
const DQ_PIXELS = 2_000_000;
/** The first compression's quality is searched on at most this many pixels of the centre. */
const ELA_SEARCH_PIXELS = 1_000_000;

/** The centre of a plane, cut on the 8x8 grid to about `pixels` pixels (the whole plane when smaller). */
function centreCrop(plane: Plane, pixels: number): Plane {
  if (plane.width * plane.height <= pixels) return plane;
  const scale = Math.sqrt(pixels / (plane.width * plane.height));
  const width = Math.floor((plane.width * scale) / 8) * 8;
  const height = Math.floor((plane.height * scale) / 8) * 8;
  const x0 = Math.floor((plane.width - width) / 16) * 8;
  const y0 = Math.floor((plane.height - height) / 16) * 8;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) data.set(plane.data.subarray((y0 + y) * plane.width + x0, (y0 + y) * plane.width + x0 + width), y * width);
  return { data, width, height };
}

/**
 * Two JPEG compressions, by calibration: the DCT of the decoded luma on the file's 8x8 grid is
 * compared, frequency by frequency, with the DCT on a grid shifted by (4, 4), which no past
 * compression touched and so shows what one compression with the file's steps would leave. Both
 * are histogrammed in units of the file's quantisation step; a second compression with other
 * steps moves mass between bins periodically, so the aligned histogram departs from the
 * calibrated one (total variation over the non-zero bins, relative to their mass).
 */
export function doubleCompression(k: ImageKernels, image: Plane, luma: readonly number[]): PixelFinding | undefined {
  const gray = centreCrop(image, DQ_PIXELS);
  const aligned = k.dctBlocks(gray, 0, 0);
  const shifted = k.dctBlocks(gray, 4, 4);
  const K = 12;
  const histogram = (d: typeof aligned, at: number, step: number): Float64Array => {
    const h = new Float64Array(K + 1);
    const blocks = d.blocksWide * d.blocksHigh;
    for (let b = 0; b < blocks; b++) {
      const v = Math.abs(Math.round(d.coefficients[b * 64 + at]! / step));
      if (v <= K) h[v]!++;
    }
    const total = h.reduce((a, x) => a + x, 0);
    return total > 0 ? h.map((x) => x / total) : h;
  };
  const departures: number[] = [];
  for (const at of [1, 8, 16, 9, 2, 3, 10, 17, 24]) {
    const step = luma[at]!;
    if (!(step >= 2)) continue;
    const a = histogram(aligned, at, step);
    const c = histogram(shifted, at, step);
    const mass = 1 - c[0]!;
    if (mass < 0.02) continue;
    let d = 0;
    for (let v = 1; v <= K; v++) d += Math.abs(a[v]! - c[v]!);
    departures.push(d / mass);
  }
  if (departures.length < 5) return undefined;
  const strong = departures.filter((d) => d >= 0.15).length;
  const median = percentile(departures, 0.5);
  if (strong < 2 && median < 0.09) return undefined;
  return {
    kind: 'jpeg_double_compressed',
    frequencies: strong || departures.length,
    median,
    strong,
    boxes: [],
  };
}

/**
 * Areas that missed the image's first compression. A JPEG saved twice keeps the traces of its
 * first quality: pushed through that quality again, its blocks barely change (error levels near
 * zero), while an area pasted in from elsewhere, or drawn after that first save, was never
 * quantised on that grid with those steps and changes several times more. The first quality is
 * searched among IJG qualities other than the file's own on the central megapixel, and only when one
 * of them is clearly a fixed point of the page is the whole image measured at it. Error levels
 * are divided by each block's contrast (textured blocks only), so print and paper compare fairly.
 */
export function firstCompressionAnalysis(k: ImageKernels, image: Plane, texture: Plane, luma: readonly number[]): PixelFinding | undefined {
  const own = matchQuantization(luma).quality;
  const candidates = [70, 75, 80, 85, 90, 95].filter((q) => Math.abs(q - own) > 2);
  if (candidates.length < 3) return undefined;
  const relativeLevels = (plane: Plane, std: Plane, q: number): { ratio: Float32Array; width: number } => {
    const ela = k.elaBlocks(plane, new Float32Array(ijgTable(IJG_LUMA, q)));
    const ratio = new Float32Array(ela.data.length).fill(NaN);
    for (let i = 0; i < ratio.length; i++) if (std.data[i]! >= ELA_TEXTURE) ratio[i] = ela.data[i]! / (std.data[i]! + 1);
    return { ratio, width: ela.width };
  };
  const centre = centreCrop(image, ELA_SEARCH_PIXELS);
  const centreTexture = k.blockStats(centre, 8).std;
  const medians = candidates.map((q) =>
    percentile(
      relativeLevels(centre, centreTexture, q).ratio.filter((v) => !Number.isNaN(v)),
      0.5,
    ),
  );
  let best = 0;
  for (let i = 1; i < medians.length; i++) if (medians[i]! < medians[best]!) best = i;
  const others = medians.filter((_, i) => i !== best);
  if (!(medians[best]! <= 0.5 * percentile(others, 0.5))) return undefined; // no first compression to miss
  const { ratio, width } = relativeLevels(image, texture, candidates[best]!);
  const height = ratio.length / width;
  const typical = percentile(
    ratio.filter((v) => !Number.isNaN(v)),
    0.5,
  );
  const textured = ratio.filter((v) => !Number.isNaN(v)).length;
  const boxes = flaggedGroups(width, height, (i) => ratio[i]! >= 4 * typical)
    .filter((members) => members.length >= ELA_MIN_BLOCKS && members.length <= textured * 0.05)
    .map((members) => groupBox(members, width, 8));
  if (boxes.length === 0 || boxes.length > 3) return undefined;
  return {
    kind: 'first_compression_missing',
    quality: candidates[best]!,
    boxes,
  };
}
