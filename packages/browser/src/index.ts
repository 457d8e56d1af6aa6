// Public surface of @loupe/browser: the browser platform for the document engine (pdf.js text,
// browser image decoding; digests fall back to the core's own) and an engine bound to it.
import { createEngine, type Engine, type EngineOptions, type Platform } from '@loupe/core';
import { createBrowserImageDecoder } from './image-decoder.js';
import { createBrowserPdfText, type PdfJsAssets } from './pdfjs-text.js';

export { createBrowserImageDecoder } from './image-decoder.js';
export { createBrowserPdfText, type PdfJsAssets } from './pdfjs-text.js';

/** What the browser platform needs to know: where its local assets are served. */
export interface BrowserPlatformOptions {
  pdfjs: PdfJsAssets;
}

/** The browser platform: text through pdf.js, pixels through the browser's decoders. */
export function createBrowserPlatform(options: BrowserPlatformOptions): Platform {
  return { pdf: createBrowserPdfText(options.pdfjs), images: createBrowserImageDecoder() };
}

/** A document engine running in the page. */
export function createBrowserEngine(options: BrowserPlatformOptions & EngineOptions): Engine {
  return createEngine(createBrowserPlatform(options), options);
}
