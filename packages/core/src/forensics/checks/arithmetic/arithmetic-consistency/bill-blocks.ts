// A bill's or an invoice's blocks judged on their readings: every block of one-figure rows read
// down one column and ended by a total (charges and their total, an invoice's subtotal, discount,
// shipping, taxes, total, amount paid and balance due; a bill's account summary from the previous
// balance to the amount due). Where the block begins and which of a row's figures it holds are read
// too: its column down to the nearest section header or past it, each row's last figure (totals set
// under the rate column), or a grid's label-and-figure pairs in reading order; and a row's label is
// the words of its own figure. A total opening the block (a subtotal over a totals column or grid set
// apart from the items' amounts) stands for items printed elsewhere, the sums going on from it. A row's role is read from its label, and every role its label
// allows is tried: a subtotal a running total or a section's, a total inside the block a
// section's or a running one, a payment, credit or discount (or a figure marked CR) taken away or
// (printed so) added, a figure printed with a sign added with it. A block is consistent when any reading makes every
// total hold (on a page read by OCR, when any reading fails only where a misread digit could explain
// it); else its totals that fail under the reading where the most hold are contradictions,
// corroborated by those that held (`readers/readings.ts`).
import { formatMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type BlockIdentity, type BlockRow, blockReadings, type Role } from '../../../readers/block-sums.js';
import { type Figure, moneyFigures } from '../../../readers/figures.js';
import { judge, readingFacts } from '../../../readers/readings.js';
import type { SumFinding } from './indicators.js';

/** A row that totals others: a block's last row, or a total inside it (the rows the column totals leave to this reading). */
export const TOTALLING =
  /\b(sub-?totals?|totals?|amount due|balance due|total due|amount to pay|balance forward|net (à|a) payer|total (ttc|ht)|gesamtbetrag|nettobetrag|zwischensumme|offener betrag|summe|montant d[uû]|(regular |total )?monthly payment)\b/i;
/** An invoice's items totalled before its discount, shipping and tax, in the words of the languages invoices are written in. */
export const NET_BEFORE_TAX =
  /\b(sub-?totals?|total ht|montant ht|nettobetrag|netto(summe)?|zwischensumme|subtotaal|base imponible|imponibile|total (excl\.?|excluding|before) (vat|tax))\b/i;
/** Totals that run on from the block's start: a subtotal, a net amount before tax, a balance carried forward. */
const RUNNING = new RegExp(`${NET_BEFORE_TAX.source}|\\b(net amount|balance (brought |carried )?forward)\\b`, 'i');
/** A block's last row that is no total of the rows above it (an amount due later, a minimum, a year's figure). */
const NO_BLOCK_TOTAL =
  /\b(if paid after|after \d|minimum|average|budget|year[\s-]+to[\s-]+date|ytd|previous|last (bill|payment|statement)|past due|limit|available)\b/i;
/** Rows that take away: payments, credits, discounts, deposits paid. */
const LESS =
  /\b(less|discounts?|credits?|deposits?|paid|payments?|rebates?|coupons?|promo(tion)?s?|savings?|refunds?|thank you|remise|rabatt|acompte|anzahlung|skonto)\b/i;
/** Rows that add though a word of taking away is in them ("Late payment charge"). */
const ADDS = /\b(charges?|fees?|tax(es)?|vat|tva|mwst|interest|surcharges?|shipping|delivery|handling)\b/i;
/** Charges a summary may list as one line, or total the lines listed above them. */
const CHARGES = /\b((current|new) charges|charges this (period|month))\b/i;
/** A figure marked as a credit ("5,025.53 CR"). */
const CREDIT_MARK = /\bCR$/i;
/** A header row: the words over a table's columns. */
const HEADER = /\b(description|amount|charges?|items?|qty|quantity|montant|betrag|details)\b/i;
/** The most rows a block spans above its total. */
const MAX_ROWS = 40;

