// What `loupe detect` runs in its own process: the media engine for the command's options (models
// verified) and the command itself. The build bundles this module with the media surfaces of
// @loupe/core and @loupe/node into one file (tsup.config.ts), so a photo's detection loads a
// handful of modules instead of some sixty chunks (about 40 ms of a cold process on Node 20,
// whose ES module loader costs near a millisecond a module). Nothing else of the CLI imports the
// core from here: the bundle's copy of it never meets the packages' own.
import { DETECTORS, type DetectorModels, type DetectorVersion, type MediaEngine, type MediaEngineOptions } from '@loupe/core/media';
import { createModelStore, createNodeMediaEngine, MODELS_DIR, type NodeMediaOptions } from '@loupe/node/media';

export { detectCommand } from './detect.js';

/** Which slot of a detector a model task fills. */
const TASK_SLOTS: Record<string, keyof DetectorModels> = { 'media-image-patch-likelihood': 'image', 'speech-synthetic-likelihood': 'audio' };

/** What `loupe detect` was asked to run. */
export interface MediaChoice {
  /** `--detector-version` (default V1.5). */
  version?: string | undefined;
  /** `--models-dir`: a folder searched before the installed models. */
  modelsDir?: string | undefined;
  /** `--model` ids, each filling the slot of its task. */
  models: readonly string[];
}

/** The engine for `choice` and the options a worker pool would build the same engine from, or the error to print. */
export async function mediaEngine(choice: MediaChoice): Promise<{ engine: MediaEngine; options: MediaEngineOptions & NodeMediaOptions } | string> {
  const version = choice.version ?? 'V1.5';
  if (!(version in DETECTORS)) return `unknown detector version ${version} (known: ${Object.keys(DETECTORS).join(', ')})`;
  const store = createModelStore(choice.modelsDir ? [choice.modelsDir, MODELS_DIR] : [MODELS_DIR]);
  const models: Partial<DetectorModels> = {};
  for (const id of choice.models) {
    try {
      const slot = TASK_SLOTS[(await store.load(id)).manifest.task];
      if (!slot) return `model ${id} is for a task the media engine does not run (known: ${Object.keys(TASK_SLOTS).join(', ')})`;
      models[slot] = id;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  const options = { version: version as DetectorVersion, models, ...(choice.modelsDir ? { modelsDir: choice.modelsDir } : {}) };
  const engine = createNodeMediaEngine(options);
  if (Object.keys(models).length > 0) {
    try {
      await engine.preload();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  return { engine, options };
}
