// Positioned words for the table checks' tests: lines of cells laid out from the top of a page
// down, and a TableContext over them. Each word is 5 points a character and 9 high, lines 14
// points apart, so a test says where a figure is and the checks read it as a producer's text.
import type { TableContext } from '../forensics/contexts.js';
import type { PageFrame } from '../forensics/findings.js';
import type { Word } from '../tables/rows.js';

/** One cell of a line: its text (split into words at spaces) and its left edge. */
export type Cell = [text: string, x: number];

/** A cell whose right edge is at `x1` (a figure set flush right in its column). */
export const right = (text: string, x1: number): Cell => [text, x1 - 5 * text.length];

/** The words of `rows` (each a line of cells) on `page`, from y = 740 down. */
export function tableWords(page: number, ...rows: Cell[][]): Word[] {
  const words: Word[] = [];
  rows.forEach((cells, i) => {
    const y = 740 - 14 * i;
    for (const [text, x] of cells) {
      let at = x;
      for (const part of text.split(' ')) {
        words.push({ text: part, page, x0: at, y0: y, x1: at + 5 * part.length, y1: y + 9 });
        at += 5 * part.length + 3;
      }
    }
  });
  return words;
}

/** A TableContext over pages of words (letter-sized), of `category`, read from the file or by OCR. */
export function tableContext(pages: Word[][], category: TableContext['category'] = 'bank_statement', ocr = false): TableContext {
  return {
    pages: pages.map((_, i) => ({ number: i + 1, cropBox: [0, 0, 612, 792], rotate: 0 }) as PageFrame),
    category,
    words: (p) => pages[p.number - 1],
    fromOcr: () => ocr,
  };
}
