import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
  // bundled, so that only what the core uses loads: mathjs's package root would create every
  // function at import (about 0.6 s), typebox's is about 700 modules read one by one (about 0.1 s);
  // TypeBox schemas are plain objects, so the server's own typebox reads the core's schemas
  noExternal: ['mathjs', 'typebox'],
});
