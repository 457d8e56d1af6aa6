// The GenAI heatmap (`models: ["docforge"]`): per-patch likelihoods from the docforge model run
// through the `Inference` port, as the spec's `genai_heatmap` rows, and a finding where connected
// patches pass the model's threshold. The model's bytes are checked against the manifest's sha256
// and its input against the features the core computes before it is used.
import { sha256Hex } from '../digest.js';
import { ModelError } from '../errors.js';
import type { Finding } from '../forensics/findings.js';
import type { Inference, InferenceModel, ModelManifestEntry, ModelStore } from '../platform.js';
import { genaiFeatures, GENAI_FEATURES, GENAI_PATCH } from './genai-features.js';
import type { ImageKernels, Plane } from './kernels.js';
import { pixelToPageBox } from './examine-image.js';
import { flaggedGroups, groupBox } from './pixel-checks/grid-groups.js';

/** A loaded, verified model. */
export interface LoadedModel {
  manifest: ModelManifestEntry;
  model: InferenceModel;
}

/** Loads `id` from the store, verifies it against its manifest entry, and opens it. */
export async function loadModel(id: string, store: ModelStore, inference: Inference): Promise<LoadedModel> {
  const { manifest, bytes } = await store.load(id);
  const digest = sha256Hex(bytes);
  if (digest !== manifest.sha256) throw new ModelError(`Model "${id}" does not match its manifest (sha256 ${digest.slice(0, 12)}…, expected ${manifest.sha256.slice(0, 12)}…).`, 'model_digest_mismatch');
  const input = manifest.inputs[0];
  if (!input || input.shape.length !== 2 || input.shape[1] !== GENAI_FEATURES) {
    throw new ModelError(`Model "${id}" expects input ${JSON.stringify(input?.shape)}; the engine computes [N, ${GENAI_FEATURES}] features.`, 'model_input_mismatch');
  }
  return { manifest, model: await inference.load(bytes) };
}

/** What the heatmap produced. */
export interface GenaiResult {
  heatmap: number[][];
  finding?: Finding;
}

/** The model's likelihood for every whole 64-pixel patch of `gray` (row-major). */
export async function patchLikelihoods(k: ImageKernels, gray: Plane, loaded: LoadedModel): Promise<{ scores: Float32Array; patchesWide: number; patchesHigh: number }> {
  const { features, patchesWide, patchesHigh } = genaiFeatures(k, gray);
  const patches = patchesWide * patchesHigh;
  if (patches === 0) return { scores: new Float32Array(0), patchesWide, patchesHigh };
  const outputs = await loaded.model.run({ [loaded.manifest.inputs[0]!.name]: { data: features, dims: [patches, GENAI_FEATURES] } });
  const scores = outputs[loaded.manifest.outputs[0]!.name]?.data;
  if (!scores || scores.length !== patches) throw new ModelError(`Model "${loaded.manifest.id}" returned ${scores?.length ?? 0} scores for ${patches} patches.`, 'model_output_mismatch');
  return { scores, patchesWide, patchesHigh };
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
      summary: share > 0.5
        ? `The docforge model scores ${Math.round(share * 100)}% of the image as likely generated.`
        : `The docforge model scores ${flagged} connected patches (${boxes.length} area${boxes.length === 1 ? '' : 's'}) as likely generated or inpainted.`,
      page: 1,
      boxes: boxes.slice(0, 10),
      confidence: Math.min(0.9, 0.5 + share),
    },
  };
}
