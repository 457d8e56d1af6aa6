// Public surface of @loupe/node: the Node platform for the core's ports, and a ready engine.
import { createEngine, type Engine, type EngineOptions, type Platform } from '@loupe/core';
import { createPdfJsText, type PdfJsTextOptions } from './pdfjs-text.js';

export { createPdfJsText, loadPdfJs, openWithPdfJs, pdfjsAssetOptions, type OpenOptions, type PdfJsTextOptions } from './pdfjs-text.js';

/** Options of the Node platform. */
export interface NodePlatformOptions {
  pdfText?: PdfJsTextOptions;
}

/** Creates the Node platform: pdf.js (legacy build) for PDF text. */
export function createNodePlatform(options: NodePlatformOptions = {}): Platform {
  return { pdf: createPdfJsText(options.pdfText) };
}

/** Creates an engine on the Node platform. */
export function createNodeEngine(options: EngineOptions & NodePlatformOptions = {}): Engine {
  return createEngine(createNodePlatform(options), options);
}
