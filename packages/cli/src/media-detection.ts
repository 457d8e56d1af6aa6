// What `loupe detect` runs in its own process: the media engine for the command's options (models
// verified) and the command itself. The build bundles this module with the media surfaces of
// @loupe/core and @loupe/node into one file (tsup.config.ts), so a photo's detection loads a
// handful of modules instead of some sixty chunks (about 40 ms of a cold process on Node 20,
// whose ES module loader costs near a millisecond a module). The bundle's copy of the core meets
// the packages' own only in a `--jobs N` pool's errors, which `adoptError` brings over.

import { reviveError, serializeError } from '@loupe/core/internal';
import { DETECTORS, type DetectorModels, type DetectorVersion, type MediaEngine, type MediaEngineOptions } from '@loupe/core/media';
import { createModelStore, createNodeMediaEngine, MODELS_DIR, type NodeMediaOptions } from '@loupe/node/media';

export { detectCommand } from './detect.js';

/**
 * An error another copy of the core threw (a `--jobs N` pool's, which loads the packages as
 * published) as this bundle's own class, so the command reads its code: the two copies' classes
 * are not one another's (`instanceof` fails across them, and every error line said INTERNAL_ERROR).
 */
export const adoptError = (error: unknown): unknown => reviveError(serializeError(error));

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