/** The roles a row's label allows, the most plausible first. */
function rolesOf(row: BlockRow): Role[] {
  if (RUNNING.test(row.label)) return [{ as: 'running total' }, { as: 'section total' }];
  if (CHARGES.test(row.label) && !TOTALLING.test(row.label)) return [{ as: 'signed item' }, { as: 'section total' }];
  // a total of a tax or a fee ("Total sales tax") may be one line added to the rest
  if (TOTALLING.test(row.label) && ADDS.test(row.label)) return [{ as: 'section total' }, { as: 'signed item' }, { as: 'running total' }];
  if (TOTALLING.test(row.label))
    return /^\s*totals?\b\s*$/i.test(row.label) ? [{ as: 'running total' }, { as: 'section total' }] : [{ as: 'section total' }, { as: 'running total' }];
  const negative = row.figure.amount.value.isNegative();
  // on a bill a figure marked CR is the customer's credit, whatever its label (one wrapped off its row may have none)
  if (CREDIT_MARK.test(row.figure.amount.raw))
    return [
      { as: 'item', sign: -1 },
      { as: 'item', sign: 1 },
    ];
  if (LESS.test(row.label) && !ADDS.test(row.label))
    return negative
      ? [{ as: 'signed item' }, { as: 'item', sign: 1 }]
      : [
          { as: 'item', sign: -1 },
          { as: 'item', sign: 1 },
        ];
  if (LESS.test(row.label)) return [{ as: 'signed item' }, { as: 'item', sign: -1 }];
  return [{ as: 'signed item' }];
}

/**
 * The label of `figure` in its row: the words after the row's previous figure when there are
 * some (a pair of a grid: "Balance Forward 94.61   Current Charges 109.84"), else the words before
 * the row's first figure (an item's description, its quantity and rate between), else the words
 * after it (a label set right of its figure).
 */
function labelOf(row: Row, figure: Figure): string {
  const others = pairFigures(row).filter((f) => f.box.x1 <= figure.box.x0 + 0.5);
  const text = (from: number, to: number): string =>
    row.words
      .filter((w) => w.x0 >= from - 0.5 && w.x1 <= to + 0.5 && !moneyFigures({ ...row, words: [w], text: w.text }).length)
      .map((w) => w.text)
      .join(' ')
      .trim();
  const previous = Math.max(-Infinity, ...others.map((f) => f.box.x1));
  const between = others.length ? text(previous, figure.box.x0) : '';
  if (/\p{L}{2}/u.test(between)) return between;
  const first = Math.min(figure.box.x0, ...others.map((f) => f.box.x0));
  const before = text(-Infinity, first);
  if (before) return before;
  const next = Math.min(
    Infinity,
    ...moneyFigures(row)
      .filter((f) => f.box.x0 >= figure.box.x1 - 0.5)
      .map((f) => f.box.x0),
  );
  return text(figure.box.x1, next);
}

/** True when a word of letters lies between the right edge `from` and the left edge `to`. */
const wordsBetween = (row: Row, from: number, to: number): boolean => row.words.some((w) => /\p{L}{2}/u.test(w.text) && w.x0 >= from - 0.5 && w.x1 <= to + 0.5);

/**
 * The figures of a row that close a label-and-figure pair: each followed by words or ending the
 * row. A figure followed straight by another is part of that one's label — an item's quantity
 * and rate, a tax's base ("VAT 20 % (8.808,16) 1.761,63").
 */
function pairFigures(row: Row): Figure[] {
  const money = moneyFigures(row);
  return money.filter((f, k) => k === money.length - 1 || wordsBetween(row, f.box.x1, money[k + 1]!.box.x0));
}

/**
 * The figures of a row that each have a label of their own, left to right: the pairs of a grid
 * row ("Previous Balance 112.90   Payment (18.29)"). A row of one pair answers its last figure.
 */
function pairsOf(row: Row): Figure[] {
  const pairs = pairFigures(row);
  const labelled = pairs.filter((f, k) => k === 0 || wordsBetween(row, pairs[k - 1]!.box.x1, f.box.x0));
  return pairs.length > 1 && labelled.length === pairs.length ? pairs : moneyFigures(row).slice(-1);
}

/** True when `row` is nothing but one figure in brackets, ending left of `columnStart`: a detail printed under a label (a tax's base). */
const detailOfLabel = (row: Row, money: readonly Figure[], columnStart: number): boolean =>
  row.words.length === 1 && money.length === 1 && /^\(.*\)$/.test(money[0]!.amount.raw) && money[0]!.box.x1 < columnStart;

