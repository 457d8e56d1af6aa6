// What the image checks read of a picture's pixels, made once before the checks run: the pixel
// analyses on the WebAssembly kernels (noise, print sharpness, JPEG compression traces, copied
// areas; `pixel-forensics.ts`), or why a picture's pixels could not be analysed, and how closely
// its EXIF thumbnail matches it. Boxes stay in the picture's pixels; the document stages place them
// on their page.

import type { DecodedImage, ImageDecoder } from '../platform.js';
import type { ImageKernels, Plane } from './kernels.js';
import { analysePixels, type PixelReport } from './pixel-forensics.js';
import { wasmKernels } from './wasm-kernels.js';

/** Largest image whose pixels are decoded (a decompression-bomb bound): 50 megapixels. */
export const MAX_DECODE_PIXELS = 50_000_000;

/** The pixel analysis of a decoded picture (`luma`: its JPEG luminance table), or why it cannot be analysed. */
export function analysePicture(
  image: DecodedImage,
  luma: readonly number[] | undefined,
  kernels: ImageKernels = wasmKernels,
): { report: PixelReport } | { notAnalysed: string } {
  if (image.width < 64 || image.height < 64) return { notAnalysed: `${image.width}x${image.height} pixels are too few to analyse` };
  return { report: analysePixels(kernels, image.rgba, image.width, image.height, luma) };
}

/** Correlation of the EXIF thumbnail with the image reduced to its size (1: same picture), or undefined when they cannot be compared. */
export async function thumbnailCorrelation(k: ImageKernels, decoder: ImageDecoder, thumbnail: Uint8Array, gray: Plane): Promise<number | undefined> {
  const thumb = await decoder.decode(thumbnail);
  const aspect = gray.width / gray.height / (thumb.width / thumb.height);
  if (Math.abs(aspect - 1) > 0.05 || thumb.width < 16 || thumb.height < 16) return undefined; // letterboxed or rotated: not comparable
  const a = k.gray(thumb.rgba, thumb.width, thumb.height).data;
  const b = k.resizeArea(gray, thumb.width, thumb.height).data;
  const mean = (v: Float32Array): number => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : undefined;
}
