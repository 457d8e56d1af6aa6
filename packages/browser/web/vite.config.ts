// The pre-screening page's build: workspace packages from their sources, pdf.js's packed CMaps
// served and emitted under cmaps/ so nothing is fetched from elsewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const cmaps = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps');

function pdfjsCmaps(): Plugin {
  return {
    name: 'loupe-pdfjs-cmaps',
    configureServer(server) {
      server.middlewares.use('/cmaps/', (req, res, next) => {
        const file = join(cmaps, (req.url ?? '').split('?')[0]!.replace(/^\/+/, ''));
        if (file.startsWith(cmaps) && existsSync(file)) res.end(readFileSync(file));
        else next();
      });
    },
    generateBundle() {
      for (const f of readdirSync(cmaps)) this.emitFile({ type: 'asset', fileName: `cmaps/${f}`, source: readFileSync(join(cmaps, f)) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  resolve: { conditions: ['@loupe/source'] },
  plugins: [pdfjsCmaps()],
  build: { outDir: join(import.meta.dirname, '..', 'dist-web'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
