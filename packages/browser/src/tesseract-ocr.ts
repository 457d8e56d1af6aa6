// The `Ocr` port in the browser: tesseract.js (the caller's, imported on first use) in its own
// Web Worker, every file it reads served by the page itself — its worker script, the WebAssembly core and the English
// model — so nothing is fetched from a CDN. The core is the SIMD LSTM build the Node adapter runs
// on Node 20 (tesseract.js would pick the relaxed-SIMD build where the browser has it, whose
// floating point may differ by machine), so the page reads the words `loupe scan` reads.
import type { Ocr } from '@loupe/core';
import { type TesseractPage, tesseractWords } from '@loupe/core/internal';

/** The one tesseract.js function this adapter calls, so its types compile without tesseract.js installed. */
export interface TesseractModule {
  /** Starts a recognition worker for `langs` with the OCR engine mode `oem` (1: LSTM only). */
  createWorker(
    langs: string,
    oem: number,
    options: { workerPath: string; corePath: string; langPath: string; gzip: boolean; cacheMethod: string; workerBlobURL: boolean; errorHandler: () => void },
  ): Promise<TesseractWorker>;
}

/** The members of a tesseract.js worker this adapter calls. */
export interface TesseractWorker {
  /** Recognises an encoded image; `output.blocks` asks for the block tree with word boxes. */
  recognize(image: Blob, options: object, output: { blocks: boolean }): Promise<{ data: unknown }>;
  /** Ends the worker. */
  terminate(): Promise<unknown>;
}

/** tesseract.js and where the page serves its files (URLs; folders with a trailing slash). */
export interface TesseractAssets {
  /** Imports tesseract.js when the first image is read: `() => import('tesseract.js')`. */
  load: () => Promise<TesseractModule>;
  /** tesseract.js's `dist/worker.min.js`. */
  workerPath: string;
  /** tesseract.js-core's `tesseract-core-simd-lstm.wasm.js`. */
  corePath: string;
  /** Folder holding `eng.traineddata.gz` (from `@tesseract.js-data/eng/4.0.0_best_int`). */
  langPath: string;
}

/** Creates the tesseract.js OCR port for browsers (one recognition worker, made on first use). */
export function createBrowserOcr(assets: TesseractAssets): Ocr {
  let worker: ReturnType<TesseractModule['createWorker']> | undefined;
  return {
    async recognize(image) {
      worker ??= assets.load().then(({ createWorker }) =>
        createWorker('eng', 1, {
          workerPath: assets.workerPath,
          corePath: assets.corePath,
          langPath: assets.langPath,
          gzip: true,
          cacheMethod: 'none',
          workerBlobURL: false,
          errorHandler: () => undefined,
        }),
      );
      const w = await worker;
      const { data } = await w.recognize(new Blob([image.slice()]), {}, { blocks: true });
      return tesseractWords(data as TesseractPage);
    },
    async dispose() {
      const w = worker;
      worker = undefined;
      if (w) await (await w).terminate();
    },
  };
}
