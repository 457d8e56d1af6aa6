// The media detection engine: bytes in, the spec's Detection out. The media is admitted by
// content (`inspectMedia`) and handed to its detection — a photo (`detect-image.ts`), a video
// (`detect-video.ts`) or a recording (`detect-audio.ts`) — over one runtime of ports and models
// (`detectors.ts`). Which models answer is set by the detector version (`DETECTORS`) or by the
// caller's own model ids; every model is verified against its manifest entry before it runs.
import type { Detection } from '../spec/media.js';
import { detectAudio } from './detect-audio.js';
import { detectImage } from './detect-image.js';
import { detectVideo } from './detect-video.js';
import { createRuntime, type DetectorModels, type MediaPlatform, type MediaRuntime } from './detectors.js';
import type { DetectorVersion } from './envelope.js';
import { inspectMedia, mediaOfStreams } from './inspect.js';

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
  /** The clock for `created_at` (default: the system's). */
  now?: () => Date;
  /** Detection ids (default: `det_` and 16 random hex digits). */
  newId?: () => string;
}

/** What a caller says besides the bytes. */
export interface DetectInput {
  filename: string | null;
  /** Video only: add `thumbnail_b64` to each frame. */
  thumbnails?: boolean;
  /** This detection's detector version (an account's setting); default: the engine's. */
  version?: DetectorVersion;
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
  const defaultVersion = options.version ?? 'V1.5';
  const runtimes = new Map<DetectorVersion, MediaRuntime>();
  /** The runtime of a version (the caller's own models, when given, replace the default version's). */
  const runtimeOf = (version: DetectorVersion): MediaRuntime => {
    let runtime = runtimes.get(version);
    if (!runtime) {
      runtime = createRuntime(platform, { ...DETECTORS[version], ...(version === defaultVersion ? options.models : {}) });
      runtimes.set(version, runtime);
    }
    return runtime;
  };
  return {
    async preload() {
      const runtime = runtimeOf(defaultVersion);
      await Promise.all([runtime.imageModel(), runtime.speechModel(), runtime.vadModel()]);
    },
    async detect(bytes, input) {
      const version = input.version ?? defaultVersion;
      const runtime = runtimeOf(version);
      const inspected = inspectMedia(bytes, input.filename).media;
      // a video container is probed once, here: its streams decide whether it is a recording
      const probe = inspected.type === 'video' ? await runtime.platform.media?.probe(bytes).catch(() => undefined) : undefined;
      const media = probe ? mediaOfStreams(inspected, probe) : inspected;
      const base = { id: (options.newId ?? randomId)(), createdAt: (options.now ?? (() => new Date()))(), media, version };
      if (media.type === 'image') return detectImage(runtime, bytes, base);
      if (media.type === 'audio') return detectAudio(runtime, bytes, base);
      return detectVideo(runtime, bytes, base, input.thumbnails ?? false, probe);
    },
  };
}
