// Quantity times rate: on a pay stub's earnings lines (hours x rate = current), a bill's charge
// lines (usage x rate = charge) and a brokerage statement's holdings (quantity x price = market
// value), wherever a table's header names a quantity column, a rate column
// and an amount column (an invoice's Qty, Unit price, Line total), or a line writes its product out
// ("612 kWh x $0.1420 … 86.90"), in English or an invoice's continental language (Qté, Prix
// unitaire, Montant; Menge, Einzelpreis, Betrag), a row of continental figures (12,50) read in its
// own number format. Figures are taken from the columns their header cells sit over; a
// quantity may carry its unit (`512 kWh`), a rate four decimals (`$0.1300`). The product is
// compared with the printed amount allowing for the rounding of the printed quantity and rate (a
// whole count at a price in cents is exact). A line whose product disagrees points at the amount,
// or at the quantity and rate when the amounts still sum to the table's total (then the amount is
// the figure the others agree on). Whether a line read by OCR is judged is the caller's
// (`unverified`): a misread digit of a quantity or a rate moves the product far, so only a
// misreading tested against the page may excuse it.

import { defined } from '../../../../defined.js';
import { parseAmount } from '../../../../tables/amounts.js';
import { type Decimal, decimal, formatMoney, subtract } from '../../../../tables/decimal.js';
import type { Row, Word } from '../../../../tables/rows.js';
import type { PageBox } from '../../../findings.js';
import { type Figure, joinDigitGroups } from '../../../readers/figures.js';
import { cellsOf } from '../../../readers/ledger-layout.js';
import type { SumFinding } from './indicators.js';

const QUANTITY = /^(hours|hrs|units|qty|quantity|usage|kwh|therms|gallons|ccf|qt[ée]|quantit[ée]|quantit[àa]|qt[àa]|menge|anzahl|cantidad|cant|aantal)$/i;
const RATE =
  /^(rate|price|unit\s+(price|cost|rate)|per\s+unit|each|prix(\s+unitaire)?|pu|tarif|einzelpreis|st[üu]ckpreis|preis|precio(\s+unitario)?|prezzo(\s+unitario)?|prijs|stukprijs)$/i;
const AMOUNT =
  /^(current|amount|this\s+period|earnings\s+amount|charges?|line\s+total|total|ext(ended)?(\s+(price|amount))?|(current\s+|mkt\s+|market\s+)?value|montant(\s+ht)?|total\s+ht|betrag|gesamtpreis|gesamt|importe|importo|bedrag|totaal)$/i;
