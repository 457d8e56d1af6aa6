import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/media.ts', 'src/worker.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { entry: ['src/index.ts', 'src/media.ts', 'src/worker.ts'], compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
  // an optional dependency: loaded from the install when it is there (onnx-inference.ts)
  external: ['onnxruntime-node'],
});
