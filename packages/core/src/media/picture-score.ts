// Pictures as the image model sees them: a score per picture (photos and video frames alike) and
// the small grey thumbnail of a video frame.
import { patchLikelihoods } from '../image/genai-heatmap.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import type { DecodedImage } from '../platform.js';
import { encodeBase64 } from '../wasm/base64.js';
import type { MediaRuntime } from './detectors.js';
import { aggregateScore } from './plan.js';

/** Pictures over this many pixels are scored on tiles. */
const TILED_PIXELS = 2_500_000;
const TILE = 512;

/** The picture itself, or a 3 x 3 grid of TILE-pixel tiles spread over it. */
function tiles(image: DecodedImage): DecodedImage[] {
  if (image.width * image.height <= TILED_PIXELS || image.width < TILE || image.height < TILE) return [image];
  const out: DecodedImage[] = [];
  for (let ty = 0; ty < 3; ty++) {
    for (let tx = 0; tx < 3; tx++) {
      const x0 = Math.round(((image.width - TILE) * tx) / 2);
      const y0 = Math.round(((image.height - TILE) * ty) / 2);
      const rgba = new Uint8Array(TILE * TILE * 4);
      for (let y = 0; y < TILE; y++) rgba.set(image.rgba.subarray(((y0 + y) * image.width + x0) * 4, ((y0 + y) * image.width + x0 + TILE) * 4), y * TILE * 4);
      out.push({ width: TILE, height: TILE, rgba });
    }
  }
  return out;
}

/**
 * A picture's score: the mean of the top quarter of its patch likelihoods (null without
 * patches). Large pictures are read at their own resolution in a 3 x 3 grid of 512-pixel tiles
 * spread over the picture, not resized (resampling would look like a generator's upsampling).
 */
export async function scorePicture(runtime: MediaRuntime, image: DecodedImage): Promise<number | null> {
  const loaded = await runtime.imageModel();
  const scores: number[] = [];
  for (const tile of tiles(image)) {
    const result = await patchLikelihoods(wasmKernels, wasmKernels.gray(tile.rgba, tile.width, tile.height), loaded);
    scores.push(...result.scores);
  }
  return aggregateScore(scores);
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