/** A table's header row: two or more of the words over its columns ("Description … Amount"). */
const tableHeader = (row: Row): boolean =>
  !/\d/.test(row.text) && new Set(row.words.flatMap((w) => (HEADER.test(w.text) ? [w.text.toLowerCase()] : []))).size >= 2;

/** One way of laying out the block above a total: its rows (the total last but not included), and what it assumes. */
interface BlockLayout {
  rows: BlockRow[];
  indexes: number[];
  assumes?: string;
  /** Read as a grid's pairs. */
  pairs?: boolean;
}

/**
 * The rows above `rows[end]` whose figure is aligned with its `total` (right edges, or left edges
 * in a column set flush left): up to a table's header or another table, and passing section
 * headers (a row of words, "Delivery Charges") — each passed header ends one extent of the block,
 * the nearest first. Undefined when a row holds something in the column that is no amount (a
 * figure OCR misread): the block cannot be read.
 */
function columnAbove(rows: readonly Row[], end: number, total: Figure, ocr: boolean): { rows: number[]; figures: Figure[]; extents: number[] } | undefined {
  const tolerance = Math.max(3, (total.box.y1 - total.box.y0) / 2);
  // the column is the total's; a total set off it (a figure rewritten in place ends past its
  // column: the typesetting check's to report) takes the column of the figure right above it
  let column = total.box;
  // a column is set flush right or flush left, and its figures of other widths say which: once one
  // has, a figure that meets the column only at its other edge (one as wide as a figure of the
  // column, set in another) is not in it
  let flush: 'right' | 'left' | undefined;
  const alignedWith = (f: Figure): boolean => {
    const right = Math.abs(f.box.x1 - column.x1) <= tolerance;
    const left = Math.abs(f.box.x0 - column.x0) <= tolerance;
    if (right && left) return true;
    return right ? flush !== 'left' : left && flush !== 'right';
  };
  const found: { rows: number[]; figures: Figure[]; extents: number[] } = { rows: [], figures: [], extents: [] };
  for (let i = end - 1; i >= 0 && i >= end - MAX_ROWS; i--) {
    const row = rows[i]!;
    if (row.page !== rows[end]!.page) break;
    const money = moneyFigures(row);
    const under = money.length === 1 && found.rows.length === 0 && money[0]!.box.x0 < total.box.x1 && money[0]!.box.x1 > total.box.x0;
    if (under && !alignedWith(money[0]!)) column = money[0]!.box;
    const aligned = money.filter(alignedWith);
    if (aligned.length === 1) {
      const f = aligned[0]!;
      flush ??= Math.abs(f.box.x0 - column.x0) > tolerance ? 'right' : Math.abs(f.box.x1 - column.x1) > tolerance ? 'left' : undefined;
      found.rows.unshift(i);
      found.figures.unshift(f);
    } else if (detailOfLabel(row, money, column.x0 - tolerance)) {
      // a figure in brackets alone on its row, under the labels: the row above's detail (a tax's
      // base wrapped under "VAT 20 %"), no amount of the block
    } else if (money.length > 0) {
      // read by OCR, a row of amounts none of which is in the column may be one of the block's set off it
      if (ocr && aligned.length === 0 && found.rows.length > 0) return undefined;
      break;
    } else if (row.words.some((w) => /\d/.test(w.text) && Math.abs(w.x1 - column.x1) <= tolerance)) return undefined;
    else if (tableHeader(row)) break;
    else if (HEADER.test(row.text) && !/\d/.test(row.text) && found.rows.length) found.extents.push(found.rows.length);
  }
  return found;
}

/**
 * The layouts the block above a total may have, the most plausible first: its column's figures
 * down to the nearest section header, then past each further one; each row's last figure (the
 * block's figures aligned with another column: an item's rate); and every label-and-figure pair of
 * its rows in reading order (a summary set as a grid of pairs).
 */
