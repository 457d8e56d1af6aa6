// Lines of a page rebuilt from positioned words: words on one baseline (within a third of their
// height) form a row, left to right; rows run top to bottom. Rows keep every word's box, so a
// check can point at the figure it is about.
import type { PaintEvent } from '../pdf/content/text-interpreter.js';

/** A word on a page, in PDF user space. */
export interface Word {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line of words. */
export interface Row {
  page: number;
  words: Word[];
  /** The line's text, words joined by spaces. */
  text: string;
}

/** Groups words into rows by baseline, top to bottom, each row left to right. */
export function buildRows(words: Word[]): Row[] {
  const sorted = [...words].sort((a, b) => b.y0 - a.y0 || a.x0 - b.x0);
  const rows: Word[][] = [];
  for (const w of sorted) {
    const height = Math.max(1, w.y1 - w.y0);
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.y0 - w.y0) <= height / 3) row.push(w);
    else rows.push([w]);
  }
  return rows.map((r) => {
    r.sort((a, b) => a.x0 - b.x0);
    return { page: r[0]!.page, words: r, text: r.map((w) => w.text).join(' ') };
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
