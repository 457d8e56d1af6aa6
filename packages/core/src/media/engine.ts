// The media detection engine: bytes in, the spec's Detection out. The media is admitted by
// content (`inspectMedia`); images are decoded through the `ImageDecoder` port, video frames (at
// the planned times only) and audio through the `MediaDecoder` port. Pictures are scored by the
// image model (patch likelihoods on the kernels' features, the mean of the top quarter); audio
// is brought to 16 kHz, its voice activity found by the VAD model, and each 4 s window with
// speech scored by the speech model on its cepstral statistics (windows without speech abstain).
// Which models answer is set by the detector version (`DETECTORS`) or by the caller's own
// model ids; every model is verified against its manifest entry before it runs.
import { analyseSpeech, SPEECH_FEATURES, windowFeatures } from '../audio/speech-features.js';
import { loadVad } from '../audio/vad.js';
import { loadPatchModel, patchLikelihoods } from '../image/genai-heatmap.js';
import { loadModel, scoreRows, type LoadedModel } from '../model-loading.js';
import type { DecodedAudio, DecodedImage, ImageDecoder, Inference, MediaDecoder, ModelStore } from '../platform.js';
import { wasmAudioKernels } from '../audio/wasm-kernels.js';
import { encodeBase64 } from '../wasm/base64.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import type { Detection, Frame, Segment } from '../spec/media.js';
import { audioDetection, imageDetection, videoDetection, type DetectorVersion, type EnvelopeBase } from './envelope.js';
import { inspectMedia } from './inspect.js';
import { MediaError, undecodable } from '../errors.js';
import { aggregateScore, audioWindows, centreThreshold, framePlan, MIN_AUDIO_MS } from './plan.js';

/** What the media engine needs from its platform. */
export interface MediaPlatform {
  images?: ImageDecoder;
  media?: MediaDecoder;
  inference?: Inference;
  models?: ModelStore;
}

/** The models a detector version runs, by manifest id. */
export interface DetectorModels {
  /** Photos and video frames (task `media-image-patch-likelihood`). */
  image: string;
  /** Speech windows (task `speech-synthetic-likelihood`). */
  audio: string;
}

/** The models behind each detector version. */
export const DETECTORS: Record<DetectorVersion, DetectorModels> = {
  'V1.5': { image: 'mediaforge', audio: 'speechforge' },
  'V1.6': { image: 'mediaforge-v16', audio: 'speechforge' },
};

/** Media engine options. */
export interface MediaEngineOptions {
  /** Detector version: which models answer and the label in `model` (default V1.5). */
  version?: DetectorVersion;
  /** A caller's own models (ids in the model store) instead of the version's. */
  models?: Partial<DetectorModels>;
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
  /**
   * Loads and verifies every model the engine would run (image, speech, VAD); throws the first
   * `ModelError` (a user's model of the wrong task or shape, a file not matching its digest).
   */
  preload(): Promise<void>;
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
  const version = options.version ?? 'V1.5';
  const ids = { ...DETECTORS[version], ...options.models };
  const cache = new Map<string, Promise<LoadedModel>>();
  const model = (key: string, load: (store: ModelStore, inference: Inference) => Promise<LoadedModel>): Promise<LoadedModel> => {
    const { models, inference } = platform;
    if (!models || !inference) return Promise.reject(new MediaError('detectors_unavailable', 'The platform runs no models.'));
    let loaded = cache.get(key);
    if (!loaded) {
      loaded = load(models, inference);
      cache.set(key, loaded);
    }
    return loaded;
  };
  /** A model for a detection: an unusable model is the spec's DETECTORS_UNAVAILABLE. */
  const required = async (get: () => Promise<LoadedModel>): Promise<LoadedModel> => {
    try {
      return await get();
    } catch (error) {
      if (error instanceof MediaError) throw error;
      throw new MediaError('detectors_unavailable', message(error));
    }
  };
  const imageModel = (): Promise<LoadedModel> => model('image', (s, i) => loadPatchModel(ids.image, s, i, 'media-image-patch-likelihood'));
  const speechModel = (): Promise<LoadedModel> => model('audio', (s, i) => loadModel(ids.audio, s, i, { tasks: ['speech-synthetic-likelihood'], featureWidth: SPEECH_FEATURES }));
  const vadModel = (): Promise<LoadedModel> => model('vad', (s, i) => loadVad(s, i));

