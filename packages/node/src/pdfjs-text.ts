// The `PdfText` port on Node: pdf.js's legacy build, run in-process, with its standard font
// data and CMaps read from the installed pdfjs-dist (never fetched). Each extraction is bounded
// in time; pdf.js receives a copy of the bytes because it transfers (detaches) what it is given.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PdfText } from '@loupe/core';
import { readTextWithPdfJs } from '@loupe/core/internal';
import { loadCanvas } from './canvas.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * Built-ins that the legacy build's core-js polyfills replace process-wide on Node 20 (its
 * feature test for `Array.prototype.push` misfires), making every push and every JSON call in the
 * process slower. pdf.js does not need the replacements (only the methods it adds, such as
 * `Promise.withResolvers`), so the natives are put back once it has loaded.
 */
function restoreNatives(): () => void {
  const saved: [object, PropertyKey, PropertyDescriptor][] = [
    [Array.prototype, 'push'],
    [JSON, 'stringify'],
    [JSON, 'parse'],
  ].map(([target, key]) => [target as object, key as PropertyKey, Object.getOwnPropertyDescriptor(target as object, key as PropertyKey)!]);
  return () => {
    for (const [target, key, descriptor] of saved) {
      if (Object.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value) Object.defineProperty(target, key, descriptor);
    }
  };
}

/** Exceptions pdf.js raises about a damaged document. */
const PDFJS_EXCEPTIONS =
  /^(XRefEntryException|XRefParseException|FormatError|InvalidPDFException|UnknownErrorException|MissingPDFException|PasswordException|AbortException)\b/;

/** True when `reason` is one of pdf.js's document exceptions. */
export function isPdfJsException(reason: unknown): boolean {
  const name = (reason as { name?: unknown } | null)?.name;
  return PDFJS_EXCEPTIONS.test(typeof name === 'string' ? name : String(reason));
}

/**
 * pdf.js occasionally rejects an internal promise that no caller can handle when it meets a
 * damaged document (for example `XRefEntryException` after a page was already abandoned). Such
 * rejections are swallowed process-wide; any other unhandled rejection is raised again, so Node's
 * default of crashing on a real bug stays.
 */
function ignorePdfJsStrayRejections(): void {
  process.on('unhandledRejection', (reason) => {
    if (isPdfJsException(reason)) return;
    throw reason;
  });
}

/**
 * Loads pdf.js's legacy build once, with its worker module preloaded into
 * `globalThis.pdfjsWorker` (pdf.js then runs it in-process without importing it later), and
 * the process's native built-ins restored after both have loaded.
 *
 * @internal
 */
export function loadPdfJs(): Promise<PdfJs> {
  if (!pdfjsPromise) {
    ignorePdfJsStrayRejections();
    const restore = restoreNatives();
    pdfjsPromise = (async () => {
      await loadCanvas(); // pdf.js takes the canvas module already loaded, without the font scan (canvas.ts)
      const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      const module = await import('pdfjs-dist/legacy/build/pdf.mjs');
      restore();
      return module;
    })();
  }
  return pdfjsPromise;
}

/** Directory of the installed pdfjs-dist package. */
export function pdfjsDistDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

/**
 * Local asset locations pdf.js needs, with the trailing slash it requires.
 *
 * @internal
 */
export function pdfjsAssetOptions(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string } {
  const dir = pdfjsDistDir();
  const slash = (p: string): string => (p.endsWith('/') ? p : `${p}/`);
  return {
    standardFontDataUrl: slash(join(dir, 'standard_fonts')),
    cMapUrl: slash(join(dir, 'cmaps')),
    wasmUrl: slash(join(dir, 'wasm')),
    iccUrl: slash(join(dir, 'iccs')),
  };
}

/** Options of the pdf.js text port. */
export interface PdfJsTextOptions {
  /** Longest time one extraction may take before it is abandoned (default 60 s). */
  timeoutMs?: number;
}

/**
 * How pdf.js should open a document.
 *
 * @internal
 */
export interface OpenOptions {
  /**
   * Load the standard font programs (needed to render, not to read text). Text extraction needs
   * only encodings, CMaps and widths, which pdf.js has without them; skipping the font programs
   * is 2-3x faster on small files and, on the corpus, never reads worse (on two files it reads
   * better: the programs mapped glyphs to the wrong characters).
   */
  fontPrograms?: boolean;
}

/**
 * Opens `bytes` with pdf.js (on a copy) and returns the loading task (the text and raster ports' shared opener).
 *
 * @internal
 */
export async function openWithPdfJs(bytes: Uint8Array, options: OpenOptions = {}) {
  const pdfjs = await loadPdfJs();
  const assets = pdfjsAssetOptions();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    ...(options.fontPrograms ? assets : { cMapUrl: assets.cMapUrl }),
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    // pdf.js decodes images (to render, and to skip them) with no bound of its own: none larger
    // than the engine's own image bound (100 megapixels) is decoded
    maxImageSize: 100_000_000,
    verbosity: 0,
  });
}

/** Creates the pdf.js-backed `PdfText` port. */
export function createPdfJsText(options: PdfJsTextOptions = {}): PdfText {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async extract(bytes, pages) {
      return readTextWithPdfJs(await openWithPdfJs(bytes), pages, timeoutMs);
    },
  };
}
