// The pre-screening page's build: workspace packages from their sources, and the files the
// engines read at run time served by the dev server and emitted with the build, so nothing is
// fetched from elsewhere: pdf.js's packed CMaps (cmaps/), standard fonts (fonts/) and image
// decoders (pdfwasm/), tesseract.js's worker, WebAssembly core and English model (tesseract/),
// onnxruntime-web's WebAssembly (ort/), and the models with their manifest, the Silero VAD from
// its package included (models/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));
const modelsDir = join(import.meta.dirname, '..', '..', 'models');

/** URL folder -> file name -> path on disk. */
function servedFiles(): Record<string, Record<string, string>> {
  const cmaps = join(packageDir('pdfjs-dist'), 'cmaps');
  const ort = join(dirname(require.resolve('onnxruntime-web')), '..', 'dist'); // its exports hide package.json
  const manifest = JSON.parse(readFileSync(join(modelsDir, 'manifest.json'), 'utf8')) as { models: { file: string; package?: string }[] };
  const models: Record<string, string> = { 'manifest.json': join(modelsDir, 'manifest.json') };
  for (const m of manifest.models) models[m.file] = m.package ? join(dirname(require.resolve(m.package)), m.file) : join(modelsDir, m.file);
  const pdfjs = packageDir('pdfjs-dist');
  const fonts = join(pdfjs, 'standard_fonts');
  const pdfWasm = join(pdfjs, 'wasm');
  const tesseract = packageDir('tesseract.js');
  const tesseractCore = dirname(createRequire(join(tesseract, 'package.json')).resolve('tesseract.js-core/package.json'));
  const english = join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int');
  return {
    cmaps: Object.fromEntries(readdirSync(cmaps).map((f) => [f, join(cmaps, f)])),
    fonts: Object.fromEntries(readdirSync(fonts).map((f) => [f, join(fonts, f)])),
    pdfwasm: Object.fromEntries(
      readdirSync(pdfWasm)
        .filter((f) => f.endsWith('.wasm'))
        .map((f) => [f, join(pdfWasm, f)]),
    ),
    tesseract: {
      'worker.min.js': join(tesseract, 'dist', 'worker.min.js'),
      'tesseract-core-simd-lstm.wasm.js': join(tesseractCore, 'tesseract-core-simd-lstm.wasm.js'),
      'eng.traineddata.gz': join(english, 'eng.traineddata.gz'),
    },
    ort: Object.fromEntries(['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'].map((f) => [f, join(ort, f)])),
    models,
  };
}

function engineAssets(): Plugin {
  const folders = servedFiles();
  return {
    name: 'loupe-engine-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const [, folder, name] = /^\/([a-z]+)\/([^?]+)/.exec(req.url ?? '') ?? [];
        const file = folder && name ? folders[folder]?.[decodeURIComponent(name)] : undefined;
        if (!file || !existsSync(file)) return next();
        if (file.endsWith('.mjs') || file.endsWith('.js')) res.setHeader('content-type', 'text/javascript');
        if (file.endsWith('.wasm')) res.setHeader('content-type', 'application/wasm');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [folder, files] of Object.entries(folders))
        for (const [name, path] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `${folder}/${name}`, source: readFileSync(path) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  resolve: { conditions: ['@loupe/source'] },
  plugins: [engineAssets()],
  build: { outDir: join(import.meta.dirname, 'dist'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
