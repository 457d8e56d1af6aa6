// Totals across a row: a table whose header names a "Total" column beside the columns it totals
// (a mortgage payment's total beside its principal, interest and escrow; a profit and loss
// statement's quarters beside their year; an invoice line's amount and tax beside their total), or
// a "Year to Date" column after quarters or months that run from the year's first.
// Each row's figure under "Total" must be the sum of its figures under the other money columns.
// Readings: the columns on both sides of the total, or only those before or after it; each part
// added or subtracted (a column may be a credit or a discount); a row is contradicted only when no
// reading makes it hold. A row with a figure under a column of
// another kind (a rate, a price, a quantity, a balance, a year to date) is not read: its total may
// be a product or carried from elsewhere. A contradiction is
// corroborated by the table's other rows that hold and by its total printed again elsewhere in the
// document (the payment the statement asks for, a summary's total): then a part is what changed.
import { monthNamed } from '../../../../tables/dates.js';
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { cellsOf, cellUnder, type LabelledCell } from '../../../readers/ledger-layout.js';
import { combinations } from '../../../readers/readings.js';
import type { SumFinding } from './indicators.js';

/** The header cell of the column that totals the row. */
const TOTAL_CELL = /^(row )?total( amount| paid| payment)?$/i;
/** Header cells whose figures are of another kind than a row total's parts: a row with a money figure under one is not read. */
const NOT_A_PART = /\b(balance|rate|price|quantity|qty|units?|hours?|ytd|year[\s-]+to[\s-]+date|previous|prior|change|variance|budget)\b/i;
/** The most rows a table runs under its header. */
const MAX_ROWS = 60;
/** The most parts a row's total is read from (each part's sign is a reading). */
const MAX_PARTS = 8;

/** A row of the table read under its header: its total and the parts it sums, each with its column's label. */
interface RowReading {
  row: Row;
  total: Figure;
  parts: { figure: Figure; label: string }[];
}

/** The header cell a figure sits under: the one it overlaps most, or the nearest within a figure's height. */
function columnOf(cells: readonly LabelledCell[], figure: Figure): LabelledCell | undefined {
  const under = cellUnder(cells, figure.box.x0, figure.box.x1);
  return under && under.overlap >= -(figure.box.y1 - figure.box.y0) ? under.cell : undefined;
}

/** A word every "Total" or year-to-date header cell holds. */
const TOTAL_OR_YEAR_WORD = /\b(total|year|ytd)\b/i;

/** A year-to-date header cell: the total of the periods before it when they run from the year's first. */
const YEAR_TO_DATE_CELL = /^(year[\s-]+to[\s-]+date|ytd)( total)?$/i;

/** The period a header cell names, as its kind and number ("Q2 2026": quarter 2, "March": month 3), or undefined. */
function periodOf(label: string): { kind: 'quarter' | 'month'; n: number } | undefined {
  const quarter = /^(?:q|quarter\s*)([1-4])\b/i.exec(label);
  if (quarter) return { kind: 'quarter', n: Number(quarter[1]) };
  // a month's name or its first three letters (Sept too), and the year or nothing after it
  const month = /^([a-z]+)\.?(?:\s+\d{4})?$/i.exec(label)?.[1];
  const n = month ? monthNamed(month) : 0;
  return n > 0 ? { kind: 'month', n } : undefined;
}

/**
 * The year-to-date cell of `cells` when it totals the periods printed before it: two or more
 * quarters or months, consecutive from the year's first (Q1, Q2, Q3 then "Year to Date"). A year
 * to date beside one period, or beside periods from mid-year, carries from elsewhere: no sum.
 */
function yearToDateOfPeriods(cells: readonly LabelledCell[]): LabelledCell | undefined {
  const at = cells.findIndex((c) => YEAR_TO_DATE_CELL.test(c.label.trim()));
  if (at < 0 || cells.slice(at + 1).some((c) => YEAR_TO_DATE_CELL.test(c.label.trim()))) return undefined;
  const periods: { kind: 'quarter' | 'month'; n: number }[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const period = periodOf(cells[i]!.label.trim());
    if (!period) break;
    periods.unshift(period);
  }
  const consecutive = periods.every((p, i) => p.kind === periods[0]!.kind && p.n === i + 1);
  return periods.length >= 2 && consecutive ? cells[at] : undefined;
}

