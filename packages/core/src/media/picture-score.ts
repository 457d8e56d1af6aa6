// Pictures as the image model sees them: a score per picture (photos and video frames alike) and
// the small grey thumbnail of a video frame.
import { GENAI_FEATURES, genaiFeatures } from '../image/genai-features.js';
import type { GrayPixels } from '../image/kernels.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import { scoreRows } from '../model-loading.js';
import type { DecodedImage, PixelRect } from '../platform.js';
import { encodeBase64 } from '../wasm/base64.js';
import type { MediaRuntime } from './detectors.js';
import { aggregateScore } from './plan.js';

/** Pictures over this many pixels are scored on tiles. */
const TILED_PIXELS = 2_500_000;
const TILE = 512;

/**
 * Where a large picture is read: a 3 x 3 grid of TILE-pixel tiles spread over it, at its own
 * resolution; undefined for a picture small enough to be read whole.
 */
export function pictureTiles(width: number, height: number): PixelRect[] | undefined {
  if (width * height <= TILED_PIXELS || width < TILE || height < TILE) return undefined;
  const out: PixelRect[] = [];
  for (let ty = 0; ty < 3; ty++)
    for (let tx = 0; tx < 3; tx++) out.push({ x: Math.round(((width - TILE) * tx) / 2), y: Math.round(((height - TILE) * ty) / 2), width: TILE, height: TILE });
  return out;
}

/** The pixels of `rect` (inside the picture) of a decoded picture, copied row by row. */
export function cropPixels(image: DecodedImage, { x, y, width, height }: PixelRect): DecodedImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++)
    rgba.set(image.rgba.subarray(((y + row) * image.width + x) * 4, ((y + row) * image.width + x + width) * 4), row * width * 4);
  return { width, height, rgba };
}

/**
 * A picture's score: the mean of the top quarter of its patch likelihoods (null without
 * patches). Large pictures are read at their own resolution in a 3 x 3 grid of 512-pixel tiles
 * spread over the picture (`pictureTiles`), not resized (resampling would look like a
 * generator's upsampling); `picture` is the decoded picture, or its tiles already decoded alone
 * (as colour, or as grey levels where the decoder reads a JPEG's luma alone).
 */
export async function scorePicture(runtime: MediaRuntime, picture: DecodedImage | (DecodedImage | GrayPixels)[]): Promise<number | null> {
  const loaded = await runtime.imageModel();
  const rects = Array.isArray(picture) ? undefined : pictureTiles(picture.width, picture.height);
  const parts = Array.isArray(picture) ? picture : rects ? rects.map((rect) => cropPixels(picture, rect)) : [picture];
  const features = pictureFeatures(parts);
  return aggregateScore(Array.from(await scoreRows(loaded, features, features.length / GENAI_FEATURES, GENAI_FEATURES)));
}

/** The patch feature rows of every part of a picture, one after another: one run of the model reads them all. */
export function pictureFeatures(parts: readonly (DecodedImage | GrayPixels)[]): Float32Array {
  const rows = parts.map((tile) => genaiFeatures(wasmKernels, tile).features);
  const features = new Float32Array(rows.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const row of rows) {
    features.set(row, at);
    at += row.length;
  }
  return features;
}

/** Longest side of a frame thumbnail. */
const THUMBNAIL_SIDE = 160;

/** A grey JPEG thumbnail of a picture, base64; undefined when the platform encodes no JPEG. */
export async function thumbnail({ platform }: MediaRuntime, image: DecodedImage): Promise<string | undefined> {
  if (!platform.images?.encodeJpeg) return undefined;
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const small = wasmKernels.resizeArea(wasmKernels.gray(image.rgba, image.width, image.height), width, height);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = Math.round(small.data[i]!);
    rgba.set([v, v, v, 255], i * 4);
  }
  return encodeBase64(await platform.images.encodeJpeg({ width, height, rgba }, 80));
}
