// The console's build: a static app under /console/, written into the server package
// (packages/server/console) so `loupe serve` serves it from its own install. `npm run dev -w
// @loupe/console` serves it with hot reload and forwards /console/api to LOUPE_URL (default
// http://127.0.0.1:8080), so the API sees the same origin rule as in production.
import { join } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  resolve: { conditions: ['@loupe/source'] },
  build: { outDir: join(import.meta.dirname, '..', '..', 'packages', 'server', 'console'), emptyOutDir: true, target: 'es2022' },
  server: {
    proxy: {
      '/console/api': {
        target: process.env.LOUPE_URL ?? 'http://127.0.0.1:8080',
        changeOrigin: true,
        headers: { origin: process.env.LOUPE_URL ?? 'http://127.0.0.1:8080' },
      },
    },
  },
});