/**
 * The cells of a header row, a cell of several words split into its words where a row of `below`
 * sets figures under two or more of them (narrow columns set close together read as one run:
 * "Principal Interest Escrow"); a label of several words over one column keeps them.
 */
function headerCells(row: Row, below: readonly Row[]): LabelledCell[] {
  let figures: Figure[][] | undefined; // the rows below's, read once and only for a cell of several words
  return cellsOf(row).flatMap((words): LabelledCell[] => {
    const whole = { label: words.map((w) => w.text).join(' '), x0: words[0]!.x0, x1: words[words.length - 1]!.x1 };
    if (words.length < 2) return [whole];
    figures ??= below.map(moneyFigures);
    const split = figures.some((rowFigures) => {
      const under = rowFigures.filter((f) => f.box.x1 > whole.x0 && f.box.x0 < whole.x1);
      const heads = new Set(under.map((f) => cellUnder(words, f.box.x0, f.box.x1)?.cell));
      return under.length >= 2 && heads.size === under.length;
    });
    return split ? words.map((w) => ({ label: w.text, x0: w.x0, x1: w.x1 })) : [whole];
  });
}

/** A header row naming one "Total" column (or a year to date of the periods before it) and at least two other cells; its cells. */
function headerOf(row: Row, below: readonly Row[] = []): { cells: LabelledCell[]; total: LabelledCell } | undefined {
  // a row naming neither cell is no header, however its cells split
  if (!TOTAL_OR_YEAR_WORD.test(row.text) || moneyFigures(row).length > 0) return undefined;
  const cells = headerCells(row, below);
  const totals = cells.filter((c) => TOTAL_CELL.test(c.label.trim()));
  const total = totals.length === 1 ? totals[0] : totals.length === 0 ? yearToDateOfPeriods(cells) : undefined;
  if (!total || cells.length < 3) return undefined;
  return { cells, total };
}

/** The rows under the header at `index` whose figures sit one to a column, with a total and two parts or more. */
function rowsUnder(
  rows: readonly Row[],
  index: number,
  header: { cells: LabelledCell[]; total: LabelledCell },
  fromOcr: (page: number) => boolean,
): RowReading[] {
  const read: RowReading[] = [];
  let blank = 0;
  for (let i = index + 1; i < rows.length && i <= index + MAX_ROWS; i++) {
    const row = rows[i]!;
    if (row.page !== rows[index]!.page) break;
    const figs = moneyFigures(row);
    if (figs.length === 0) {
      // a wrapped description; two lines without figures end the table
      if (headerOf(row) || ++blank > 1) break;
      continue;
    }
    blank = 0;
    const placed = figs.map((figure) => ({ figure, cell: columnOf(header.cells, figure) }));
    // two figures under one column, or one under none: the row is not read as the header sets it
    if (placed.some((p) => !p.cell) || new Set(placed.map((p) => p.cell)).size < placed.length) continue;
    // a figure under a rate, a price or a balance: the row holds more than a total and its parts
    if (placed.some((p) => p.cell !== header.total && NOT_A_PART.test(p.cell!.label))) continue;
    // read by OCR, a column of figures the row leaves empty may hold a part OCR broke ("735.78" read
    // as "735,7B") or lost: the row's parts are not all read
    const firstFigure = Math.min(...figs.map((f) => f.box.x0));
    const filled = new Set(placed.map((p) => p.cell));
    if (fromOcr(row.page) && header.cells.some((c) => c.x1 > firstFigure && !filled.has(c) && !NOT_A_PART.test(c.label))) continue;
    const total = placed.find((p) => p.cell === header.total)?.figure;
    const parts = placed.filter((p) => p.cell !== header.total).map((p) => ({ figure: p.figure, label: p.cell!.label }));
    if (total && parts.length >= 2 && parts.length <= MAX_PARTS) read.push({ row, total, parts });
  }
  return read;
}

