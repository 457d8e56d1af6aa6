// Public surface of @loupe/browser: the browser platform (pdf.js text and rendering, browser image
// decoding, tesseract.js OCR, WebCodecs/mediabunny video, Web Audio decoding, onnxruntime-web;
// digests fall back to the core's own) and the document and media engines bound to it.
import { createEngine, createMediaEngine, type Engine, type EngineOptions, type MediaEngine, type MediaEngineOptions, type Platform } from '@loupe/core';
import { createBrowserImageDecoder } from './image-decoder.js';
import { createBrowserMediaDecoder } from './media-decoder.js';
import { createFetchModelStore, createWebInference } from './onnx-inference.js';
import { createBrowserPdfText, type PdfJsAssets } from './pdfjs-text.js';
import { createBrowserRasterizer } from './raster.js';
import { createBrowserOcr, type TesseractAssets } from './tesseract-ocr.js';

export { createBrowserImageDecoder } from './image-decoder.js';
export { createBrowserMediaDecoder } from './media-decoder.js';
export { createFetchModelStore, createWebInference } from './onnx-inference.js';
export { createBrowserPdfText, type PdfJsAssets, type PdfJsModule } from './pdfjs-text.js';
export { createBrowserRasterizer } from './raster.js';
export { createBrowserOcr, type TesseractAssets, type TesseractModule, type TesseractWorker } from './tesseract-ocr.js';

/** What the browser platform needs to know: where its local assets are served. */
export interface BrowserPlatformOptions {
  /** pdf.js and its files. */
  pdfjs: PdfJsAssets;
  /**
   * tesseract.js and its files: scanned pages and photos are read with OCR, as `loupe scan` reads
   * them. Without it, their kind, dates and arithmetic are not examined (and listed as not run).
   */
  ocr?: TesseractAssets;
}

/** The browser platform: text through pdf.js, pixels through the browser's decoders, OCR when its assets are given. */
export function createBrowserPlatform(options: BrowserPlatformOptions): Platform {
  const platform: Platform = { pdf: createBrowserPdfText(options.pdfjs), images: createBrowserImageDecoder() };
  if (options.ocr) {
    platform.raster = createBrowserRasterizer(options.pdfjs);
    platform.ocr = createBrowserOcr(options.ocr);
  }
  return platform;
}

/** A document engine running in the page. */
export function createBrowserEngine(options: BrowserPlatformOptions & EngineOptions): Engine {
  return createEngine(createBrowserPlatform(options), options);
}

/** Where the media engine's assets are served. */
export interface BrowserMediaOptions {
  /** Folder of onnxruntime-web's .wasm/.mjs files (trailing slash). */
  ortWasmPaths: string;
  /** Folder laid out like models/ (trailing slash). */
  modelsBase: string;
}

/** A media detection engine running in the page. */
export function createBrowserMediaEngine(options: BrowserMediaOptions & MediaEngineOptions): MediaEngine {
  return createMediaEngine(
    {
      images: createBrowserImageDecoder(),
      media: createBrowserMediaDecoder(),
      inference: createWebInference(options.ortWasmPaths),
      models: createFetchModelStore(options.modelsBase),
    },
    options,
  );
}
