// Public surface of @loupe/node: the Node platform for the core's ports, and a ready engine.
import { createHash } from 'node:crypto';
import {
  createEngine,
  createMediaEngine,
  type Digests,
  type Engine,
  type EngineOptions,
  type MediaEngine,
  type MediaEngineOptions,
  type Platform,
} from '@loupe/core';
import { createCmsVerifier } from './cms-verifier.js';
import { createFfmpegMediaDecoder } from './ffmpeg-media.js';
import { createCanvasDecoder } from './image-decoder.js';
import { createModelStore, createOnnxInference, MODELS_DIR } from './onnx-inference.js';
import { createPdfJsText, type PdfJsTextOptions } from './pdfjs-text.js';
import { createPdfJsRaster } from './raster.js';
import { createTesseractOcr } from './tesseract-ocr.js';

export { createCmsVerifier } from './cms-verifier.js';
export { createFfmpegMediaDecoder, type FfmpegOptions, ffmpegPaths } from './ffmpeg-media.js';
export { createCanvasDecoder } from './image-decoder.js';
export { readMediaFile } from './media-files.js';
export { createModelStore, createOnnxInference, inferenceRuntime, MODELS_DIR, type OnnxRuntimeName } from './onnx-inference.js';
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

/** Where the Node media engine finds models besides the repository's models/. */
export interface NodeMediaOptions {
  /** A folder laid out like models/ (manifest.json and model files), searched first. */
  modelsDir?: string;
}

/** Creates the media detection engine on Node: canvas images, ffmpeg video and audio, onnxruntime models. */
export function createNodeMediaEngine(options: MediaEngineOptions & NodeMediaOptions = {}): MediaEngine {
  const models = createModelStore(options.modelsDir ? [options.modelsDir, MODELS_DIR] : [MODELS_DIR]);
  return createMediaEngine({ images: createCanvasDecoder(), media: createFfmpegMediaDecoder(), inference: createOnnxInference(), models }, options);
}

export { createNodePool, NODE_WORKER_ENTRY, type NodePoolOptions, type NodeWorkerEngineOptions } from './engine-pool.js';
