// A photo's detection: decoded through the `ImageDecoder` port, scored by the image model.
import { MediaError, undecodable } from '../errors.js';
import type { DecodedImage } from '../platform.js';
import type { Detection } from '../spec/media.js';
import { type MediaRuntime, message, required } from './detectors.js';
import { type EnvelopeBase, imageDetection } from './envelope.js';
import { scorePicture } from './picture-score.js';

/** Detects on a photo. */
export async function detectImage(runtime: MediaRuntime, bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>): Promise<Detection> {
  const { images } = runtime.platform;
  if (!images) throw new MediaError('detectors_unavailable', 'The platform decodes no images.');
  const threshold = (await required(runtime.imageModel)).manifest.threshold;
  let image: DecodedImage;
  try {
    image = await images.decode(bytes);
  } catch (error) {
    throw undecodable('image', `The image could not be decoded: ${message(error)}`);
  }
  return imageDetection({ ...base, threshold }, await scorePicture(runtime, image));
}