/** A number as printed: optional currency, grouped digits, any decimals, an optional unit word after it. */
const NUMBER = /^[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;
/** The same, printed the continental way (1.234,56). */
const CONTINENTAL_NUMBER = /^[$€£]?(\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+)(,\d+)?$/;
/** A row printing its money the continental way: figures with a comma before their cents, none with a point. */
const continentalRow = (row: Row): boolean => row.words.some((w) => /\d,\d{2}$/.test(w.text)) && !row.words.some((w) => /\d\.\d{2}$/.test(w.text));
const TOTAL = /\b(total|gross|subtotal|net)\b/i;

/** A number read from a word, with where it is. */
export interface Read {
  value: Decimal;
  /** Digits after the decimal point as printed. */
  decimals: number;
  raw: string;
  box: PageBox;
  confidence?: number;
}

function readNumber(word: Word, continental = false): Read | undefined {
  const m = (continental ? CONTINENTAL_NUMBER : NUMBER).exec(word.text);
  if (!m) return undefined;
  return {
    value: decimal(`${m[1]!.replace(/[,.\u00a0\u202f ]/g, '')}${m[2]?.replace(',', '.') ?? ''}`),
    decimals: m[2] ? m[2].length - 1 : 0,
    raw: word.text,
    box: { page: word.page, x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1 },
    ...defined({ confidence: word.confidence }),
  };
}

interface Columns {
  quantity: [number, number];
  rate: [number, number];
  amount: [number, number];
  /** Every cell of the header row (named or not). */
  cells: [number, number][];
}

/** `cell` cut into the longest runs of words (up to three) that name a column, and single words that name none. */
function namedParts(cell: Word[], names: (part: Word[]) => boolean): Word[][] {
  const parts: Word[][] = [];
  for (let i = 0; i < cell.length; ) {
    let length = Math.min(3, cell.length - i);
    while (length > 1 && !names(cell.slice(i, i + length))) length--;
    parts.push(cell.slice(i, i + length));
    i += length;
  }
  return parts;
}

/** The quantity, rate and amount columns a header row names, or undefined. */
function columnsOf(row: Row): Columns | undefined {
  if (/\d/.test(row.text)) return undefined;
  const found: Partial<Record<keyof Columns, [number, number]>> = {};
  const labelOf = (cell: Word[]): string => cell.map((w) => w.text.replace(/[^\p{L} ]/gu, '')).join(' ');
  const named = (label: string): keyof Columns | undefined =>
    QUANTITY.test(label) ? 'quantity' : RATE.test(label) ? 'rate' : AMOUNT.test(label) ? 'amount' : undefined;
  const cells = cellsOf(row);
  for (const cell of cells) {
    // headers of narrow columns set close together read as one cell ("Rate Hours Amount", "Unit Price Line Total")
    for (const part of named(labelOf(cell)) ? [cell] : namedParts(cell, (c) => named(labelOf(c)) !== undefined)) {
      const column = named(labelOf(part));
      if (column) found[column] ??= [part[0]!.x0, part[part.length - 1]!.x1];
    }
  }
  return found.quantity && found.rate && found.amount
    ? { quantity: found.quantity, rate: found.rate, amount: found.amount, cells: cells.map((c) => [c[0]!.x0, c[c.length - 1]!.x1]) }
    : undefined;
}

/** The number of the row under a header cell spanning `span`: the one it overlaps most, if any. */
function inColumn(numbers: Read[], span: [number, number]): Read | undefined {
  let best: Read | undefined;
  let most = 0;
  for (const n of numbers) {
    const overlap = Math.min(n.box.x1, span[1]) - Math.max(n.box.x0, span[0]);
    if (overlap > most) [best, most] = [n, overlap];
  }
  return best;
}

/**
 * The numbers of a row in the quantity, rate and amount columns: each the one under its header
 * cell (overlapping it most); where none is and no word with digits is either (an unread figure),
 * the nearest one whose middle lies nearer the middle of this header cell than of any other of the
 * header row. A spreadsheet centres its headers over its cells and sets numbers to their right
 * edge and text to their left ("Rate" over the left of a cell, 220.32 at its right; "Qty" over a
 * cell whose 1 ends where the next cell's 869,27 begins): a cell's edge lies halfway between the
 * middles of two headers of cells as wide. Only `nearest` (an item's line, before the table's total).
 */
function inColumns(numbers: Read[], words: readonly Word[], columns: Columns, nearest: boolean): (Read | undefined)[] {
  const spans = [columns.quantity, columns.rate, columns.amount];
  const under = spans.map((span) => inColumn(numbers, span));
  if (!nearest || under.every((n) => n !== undefined)) return under;
  const middle = (x0: number, x1: number): number => (x0 + x1) / 2;
  const apart = (n: Read, span: [number, number]): number => Math.abs(middle(n.box.x0, n.box.x1) - middle(span[0], span[1]));
  const overlaps = (w: Word, span: [number, number]): boolean => Math.min(w.x1, span[1]) > Math.max(w.x0, span[0]);
  return under.map((found, column) => {
    const span = spans[column]!;
    if (found || words.some((w) => /\d/.test(w.text) && overlaps(w, span))) return found;
    const nearer = numbers.filter((n) => !under.includes(n) && columns.cells.every((cell) => holds(cell, span) || apart(n, span) < apart(n, cell)));
    return nearer.sort((a, b) => apart(a, span) - apart(b, span))[0];
  });
}

/** `join` applied to the words of each column apart: the columns meet halfway between the middles of their header cells. */
function withinColumns(words: Word[], columns: Columns, join: (words: Word[]) => Word[]): Word[] {
  const middles = columns.cells.map((c) => (c[0] + c[1]) / 2).sort((a, b) => a - b);
  const edges = middles.slice(1).map((m, i) => (m + middles[i]!) / 2);
  const columnOf = (w: Word): number => edges.filter((edge) => (w.x0 + w.x1) / 2 > edge).length;
  const out: Word[] = [];
  for (let start = 0; start < words.length; ) {
    let end = start + 1;
    while (end < words.length && columnOf(words[end]!) === columnOf(words[start]!)) end++;
    out.push(...join(words.slice(start, end)));
    start = end;
  }
  return out;
}

/** True when header cell `cell` holds `span` (a column named by part of a cell). */
const holds = (cell: [number, number], span: [number, number]): boolean => cell[0] <= span[0] && cell[1] >= span[1];

/** Half a unit of the last printed decimal. */
const half = (n: Read): Decimal => decimal(`0.${'0'.repeat(n.decimals)}5`);

/** A line's quantity, rate and amount as figures (undefined for a rate of more than two decimals), and whether the line agrees given each figure's value. */
export interface LineFigures {
  page: number;
  figures: readonly (Figure | undefined)[];
  holds(value: (f: Figure) => Decimal): boolean;
}

/** A count or a number printed with cents as a figure (a rate of more decimals has no misreadings known). */
function asFigure(n: Read): Figure | undefined {
  const amount = n.decimals === 2 ? parseAmount(n.raw) : n.decimals === 0 ? { value: n.value, raw: n.raw, signed: false } : undefined;
  return amount && { amount, box: n.box, ...defined({ confidence: n.confidence }) };
}

/** Options of one run. */
export interface QuantityRateOptions {
  code: 'paystub_totals_mismatch' | 'bill_totals_mismatch' | 'table_total_mismatch';
  /**
   * True when a line's contradiction is not to be judged (its page was read by OCR, and a misread
   * figure may explain it).
   */
  unverified(line: LineFigures): boolean;
  /** True when the table's amounts still sum to its total (the amount agrees with the others). */
  amountsAddUp?(amount: Read): boolean;
  /**
   * The amount of `row` that OCR could not read (a word with digits under the amount header that
   * is no number), recovered from a printed sum whose other terms were read surely; undefined
   * when it cannot be. `header` is the row naming the columns.
   */
  lostAmount?(row: Row, header: Row, lost: Word): Read | undefined;
}

/** The word between a quantity and its rate written out on a line ("612 kWh x $0.1420", "3 @ 25.00"). */
const TIMES = /^(x|×|@|at)$/i;

/**
 * A product written out on the line: a quantity (and maybe its unit), "x", "×", "@" or "at", a
 * rate printed with a currency sign or two decimals or more (so "2 x 4 lumber" is no product), and
 * the line's last figure, with cents, as its amount.
 */
function inlineProduct(row: Row): [Read, Read, Read] | undefined {
  const words = row.words;
  const continental = continentalRow(row);
  const read = (word: Word): Read | undefined => readNumber(word, continental);
  const amount = words.length > 0 ? read(words[words.length - 1]!) : undefined;
  if (amount?.decimals !== 2) return undefined;
  for (let i = 1; i + 1 < words.length - 1; i++) {
    if (!TIMES.test(words[i]!.text)) continue;
    const rate = read(words[i + 1]!);
    const quantity = read(words[i - 1]!) ?? (i >= 2 && /^\p{L}+$/u.test(words[i - 1]!.text) ? read(words[i - 2]!) : undefined);
    if (rate && quantity && (rate.raw.startsWith('$') || rate.decimals >= 2)) return [quantity, rate, amount];
  }
  return undefined;
}

/** Lines whose quantity times rate is not their amount: in a table whose header names the three columns, or written out on the line. */
export function quantityRate(rows: readonly Row[], options: QuantityRateOptions): SumFinding[] {
  const findings: SumFinding[] = [];
  let columns: Columns | undefined;
  let headerRow: Row | undefined;
  let totalSeen = false;
  for (const row of rows) {
    const header = columnsOf(row);
    if (header) {
      columns = header;
      headerRow = row;
      totalSeen = false;
      continue;
    }
    const continental = continentalRow(row);
    // a continental figure's digit groups may be set apart by a thin space ("10 304,40"): one number,
    // within one column (a spreadsheet's quantity of 1 ends where its price of 869,27 begins)
    const words = continental ? (columns ? withinColumns(row.words, columns, joinDigitGroups) : joinDigitGroups(row.words)) : row.words;
    const numbers = words.map((w) => readNumber(w, continental)).filter((n): n is Read => n !== undefined);
    if (numbers.length === 0) {
      // another table's header, or a heading after the table's total ("Total New Charges", then "Usage History")
      if (row.words.length > 0 && !/\d/.test(row.text) && (cellsOf(row).length >= 2 || totalSeen)) columns = undefined;
      continue;
    }
    if (TOTAL.test(row.text)) {
      totalSeen = true;
      continue;
    }
    // only an item's line (a description before its numbers) before the table's total: a summary set
    // across under the table ("Nettobetrag … Gesamtbetrag" over their figures) only by numbers under the headers
    const described = words.some((w) => w.x1 <= numbers[0]!.box.x0 && /\p{L}{2}/u.test(w.text));
    const read = columns && inColumns(numbers, words, columns, described && !totalSeen);
    let recovered = false;
    if (read && columns && headerRow && read[0] && read[1] && !read[2]) {
      // a line whose amount OCR broke ("52222)"): the amount its table's sum leaves for it
      const span = columns.amount;
      const lost = row.words.find((w) => /\d/.test(w.text) && Math.min(w.x1, span[1]) - Math.max(w.x0, span[0]) > 0);
      read[2] = lost && options.lostAmount?.(row, headerRow, lost);
      recovered = read[2] !== undefined;
    }
    const [q, r, a] = read?.every((n) => n !== undefined) ? (read as [Read, Read, Read]) : (inlineProduct(row) ?? []);
    if (!q || !r || !a || q === r || r === a || q === a || a.decimals !== 2) continue;
    // the printed quantity and rate are rounded: their product may be off by that much, plus a
    // cent; a whole count at a price in cents (an invoice's items, hours at an hourly rate) is exact
    const countedAtPrice = q.decimals === 0 && r.decimals <= 2;
    const agrees = (quantity: Decimal, rate: Decimal, amount: Decimal): boolean => {
      const slack = quantity
        .times(half(r))
        .plus(countedAtPrice ? decimal('0') : rate.times(half(q)))
        .plus(decimal('0.01'));
      return subtract(quantity.times(rate), amount).abs().lte(slack);
    };
    if (agrees(q.value, r.value, a.value)) continue;
    const figs = [q, r, a].map(asFigure);
    const holds = (value: (f: Figure) => Decimal): boolean => agrees(value(figs[0]!), value(figs[1]!), value(figs[2]!));
    if (options.unverified({ page: a.box.page, figures: figs, holds })) continue;
    const product = q.value.times(r.value);
    const computed = product.toDecimalPlaces(2);
    const amountAgrees = options.amountsAddUp?.(a) ?? false;
    findings.push({
      code: options.code,
      rule: 'quantity times rate',
      quantity: q.raw,
      rate: r.raw,
      computed: formatMoney(computed, a.raw),
      amount: a.raw,
      recovered,
      basis: 'stated total',
      page: a.box.page,
      // the figure most likely changed first; every figure the product rests on has a region
      boxes: amountAgrees ? [q.box, r.box, a.box] : [a.box, q.box, r.box],
      math: {
        formula: 'amount = quantity × rate',
        computed: formatMoney(computed, a.raw),
        stated: a.raw,
        ok: false,
        note: amountAgrees
          ? `The amounts still add up to the total: the quantity ${q.raw} or the rate ${r.raw} changed, or the amount and every total after it.`
          : `Quantity ${q.raw}, rate ${r.raw}.`,
      },
    });
  }
  return findings;
}