function layoutsAbove(rows: readonly Row[], end: number, total: Figure, ocr: boolean): BlockLayout[] | undefined {
  const column = columnAbove(rows, end, total, ocr);
  if (!column) return undefined;
  const n = column.rows.length;
  const layouts: BlockLayout[] = [];
  const keyOf = (block: readonly BlockRow[]): string => block.map((r) => `${r.figure.box.x0},${r.figure.box.y0}`).join('|');
  const add = (indexes: number[], figures: Figure[][], assumes?: string, pairs = false): void => {
    const blockRows = indexes.flatMap((i, k) => figures[k]!.map((figure) => ({ label: labelOf(rows[i]!, figure), figure })));
    if (blockRows.length && !layouts.some((l) => keyOf(l.rows) === keyOf(blockRows)))
      layouts.push({ rows: blockRows, indexes, pairs, ...(assumes ? { assumes } : {}) });
  };
  // the column down to the nearest section header, then past each further one (`extents` counts the rows below each)
  [...column.extents, n].forEach((rowsBelow, k) => {
    const from = n - rowsBelow;
    add(
      column.rows.slice(from),
      column.figures.slice(from).map((f) => [f]),
      k > 0 ? 'the block runs on above its section headers' : undefined,
    );
  });
  const last = column.rows.map((i) => moneyFigures(rows[i]!).at(-1)!);
  add(
    column.rows,
    last.map((f) => [f]),
    "each row's last figure its amount",
  );
  if (column.rows.some((i) => pairsOf(rows[i]!).length > 1))
    add(
      column.rows,
      column.rows.map((i) => pairsOf(rows[i]!)),
      'every pair of its rows in reading order',
      true,
    );
  return layouts;
}

/** The facts of a finding about `identity`, a total of a block that fails. */
function blockFinding(identity: BlockIdentity, facts: ReturnType<typeof readingFacts>): SumFinding {
  return {
    code: 'bill_totals_mismatch',
    rule: 'block total',
    label: identity.label,
    stated: identity.stated.amount.raw,
    rows: identity.count,
    computed: formatMoney(identity.computed, identity.stated.amount.raw),
    basis: 'stated total',
    ...facts,
    page: identity.stated.box.page,
    boxes: [identity.stated.box, ...identity.terms.map((t) => t.figure.box)],
    math: {
      formula: identity.formula,
      computed: formatMoney(identity.computed, identity.stated.amount.raw),
      stated: identity.stated.amount.raw,
      ok: false,
      note: [
        facts.reading.length ? `Read with ${facts.reading.join('; ')}` : 'Read as printed',
        `${facts.tried} reading${facts.tried === 1 ? '' : 's'} tried`,
        facts.corroboration.length ? `held: ${facts.corroboration.join('; ')}` : 'nothing else in the block held',
      ].join('. '),
    },
  };
}

/**
 * The contradictions of a bill's or an invoice's blocks; `unverified` says when OCR could explain
 * one (then it is left out).
 */
export function billBlocks(
  rows: readonly Row[],
  unverified: (identity: BlockIdentity) => boolean,
  fromOcr: (page: number) => boolean = () => false,
): SumFinding[] {
  const findings: SumFinding[] = [];
  const used = new Set<number>();
  for (let end = rows.length - 1; end >= 0; end--) {
    const row = rows[end]!;
    if (used.has(end) || !TOTALLING.test(row.text) || NO_BLOCK_TOTAL.test(row.text)) continue;
    const money = moneyFigures(row);
    if (money.length !== 1) continue;
    const total = money[0]!;
    const layouts = layoutsAbove(rows, end, total, fromOcr(row.page));
    // a column of one row above its total is no block (a grid's pairs alone do not make one)
    if (!layouts || Math.max(...layouts.filter((l) => !l.pairs).map((l) => l.rows.length)) < 2) continue;
    for (const i of layouts.flatMap((l) => l.indexes)) used.add(i);
    const totalRow = { label: labelOf(row, total), figure: total };
    const judgement = judge(
      (function* () {
        for (const layout of layouts)
          if (layout.rows.length >= 2)
            for (const reading of blockReadings([...layout.rows, totalRow], rolesOf, true))
              yield layout.assumes ? { ...reading, assumes: [layout.assumes, ...reading.assumes] } : reading;
      })(),
      // read by OCR, a reading that fails only where a misread digit could explain it may be the block's
      unverified,
    );
    if (!judgement) continue;
    const facts = readingFacts(judgement);
    for (const identity of judgement.failed) if (!unverified(identity)) findings.push(blockFinding(identity, facts));
  }
  return findings;
}
