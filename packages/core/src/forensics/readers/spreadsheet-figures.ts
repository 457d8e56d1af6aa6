// Figures a spreadsheet printed without a number format. A spreadsheet's "General" format prints
// a value as it is: 40 for 40.00, 465.9 for 465.90, 1817.6 for 1,817.60, right-aligned in its
// cell like every other number of the column. A formatted document never prints money with one
// decimal, so a page is taken for a spreadsheet's print only when such a figure ends where a
// figure printed with cents ends, in one column. On that page, a whole number or a one-decimal
// figure ending in a column of money, and a one-decimal figure on a line with money, are read as
// money, in money form ("40.00"): every sum then sees the row's figure instead of a row without one
// (a summary whose fees read as nothing breaks its balance identity by the fees: a false alarm).
// On any page, a 0 ending in a column of money reads 0.00: it adds nothing, whatever it counts.
// Pages OCR read keep their figures as read (OCR drops decimal points).

import type { Word } from '../../tables/rows.js';
import type { TableContext } from '../contexts.js';

/** A number printed the way a spreadsheet's General format prints it: no grouping, no or one decimal. */
const GENERAL = /^([-−]?)(\d{1,7})(?:\.(\d))?$/;
/** A figure printed with cents, plain or grouped, maybe signed or with a currency sign. */
const WITH_CENTS = /^[-−(+]?[$€£]?\s?\d{1,3}(?:[,.\u00a0\u202f ]?\d{3})*[.,]\d{2}\)?-?$/;
/** How far apart (in points) the right edges of two figures of one right-aligned column may be. */
const COLUMN_SLACK = 1.5;
/** Integers that read as a year (a column headed by its year), never money. */
const YEAR = /^(19|20)\d\d$/;

/** The money form of a General-format figure: two decimals, as printed otherwise. */
function moneyForm(match: RegExpExecArray): string {
  const [, sign, whole, tenth] = match;
  return `${sign === '−' ? '-' : sign}${whole}.${tenth === undefined ? '00' : `${tenth}0`}`;
}

/** True when `a` and `b` are printed on one line (baselines within a third of the taller's height). */
const sameLine = (a: Word, b: Word): boolean => a.page === b.page && Math.abs(a.y0 - b.y0) <= Math.max(a.y1 - a.y0, b.y1 - b.y0) / 3;

/**
 * The page's words with each General-format figure that ends in a column of figures printed with
 * cents read in money form; once one has (the page is a spreadsheet's print), every other one
 * with a decimal printed on a line with money too (a row's current pay of 1458.8 beside its year to date of
 * 37928.80). Every other word as read.
 */
export function spreadsheetFigures(words: readonly Word[]): Word[] {
  const withCents = words.filter((w) => WITH_CENTS.test(w.text));
  if (withCents.length === 0) return words as Word[];
  const general = words.map((word, i) => {
    const match = GENERAL.exec(word.text);
    if (!match || YEAR.test(word.text) || /^-?0\d/.test(word.text)) return undefined;
    const [before, after] = [words[i - 1], words[i + 1]];
    // a rate, a count or a page number: "6.5 %", "12 x", "Page 1 of 2"
    if (after && sameLine(after, word) && /^[%x×]/i.test(after.text)) return undefined;
    if (before && sameLine(before, word) && /^(of|page|no\.?|#)$/i.test(before.text)) return undefined;
    return match;
  });
  const inColumn = new Set(words.flatMap((word, i) => (general[i] && withCents.some((money) => Math.abs(money.x1 - word.x1) <= COLUMN_SLACK) ? [i] : [])));
  // the page is a spreadsheet's print when a figure with one decimal (465.9: no format prints money
  // so) ends in a column of money; a whole number there alone (a usage of 718 under the charges) says
  // nothing, but for a 0: whatever it counts, it adds nothing to a sum ("Fees and Charges 0")
  if (![...inColumn].some((i) => general[i]![3] !== undefined)) {
    return words.map((word, i) => (inColumn.has(i) && /^[-−]?0$/.test(word.text) ? { ...word, text: '0.00' } : word));
  }
  const money = [...withCents, ...[...inColumn].map((i) => words[i]!)];
  return words.map((word, i) => {
    const match = general[i];
    // on a line with money, only a figure with a decimal: a whole number there may be a count
    if (!match || !(inColumn.has(i) || (match[3] !== undefined && money.some((m) => m !== word && sameLine(m, word))))) return word;
    return { ...word, text: moneyForm(match) };
  });
}

/** `ctx` reading the words of every page read from its own text through `spreadsheetFigures` (each page's once). */
export function withSpreadsheetFigures<C extends TableContext>(ctx: C): C {
  const read = new Map<number, Word[] | undefined>();
  const reading: C = Object.create(ctx);
  reading.words = (page) => {
    if (!read.has(page.number)) {
      const words = ctx.words(page);
      // OCR drops a decimal point ("5124" for 5.24): a page it read keeps its figures as read
      read.set(page.number, words && !ctx.fromOcr(page.number) ? spreadsheetFigures(words) : words);
    }
    return read.get(page.number);
  };
  return reading;
}
