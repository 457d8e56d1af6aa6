// Figures as the arithmetic reads them from a page's rows: the amounts of a row (currency signs,
// CR/DR marks and space-grouped digits joined to their figure), where each is printed and, read by
// OCR, how surely; the part of a row a label heads; the rows of every readable page.

import { defined } from '../../defined.js';
import { type Amount, parseAmount } from '../../tables/amounts.js';
import { add, type Decimal, decimal } from '../../tables/decimal.js';
import { buildRows, type Row, rowOf, type Word } from '../../tables/rows.js';
import type { TableContext } from '../contexts.js';
import type { PageBox } from '../findings.js';

const CURRENCY_WORD = /^([$€£¥₹]|USD|EUR|GBP|CAD|AUD|CHF)$/i;

/** An amount printed on a page, and where (and, read by OCR, how surely: the least sure of its words). */
export interface Figure {
  amount: Amount;
  box: PageBox;
  confidence?: number;
}

/** Where `words` are printed (their joint box) and, read by OCR, how surely (the least sure of them). */
export function placeOf(words: readonly Word[]): { box: PageBox; confidence?: number } {
  const read = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  return {
    box: {
      page: words[0]!.page,
      x0: Math.min(...words.map((w) => w.x0)),
      y0: Math.min(...words.map((w) => w.y0)),
      x1: Math.max(...words.map((w) => w.x1)),
      y1: Math.max(...words.map((w) => w.y1)),
    },
    ...(read.length ? { confidence: Math.min(...read) } : {}),
  };
}

/**
 * Words of a figure printed with spaces between its thousands groups (`1 234 567,89`), joined:
 * a group of one to three digits followed, a space's width away, by groups of three.
 */
export function joinDigitGroups(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    const gap = last ? word.x0 - last.x1 : Number.POSITIVE_INFINITY;
    if (last && /^[-−(]?\d{1,3}(?: \d{3})*$/.test(last.text) && /^\d{3}(?:[ ,.]\d{2,3})*[-)]?$/.test(word.text) && gap < 0.7 * Math.max(1, word.y1 - word.y0)) {
      const confidence = last.confidence === undefined ? word.confidence : Math.min(last.confidence, word.confidence ?? last.confidence);
      out[out.length - 1] = {
        ...last,
        text: `${last.text} ${word.text}`,
        x1: word.x1,
        y0: Math.min(last.y0, word.y0),
        y1: Math.max(last.y1, word.y1),
        ...defined({ confidence }),
      };
    } else out.push(word);
  }
  return out;
}

/** True when the currency word at `i` follows an amount and sits closer to it than to the word after it ("12,50 €  −3,00"): it is that amount's suffix. */
function suffixOfPrevious(words: readonly Word[], i: number): boolean {
  const [before, sign, after] = [words[i - 1], words[i], words[i + 1]];
  if (!before || !sign || !CURRENCY_WORD.test(sign.text) || !parseAmount(before.text)) return false;
  return !after || sign.x0 - before.x1 < after.x0 - sign.x1;
}

/** A percent sign printed as a word of its own after a number ("Sales Tax 6.25 %"): the number is a rate. */
const PERCENT_WORD = /^%/;

/**
 * The amounts of a row, joining currency symbols, CR/DR marks and space-separated digit groups to
 * their figure; a number followed by a percent sign is a rate, no amount.
 */
export function figures(row: Row): Figure[] {
  const out: Figure[] = [];
  const w = joinDigitGroups(row.words);
  for (let i = 0; i < w.length; i++) {
    const withCurrency = i + 1 < w.length && CURRENCY_WORD.test(w[i]!.text) && !suffixOfPrevious(w, i);
    const start = withCurrency ? i + 1 : i;
    const word = w[start];
    if (!word) continue;
    const mark = w[start + 1] && /^(CR|DR)$/i.test(w[start + 1]!.text) ? w[start + 1] : undefined;
    const amount = parseAmount(mark ? `${word.text} ${mark.text}` : word.text);
    if (!amount) continue;
    // a currency sign printed after the figure is part of its place (a column aligned on "12,50 €")
    const end = start + (mark ? 1 : 0) + (!withCurrency && suffixOfPrevious(w, start + 1) ? 1 : 0);
    if (!mark && PERCENT_WORD.test(w[end + 1]?.text ?? '')) {
      i = end + 1;
      continue;
    }
    out.push({ amount, ...placeOf(w.slice(i, end + 1)) });
    i = end;
  }
  return out;
}

/**
 * The part of `row` that `label` heads: from the word the label starts in to the next word of
 * letters after its figures. A row may print several labelled totals side by side ("Gross pay
 * 1,860.50  Total deductions 461.90  Net pay 1,398.60"), or a figure of another table before
 * the label: only the label's own figures are its current and year-to-date ones.
 */
