// Lines of a page rebuilt from positioned words: words on one line (baselines within a third of
// their height, or boxes mostly overlapping) form a row, left to right; rows run top to bottom.
// Rows keep every word's box, so a check can point at the figure it is about.
import type { PaintEvent } from '../pdf/content/text-interpreter.js';

/** A word on a page, in PDF user space. */
export interface Word {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** How sure OCR was of the word (0..1); absent for text read from the file. */
  confidence?: number;
  /**
   * For each character of an OCR figure, the digits the page's own prints of digits say its print
   * is not ('' where not judged; `document/page-digits.ts`): what refutes a misreading on a photo.
   */
  ruledOut?: readonly string[];
  /**
   * The band its print's body fills (baseline `y0` to the top of its letters or digits `y1`, user
   * space), measured on the page image: OCR words only, where the image was at hand.
   */
  ink?: {
    y0: number;
    y1: number;
    /** The size of one pixel of the image it was measured on, in user space: what one pixel of error is. */
    px?: number;
  };
}

/** One line of words. */
export interface Row {
  page: number;
  words: Word[];
  /** The line's text, words joined by spaces. */
  text: string;
}

/** True when `w` sits on the line of `first`: baselines within a third of its height, or boxes overlapping by 60% of the smaller height (an OCR box stretched by noise keeps its line). */
function sameLine(first: Word, w: Word): boolean {
  const height = Math.max(1, w.y1 - w.y0);
  if (Math.abs(first.y0 - w.y0) <= height / 3) return true;
  const overlap = Math.min(first.y1, w.y1) - Math.max(first.y0, w.y0);
  return overlap >= 0.6 * Math.max(1, Math.min(height, first.y1 - first.y0));
}

/** The row of `words` on `page`, in the order given: its text is the words joined by spaces. */
export const rowOf = (page: number, words: Word[]): Row => ({ page, words, text: words.map((w) => w.text).join(' ') });

/** Groups words into rows by line, top to bottom, each row left to right. */
export function buildRows(words: Word[]): Row[] {
  const centre = (w: Word): number => (w.y0 + w.y1) / 2;
  const sorted = [...words].sort((a, b) => centre(b) - centre(a) || a.x0 - b.x0);
  const rows: Word[][] = [];
  for (const w of sorted) {
    const row = rows[rows.length - 1];
    if (row && sameLine(row[0]!, w)) row.push(w);
    else rows.push([w]);
  }
  return rows.map((r) => {
    r.sort((a, b) => a.x0 - b.x0);
    return rowOf(r[0]!.page, r);
  });
}

/** The visible words a page painted (paint events of the core interpreter), as `Word`s. */
export function visibleWords(paint: readonly PaintEvent[], page: number): Word[] {
  const words: Word[] = [];
  for (const e of paint) {
    if (e.kind === 'text' && e.visible) words.push({ text: e.text, page, x0: e.box[0], y0: e.box[1], x1: e.box[2], y1: e.box[3] });
  }
  return words;
}

/** The invisible words a page painted (an OCR text layer), as `Word`s. */
export function hiddenWords(paint: readonly PaintEvent[], page: number): Word[] {
  const words: Word[] = [];
  for (const e of paint) {
    if (e.kind === 'text' && !e.visible && e.text.trim()) words.push({ text: e.text, page, x0: e.box[0], y0: e.box[1], x1: e.box[2], y1: e.box[3] });
  }
  return words;
}
