// A bill's or an invoice's blocks judged on their readings: every block of one-figure rows read
// down one column and ended by a total (charges and their total, an invoice's subtotal, discount,
// shipping, taxes, total, amount paid and balance due; a bill's account summary from the previous
// balance to the amount due). A row's role is read from its label, and every role its label
// allows is tried: a subtotal a running total or a section's, a total inside the block a
// section's or a running one, a payment, credit or discount taken away or (printed so) added, a
// figure printed with a sign added with it. A block is consistent when any reading makes every
// total hold; else its totals that fail under the reading where the most hold are contradictions,
// corroborated by those that held (`readers/readings.ts`).
import { formatMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type BlockIdentity, type BlockRow, blockReadings, type Role } from '../../../readers/block-sums.js';
import { type Figure, moneyFigures } from '../../../readers/figures.js';
import { judge, readingFacts } from '../../../readers/readings.js';
import type { SumFinding } from './indicators.js';

/** A row that totals others: a block's last row, or a total inside it (the rows the column totals leave to this reading). */
export const TOTALLING =
  /\b(sub-?totals?|totals?|amount due|balance due|total due|amount to pay|balance forward|net (à|a) payer|total (ttc|ht)|gesamtbetrag|nettobetrag|offener betrag|summe|montant d[uû])\b/i;
/** Totals that run on from the block's start: a subtotal, a net amount before tax, a balance carried forward. */
const RUNNING = /\b(sub-?totals?|total ht|nettobetrag|net amount|zwischensumme|balance (brought |carried )?forward)\b/i;
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

/** The label of a row: its text without the words of its figures. */
function labelOf(row: Row, figure: Figure): string {
  return row.words
    .filter((w) => w.x1 <= figure.box.x0 + 0.5 || w.x0 >= figure.box.x1 - 0.5)
    .map((w) => w.text)
    .join(' ')
    .trim();
}

/**
 * The block ended by `rows[end]`'s figure: the rows above with a figure aligned with it (right
 * edges, or left edges in a column set flush left; an item's quantity and price in other columns
 * are not its amount), up to a header or another table. Undefined when a
 * row holds something in the column that is no amount (a figure OCR misread): the block cannot be read.
 */
function blockAbove(rows: readonly Row[], end: number, total: Figure): { rows: BlockRow[]; indexes: number[] } | undefined {
  const tolerance = Math.max(3, (total.box.y1 - total.box.y0) / 2);
  const alignedWith = (f: Figure): boolean => Math.abs(f.box.x1 - total.box.x1) <= tolerance || Math.abs(f.box.x0 - total.box.x0) <= tolerance;
  const block: BlockRow[] = [];
  const indexes: number[] = [];
  for (let i = end - 1; i >= 0 && i >= end - MAX_ROWS; i--) {
    const row = rows[i]!;
    if (row.page !== rows[end]!.page) break;
    const money = moneyFigures(row);
    const aligned = money.filter(alignedWith);
    if (aligned.length === 1) {
      block.unshift({ label: labelOf(row, aligned[0]!), figure: aligned[0]! });
      indexes.unshift(i);
    } else if (money.length > 0) break;
    else if (row.words.some((w) => /\d/.test(w.text) && Math.abs(w.x1 - total.box.x1) <= tolerance)) return undefined;
    else if (HEADER.test(row.text) && !/\d/.test(row.text)) break;
  }
  return { rows: block, indexes };
}

/** The facts of a finding about `identity`, a total of a block that fails. */
function blockFinding(identity: BlockIdentity, facts: ReturnType<typeof readingFacts>): SumFinding {
  return {
    code: 'bill_totals_mismatch',
    rule: 'block total',
    label: identity.label,
    stated: identity.stated.amount.raw,
    rows: identity.count,
    computed: formatMoney(identity.computed),
    basis: 'stated total',
    ...facts,
    page: identity.stated.box.page,
    boxes: [identity.stated.box, ...identity.terms.map((t) => t.figure.box)],
    math: {
      formula: identity.formula,
      computed: formatMoney(identity.computed),
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
export function billBlocks(rows: readonly Row[], unverified: (identity: BlockIdentity) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  const used = new Set<number>();
  for (let end = rows.length - 1; end >= 0; end--) {
    const row = rows[end]!;
    if (used.has(end) || !TOTALLING.test(row.text) || NO_BLOCK_TOTAL.test(row.text)) continue;
    const money = moneyFigures(row);
    if (money.length !== 1) continue;
    const total = money[0]!;
    const above = blockAbove(rows, end, total);
    if (!above || above.rows.length < 2) continue;
    for (const i of above.indexes) used.add(i);
    const blockRows = [...above.rows, { label: labelOf(row, total), figure: total }];
    const judgement = judge(blockReadings(blockRows, rolesOf));
    if (!judgement) continue;
    const facts = readingFacts(judgement);
    for (const identity of judgement.failed) if (!unverified(identity)) findings.push(blockFinding(identity, facts));
  }
  return findings;
}
