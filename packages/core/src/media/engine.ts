// The media detection engine: bytes in, the spec's Detection out. The media is admitted by
// content (`inspectMedia`); images are decoded through the `ImageDecoder` port and video frames,
// at the planned times only, through the `MediaDecoder` port; each picture is scored by the
// mediaforge model (patch likelihoods on the kernels' features, the mean of the top quarter) and
// the envelope is assembled by envelope.ts. Audio has no detector yet: it is refused with
// DETECTORS_UNAVAILABLE, the spec's answer when no detector can take the run.
import { encodeBase64 } from '../wasm/base64.js';
import { loadModel, patchLikelihoods, type LoadedModel } from '../image/genai-heatmap.js';
import type { DecodedImage, ImageDecoder, Inference, MediaDecoder, ModelStore } from '../platform.js';
import { wasmKernels } from '../wasm/image-kernels.js';
import { imageDetection, videoDetection, type Detection, type DetectorVersion, type Frame } from './envelope.js';
import { inspectMedia } from './inspect.js';
import { MediaError, undecodable } from './media-errors.js';
import { aggregateScore, framePlan } from './plan.js';

/** What the media engine needs from its platform. */
export interface MediaPlatform {
  images?: ImageDecoder;
  media?: MediaDecoder;
  inference?: Inference;
  models?: ModelStore;
}

/** Media engine options. */
export interface MediaEngineOptions {
  /** Detector version reported in `model` (default V1.5). */
  version?: DetectorVersion;
  now?: () => Date;
  /** Detection ids (default: `det_` and 16 random hex digits). */
  newId?: () => string;
}

/** What a caller says besides the bytes. */
export interface DetectInput {
  filename: string | null;
  /** Video only: add `thumbnail_b64` to each frame. */
  thumbnails?: boolean;
}

/** The media engine bound to a platform. */
export interface MediaEngine {
  /** Runs one detection; throws a `MediaError` with the spec's code when there is no Detection. */
  detect(bytes: Uint8Array, input: DetectInput): Promise<Detection>;
}

/** Longest side frames are decoded at. */
const FRAME_SIDE = 1024;
/** Longest side of a frame thumbnail. */
const THUMBNAIL_SIDE = 160;

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

function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `det_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Creates a media engine. */
export function createMediaEngine(platform: MediaPlatform, options: MediaEngineOptions = {}): MediaEngine {
  let model: Promise<LoadedModel> | undefined;
  const mediaforge = (): Promise<LoadedModel> => {
    if (!platform.models || !platform.inference) return Promise.reject(new MediaError('DETECTORS_UNAVAILABLE', 'The platform runs no models.'));
    model ??= loadModel('mediaforge', platform.models, platform.inference);
    return model;
  };
  /**
   * A picture's score: the mean of the top quarter of its patch likelihoods (null without
   * patches). Large pictures are read at their own resolution in a 3 x 3 grid of 512-pixel tiles
   * spread over the picture, not resized (resampling would look like a generator's upsampling).
   */
  const scorePicture = async (image: DecodedImage): Promise<number | null> => {
    const loaded = await mediaforge();
    const scores: number[] = [];
    for (const tile of tiles(image)) {
      const result = await patchLikelihoods(wasmKernels, wasmKernels.gray(tile.rgba, tile.width, tile.height), loaded);
      scores.push(...result.scores);
    }
    return aggregateScore(scores);
  };
  const thumbnail = async (image: DecodedImage): Promise<string | undefined> => {
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
  };

  return {
    async detect(bytes, input) {
      const { media } = inspectMedia(bytes, input.filename);
      const base = { id: (options.newId ?? randomId)(), createdAt: (options.now ?? (() => new Date()))(), media, version: options.version ?? 'V1.5', threshold: (await mediaforge()).manifest.threshold };
      if (media.type === 'image') {
        if (!platform.images) throw new MediaError('DETECTORS_UNAVAILABLE', 'The platform decodes no images.');
        let image: DecodedImage;
        try {
          image = await platform.images.decode(bytes);
        } catch (error) {
          throw undecodable('image', `The image could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
        }
        return imageDetection(base, await scorePicture(image));
      }
      if (media.type === 'audio') throw new MediaError('DETECTORS_UNAVAILABLE', 'No audio detector is installed in this engine yet.');
      const decoder = platform.media;
      if (!decoder) throw new MediaError('DETECTORS_UNAVAILABLE', 'The platform decodes no video.');
      let probe;
      try {
        probe = await decoder.probe(bytes);
      } catch (error) {
        throw undecodable('video', `The video could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!probe.video) throw undecodable('video', 'The file holds no video stream.');
      const times = framePlan(probe.durationS);
      const decoded = await decoder.frames(bytes, times, FRAME_SIDE);
      const frames: Frame[] = [];
      for (const [index, frame] of decoded.entries()) {
        if ('error' in frame) {
          frames.push({ index, timestamp_s: frame.timeS, score: null, cause: 'frame_not_decoded' });
          continue;
        }
        const score = await scorePicture(frame);
        const entry: Frame = score === null ? { index, timestamp_s: frame.timeS, score: null, cause: 'frame_too_small' } : { index, timestamp_s: frame.timeS, score };
        if (input.thumbnails) {
          const b64 = await thumbnail(frame);
          if (b64) entry.thumbnail_b64 = b64;
        }
        frames.push(entry);
      }
      return videoDetection(base, frames);
    },
  };
}
