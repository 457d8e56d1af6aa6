import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/web.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: { entry: ['src/index.ts', 'src/node.ts', 'src/web.ts'], compilerOptions: { composite: false, incremental: false } },
  sourcemap: true,
  clean: true,
});
