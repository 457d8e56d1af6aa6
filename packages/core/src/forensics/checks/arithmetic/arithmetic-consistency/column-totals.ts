// Totals of any table, whatever the document: a row that begins with "Total" states, in each of
// its figures, the sum of the figures above it in that column (right edges aligned) since the
// table's header or the previous total (two or more; one, where the total names the heading it
// closes: "Cost of Goods Sold" ... "Total Cost of Goods Sold"). The sum is accepted in every way
// tables are printed: all the items, the items without their subtotal rows, the subtotals alone, or the items of the last
// section alone (a table in sections totals from its nearest one), each row's last figure (a
// total set under another column than the items' amounts), or the total above and the rows since
// (a net total, then a discount and a tax, then the total with tax); only a total no reading adds up to is
// a contradiction (read by OCR, only one no reading comes to with a misread digit either). Rows whose total is no column sum (an amount due, a balance, a total of
// another period) are not read, nor bank statements and tax forms, which their own checks read.
import { add, type Decimal, decimal, formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures, type Term, withCents } from '../../../readers/figures.js';
import type { SumFinding } from './indicators.js';

/** A row stating column totals: it begins with "Total" (or "Grand total", "Totals"). */
const TOTAL_ROW = /^(grand\s+)?totals?\b/i;
/** Totals that are not the sum of the column above them. */
const NOT_A_SUM = /\b(due|balance|payable|owed?|outstanding|available|remaining|average|avg|year[\s-]+to[\s-]+date|ytd|prior|previous|last|limit)\b/i;
const SUBTOTAL = /\bsub-?totals?\b/i;
/** The most rows a table's items span above their total. */
const MAX_ITEMS = 40;
const ALIGN = 3;

/** The items of one column between two rows: figures whose right edge meets the total's. */
interface Item {
  figure: Figure;
  subtotal: boolean;
  /** Its row's last figure: the row's amount when the total sits under another column (an item's rate). */
  last: Figure;
}

/** The column of `reference`: its span, and how far a figure's right edge may lie from its own (3 points, or half its height on OCR pages). */
const columnOf = (reference: Figure): { x0: number; x1: number; tolerance: number } => ({
  x0: reference.box.x0,
  x1: reference.box.x1,
  tolerance: Math.max(ALIGN, (reference.box.y1 - reference.box.y0) / 2),
});

/**
 * The figures of rows (from, to) aligned with `reference` (within 3 points, or half its height on
 * OCR pages), each with its row, rows `include` rejects left out. A column of amounts is read
 * right-aligned, as amounts are set; when a figure under the reference ends off its right edge,
 * the column is read again left-aligned (a template that sets its amounts flush left). Undefined
 * when a figure in the column cannot be read, or a figure under the reference lines up on neither
 * edge (a column a converter set again, a figure rewritten in place: the typesetting check's to
 * report): a partial sum would be a false contradiction.
 */
export function alignedFigures(
  rows: Row[],
  from: number,
  to: number,
  reference: Figure,
  include: (row: Row) => boolean = () => true,
): { figure: Figure; row: Row }[] | undefined {
  return alignedOn('x1', rows, from, to, reference, include) ?? alignedOn('x0', rows, from, to, reference, include);
}

/** `alignedFigures` on one edge of the column: its right (`x1`) or its left (`x0`). */
function alignedOn(
  edge: 'x0' | 'x1',
  rows: Row[],
  from: number,
  to: number,
  reference: Figure,
  include: (row: Row) => boolean,
): { figure: Figure; row: Row }[] | undefined {
  const { x0, x1, tolerance } = columnOf(reference);
  const at = reference.box[edge];
  const out: { figure: Figure; row: Row }[] = [];
  for (let i = from + 1; i < to; i++) {
    const row = rows[i]!;
    if (!include(row)) continue;
    const figs = figures(row);
    const figure = figs.find((g) => Math.abs(g.box[edge] - at) <= tolerance);
    if (figure) out.push({ figure, row });
    else if (row.words.some((w) => Math.abs(w[edge] - at) <= tolerance && /\d/.test(w.text))) return undefined;
    else if (figs.some((g) => g.box.x0 < x1 && g.box.x1 > x0)) return undefined;
  }
  return out;
}

