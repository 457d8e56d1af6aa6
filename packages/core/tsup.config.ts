import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
  // mathjs is bundled so that only the factories the decimal module uses (and decimal.js) ship: its
  // package root would load every function at import (about 0.6 s)
  noExternal: ['mathjs'],
});
