// Loading a model through the ports, verified before use: the bytes must match the manifest's
// sha256, the manifest's task must be one the caller runs, and its inputs must be what the
// engine will feed (feature width, input names). A user's own model goes through the same checks,
// so a wrong file or a model for another task is refused with a `ModelError`, not run.
import { sha256Hex } from './digest.js';
import { ModelError } from './errors.js';
import type { Inference, InferenceModel, ModelManifestEntry, ModelStore } from './platform.js';

/** A loaded, verified model. */
export interface LoadedModel {
  manifest: ModelManifestEntry;
  model: InferenceModel;
}

/** What the engine will feed a model and expects of its manifest entry. */
export interface ModelExpectation {
  /** Tasks the caller can run. */
  tasks: readonly string[];
  /** Width of the [N, width] feature input, when the model takes feature rows. */
  featureWidth?: number;
  /** Names the model's inputs must have, when the caller feeds them by name. */
  inputNames?: readonly string[];
}

/** Checks a manifest entry against what the engine will feed it; throws a `ModelError`. */
export function checkManifest(entry: ModelManifestEntry, expect: ModelExpectation): void {
  if (!expect.tasks.includes(entry.task)) {
    throw new ModelError(
      `Model "${entry.id}" is for task "${entry.task}"; this step runs ${expect.tasks.map((t) => `"${t}"`).join(' or ')}.`,
      'model_task_mismatch',
    );
  }
  const input = entry.inputs[0];
  if (expect.featureWidth !== undefined && (!input || entry.inputs.length !== 1 || input.shape.length !== 2 || input.shape[1] !== expect.featureWidth)) {
    throw new ModelError(
      `Model "${entry.id}" expects input ${JSON.stringify(input?.shape)}; the engine computes [N, ${expect.featureWidth}] features.`,
      'model_input_mismatch',
    );
  }
  const names = entry.inputs.map((i) => i.name);
  const missing = (expect.inputNames ?? []).filter((n) => !names.includes(n));
  if (missing.length) throw new ModelError(`Model "${entry.id}" lacks the inputs ${missing.join(', ')}.`, 'model_input_mismatch');
  if (!entry.outputs[0]) throw new ModelError(`Model "${entry.id}" declares no output.`, 'model_output_mismatch');
  if (!(entry.threshold >= 0 && entry.threshold <= 1)) throw new ModelError(`Model "${entry.id}" has no threshold between 0 and 1.`, 'model_threshold_invalid');
}

/** Loads `id` from the store, verifies it (digest, task, inputs), and opens it. */
export async function loadModel(id: string, store: ModelStore, inference: Inference, expect: ModelExpectation): Promise<LoadedModel> {
  const { manifest, bytes } = await store.load(id);
  const digest = sha256Hex(bytes);
  if (digest !== manifest.sha256)
    throw new ModelError(
      `Model "${id}" does not match its manifest (sha256 ${digest.slice(0, 12)}…, expected ${manifest.sha256.slice(0, 12)}…).`,
      'model_digest_mismatch',
    );
  checkManifest(manifest, expect);
  return { manifest, model: await inference.load(bytes) };
}

/** Runs a feature-row model on `rows` rows of `width` features; one likelihood per row. */
export async function scoreRows(loaded: LoadedModel, features: Float32Array, rows: number, width: number): Promise<Float32Array> {
  if (rows === 0) return new Float32Array(0);
  const outputs = await loaded.model.run({ [loaded.manifest.inputs[0]!.name]: { data: features, dims: [rows, width] } });
  const scores = outputs[loaded.manifest.outputs[0]!.name]?.data;
  if (!(scores instanceof Float32Array) || scores.length !== rows)
    throw new ModelError(`Model "${loaded.manifest.id}" returned ${scores?.length ?? 0} scores for ${rows} rows.`, 'model_output_mismatch');
  return scores;
}
