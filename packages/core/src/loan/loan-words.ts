// The words of one document as a loan compares it with the other documents of its file: every
// word of every page (up to a bound) in reading order — rows top to bottom, each left to right —
// with its box in percent of the rendered page (origin top-left, as the spec's regions), so a
// difference found between two documents can be shown on both. A text run the interpreter paints
// as one event ("Beginning Account Value") is split into its words, each given its share of the
// run's width by its characters.
import type { PageFrame } from '../forensics/findings.js';
import { type PercentBox, toPercentBox } from '../forensics/regions.js';
import { outOfReadingFrame, type Turn } from '../tables/reading-frame.js';
import { buildRows, type Word } from '../tables/rows.js';

/** One word of a document: its text, its page (1-based) and its box in percent of the page. */
export interface LoanWord {
  text: string;
  page: number;
  box: PercentBox;
}

/** Most words kept of one document (a loan compares what a reviewer reads, not a 200-page annex). */
export const MAX_LOAN_WORDS = 20_000;
/** Most pages whose words are kept. */
export const MAX_LOAN_PAGES = 50;

/** `w` split into its whitespace-separated words, each with its share of `w`'s box by characters. */
function splitRun(w: Word): Word[] {
  const parts = [...w.text.matchAll(/\S+/g)];
  if (parts.length <= 1) return parts.length === 1 ? [{ ...w, text: parts[0]![0] }] : [];
  const per = (w.x1 - w.x0) / Math.max(1, w.text.length);
  return parts.map((m) => ({ ...w, text: m[0], x0: w.x0 + m.index * per, x1: w.x0 + (m.index + m[0].length) * per }));
}

/**
 * The words of `pages` (each page's frame and its words, in user space or in the reading frame of
 * its text's `turn`) in reading order with their boxes in percent of the page; at most `MAX_LOAN_WORDS`.
 */
export function loanWords(pages: readonly { frame: PageFrame; words: readonly Word[]; turn?: Turn }[]): LoanWord[] {
  const out: LoanWord[] = [];
  for (const { frame, words, turn = 0 } of pages) {
    for (const row of buildRows(words.flatMap(splitRun))) {
      for (const w of row.words) {
        const box = toPercentBox(frame, outOfReadingFrame({ page: frame.number, x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 }, turn, frame.cropBox));
        if (!box) continue;
        out.push({ text: w.text, page: frame.number, box });
        if (out.length >= MAX_LOAN_WORDS) return out;
      }
    }
  }
  return out;
}
