import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/admin.ts', 'src/testing.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
  // bundled, so an entry loads only the TypeBox it uses instead of its ~700 modules one by one
  // (the operator commands on ./admin start 0.1 s sooner); schemas are plain objects, so the
  // type provider's own typebox reads them
  noExternal: ['typebox'],
});