/**
 * How many rows (from, to) that `include` takes hold words in the column of `reference` (across
 * its span) and no figure there: a line whose figure OCR read as letters ("Bly fi" for 117.75).
 * On a page OCR read, a sum of the column without them is no evidence against its total.
 */
export function unreadInColumn(rows: Row[], from: number, to: number, reference: Figure, include: (row: Row) => boolean = () => true): number {
  const { x0, x1, tolerance } = columnOf(reference);
  let unread = 0;
  for (let i = from + 1; i < to; i++) {
    const row = rows[i]!;
    if (!include(row) || figures(row).some((g) => Math.abs(g.box.x1 - x1) <= tolerance)) continue;
    if (row.words.some((w) => w.x1 > x0 && w.x0 < x1)) unread++;
  }
  return unread;
}

/** The items of the column of `total` between two rows; undefined as `alignedFigures` is, or when one is printed otherwise than the total (a year over a column, a count: no item of its sum). */
function columnItems(rows: Row[], from: number, to: number, total: Figure): Item[] | undefined {
  const found = alignedFigures(rows, from, to, total);
  const cents = withCents(total);
  if (!found || found.some(({ figure }) => withCents(figure) !== cents)) return undefined;
  return found.map(({ figure, row }) => ({ figure, subtotal: SUBTOTAL.test(row.text), last: figures(row).at(-1)! }));
}

/** One way the items may add up: the sum and its terms (by magnitude, or with the signs they are printed with). */
interface Sum {
  sum: Decimal;
  terms: Term[];
}

const sumOf = (items: readonly Item[], signed: boolean, from?: Figure): Sum => {
  const terms: Term[] = items.map((i) => ({ figure: i.figure, sign: signed && i.figure.amount.value.isNegative() ? -1 : 1 }));
  if (from) terms.unshift({ figure: from, sign: from.amount.value.isNegative() ? -1 : 1 });
  const sum = items.reduce((s, i) => add(s, signed ? i.figure.amount.value : i.figure.amount.value.abs()), from ? from.amount.value : decimal('0'));
  return { sum, terms };
};

/** Every way the items may add up to their total. */
function readings(items: readonly Item[]): Sum[] {
  const plain = items.filter((i) => !i.subtotal);
  const subtotals = items.filter((i) => i.subtotal);
  const out = [sumOf(items, false), sumOf(items, true), sumOf(plain, false), sumOf(plain, true)];
  if (subtotals.length > 0) out.push(sumOf(subtotals, false));
  // the last section alone: every suffix of two items or more
  for (let start = 1; start <= items.length - 2; start++) out.push(sumOf(items.slice(start), false), sumOf(items.slice(start), true));
  // each row's last figure its amount: a total set under the rate column of the items above it
  const lasts = items.map((i) => ({ ...i, figure: i.last }));
  if (lasts.some((l, k) => l.figure !== items[k]!.figure)) out.push(sumOf(lasts, false), sumOf(lasts, true));
  return out;
}

/** True when a word with digits ends (or starts) where `total` does on `row`: something is printed in its column. */
const digitsInColumn = (row: Row, total: Figure): boolean =>
  row.words.some((w) => /\d/.test(w.text) && (Math.abs(w.x1 - total.box.x1) <= 3 || Math.abs(w.x0 - total.box.x0) <= 3));

/**
 * True when row `i`, a line without digits, is a cell's text wrapped onto a line of its own inside
 * a table's body (a tenant's name, a month): nothing of it is printed over the columns of
 * `totals`, and one of the three rows above it has a figure in one of them (the rows between are
 * the same cells' other lines). A table's header prints over its amount columns, and the lines
 * above it hold none of its figures.
 */
