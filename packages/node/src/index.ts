// Public surface of @loupe/node: the Node platform for the core's ports, and a ready engine; the
// media engine and its adapters are `media.ts`'s, exported here too.
import { createHash } from 'node:crypto';
import { createEngine, type Digests, type Engine, type EngineOptions, type Platform } from '@loupe/core';
import { createCmsVerifier } from './cms-verifier.js';
import { createCanvasDecoder } from './image-decoder.js';
import { createModelStore, createOnnxInference } from './onnx-inference.js';
import { createPdfJsText, type PdfJsTextOptions } from './pdfjs-text.js';
import { createPdfJsRaster } from './raster.js';
import { createTesseractOcr } from './tesseract-ocr.js';

export { createCmsVerifier } from './cms-verifier.js';
export * from './media.js';
export { createPdfJsText, loadPdfJs, type OpenOptions, openWithPdfJs, type PdfJsTextOptions, pdfjsAssetOptions } from './pdfjs-text.js';
export { createPdfJsRaster } from './raster.js';
export { createTesseractOcr } from './tesseract-ocr.js';

/** Options of the Node platform. */
export interface NodePlatformOptions {
  pdfText?: PdfJsTextOptions;
  /** Read image-only pages and photos with OCR (tesseract.js, offline); default true. */
  ocr?: boolean;
}

/** node:crypto hashing for whole files (several times faster than the core's pure fallback). */
export const nodeDigests: Digests = {
  sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  md5: (bytes) => createHash('md5').update(bytes).digest('hex'),
};

/** Creates the Node platform: pdf.js for text and rendering, node:crypto digests, pkijs signatures, canvas image decoding, tesseract.js OCR. */
export function createNodePlatform(options: NodePlatformOptions = {}): Platform {
  const platform: Platform = {
    pdf: createPdfJsText(options.pdfText),
    digests: nodeDigests,
    signatures: createCmsVerifier(),
    images: createCanvasDecoder(),
    inference: createOnnxInference(),
    models: createModelStore(),
  };
  if (options.ocr !== false) {
    platform.raster = createPdfJsRaster();
    platform.ocr = createTesseractOcr();
  }
  return platform;
}

/** Creates an engine on the Node platform. */
export function createNodeEngine(options: EngineOptions & NodePlatformOptions = {}): Engine {
  return createEngine(createNodePlatform(options), options);
}

export { createNodePool, NODE_WORKER_ENTRY, type NodePoolOptions, type NodeWorkerEngineOptions } from './engine-pool.js';
