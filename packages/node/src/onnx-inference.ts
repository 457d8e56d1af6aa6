// The `Inference` and `ModelStore` ports on Node: onnxruntime-node (CPU) runs the models, and the
// models come from the repository's models/ folder (manifest.json and the .onnx files), read
// from disk; nothing is fetched.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Inference, InferenceModel, ModelManifestEntry, ModelStore, ModelTensor } from '@loupe/core';

/**
 * Creates the onnxruntime-node inference port (one session per model, single-threaded). The
 * native runtime is loaded on the first model load, not at import: processes that run no model
 * never map it.
 */
export function createOnnxInference(): Inference {
  return {
    async load(model): Promise<InferenceModel> {
      const ort = await import('onnxruntime-node');
      const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
      return {
        async run(feeds) {
          const inputs: Record<string, InstanceType<typeof ort.Tensor>> = {};
          for (const [name, t] of Object.entries(feeds)) inputs[name] = new ort.Tensor('float32', t.data, t.dims);
          const results = await session.run(inputs);
          const out: Record<string, ModelTensor> = {};
          for (const [name, t] of Object.entries(results)) out[name] = { data: t.data as Float32Array, dims: [...t.dims] };
          return out;
        },
      };
    },
  };
}

/** The repository's models/ folder (next to packages/). */
export const MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

/** Reads models and their manifest entries from a folder (default: the repository's models/). */
export function createModelStore(dir = MODELS_DIR): ModelStore {
  return {
    async load(id) {
      const manifest = JSON.parse(await readFile(`${dir}/manifest.json`, 'utf8')) as { models: ModelManifestEntry[] };
      const entry = manifest.models.find((m) => m.id === id);
      if (!entry) throw new Error(`No model "${id}" in ${dir}/manifest.json.`);
      return { manifest: entry, bytes: new Uint8Array(await readFile(`${dir}/${entry.file}`)) };
    },
  };
}
