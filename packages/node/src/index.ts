// Public surface of @loupe/node: the Node platform for the core's ports, and a ready engine.
import { createHash } from 'node:crypto';
import { createEngine, type Digests, type Engine, type EngineOptions, type Platform } from '@loupe/core';
import { createCmsVerifier } from './cms-verifier.js';
import { createPdfJsText, type PdfJsTextOptions } from './pdfjs-text.js';

export { createCmsVerifier } from './cms-verifier.js';

export { createPdfJsText, loadPdfJs, openWithPdfJs, pdfjsAssetOptions, type OpenOptions, type PdfJsTextOptions } from './pdfjs-text.js';

/** Options of the Node platform. */
export interface NodePlatformOptions {
  pdfText?: PdfJsTextOptions;
}

/** node:crypto hashing for whole files (several times faster than the core's pure fallback). */
export const nodeDigests: Digests = {
  sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  md5: (bytes) => createHash('md5').update(bytes).digest('hex'),
};

/** Creates the Node platform: pdf.js (legacy build) for PDF text, node:crypto for digests, pkijs for signatures. */
export function createNodePlatform(options: NodePlatformOptions = {}): Platform {
  return { pdf: createPdfJsText(options.pdfText), digests: nodeDigests, signatures: createCmsVerifier() };
}

/** Creates an engine on the Node platform. */
export function createNodeEngine(options: EngineOptions & NodePlatformOptions = {}): Engine {
  return createEngine(createNodePlatform(options), options);
}
