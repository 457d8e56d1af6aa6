// The example page's build: a static site in dist/ (relative URLs, so it can be served from any folder).
import { join } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: { outDir: join(import.meta.dirname, 'dist'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
