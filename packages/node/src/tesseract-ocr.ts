// The `Ocr` port on Node: tesseract.js fully offline, with the English model shipped in
// @tesseract.js-data/eng (loaded from the installed package, never downloaded). One worker is
// created on first use and reused; `dispose` terminates it. Words carry their word confidence and
// the least confidence of their characters.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Ocr, OcrWord } from '@loupe/core';
import type { Worker } from 'tesseract.js';

/** Creates the tesseract.js OCR port. */
export function createTesseractOcr(): Ocr {
  let worker: Promise<Worker> | undefined;
  const langPath = (): string => {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  };
  return {
    async recognize(image) {
      // failures reach the caller through the rejected promise; without a handler tesseract.js
      // would also raise them as an uncaught error
      // imported on first use: tesseract.js sets globals (regeneratorRuntime) when it loads
      worker ??= import('tesseract.js').then(({ createWorker }) =>
        createWorker('eng', 1, { langPath: langPath(), gzip: true, cacheMethod: 'none', errorHandler: () => undefined }),
      );
      const w = await worker;
      const { data } = await w.recognize(Buffer.from(image), {}, { blocks: true });
      const words: OcrWord[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            for (const word of line.words) {
              const symbols = word.symbols ?? [];
              words.push({
                text: word.text,
                x0: word.bbox.x0,
                y0: word.bbox.y0,
                x1: word.bbox.x1,
                y1: word.bbox.y1,
                confidence: word.confidence / 100,
                ...(symbols.length ? { characterConfidence: Math.min(...symbols.map((s) => s.confidence)) / 100 } : {}),
              });
            }
          }
        }
      }
      const size = (data as unknown as { imageSize?: { width: number; height: number } }).imageSize;
      const width = size?.width ?? Math.max(0, ...words.map((x) => x.x1));
      const height = size?.height ?? Math.max(0, ...words.map((x) => x.y1));
      return { width, height, words };
    },
    async dispose() {
      const w = worker;
      worker = undefined;
      if (w) await (await w).terminate();
    },
  };
}