/** The row's parts signed by `signs`, summed. */
const signedSum = (parts: RowReading['parts'], signs: readonly number[]): Decimal =>
  parts.reduce((sum, p, i) => (signs[i] === 1 ? add(sum, p.figure.amount.value.abs()) : subtract(sum, p.figure.amount.value.abs())), decimal('0'));

/** The extents of the row a total may sum: every other column, those before it, those after it (a summary across the page goes on past its total: "Total  Payments/Credits"). */
function extents(r: RowReading): RowReading['parts'][] {
  const before = r.parts.filter((p) => p.figure.box.x1 <= r.total.box.x0);
  const after = r.parts.filter((p) => p.figure.box.x0 >= r.total.box.x1);
  return [r.parts, before, after].filter((parts, i) => parts.length >= 2 && (i === 0 || parts.length < r.parts.length));
}

/** True when some extent of the row, with some sign of its parts (the first added), makes its total. */
function rowHolds(r: RowReading): boolean {
  const stated = r.total.amount.value.abs();
  for (const parts of extents(r)) {
    const choices = parts.map((_, i) => (i === 0 ? [1] : [1, -1]));
    for (const signs of combinations(choices)) if (sameMoney(signedSum(parts, signs), stated)) return true;
  }
  return false;
}

/**
 * The rows of tables with a "Total" column whose parts do not add up to it; `unverified` says
 * when OCR could explain a contradiction (a misread digit), and on pages `fromOcr` says OCR read a
 * row that leaves a column of figures empty is not judged (a part OCR broke or lost).
 */
export function rowTotals(
  rows: readonly Row[],
  unverified: (stated: Figure, computed: Decimal, terms: readonly Term[]) => boolean,
  fromOcr: (page: number) => boolean = () => false,
): SumFinding[] {
  const findings: SumFinding[] = [];
  for (const [index, row] of rows.entries()) {
    const header = headerOf(
      row,
      rows.slice(index + 1, index + 1 + MAX_ROWS).filter((r) => r.page === row.page),
    );
    if (!header) continue;
    const read = rowsUnder(rows, index, header, fromOcr);
    const held = read.filter(rowHolds);
    for (const r of read) {
      if (held.includes(r)) continue;
      const computed = sumOfMagnitudes(r.parts.map((p) => p.figure));
      const terms = r.parts.map((p): Term => ({ figure: p.figure, sign: 1 }));
      if (unverified(r.total, computed, terms)) continue;
      const printedElsewhere = rows.find(
        (other) => other !== r.row && moneyFigures(other).some((f) => sameMoney(f.amount.value.abs(), r.total.amount.value.abs())),
      );
      const names = r.parts.map((p) => p.label.toLowerCase());
      const says = `total = ${names.join(' + ')} (across the row)`;
      findings.push({
        code: 'table_total_mismatch',
        rule: 'row total',
        stated: r.total.amount.raw,
        computed: formatMoney(computed, r.total.amount.raw),
        parts: names.join(', '),
        basis: 'stated total',
        tried: extents(r).reduce((n, parts) => n + 2 ** (parts.length - 1), 0),
        reading: [`the figures under ${names.map((n) => `"${n}"`).join(', ')} as the parts of the figure under "${header.total.label}"`],
        // what corroborates the reading: the table's other rows that hold, the total printed again
        corroboration: [
          ...held.map((h) => `${says}: ${h.total.amount.raw} on "${h.row.text}"`),
          ...(printedElsewhere ? [`the total ${r.total.amount.raw} is printed again on "${printedElsewhere.text}"`] : []),
        ],
        page: r.total.box.page,
        boxes: [r.total.box, ...r.parts.map((p) => p.figure.box)],
        math: {
          formula: says,
          computed: formatMoney(computed, r.total.amount.raw),
          stated: r.total.amount.raw,
          ok: false,
          note: `${r.parts.map((p) => `${p.label} ${p.figure.amount.raw}`).join(', ')}; no sign of the parts makes the total.`,
        },
      });
    }
  }
  return findings;
}
