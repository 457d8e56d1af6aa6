import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
});
