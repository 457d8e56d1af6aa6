// The media detection engine: bytes in, the spec's Detection out. The media is admitted by
// content (`inspectMedia`) and handed to its detection — a photo (`detect-image.ts`), a video
// (`detect-video.ts`) or a recording (`detect-audio.ts`) — over one runtime of ports and models
// (`detectors.ts`). Which models answer is set by the detector version (`DETECTORS`) or by the
// caller's own model ids; every model is verified against its manifest entry before it runs.
import type { Detection } from '../spec/media.js';
import { detectAudio } from './detect-audio.js';
import { detectImage } from './detect-image.js';
import { detectVideo } from './detect-video.js';
import { createRuntime, type DetectorModels, type MediaPlatform } from './detectors.js';
import type { DetectorVersion } from './envelope.js';
import { inspectMedia } from './inspect.js';

export type { DetectorModels, MediaPlatform } from './detectors.js';

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
  /** Runs one detection; throws a `MediaError` with its code when there is no Detection. */
  detect(bytes: Uint8Array, input: DetectInput): Promise<Detection>;
  /**
   * Loads and verifies every model the engine would run (image, speech, VAD); throws the first
   * `ModelError` (a user's model of the wrong task or shape, a file not matching its digest).
   */
  preload(): Promise<void>;
}

function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `det_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Creates a media engine. */
export function createMediaEngine(platform: MediaPlatform, options: MediaEngineOptions = {}): MediaEngine {
  const version = options.version ?? 'V1.5';
  const runtime = createRuntime(platform, { ...DETECTORS[version], ...options.models });
  return {
    async preload() {
      await Promise.all([runtime.imageModel(), runtime.speechModel(), runtime.vadModel()]);
    },
    async detect(bytes, input) {
      const { media } = inspectMedia(bytes, input.filename);
      const base = { id: (options.newId ?? randomId)(), createdAt: (options.now ?? (() => new Date()))(), media, version };
      if (media.type === 'image') return detectImage(runtime, bytes, base);
      if (media.type === 'audio') return detectAudio(runtime, bytes, base);
      return detectVideo(runtime, bytes, base, input.thumbnails ?? false);
    },
  };
}
