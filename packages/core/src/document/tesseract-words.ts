// What tesseract.js answers, as the `Ocr` port's words: one shape for the Node and browser
// adapters, so both read the same words with the same confidences from the same recognition.
import type { OcrWord } from '../platform.js';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The parts of a tesseract.js `Page` (recognised with `{ blocks: true }`) read here. */
export interface TesseractPage {
  blocks?: { paragraphs: { lines: { words: { text: string; confidence: number; bbox: Box; symbols?: { confidence: number }[] | null }[] }[] }[] }[] | null;
  imageSize?: { width: number; height: number };
}

/** The words of a recognised page with their boxes in its pixels, their word confidence and the least confidence of their characters (0-1). */
export function tesseractWords(page: TesseractPage): { width: number; height: number; words: OcrWord[] } {
  const words: OcrWord[] = [];
  for (const block of page.blocks ?? []) {
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
  const width = page.imageSize?.width ?? Math.max(0, ...words.map((w) => w.x1));
  const height = page.imageSize?.height ?? Math.max(0, ...words.map((w) => w.y1));
  return { width, height, words };
}