  /**
   * A picture's score: the mean of the top quarter of its patch likelihoods (null without
   * patches). Large pictures are read at their own resolution in a 3 x 3 grid of 512-pixel tiles
   * spread over the picture, not resized (resampling would look like a generator's upsampling).
   */
  const scorePicture = async (image: DecodedImage): Promise<number | null> => {
    const loaded = await imageModel();
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

  const detectImage = async (bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>): Promise<Detection> => {
    if (!platform.images) throw new MediaError('detectors_unavailable', 'The platform decodes no images.');
    const threshold = (await required(imageModel)).manifest.threshold;
    let image: DecodedImage;
    try {
      image = await platform.images.decode(bytes);
    } catch (error) {
      throw undecodable('image', `The image could not be decoded: ${message(error)}`);
    }
    return imageDetection({ ...base, threshold }, await scorePicture(image));
  };

  const detectVideo = async (bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>, thumbnails: boolean): Promise<Detection> => {
    const decoder = platform.media;
    if (!decoder) throw new MediaError('detectors_unavailable', 'The platform decodes no video.');
    const threshold = (await required(imageModel)).manifest.threshold;
    let probe;
    try {
      probe = await decoder.probe(bytes);
    } catch (error) {
      throw undecodable('video', `The video could not be read: ${message(error)}`);
    }
    if (!probe.video) throw undecodable('video', 'The file holds no video stream.');
    const times = framePlan(probe.durationS);
    const decoded = await decoder.frames(bytes, times, FRAME_SIDE, probe);
    const frames: Frame[] = [];
    for (const [index, frame] of decoded.entries()) {
      if ('error' in frame) {
        frames.push({ index, timestamp_s: frame.timeS, score: null, cause: 'frame_not_decoded' });
        continue;
      }
      const score = await scorePicture(frame);
      const entry: Frame = score === null ? { index, timestamp_s: frame.timeS, score: null, cause: 'frame_too_small' } : { index, timestamp_s: frame.timeS, score };
      if (thumbnails) {
        const b64 = await thumbnail(frame);
        if (b64) entry.thumbnail_b64 = b64;
      }
      frames.push(entry);
    }
    return videoDetection({ ...base, threshold }, frames);
  };

  const detectAudio = async (bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>): Promise<Detection> => {
    const decoder = platform.media;
    if (!decoder) throw new MediaError('detectors_unavailable', 'The platform decodes no audio.');
    const [speech, vad] = await Promise.all([required(speechModel), required(vadModel)]);
    let audio: DecodedAudio;
    try {
      audio = await decoder.audio(bytes);
    } catch (error) {
      throw undecodable('audio', `The audio could not be decoded: ${message(error)}`);
    }
    const durationMs = audio.sampleRate > 0 ? (audio.samples.length / audio.sampleRate) * 1000 : 0;
    // window values are put on the scale where 0.5 is the model's threshold (audio has no threshold_used to show)
    const envelope = { ...base, threshold: 0.5 };
    const onHalfScale = (p: number): number => centreThreshold(p, speech.manifest.threshold);
    if (durationMs < MIN_AUDIO_MS) return audioDetection(envelope, durationMs, []);
    const analysis = await analyseSpeech(wasmAudioKernels, vad, audio.samples, audio.sampleRate);
    const windows = audioWindows(durationMs);
    const features = windows.map((w) => windowFeatures(analysis, w.start_ms, w.end_ms));
    const voiced = features.filter((f): f is Float32Array => f !== null);
    const rows = new Float32Array(voiced.length * SPEECH_FEATURES);
    voiced.forEach((f, i) => rows.set(f, i * SPEECH_FEATURES));
    const values = await scoreRows(speech, rows, voiced.length, SPEECH_FEATURES);
    let next = 0;
    const segments: Segment[] = windows.map((w, i) =>
      features[i] ? { ...w, value: onHalfScale(values[next++]!), status: 'scored' } : { ...w, value: null, status: 'abstained', reason_codes: ['no_voice_content'] },
    );
    return audioDetection(envelope, durationMs, segments);
  };

  return {
    async preload() {
      await Promise.all([imageModel(), speechModel(), vadModel()]);
    },
    async detect(bytes, input) {
      const { media } = inspectMedia(bytes, input.filename);
      const base = { id: (options.newId ?? randomId)(), createdAt: (options.now ?? (() => new Date()))(), media, version };
      if (media.type === 'image') return detectImage(bytes, base);
      if (media.type === 'audio') return detectAudio(bytes, base);
      return detectVideo(bytes, base, input.thumbnails ?? false);
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
