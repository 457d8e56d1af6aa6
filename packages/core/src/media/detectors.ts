// The models of one media engine and the ports it decodes with: each model loaded and verified
// against its manifest entry once per engine, by the ids of its detector version or the caller's
// own. A model that cannot be used for a detection is the spec's DETECTORS_UNAVAILABLE.
import { SPEECH_FEATURES } from '../audio/speech-features.js';
import { loadVad } from '../audio/vad.js';
import { MediaError } from '../errors.js';
import { loadPatchModel } from '../image/genai-heatmap.js';
import { type LoadedModel, loadModel } from '../model-loading.js';
import type { ImageDecoder, Inference, MediaDecoder, ModelStore } from '../platform.js';

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

/** The platform and the models of one engine: what every detection stage reads. */
export interface MediaRuntime {
  platform: MediaPlatform;
  imageModel(): Promise<LoadedModel>;
  speechModel(): Promise<LoadedModel>;
  vadModel(): Promise<LoadedModel>;
}

/** The runtime of an engine running the models `ids` on `platform` (loaded on first use, once). */
export function createRuntime(platform: MediaPlatform, ids: DetectorModels): MediaRuntime {
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
  return {
    platform,
    imageModel: () => model('image', (s, i) => loadPatchModel(ids.image, s, i, 'media-image-patch-likelihood')),
    speechModel: () => model('audio', (s, i) => loadModel(ids.audio, s, i, { tasks: ['speech-synthetic-likelihood'], featureWidth: SPEECH_FEATURES })),
    vadModel: () => model('vad', (s, i) => loadVad(s, i)),
  };
}

/** A model for a detection: an unusable model is the spec's DETECTORS_UNAVAILABLE. */
export async function required(get: () => Promise<LoadedModel>): Promise<LoadedModel> {
  try {
    return await get();
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError('detectors_unavailable', message(error));
  }
}

/**
 * `required(get)` started now, so a model loads while the media decodes: the caller awaits it
 * after the decode (and before reporting a decode failure, so an unusable model is still the
 * answer it was). A rejection is observed here so it never goes unhandled meanwhile.
 */
export function loadingModel(get: () => Promise<LoadedModel>): Promise<LoadedModel> {
  const model = required(get);
  model.catch(() => undefined);
  return model;
}

/** An error's message. */
export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
