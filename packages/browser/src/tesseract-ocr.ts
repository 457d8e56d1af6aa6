// The `Ocr` port in the browser: tesseract.js (the caller's, imported on first use) in its own
// Web Worker, every file it reads served by the page itself — its worker script, the WebAssembly core and the English
// model — so nothing is fetched from a CDN. The core is the SIMD LSTM build the Node adapter runs
// on Node 20 (tesseract.js would pick the relaxed-SIMD build where the browser has it, whose
// floating point may differ by machine), so the page reads the words `loupe scan` reads — figures
// read again on a second worker as the Node adapter reads them.
import type { Ocr } from '@loupe/core';
import { FIGURE_CHARACTERS, type TesseractPage, tesseractWords } from '@loupe/core/internal';

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
  /** Sets Tesseract parameters for the worker's later recognitions. */
  setParameters(parameters: Record<string, string>): Promise<unknown>;
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
  let worker: Promise<TesseractWorker> | undefined;
  /** A second worker held to figures' characters, a line of the sheet a line, as the Node adapter's. */
  let figureWorker: Promise<TesseractWorker> | undefined;
  const start = (): Promise<TesseractWorker> =>
    assets.load().then(({ createWorker }) =>
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
  const read = async (w: TesseractWorker, image: Uint8Array) =>
    tesseractWords((await w.recognize(new Blob([image.slice()]), {}, { blocks: true })).data as TesseractPage);
  return {
    async recognize(image) {
      worker ??= start();
      return read(await worker, image);
    },
    async readFigures(image) {
      figureWorker ??= start().then(async (w) => {
        // page segmentation 6: one block of lines
        await w.setParameters({ tessedit_pageseg_mode: '6', tessedit_char_whitelist: FIGURE_CHARACTERS });
        return w;
      });
      return read(await figureWorker, image);
    },
    async dispose() {
      const ws = [worker, figureWorker];
      worker = undefined;
      figureWorker = undefined;
      for (const w of ws) if (w) await (await w).terminate();
    },
  };
}
