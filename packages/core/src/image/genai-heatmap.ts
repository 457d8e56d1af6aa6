// The GenAI heatmap (`models: ["docforge"]`): per-patch likelihoods from the docforge model run
// through the `Inference` port, as the spec's `genai_heatmap` rows, and a finding where connected
// patches pass the model's threshold. Models are verified on load (model-loading.ts).

import type { Finding } from '../forensics/findings.js';
import { type LoadedModel, loadModel, scoreRows } from '../model-loading.js';
import type { Inference, ModelStore } from '../platform.js';
import { pixelToPageBox } from './examine-image.js';
import { GENAI_FEATURES, GENAI_PATCH, genaiFeatures } from './genai-features.js';
import type { ImageKernels, Plane } from './kernels.js';
import { flaggedGroups, groupBox } from './pixel-checks/grid-groups.js';

/** Tasks whose models take the patch features (`genaiFeatures`). */
export const PATCH_MODEL_TASKS = ['genai-patch-likelihood', 'media-image-patch-likelihood'] as const;

/** Loads a patch model (docforge, mediaforge or a user's own of the same kind), verified. */
export function loadPatchModel(id: string, store: ModelStore, inference: Inference, task: (typeof PATCH_MODEL_TASKS)[number]): Promise<LoadedModel> {
  return loadModel(id, store, inference, { tasks: [task], featureWidth: GENAI_FEATURES });
}

/** What the heatmap produced. */
export interface GenaiResult {
  heatmap: number[][];
  finding?: Finding;
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
  if (patches === 0) return { heatmap: [] };
  const heatmap: number[][] = [];
  for (let y = 0; y < patchesHigh; y++) heatmap.push(Array.from(scores.subarray(y * patchesWide, (y + 1) * patchesWide), (s) => Math.round(s * 1000) / 1000));
  const threshold = loaded.manifest.threshold;
  const groups = flaggedGroups(patchesWide, patchesHigh, (p) => scores[p]! >= threshold, { edgesOnly: true }).filter((g) => g.length >= 3);
  const flagged = groups.reduce((n, g) => n + g.length, 0);
  const boxes = groups.map((g) => pixelToPageBox(groupBox(g, patchesWide, GENAI_PATCH), gray.width, gray.height));
  if (boxes.length === 0) return { heatmap };
  const share = flagged / patches;
  return {
    heatmap,
    finding: {
      code: 'genai_synthetic_region',
      summary:
        share > 0.5
          ? `The docforge model scores ${Math.round(share * 100)}% of the image as likely generated.`
          : `The docforge model scores ${flagged} connected patches (${boxes.length} area${boxes.length === 1 ? '' : 's'}) as likely generated or inpainted.`,
      page: 1,
      boxes: boxes.slice(0, 10),
      confidence: Math.min(0.9, 0.5 + share),
    },
  };
}
