// The GenAI heatmap (`models: ["docforge"]`): per-patch likelihoods from the docforge model run
// through the `Inference` port, as the spec's `genai_heatmap` rows, and the areas where connected
// patches pass the model's threshold (the GenAI heatmap check reports them). Models are verified
// on load (model-loading.ts).

import { type LoadedModel, loadModel, scoreRows } from '../model-loading.js';
import type { Inference, ModelStore } from '../platform.js';
import { GENAI_FEATURES, GENAI_PATCH, genaiFeatures } from './genai-features.js';
import type { ImageKernels, Plane } from './kernels.js';
import { flaggedGroups, groupBox } from './pixel-checks/grid-groups.js';
import type { PixelBox } from './pixel-checks/types.js';

/** Tasks whose models take the patch features (`genaiFeatures`). */
export const PATCH_MODEL_TASKS = ['genai-patch-likelihood', 'media-image-patch-likelihood'] as const;

/** Loads a patch model (docforge, mediaforge or a user's own of the same kind), verified. */
export function loadPatchModel(id: string, store: ModelStore, inference: Inference, task: (typeof PATCH_MODEL_TASKS)[number]): Promise<LoadedModel> {
  return loadModel(id, store, inference, { tasks: [task], featureWidth: GENAI_FEATURES });
}

/** What the heatmap produced: its rows, and the connected areas over the model's threshold (in the picture's pixels). */
export interface GenaiResult {
  heatmap: number[][];
  areas: PixelBox[];
  /** Patches in those areas, and patches in all. */
  flagged: number;
  patches: number;
}

/** The model's likelihood for every whole 64-pixel patch of `gray` (row-major). */
export async function patchLikelihoods(
  k: ImageKernels,
  gray: Plane,
  loaded: LoadedModel,
): Promise<{ scores: Float32Array; patchesWide: number; patchesHigh: number }> {
  const { features, patchesWide, patchesHigh } = genaiFeatures(k, gray);
  return { scores: await scoreRows(loaded, features, patchesWide * patchesHigh, GENAI_FEATURES), patchesWide, patchesHigh };
}

/** Scores every 64-pixel patch of `gray` and finds connected patches over the threshold. */
export async function genaiHeatmap(k: ImageKernels, gray: Plane, loaded: LoadedModel): Promise<GenaiResult> {
  const { scores, patchesWide, patchesHigh } = await patchLikelihoods(k, gray, loaded);
  const patches = patchesWide * patchesHigh;
  if (patches === 0) return { heatmap: [], areas: [], flagged: 0, patches };
  const heatmap: number[][] = [];
  for (let y = 0; y < patchesHigh; y++) heatmap.push(Array.from(scores.subarray(y * patchesWide, (y + 1) * patchesWide), (s) => Math.round(s * 1000) / 1000));
  const threshold = loaded.manifest.threshold;
  const groups = flaggedGroups(patchesWide, patchesHigh, (p) => scores[p]! >= threshold, { edgesOnly: true }).filter((g) => g.length >= 3);
  const flagged = groups.reduce((n, g) => n + g.length, 0);
  return { heatmap, areas: groups.map((g) => groupBox(g, patchesWide, GENAI_PATCH)), flagged, patches };
}
