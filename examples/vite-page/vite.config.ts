// The example page's build: a static site in dist/ (relative URLs, so it can be served from any
// folder), with tesseract.js's files copied beside it under tesseract/ so scans and photos are read
// with OCR without fetching anything from elsewhere.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const tesseract = dirname(require.resolve('tesseract.js/package.json'));
const files: Record<string, string> = {
  'worker.min.js': join(tesseract, 'dist', 'worker.min.js'),
  'tesseract-core-simd-lstm.wasm.js': createRequire(join(tesseract, 'package.json')).resolve('tesseract.js-core/tesseract-core-simd-lstm.wasm.js'),
  'eng.traineddata.gz': join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int', 'eng.traineddata.gz'),
};

/** Serves (dev) and emits (build) tesseract.js's worker, WebAssembly core and English model under tesseract/. */
function tesseractFiles(): Plugin {
  return {
    name: 'tesseract-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[/^\/tesseract\/([^?]+)/.exec(req.url ?? '')?.[1] ?? ''];
        if (!file) return next();
        if (file.endsWith('.js')) res.setHeader('content-type', 'text/javascript');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, path] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `tesseract/${name}`, source: readFileSync(path) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [tesseractFiles()],
  build: { outDir: join(import.meta.dirname, 'dist'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
