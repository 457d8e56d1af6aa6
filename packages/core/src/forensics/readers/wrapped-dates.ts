// Dates wrapped in their cell, joined to the row they date. A table cell too narrow for its date
// breaks it over two lines ("August 10," over "2026"); where the row's other cells are one line set
// at the cell's middle, its amounts sit on a line between the two halves, and where they are set
// at the top, the date's second half opens the line of the amounts ("Feb 2," over "2026 POS
// PURCHASE … 749.97"). Read line by line, such a transaction has no date and its date halves look
// like lines of their own. A line of amounts without a date whose neighbouring lines begin with
// the halves of one whole date, set in one column at or left of its first word, is that date's row.
import { type Row, rowOf, type Word } from '../../tables/rows.js';
import { moneyFigures } from './figures.js';
import { LEADING_DATE, startsWithDate } from './ledger-layout.js';

/** The most words half of a wrapped date spans ("August", "10,"; "19,", "2026"). */
const MOST_WORDS = 3;
/** How far apart two halves of one cell may be set, by left edge, centre or right edge (points). */
const SAME_CELL = 3;

/** True when the words read, in order, as one date and nothing more. */
function wholeDate(words: readonly Word[]): boolean {
  const text = words
    .map((w) => w.text)
    .join(' ')
    .replace(/[,.]$/, '');
  const match = LEADING_DATE.exec(text);
  return !!match && match[0].replace(/[,.]$/, '').length === text.length;
}

/** True when `a` and `b` start lines of one cell: set flush left, centred or flush right alike. */
function sameCell(a: Word, b: Word): boolean {
  return Math.abs(a.x0 - b.x0) <= SAME_CELL || Math.abs(a.x1 - b.x1) <= SAME_CELL || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= 2 * SAME_CELL;
}

/** A line that may hold half a date: on the page of `carrier`, with no amount. */
const fragment = (row: Row | undefined, carrier: Row): row is Row => !!row && row.page === carrier.page && moneyFigures(row).length === 0;

/**
 * How `carrier` (a line of amounts without a date) takes its date from the line above and the
 * line below (`below` the number of that line's words the date ends in), or from the line above
 * and its own first words (`below` 0), the longest date first; undefined when it does not.
 */
function wrappedDate(above: Row, carrier: Row, below: Row | undefined): { above: number; below: number; own: number } | undefined {
  const first = carrier.words[0];
  if (!first) return undefined;
  // a whole date alone on a line whose box overlaps the carrier's: one row whose date cell is set a
  // fraction of a line off the others (cells aligned at their middle, in fonts of other sizes)
  const overlap =
    Math.min(...above.words.map((w) => w.y1), ...carrier.words.map((w) => w.y1)) - Math.max(...above.words.map((w) => w.y0), ...carrier.words.map((w) => w.y0));
  if (above.words.length <= MOST_WORDS && overlap > 0 && above.words[0]!.x0 <= first.x0 + 1 && wholeDate(above.words))
    return { above: above.words.length, below: 0, own: 0 };
  for (let a = Math.min(MOST_WORDS, above.words.length); a >= 1; a--) {
    const top = above.words.slice(0, a);
    if (top[0]!.x0 > first.x0 + 1) return undefined;
    if (below && fragment(below, carrier) && sameCell(top[0]!, below.words[0]!))
      for (let b = Math.min(MOST_WORDS, below.words.length); b >= 1; b--)
        if (wholeDate([...top, ...below.words.slice(0, b)])) return { above: a, below: b, own: 0 };
    if (sameCell(top[0]!, first))
      for (let c = Math.min(MOST_WORDS, carrier.words.length - 1); c >= 1; c--)
        if (wholeDate([...top, ...carrier.words.slice(0, c)])) return { above: a, below: 0, own: c };
  }
  return undefined;
}

/** `rows` with every date wrapped in its cell joined to the row of amounts it dates. */
export function joinWrappedDates(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i++) {
    const carrier = rows[i]!;
    const above = out.at(-1);
    const how =
      above === rows[i - 1] && fragment(above, carrier) && !startsWithDate(carrier) && moneyFigures(carrier).length > 0
        ? wrappedDate(above, carrier, rows[i + 1])
        : undefined;
    if (!above || !how) {
      out.push(carrier);
      continue;
    }
    out.pop(); // the date's words first, then the rest in reading order
    if (how.below > 0) {
      const below = rows[i + 1]!;
      const date = [...above.words.slice(0, how.above), ...below.words.slice(0, how.below)];
      out.push(rowOf(carrier.page, [...date, ...above.words.slice(how.above), ...carrier.words, ...below.words.slice(how.below)]));
      i++;
    } else {
      const date = [...above.words.slice(0, how.above), ...carrier.words.slice(0, how.own)];
      out.push(rowOf(carrier.page, [...date, ...above.words.slice(how.above), ...carrier.words.slice(how.own)]));
    }
  }
  return out;
}
