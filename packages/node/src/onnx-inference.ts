// The `Inference` and `ModelStore` ports on Node: onnxruntime-node (CPU) runs the models, and the
// models come from the repository's models/ folder (manifest.json and the .onnx files), read
// from disk; nothing is fetched.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Inference, type InferenceModel, ModelError, type ModelManifestEntry, type ModelStore, type ModelTensor } from '@loupe/core';

const require = createRequire(import.meta.url);

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
          for (const [name, t] of Object.entries(feeds)) {
            inputs[name] = t.data instanceof BigInt64Array ? new ort.Tensor('int64', t.data, t.dims) : new ort.Tensor('float32', t.data, t.dims);
          }
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

/**
 * Reads models and their manifest entries from folders laid out like models/ (manifest.json and
 * the files it names), the first folder that lists an id winning: a user's own folder goes before
 * the repository's. An entry with `package` names a file inside an installed package.
 */
export function createModelStore(dirs: string | readonly string[] = [MODELS_DIR]): ModelStore {
  const folders = typeof dirs === 'string' ? [dirs] : [...dirs];
  return {
    async load(id) {
      for (const dir of folders) {
        const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { models: ModelManifestEntry[] };
        const entry = manifest.models.find((m) => m.id === id);
        if (!entry) continue;
        const file = entry.package ? join(dirname(require.resolve(entry.package)), entry.file) : join(dir, entry.file);
        return { manifest: entry, bytes: new Uint8Array(await readFile(file)) };
      }
      throw new ModelError(`No model "${id}" in ${folders.map((d) => join(d, 'manifest.json')).join(' or ')}.`, 'model_unavailable');
    },
  };
}
