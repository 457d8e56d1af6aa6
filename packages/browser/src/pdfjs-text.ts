// The `PdfText` port in browsers: pdf.js's browser build with its worker in a Web Worker, text
// items read exactly as the Node port reads them; one pdf.js worker serves every document (same pdf.js version, same fields), so a
// document scanned in the page gets the same words as `loupe scan`. Every asset is local: the
// caller passes the worker's URL and the CMap folder served with the page.
import * as pdfjs from 'pdfjs-dist';
import { UnreadableDocumentError, type PageText, type PdfText, type TextItem } from '@loupe/core';

/** Where pdf.js's own files are served from. */
export interface PdfJsAssets {
  /** URL of pdf.worker.mjs. */
  workerSrc: string;
  /** Folder of the packed CMaps, with a trailing slash. */
  cMapUrl: string;
}

/** Creates the pdf.js `PdfText` port for browsers. */
export function createBrowserPdfText(assets: PdfJsAssets, timeoutMs = 60_000): PdfText {
  pdfjs.GlobalWorkerOptions.workerSrc = assets.workerSrc;
  // one pdf.js worker for every document: starting one per document costs more than a page's text
  let worker: InstanceType<typeof pdfjs.PDFWorker> | undefined;
  return {
    async extract(bytes, pages) {
      worker ??= new pdfjs.PDFWorker();
      const task = pdfjs.getDocument({ worker, data: new Uint8Array(bytes), cMapUrl: assets.cMapUrl, cMapPacked: true, disableFontFace: true, useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new UnreadableDocumentError(`Text extraction took longer than ${timeoutMs} ms.`, 'work_limit')), timeoutMs);
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
            items.push({ str: item.str, x: t[4] ?? 0, y: t[5] ?? 0, width: item.width, height: item.height, fontName: item.fontName });
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
