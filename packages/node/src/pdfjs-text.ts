// The `PdfText` port on Node: pdf.js's legacy build, run in-process, with its standard font
// data and CMaps read from the installed pdfjs-dist (never fetched). Each extraction is bounded
// in time; pdf.js receives a copy of the bytes because it transfers (detaches) what it is given.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PageText, PdfText, TextItem } from '@loupe/core';
import { UnreadableDocumentError } from '@loupe/core';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfjsPromise: Promise<PdfJs> | undefined;

/** Loads pdf.js's legacy build once. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/** Directory of the installed pdfjs-dist package. */
export function pdfjsDistDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

/** Local asset locations pdf.js needs, with the trailing slash it requires. */
export function pdfjsAssetOptions(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string } {
  const dir = pdfjsDistDir();
  const slash = (p: string): string => (p.endsWith('/') ? p : p + '/');
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

/** Opens `bytes` with pdf.js (on a copy) and returns the loading task. */
export async function openWithPdfJs(bytes: Uint8Array) {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    ...pdfjsAssetOptions(),
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
}

/** Creates the pdf.js-backed `PdfText` port. */
export function createPdfJsText(options: PdfJsTextOptions = {}): PdfText {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async extract(bytes, pages) {
      const task = await openWithPdfJs(bytes);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new UnreadableDocumentError(`Text extraction took longer than ${timeoutMs} ms.`, 'work_limit'));
        }, timeoutMs);
      });
      const work = (async (): Promise<PageText[]> => {
        const doc = await task.promise;
        const out: PageText[] = [];
        for (const number of pages) {
          if (number < 1 || number > doc.numPages) continue;
          const page = await doc.getPage(number);
          const viewport = page.getViewport({ scale: 1 });
          const content = await page.getTextContent();
          const items: TextItem[] = [];
          for (const item of content.items) {
            if (!('str' in item)) continue;
            const t = item.transform as number[];
            items.push({
              str: item.str,
              x: t[4] ?? 0,
              y: t[5] ?? 0,
              width: item.width,
              height: item.height,
              fontName: item.fontName,
            });
          }
          out.push({ page: number, width: viewport.width, height: viewport.height, items });
          page.cleanup();
        }
        return out;
      })();
      try {
        return await Promise.race([work, timeout]);
      } finally {
        clearTimeout(timer);
        work.catch(() => undefined);
        await task.destroy().catch(() => undefined);
      }
    },
  };
}

