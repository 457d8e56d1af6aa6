// The `Rasterizer` port in browsers: pdf.js renders a page onto an OffscreenCanvas (it runs in a
// Web Worker as well as on the page: no DOM canvas, no SVG filters) and returns it as PNG with the
// viewport transform that maps user space to its pixels — the image the OCR reads for a scanned
// page. pdf.js is the caller's (see `PdfJsAssets`), its worker shared with the text port's.
import type { RasterImage, Rasterizer } from '@loupe/core';
import { type PdfJsAssets, sharedPdfWorker } from './pdfjs-text.js';

/** The members of pdf.js's loading task, document and page that rendering uses. */
interface RenderingTask {
  promise: Promise<{
    getPage(number: number): Promise<{
      getViewport(params: { scale: number }): { width: number; height: number; transform: number[] };
      render(params: { canvas: OffscreenCanvas; canvasContext: OffscreenCanvasRenderingContext2D; viewport: unknown }): { promise: Promise<void> };
    }>;
  }>;
  destroy(): Promise<void>;
}

/** pdf.js's canvas factory on OffscreenCanvas, for the temporary canvases of masks and patterns. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(entry: { canvas: OffscreenCanvas }, width: number, height: number): void {
    entry.canvas.width = width;
    entry.canvas.height = height;
  }
  destroy(entry: { canvas: OffscreenCanvas | null; context: unknown }): void {
    if (entry.canvas) entry.canvas.width = entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
}

/** No SVG filters outside a document: transfer functions and high-contrast modes are drawn unfiltered. */
class NoFilterFactory {
  addFilter(): string {
    return 'none';
  }
  addHCMFilter(): string {
    return 'none';
  }
  addAlphaFilter(): string {
    return 'none';
  }
  addLuminosityFilter(): string {
    return 'none';
  }
  addHighlightHCMFilter(): string {
    return 'none';
  }
  destroy(): void {}
}

/** Creates the pdf.js rasterizer for browsers and Web Workers. */
export function createBrowserRasterizer(assets: PdfJsAssets): Rasterizer {
  return {
    async renderPage(pdf, pageNumber, dpi): Promise<RasterImage> {
      const open = assets.lib.getDocument as unknown as (source: object) => RenderingTask;
      const task = open.call(assets.lib, {
        worker: sharedPdfWorker(assets),
        data: new Uint8Array(pdf),
        cMapUrl: assets.cMapUrl,
        cMapPacked: true,
        ...(assets.standardFontDataUrl ? { standardFontDataUrl: assets.standardFontDataUrl } : {}),
        ...(assets.wasmUrl ? { wasmUrl: assets.wasmUrl } : {}),
        disableFontFace: true,
        useSystemFonts: false,
        isEvalSupported: false,
        isOffscreenCanvasSupported: true,
        // the URLs are absolute: pdf.js's worker fetches them (its default compares them with
        // `document.baseURI`, which a Web Worker has not)
        useWorkerFetch: true,
        CanvasFactory: OffscreenCanvasFactory,
        FilterFactory: NoFilterFactory,
        verbosity: 0,
      });
      try {
        const doc = await task.promise;
        const page = await doc.getPage(pageNumber);
        const viewport = page.getViewport({ scale: dpi / 72 });
        const width = Math.ceil(viewport.width);
        const height = Math.ceil(viewport.height);
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D context for an OffscreenCanvas.');
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        const png = await canvas.convertToBlob({ type: 'image/png' });
        const [a, b, c, d, e, f] = viewport.transform;
        return { image: new Uint8Array(await png.arrayBuffer()), width, height, transform: [a!, b!, c!, d!, e!, f!] };
      } finally {
        await task.destroy().catch(() => undefined);
      }
    },
  };
}
