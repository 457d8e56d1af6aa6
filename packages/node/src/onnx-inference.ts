// The `Inference` and `ModelStore` ports on Node: onnxruntime-node (CPU) runs the models, or
// onnxruntime-web's WebAssembly where the native runtime did not install; the
// models come from the installed @loupe/models package (manifest.json and the .onnx files; the
// repository's models/ folder in the workspace), read from disk; nothing is fetched.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Inference, type InferenceModel, ModelError, type ModelManifestEntry, type ModelStore, type ModelTensor } from '@loupe/core/media';

const require = createRequire(import.meta.url);

type Ort = typeof import('onnxruntime-node');

/** Which ONNX runtime runs the models in this process (`inferenceRuntime`). */
export type OnnxRuntimeName = 'onnxruntime-node' | 'onnxruntime-web';

let runtime: Promise<{ ort: Ort; name: OnnxRuntimeName }> | undefined;

/**
 * The ONNX runtime: onnxruntime-node (native, CPU) when it installed and loads, else
 * onnxruntime-web's WebAssembly build, single-threaded (an install with default npm settings
 * drops the native one, whose install script downloads GPU libraries from outside npm: it is an
 * optional dependency). Measured on the media model: session creation 26 ms native against 249
 * ms in WebAssembly, a 576-row run 0.13 ms against 0.51 ms.
 */
function loadRuntime(): Promise<{ ort: Ort; name: OnnxRuntimeName }> {
  runtime ??= (async () => {
    try {
      // required, not imported: a CommonJS package imported from ESM is first scanned for its
      // export names (20 ms of a photo's detection)
      return { ort: require('onnxruntime-node') as Ort, name: 'onnxruntime-node' as const };
    } catch {
      const web = (await import('onnxruntime-web')) as unknown as Ort & { env: { wasm: { numThreads: number } } };
      web.env.wasm.numThreads = 1;
      return { ort: web, name: 'onnxruntime-web' as const };
    }
  })();
  return runtime;
}

/** The runtime that runs (or will run) this process's models. */
export async function inferenceRuntime(): Promise<OnnxRuntimeName> {
  return (await loadRuntime()).name;
}

/**
 * Creates the ONNX inference port (one session per model, single-threaded). The runtime is
 * loaded on the first model load, not at import: processes that run no model never map it.
 */
export function createOnnxInference(): Inference {
  return {
    async load(model): Promise<InferenceModel> {
      const { ort } = await loadRuntime();
      const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
      return {
        async run(feeds) {
          const inputs: Record<string, InstanceType<Ort['Tensor']>> = {};
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

/** The installed @loupe/models package's folder (found by package resolution, wherever it is installed). */
export const MODELS_DIR = dirname(require.resolve('@loupe/models/manifest.json'));

/**
 * Reads models and their manifest entries from folders laid out like models/ (manifest.json and
 * the files it names), the first folder that lists an id winning: a user's own folder goes before
 * @loupe/models. An entry with `package` names where its file came from: it is read from the
 * folder when there (a packed @loupe/models carries it), else from that installed package.
 */
export function createModelStore(dirs: string | readonly string[] = [MODELS_DIR]): ModelStore {
  const folders = typeof dirs === 'string' ? [dirs] : [...dirs];
  return {
    async load(id) {
      for (const dir of folders) {
        const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { models: ModelManifestEntry[] };
        const entry = manifest.models.find((m) => m.id === id);
        if (!entry) continue;
        const here = join(dir, entry.file);
        const file = entry.package && !existsSync(here) ? join(dirname(require.resolve(entry.package)), entry.file) : here;
        return { manifest: entry, bytes: new Uint8Array(await readFile(file)) };
      }
      throw new ModelError(`No model "${id}" in ${folders.map((d) => join(d, 'manifest.json')).join(' or ')}.`, 'model_unavailable');
    },
  };
}
