// The `Ocr` port on Node: tesseract.js fully offline, with the English model shipped in
// @tesseract.js-data/eng (loaded from the installed package, never downloaded). One worker is
// created on first use and reused, and a second one for sheets of figures read again (held to the
// characters figures are printed with); `dispose` terminates both. Words as `tesseractWords` reads
// them (the browser adapter reads them the same way).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Ocr } from '@loupe/core';
import { FIGURE_CHARACTERS, type TesseractPage, tesseractWords } from '@loupe/core/internal';
import type { Worker } from 'tesseract.js';

/** Creates the tesseract.js OCR port. */
export function createTesseractOcr(): Ocr {
  let worker: Promise<Worker> | undefined;
  /** A second worker held to figures' characters, a line of the sheet a line (set once: parameters are a worker's state). */
  let figureWorker: Promise<Worker> | undefined;
  const langPath = (): string => {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  };
  // failures reach the caller through the rejected promise; without a handler tesseract.js
  // would also raise them as an uncaught error
  // imported on first use: tesseract.js sets globals (regeneratorRuntime) when it loads
  const start = async (): Promise<Worker> => {
    const { createWorker } = await import('tesseract.js');
    return createWorker('eng', 1, { langPath: langPath(), gzip: true, cacheMethod: 'none', errorHandler: () => undefined });
  };
  const read = async (w: Worker, image: Uint8Array) => tesseractWords((await w.recognize(Buffer.from(image), {}, { blocks: true })).data as TesseractPage);
  return {
    async recognize(image) {
      worker ??= start();
      return read(await worker, image);
    },
    async readFigures(image) {
      figureWorker ??= start().then(async (w) => {
        const { PSM } = await import('tesseract.js');
        await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, tessedit_char_whitelist: FIGURE_CHARACTERS });
        return w;
      });
      return read(await figureWorker, image);
    },
    async dispose() {
      const ws = [worker, figureWorker];
      worker = undefined;
      figureWorker = undefined;
      for (const w of ws) if (w) await (await w).terminate();
    },
  };
}
