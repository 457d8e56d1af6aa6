// A page that pre-screens documents in the browser with @loupe/browser before they are uploaded:
// pdf.js reads the text (its worker is bundled by Vite), tesseract.js reads scans and photos (its
// files served beside the page under tesseract/, see vite.config.ts; loaded with the first one),
// the engine runs in the page, and each file gets its verdict, risk score and headline. For text in fonts the PDF does not embed (CJK),
// also serve pdfjs-dist's `cmaps/` folder at `cmaps/` next to the page (apps/web shows how, with
// the engine in a Web Worker and media detection too).
import { createBrowserEngine } from '@loupe/browser';
import { toDocumentError } from '@loupe/core';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.mjs?url';

const local = (path: string): string => new URL(path, document.baseURI).href;
const engine = createBrowserEngine({
  pdfjs: { lib: pdfjs, workerSrc, cMapUrl: local('cmaps/') },
  ocr: {
    load: () => import('tesseract.js'),
    workerPath: local('tesseract/worker.min.js'),
    corePath: local('tesseract/tesseract-core-simd-lstm.wasm.js'),
    langPath: local('tesseract/'),
  },
});
const input = document.getElementById('file') as HTMLInputElement;
const results = document.getElementById('results')!;

input.addEventListener('change', async () => {
  for (const file of Array.from(input.files ?? [])) {
    const item = document.createElement('li');
    item.dataset.file = file.name;
    item.textContent = `${file.name}: examining…`;
    results.append(item);
    try {
      const doc = await engine.scan(new Uint8Array(await file.arrayBuffer()), { name: file.name });
      item.dataset.verdict = doc.verdict;
      item.textContent = `${file.name}: ${doc.verdict}${doc.risk_score === undefined ? '' : ` (risk ${doc.risk_score})`} — ${doc.headline ?? ''}`;
    } catch (error) {
      const { code, message } = toDocumentError(error);
      item.dataset.verdict = 'error';
      item.textContent = `${file.name}: ${code} — ${message}`;
    }
  }
});