export function labelSegment(row: Row, label: RegExp): Row {
  const match = label.exec(row.text);
  if (!match) return row;
  let start = 0;
  for (let i = 0, offset = 0; i < row.words.length && offset <= match.index; offset += row.words[i]!.text.length + 1, i++) start = i;
  let end = row.words.length;
  let figureSeen = false;
  for (let i = start + 1; i < row.words.length; i++) {
    const text = row.words[i]!.text;
    if (/\d/.test(text)) figureSeen = true;
    else if (figureSeen && /\p{L}{2}/u.test(text) && !CURRENCY_WORD.test(text) && !/^(CR|DR)$/i.test(text)) {
      end = i;
      break;
    }
  }
  if (start === 0 && end === row.words.length) return row;
  return rowOf(row.page, row.words.slice(start, end));
}

/** A figure printed with cents, in either number format (and maybe a credit or debit mark): money, not a count or a year. */
const WITH_CENTS = /[.,]\d{2}\)?(\s*(CR|DR|-))?$/i;
/** True when `figure` is printed with cents, in either number format. */
export const withCents = (figure: Figure): boolean => WITH_CENTS.test(figure.amount.raw);

/** The amounts of a row printed with cents. */
export const moneyFigures = (row: Row): Figure[] => figures(row).filter(withCents);

/** The sum of figures' magnitudes (a sum of lines printed with or without their sign). */
export const sumOfMagnitudes = (figs: readonly Figure[]): Decimal => figs.reduce((sum, f) => add(sum, f.amount.value.abs()), decimal('0'));
/** One figure of a sum, added or subtracted. */
export interface Term {
  figure: Figure;
  sign: 1 | -1;
}

/** The rows of every readable page, in page order. */
export function rowsOf(ctx: TableContext): Row[] {
  const rows: Row[] = [];
  for (const page of ctx.pages) {
    const words = ctx.words(page);
    if (words) rows.push(...buildRows(words));
  }
  return rows;
}

/** A value printed where money is expected but read as none: a bare number (40, 465.9) or a dash for nothing. */
const UNREAD_VALUE = /^(?:[-−+]?[$€£]?\d+(?:[.,]\d+)?|[-–—])$/;

/**
 * True when a word of `row` between `x0` and `x1` is a value read as no money (`UNREAD_VALUE`):
 * on a grid ("Fees Charged 39 Interest Charged 59.75") the figure after it is the next label's, and
 * the label's own was not read.
 */
export function unreadValueBetween(row: Row, x0: number, x1: number, skip: readonly Figure[] = []): boolean {
  return row.words.some(
    (w, i) =>
      w.x0 >= x0 - 0.5 &&
      w.x1 <= x1 + 0.5 &&
      UNREAD_VALUE.test(w.text) &&
      !partOfDate(row.words, i) &&
      !skip.some((f) => f.box.x0 <= w.x0 + 0.5 && f.box.x1 >= w.x1 - 0.5),
  );
}

const MONTH = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?$/i;
/** True when the number at `i` is a date's year or day ("Ending Balance on September 30, 2026", "as of 30 Sep"). */
function partOfDate(words: readonly { text: string }[], i: number): boolean {
  return /^(19|20)\d\d$/.test(words[i]!.text) || MONTH.test(words[i - 1]?.text ?? '') || MONTH.test(words[i + 1]?.text ?? '');
}

/**
 * The figure a balance label names on its row: the first after the label's words, else the last
 * before them (a label set right of its figure) — on a summary grid ("Previous Balance $19,516.47
 * Total Deposits 23,948.70") the row's last figure is another label's. None when a value read as
 * no money stands between the label and the figure after it (that figure is the next label's).
 */
export function figureLabelled(row: Row, figs: Figure[], label: RegExp): Figure | undefined {
  const match = label.exec(row.text);
  if (!match) return figs[figs.length - 1];
  // the word the label ends in: words are joined by single spaces in the row's text
  let at = 0;
  const end = match.index + match[0].length;
  const last = row.words.findIndex((w) => {
    at += w.text.length + 1;
    return at > end;
  });
  const labelEnd = row.words[last < 0 ? row.words.length - 1 : last]!.x1;
  const after = figs.find((f) => f.box.x0 >= labelEnd - 0.5);
  if (after && unreadValueBetween(row, labelEnd, after.box.x0, figs)) return undefined;
  return after ?? figs.filter((f) => f.box.x1 <= labelEnd + 0.5).at(-1) ?? figs[figs.length - 1];
}
