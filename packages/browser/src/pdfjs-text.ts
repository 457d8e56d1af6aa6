// The `PdfText` port in browsers: pdf.js's browser build with its worker in a Web Worker, text
// items read by the same reader as the Node port's (`readTextWithPdfJs`: same pdf.js version, same fields), so a
// document scanned in the page gets the same words as `loupe scan`. The caller passes pdf.js
// itself (its npm package lists a native canvas for Node as an optional dependency, so this
// adapter only names it as an optional peer) and every asset, all local: the worker's URL and
// the CMap folder served with the page. One pdf.js worker serves every document.

import type { PdfText } from '@loupe/core';
import { type PdfJsLoadingTask, readTextWithPdfJs } from '@loupe/core/internal';

/**
 * The parts of the pdf.js module this adapter uses, so its types compile without pdf.js installed
 * (`import * as pdfjs from 'pdfjs-dist'` fits; a test checks it).
 */
export interface PdfJsModule {
  GlobalWorkerOptions: { workerSrc: string };
  PDFWorker: new () => object;
  /** Opens a PDF (pdf.js's `getDocument`). */
  getDocument(source: {
    /** A `PDFWorker` made by `new PDFWorker()` (typed `never` here so pdf.js's own type fits). */
    worker: never;
    data: Uint8Array;
    cMapUrl: string;
    cMapPacked: boolean;
    disableFontFace: boolean;
    useSystemFonts: boolean;
    isEvalSupported: boolean;
    verbosity: number;
  }): PdfJsLoadingTask;
}

/** pdf.js (the browser build of pdfjs-dist 5.6) and where its own files are served from. */
export interface PdfJsAssets {
  /** The pdf.js module: `import * as pdfjs from 'pdfjs-dist'`. */
  lib: PdfJsModule;
  /** URL of pdf.worker.mjs. */
  workerSrc: string;
  /** Folder of the packed CMaps, with a trailing slash. */
  cMapUrl: string;
  /** Folder of pdf.js's `standard_fonts/` (trailing slash): rendering draws non-embedded standard fonts with them. */
  standardFontDataUrl?: string;
  /** Folder of pdf.js's `wasm/` (trailing slash): rendering decodes JPEG 2000 and JBIG2 scans with it. */
  wasmUrl?: string;
}

const workers = new WeakMap<PdfJsModule, object>();

/** The one pdf.js worker every document of this pdf.js module is opened on, made on first use (starting one per document costs more than a page's text). */
export function sharedPdfWorker(assets: PdfJsAssets): never {
  let worker = workers.get(assets.lib);
  if (!worker) {
    assets.lib.GlobalWorkerOptions.workerSrc = assets.workerSrc;
    // pdf.js starts its worker after comparing origins with `window.location`, which a Web Worker
    // has not: there it would run the worker's code on this thread ("fake worker"). In a Web
    // Worker the nested worker is started here and handed to pdf.js as its port.
    const inWebWorker = typeof (globalThis as { window?: unknown }).window === 'undefined' && typeof Worker !== 'undefined';
    const WithPort = assets.lib.PDFWorker as unknown as new (options: { port: Worker }) => object;
    worker = inWebWorker ? new WithPort({ port: new Worker(assets.workerSrc, { type: 'module' }) }) : new assets.lib.PDFWorker();
    workers.set(assets.lib, worker);
  }
  return worker as never;
}

/** Creates the pdf.js `PdfText` port for browsers. */
export function createBrowserPdfText(assets: PdfJsAssets, timeoutMs = 60_000): PdfText {
  return {
    async extract(bytes, pages) {
      const task = assets.lib.getDocument({
        worker: sharedPdfWorker(assets),
        data: new Uint8Array(bytes),
        cMapUrl: assets.cMapUrl,
        cMapPacked: true,
        disableFontFace: true,
        useSystemFonts: false,
        isEvalSupported: false,
        verbosity: 0,
      });
      return readTextWithPdfJs(task, pages, timeoutMs);
    },
  };
}