function wrappedInBody(rows: Row[], i: number, totals: readonly Figure[]): boolean {
  const over = (x0: number, x1: number): boolean => totals.some((t) => x0 < t.box.x1 + ALIGN && x1 > t.box.x0 - ALIGN);
  if (rows[i]!.words.some((w) => over(w.x0, w.x1))) return false;
  for (let k = i - 1; k >= 0 && k >= i - 3; k--) {
    const row = rows[k]!;
    if (TOTAL_ROW.test(row.text)) return false;
    if (figures(row).some((g) => totals.some((t) => Math.abs(g.box.x1 - t.box.x1) <= ALIGN))) return true;
  }
  return false;
}

/**
 * Where a total's items start: the nearest row above without digits (a header, or the heading the
 * total names; not a cell wrapped onto a line of its own, `wrappedInBody`) or the previous total.
 */
function tableStart(rows: Row[], index: number): number {
  const totals = figures(rows[index]!);
  for (let i = index - 1; i >= 0 && i >= index - MAX_ITEMS; i--) {
    const text = rows[i]!.text;
    if (TOTAL_ROW.test(text) || (!/\d/.test(text) && (totalOfHeading(rows[i]!, rows[index]!) || !wrappedInBody(rows, i, totals)))) return i;
  }
  return -1;
}

/** True when `total` totals the section `heading` names ("Cost of Goods Sold", then "Total Cost of Goods Sold"): its one item is its sum too. */
function totalOfHeading(heading: Row, total: Row): boolean {
  const name = heading.text.trim().toLowerCase();
  return !/\d/.test(name) && name.length > 2 && total.text.toLowerCase().startsWith(`total ${name}`);
}

/**
 * Column totals that no reading of their items adds up to, each pointing at the total; `unverified`
 * says when OCR could explain the difference, and rows `readElsewhere` names are another check's.
 */
export function columnTotals(
  rows: Row[],
  unverified: (stated: Figure, computed: Decimal, terms: readonly Term[]) => boolean,
  readElsewhere?: (row: Row) => boolean,
): SumFinding[] {
  const findings: SumFinding[] = [];
  for (const [index, row] of rows.entries()) {
    if (!TOTAL_ROW.test(row.text) || NOT_A_SUM.test(row.text) || readElsewhere?.(row)) continue;
    const start = tableStart(rows, index);
    if (start < 0 || (index - start < 3 && !totalOfHeading(rows[start]!, row))) continue;
    for (const total of figures(row)) {
      const items = columnItems(rows, start, index, total);
      if (!items || (items.length < 2 && !totalOfHeading(rows[start]!, row)) || items.every((i) => i.subtotal)) continue;
      const stated = total.amount.value.abs();
      // a total under an earlier total may go on from it: the earlier total's figure in this column and the items since
      const earlier = TOTAL_ROW.test(rows[start]!.text) ? alignedFigures(rows, start - 1, start + 1, total)?.[0]?.figure : undefined;
      // an earlier total whose figure is no amount with the column's cents (OCR lost its separator) cannot be gone on from: the table is not read
      if (TOTAL_ROW.test(rows[start]!.text) && (earlier ? withCents(earlier) !== withCents(total) : digitsInColumn(rows[start]!, total))) continue;
      const sums = readings(items);
      if (earlier) sums.push(sumOf(items, true, earlier), sumOf(items, false, earlier));
      if (sums.some((r) => sameMoney(r.sum.abs(), stated))) continue;
      // read by OCR, a reading a misread digit would make hold leaves the total unverified
      if (sums.some((r) => unverified(total, r.sum, r.terms))) continue;
      const computed = sumOf(items, false).sum;
      findings.push({
        code: 'table_total_mismatch',
        rule: 'column total',
        total: total.amount.raw,
        items: items.length,
        computed: formatMoney(computed, total.amount.raw),
        basis: 'aligned column',
        tried: sums.length,
        reading: ['every figure of the column above it added, by magnitude'],
        page: total.box.page,
        boxes: [total.box, ...items.map((i) => i.figure.box)],
        math: {
          formula: 'total = sum of the column above it',
          computed: formatMoney(computed, total.amount.raw),
          stated: total.amount.raw,
          ok: false,
          note: `${items.length} figures aligned with the total, from ${items[0]!.figure.amount.raw} to ${items[items.length - 1]!.figure.amount.raw}.`,
        },
      });
    }
  }
  return findings;
}
