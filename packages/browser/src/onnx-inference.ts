// The `Inference` and `ModelStore` ports in browsers: onnxruntime-web on its WebAssembly backend
// (single-threaded, its .wasm served with the page: `wasmPaths`), imported on the first model load
// so a page that only reads documents never downloads its glue (73 KB minified); and models
// fetched from the page's own models/ folder (manifest.json and the files it names, the Silero
// VAD included).

import { type Inference, type InferenceModel, ModelError, type ModelManifestEntry, type ModelStore, type ModelTensor } from '@loupe/core';

type Ort = typeof import('onnxruntime-web/wasm');

/** Creates the onnxruntime-web inference port; `wasmPaths` is the folder of its .wasm/.mjs files. */
export function createWebInference(wasmPaths: string): Inference {
  let runtime: Promise<Ort> | undefined;
  const loadRuntime = (): Promise<Ort> =>
    (runtime ??= import('onnxruntime-web/wasm').then((ort) => {
      ort.env.wasm.wasmPaths = wasmPaths;
      ort.env.wasm.numThreads = 1;
      return ort;
    }));
  return {
    async load(model): Promise<InferenceModel> {
      const ort = await loadRuntime();
      const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
      return {
        async run(feeds) {
          const inputs: Record<string, InstanceType<Ort['Tensor']>> = {};
          for (const [name, t] of Object.entries(feeds))
            inputs[name] = t.data instanceof BigInt64Array ? new ort.Tensor('int64', t.data, t.dims) : new ort.Tensor('float32', t.data, t.dims);
          const results = await session.run(inputs);
          const out: Record<string, ModelTensor> = {};
          for (const [name, t] of Object.entries(results)) out[name] = { data: t.data as Float32Array, dims: [...t.dims] };
          return out;
        },
      };
    },
  };
}

/** Reads models from a served folder laid out like the repository's models/ (`base` ends with a slash). */
export function createFetchModelStore(base: string): ModelStore {
  let manifest: Promise<{ models: ModelManifestEntry[] }> | undefined;
  const get = async (url: string): Promise<Response> => {
    const response = await fetch(url);
    if (!response.ok) throw new ModelError(`Could not fetch ${url} (${response.status}).`, 'model_unavailable');
    return response;
  };
  return {
    async load(id) {
      manifest ??= get(`${base}manifest.json`).then((r) => r.json() as Promise<{ models: ModelManifestEntry[] }>);
      const entry = (await manifest).models.find((m) => m.id === id);
      if (!entry) throw new ModelError(`No model "${id}" in ${base}manifest.json.`, 'model_unavailable');
      return { manifest: entry, bytes: new Uint8Array(await (await get(`${base}${entry.file}`)).arrayBuffer()) };
    },
  };
}
