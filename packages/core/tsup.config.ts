import { defineConfig } from 'tsup';

export default defineConfig({
  // every module its own file (code splitting keeps shared code in chunks), so a bundler that
  // imports one function keeps only the modules it reaches (`sideEffects: false`)
  entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.d.ts'],
  format: ['esm'],
  target: 'es2022',
  splitting: true,
  dts: {
    entry: ['src/index.ts', 'src/media.ts', 'src/internal.ts', 'src/internal-media.ts', 'src/testing.ts'],
    compilerOptions: { composite: false, incremental: false },
  },
  sourcemap: true,
  clean: true,
  // bundled into shared chunks, so that only what the core uses loads: mathjs's package root would
  // create every function at import (about 0.6 s), typebox's is about 700 modules read one by one
  // (about 0.1 s); TypeBox schemas are plain objects, so the server's own typebox reads the core's
  noExternal: ['mathjs', 'typebox'],
});
