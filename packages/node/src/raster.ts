// The `Rasterizer` port on Node: pdf.js renders a page onto an @napi-rs/canvas (pdf.js's own
// canvas factory, so the canvas types match) and returns it as PNG with the viewport transform
// that maps user space to its pixels. Standard font programs are loaded here, and the system fonts
// on the first render (canvas.ts): rendering needs them.
import type { RasterImage, Rasterizer } from '@loupe/core';
import { withSystemFonts } from './canvas.js';
import { openWithPdfJs } from './pdfjs-text.js';

interface NodeCanvas {
  toBuffer(mime: 'image/png'): Uint8Array;
}

/** Creates the pdf.js rasterizer. */
export function createPdfJsRaster(): Rasterizer {
  return {
    async renderPage(pdf, pageNumber, dpi): Promise<RasterImage> {
      await withSystemFonts(); // text in fonts a PDF does not embed is drawn with the system's
      const task = await openWithPdfJs(pdf, { fontPrograms: true });
      try {
        const doc = await task.promise;
        const page = await doc.getPage(pageNumber);
        const viewport = page.getViewport({ scale: dpi / 72 });
        const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: NodeCanvas; context: unknown } } }).canvasFactory;
        const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
        await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
        const [a, b, c, d, e, f] = viewport.transform as number[];
        return {
          image: new Uint8Array(canvas.toBuffer('image/png')),
          width: Math.ceil(viewport.width),
          height: Math.ceil(viewport.height),
          transform: [a!, b!, c!, d!, e!, f!],
        };
      } finally {
        await task.destroy().catch(() => undefined);
      }
    },
  };
}
