import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/web.ts', 'src/adapter/node/worker-entry.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { entry: ['src/index.ts', 'src/web.ts'], compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
});
