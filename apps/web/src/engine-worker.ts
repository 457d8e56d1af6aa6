// The page's engine worker: the document and media engines on the browser platform, off the
// page's main thread, answering the page's pool (@loupe/worker/web). Every asset is the page's.

import { createBrowserEngine, createBrowserMediaEngine } from '@loupe/browser';
import { serveInWebWorker, type WebWorkerScope } from '@loupe/worker/web';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.mjs?url';

// relative to this worker's script (assets/), not `import.meta.url`: Vite would read that form as an asset glob
const local = (path: string): string => new URL(`../${path}`, self.location.href).href;
serveInWebWorker(
  {
    scan: () =>
      createBrowserEngine({
        pdfjs: {
          lib: pdfjs,
          workerSrc: new URL(workerSrc, import.meta.url).href,
          cMapUrl: local('cmaps/'),
          standardFontDataUrl: local('fonts/'),
          wasmUrl: local('pdfwasm/'),
        },
        ocr: {
          load: () => import('tesseract.js'),
          workerPath: local('tesseract/worker.min.js'),
          corePath: local('tesseract/tesseract-core-simd-lstm.wasm.js'),
          langPath: local('tesseract/'),
        },
      }),
    detect: () => createBrowserMediaEngine({ ortWasmPaths: local('ort/'), modelsBase: local('models/') }),
  },
  self as unknown as WebWorkerScope,
);
