// A photo's detection: a baseline JPEG's luma plane decoded in the core (the tiles the model reads
// alone, as it reads grey levels); any other picture through the `ImageDecoder` port (a JPEG's
// luma plane alone where the platform decodes it, else colour); scored by the image model.
import { jpegLumaFirst } from '../containers/jpeg.js';
import { MediaError, undecodable } from '../errors.js';
import { decodeJpegLumaRegions } from '../image/jpeg-luma.js';
import type { GrayPixels } from '../image/kernels.js';
import type { DecodedImage, ImageDecoder, PixelRect } from '../platform.js';
import type { Detection } from '../spec/media.js';
import { loadingModel, type MediaRuntime, message } from './detectors.js';
import { type EnvelopeBase, imageDetection } from './envelope.js';
import { pictureTiles, scorePicture } from './picture-score.js';

/** Detects on a photo. */
export async function detectImage(runtime: MediaRuntime, bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>): Promise<Detection> {
  const { images } = runtime.platform;
  if (!images) throw new MediaError('detectors_unavailable', 'The platform decodes no images.');
  const model = loadingModel(runtime.imageModel); // loads while the picture decodes
  let picture: DecodedImage | (DecodedImage | GrayPixels)[];
  try {
    // the model reads grey levels: a JPEG's luma plane alone (the core's decoder for a baseline
    // JPEG, else the platform's where it has one), else colour; only the tiles the model reads,
    // where the decoder can skip the rest (a large photo is never held whole)
    const luma = jpegLumaFirst(bytes);
    picture =
      (luma && coreLumaTiles(bytes)) ||
      (luma && images.decodeJpegLuma && (await lumaTiles(images.decodeJpegLuma.bind(images), bytes).catch(() => undefined))) ||
      (images.decodeRegions ? await regionsOrWhole(images.decodeRegions.bind(images), bytes) : await images.decode(bytes));
  } catch (error) {
    await model;
    throw undecodable('image', `The image could not be decoded: ${message(error)}`);
  }
  const threshold = (await model).manifest.threshold;
  return imageDetection({ ...base, threshold }, await scorePicture(runtime, picture));
}

/** The regions the model reads of a picture of this size: its tiles, or the whole picture as one region. */
const tilesOrWhole = (width: number, height: number): PixelRect[] => pictureTiles(width, height) ?? [{ x: 0, y: 0, width, height }];

/** The grey levels of a baseline JPEG's tiles (or whole picture) decoded in the core; undefined when it is not one the core decodes. */
function coreLumaTiles(bytes: Uint8Array): GrayPixels[] | undefined {
  try {
    return decodeJpegLumaRegions(bytes, tilesOrWhole)?.regions.map(({ width, height, luma }) => ({ width, height, gray: luma }));
  } catch {
    return undefined; // memory the kernels could not grow to: the platform's decoder, in its own process
  }
}

/** The grey levels of the picture's tiles, or of the whole picture when it is read whole. */
async function lumaTiles(decodeJpegLuma: NonNullable<ImageDecoder['decodeJpegLuma']>, bytes: Uint8Array): Promise<GrayPixels[]> {
  const decoded = await decodeJpegLuma(bytes, tilesOrWhole);
  return decoded.regions.map(({ width, height, luma }) => ({ width, height, gray: luma }));
}

/** The picture's tiles when it is large enough to be read in tiles, else the whole picture (as one region). */
async function regionsOrWhole(decodeRegions: NonNullable<ImageDecoder['decodeRegions']>, bytes: Uint8Array): Promise<DecodedImage | DecodedImage[]> {
  const decoded = await decodeRegions(bytes, tilesOrWhole);
  return pictureTiles(decoded.width, decoded.height) ? decoded.regions : decoded.regions[0]!;
}
