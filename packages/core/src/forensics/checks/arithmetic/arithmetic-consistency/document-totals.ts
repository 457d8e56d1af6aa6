// Totals of pay stubs and bills: figures found by their labels on a row (the first amount after
// the label, before the next label on the row, is the current figure, a second one the
// year-to-date), columns found by aligned right edges. Pay stubs: net = gross − deductions (current
// and YTD; or less the deductions listed between them when no total is printed), YTD ≥ current,
// gross, total deductions and total taxes = the sums of their lines (both columns), the dates
// against the year to date (`pay-dates.ts`) and the payroll taxes against the pay
// (`stub-payroll-taxes.ts`). Bills and invoices: line items sum to the subtotal, subtotal + taxes
// and fees (or every line between them) = total, the charges a summary lists to its current
// charges. Summaries across the page (and a pay summary down a column) are read by
// `summary-across.ts`. Runs on documents classified as pay stubs or utility bills, and on those of
// no class whose own labels make them one (gross and net pay; an amount due from a previous
// balance, a charges total or a subtotal: invoices, templates with few cues). Gross, deductions and
// net are compared column by column only when their rows print as many figures (a figure OCR lost
// would shift the year-to-date figure into the current column). On a scan or photo a
// contradiction OCR could explain (cents, an unsure figure, one misread digit that survives
// `misreading-test.ts`) is unverified.
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import type { Row, Word } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { notYetJudged } from '../../../findings.js';
import { type Figure, figures, labelSegment, rowsOf, type Term } from '../../../readers/figures.js';
import { CONFIDENT_FIGURE, misreadingRestores, ocrExplains, readSurely, unsure } from '../../../readers/misreadings.js';
import { alignedFigures, columnTotals } from './column-totals.js';
import type { SumFinding } from './indicators.js';
import { mismatch } from './mismatch.js';
import { payDateFindings } from './pay-dates.js';
import { quantityRate, type Read } from './quantity-rate.js';
import { statedPay } from './stated-pay.js';
import { stubPayrollTaxes } from './stub-payroll-taxes.js';
import { readAcross, readPayColumn, sectionsAgainstSummary, summariesAcross } from './summary-across.js';
import { ytdDepartures } from './ytd-multiples.js';

interface Labelled {
  row: Row;
  index: number;
  figures: Figure[];
}

const GROSS = /\b(gross (pay|earnings|wages|salary)|total (gross|earnings)|current gross)\b|^gross\b/i;
const DEDUCTIONS = /\b(total deductions|deductions total|total taxes and deductions|total (taxes|withholdings) (and|&) deductions)\b/i;
/** Taxes totalled apart from the other deductions (then net = gross − taxes − deductions). */
const TAXES = /\b(total (employee )?(taxes|tax withholdings?|withholdings?|statutory deductions)|taxes total)\b/i;
/** The total of the deductions taken before taxes. */
const PRE_TAX = /\b(total )?(pre-?tax|before-?tax) deductions\b/i;
const NET = /\b(net (pay|amount|wages|earnings|salary|check)|take[- ]home( pay)?)\b|^net\b/i;
const EARNINGS_HEADER = /\bearnings\b/i;
const DEDUCTIONS_HEADER = /\b(deductions|taxes|withholdings?)\b/i;
const SUBTOTAL = /\bsub-?total\b/i;
const TOTAL = /\b(total amount due|amount due|total due|balance due|total)\b/i;
const CHARGE = /\b(tax|taxes|vat|gst|fee|fees|surcharge)\b/i;
/** Lines between a subtotal and its total that take away from it. */
const LESS = /\b(less|discounts?|credits?|deposits?|paid|payments?|rebates?|coupons?|promo(tion)?s?|savings?)\b/i;

/** The formulas of a table's items summed to its total: when none failed, the amounts agree with their total. */
const ITEM_SUMS = {
  earnings: 'gross pay = sum of the earnings lines',
  deductions: 'total deductions = sum of the deduction lines',
  taxes: 'total taxes = sum of the tax lines',
  charges: 'total charges = sum of the line items',
  subtotal: 'subtotal = sum of the line items',
} as const;

/** The first row matching `label` that carries an amount, with the figures of the label's segment. */
function find(rows: Row[], label: RegExp, exclude?: RegExp): Labelled | undefined {
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (!label.test(row.text)) continue;
    const segment = labelSegment(row, label);
    if (exclude?.test(segment.text)) continue;
    const figs = figures(segment);
    if (figs.length > 0) return { row, index, figures: figs };
  }
  return undefined;
}

/**
 * Sum of the amounts of rows (from, to) aligned on the right edge of `reference`
 * (`alignedFigures`), rows matching `skip` left out and, with `only`, only rows matching it;
 * amounts as absolute values unless `signed`. Undefined when `alignedFigures` finds the column
 * unreadable.
 */
function alignedSum(
  rows: Row[],
  from: number,
  to: number,
  reference: Figure,
  skip?: RegExp,
  only?: RegExp,
  signed = false,
): { sum: Decimal; count: number; terms: Term[] } | undefined {
  const found = alignedFigures(rows, from, to, reference, (row) => !skip?.test(row.text) && (!only || only.test(row.text)));
  if (!found) return undefined;
  let sum = decimal('0');
  const terms: Term[] = [];
  for (const { figure: f } of found) {
    sum = add(sum, signed ? f.amount.value : f.amount.value.abs());
    terms.push({ figure: f, sign: signed && f.amount.value.isNegative() ? -1 : 1 });
  }
  return { sum, count: terms.length, terms };
}

/** True when OCR read the page of `stated` and could explain the contradiction. */
type Unverified = (stated: Figure, computed: Decimal, terms: readonly Term[]) => boolean;

function payStub(rows: Row[], unverified: Unverified, fromOcr: (page: number) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  const gross = find(rows, GROSS);
  const net = find(rows, NET, GROSS);
  const deductions = find(rows, DEDUCTIONS);
  const taxes = find(rows, TAXES, DEDUCTIONS);
  const width = net?.figures.length;
  const sameColumns = gross && net && deductions && gross.figures.length === width && deductions.figures.length === width;
  if (gross && net && deductions && sameColumns) {
    const separateTaxes = taxes?.figures.length === width ? taxes : undefined;
    for (const column of [0, 1]) {
      const [g, d, n] = [gross.figures[column], deductions.figures[column], net.figures[column]];
      if (!g || !d || !n) continue;
      const computed = subtract(g.amount.value.abs(), d.amount.value.abs());
      // a stub that totals its taxes apart may leave them out of its total deductions
      const t = separateTaxes?.figures[column];
      const withoutTaxes = t && subtract(computed, t.amount.value.abs());
      const terms: Term[] = [
        { figure: g, sign: 1 },
        { figure: d, sign: -1 },
      ];
      if (withoutTaxes && sameMoney(withoutTaxes, n.amount.value.abs())) continue;
      if (!sameMoney(computed, n.amount.value.abs()) && !unverified(n, computed, terms)) {
        const which = column === 0 ? 'current' : 'year-to-date';
        findings.push(
          mismatch(
            'paystub_totals_mismatch',
            `net pay = gross pay − total deductions (${which})`,
            computed,
            n,
            { rule: 'net pay', net: n.amount.raw, gross: g.amount.raw, deductions: d.amount.raw, computed: formatMoney(computed) },
            `Gross ${g.amount.raw}, deductions ${d.amount.raw}.`,
            [g, d],
          ),
        );
      }
    }
  }
  if (gross && net && !sameColumns) findings.push(...deductionsListed(rows, gross, net, unverified));
  for (const labelled of [gross, net]) {
    const [current, ytd] = labelled?.figures ?? [];
    if (current && ytd && !current.amount.signed && ytd.amount.value.lt(current.amount.value) && !unverified(ytd, current.amount.value, [])) {
      findings.push(
        mismatch(
          'paystub_totals_mismatch',
          'year-to-date ≥ current period',
          current.amount.value,
          ytd,
          { rule: 'year to date below current', ytd: ytd.amount.raw, current: current.amount.raw },
          'A year-to-date total includes the current period.',
          [current],
        ),
      );
    }
  }
  const withheld = [deductions, taxes].flatMap((l) => (l ? [l.figures] : []));
  // read by OCR, a row printing fewer figures than gross pay may have lost its current one: its year to date is no floor
  const inColumns = (l: Labelled | undefined): Figure[] =>
    !l || (l.figures.some((f) => fromOcr(f.box.page)) && l.figures.length !== gross?.figures.length) ? [] : l.figures;
  const pay = { gross: gross?.figures ?? [], withheld, preTax: inColumns(find(rows, PRE_TAX)), net: inColumns(net) };
  findings.push(...stubPayrollTaxes(rows, pay, { unsure, byOcr: (f) => fromOcr(f.box.page) }));
  if (gross) findings.push(...lineSums(rows, gross, EARNINGS_HEADER, 'earnings', unverified));
  if (deductions) findings.push(...lineSums(rows, deductions, DEDUCTIONS_HEADER, 'deductions', unverified));
  if (taxes) findings.push(...lineSums(rows, taxes, DEDUCTIONS_HEADER, 'taxes', unverified));
  const yearToDate = [gross, net, deductions].flatMap((l) => (l?.figures.length === 2 ? [{ current: l.figures[0]!, ytd: l.figures[1]! }] : []));
  findings.push(...payDateFindings(rows, yearToDate, CONFIDENT_FIGURE));
  const columns = [deductions, taxes, net].flatMap((l) => (l?.figures.length === 2 ? [l.figures] : []));
  if (gross?.figures.length === 2) findings.push(...notYetJudged(findings, ytdDepartures(rows, [gross.figures, ...columns], net?.figures)));
  return findings;
}

/**
 * The current amount of an earnings line OCR could not read (`lost`, a word with digits in gross
 * pay's column), as gross pay less the other lines between the table's header and gross pay —
 * when gross pay and every one of those lines were read surely and no other line lost its amount.
 * A genuine stub's lines add up to gross pay, so the recovered amount is the one printed.
 */
function earningsLeftOver(rows: Row[], row: Row, header: Row, lost: Word): Read | undefined {
  const start = rows.indexOf(header);
  const at = rows.indexOf(row);
  const gross = find(rows, GROSS);
  const total = gross?.figures[0];
  if (!gross || !total || start < 0 || at <= start || at >= gross.index || !readSurely(total) || total.box.page !== row.page) return undefined;
  const tolerance = Math.max(3, (total.box.y1 - total.box.y0) / 2);
  if (Math.abs(lost.x1 - total.box.x1) > 2 * tolerance) return undefined;
  let rest = decimal('0');
  for (let i = start + 1; i < gross.index; i++) {
    if (i === at) continue;
    const other = rows[i]!;
    const figure = figures(other).find((f) => Math.abs(f.box.x1 - total.box.x1) <= tolerance);
    if (figure) {
      if (!readSurely(figure)) return undefined;
      rest = add(rest, figure.amount.value.abs());
    } else if (other.words.some((w) => /\d/.test(w.text) && Math.abs(w.x1 - total.box.x1) <= 2 * tolerance)) return undefined;
  }
  const value = subtract(total.amount.value.abs(), rest);
  if (value.lte(0)) return undefined;
  return { value, decimals: 2, raw: formatMoney(value), box: { page: row.page, x0: lost.x0, y0: lost.y0, x1: lost.x1, y1: lost.y1 } };
}

/** Lines between gross and net pay that are no deduction: a memo of taxable wages, what the employer paid. */
const MEMO = /\b(taxable|employer|memo|info(rmation)?)\b/i;
const TOTAL_LINE = /\btotals?\b/i;

/**
 * A stub that prints no total deductions: net pay against gross pay less the figures listed
 * between them in net pay's column (right edges aligned), column by column. Accepted in every
 * way such a list is printed: each line subtracted, each added with its own sign (deductions
 * printed negative, a refund positive), the lines without their section totals, or the section
 * totals alone. Only when gross and net pay are printed in the same column.
 */
function deductionsListed(rows: Row[], gross: Labelled, net: Labelled, unverified: Unverified): SumFinding[] {
  if (net.index <= gross.index) return [];
  const findings: SumFinding[] = [];
  for (const column of [0, 1]) {
    const [g, n] = [gross.figures[column], net.figures[column]];
    if (!g || !n || Math.abs(g.box.x1 - n.box.x1) > Math.max(3, (n.box.y1 - n.box.y0) / 2)) continue;
    const items = alignedFigures(rows, gross.index, net.index, n, (row) => !MEMO.test(row.text));
    if (!items || items.length < 2) continue;
    const start = g.amount.value.abs();
    const less = (list: typeof items): Decimal => list.reduce((sum, { figure }) => subtract(sum, figure.amount.value.abs()), start);
    const plain = items.filter(({ row }) => !TOTAL_LINE.test(row.text));
    const totals = items.filter(({ row }) => TOTAL_LINE.test(row.text));
    const readings = [
      less(items),
      items.reduce((sum, { figure }) => add(sum, figure.amount.value), start),
      less(plain),
      ...(totals.length > 0 ? [less(totals)] : []),
    ];
    const computed = readings[0]!;
    const terms: Term[] = [{ figure: g, sign: 1 }, ...items.map(({ figure }): Term => ({ figure, sign: -1 }))];
    if (readings.some((r) => sameMoney(r, n.amount.value.abs())) || unverified(n, computed, terms)) continue;
    const which = column === 0 ? 'current' : 'year-to-date';
    findings.push(
      mismatch(
        'paystub_totals_mismatch',
        `net pay = gross pay − the deductions listed (${which})`,
        computed,
        n,
        { rule: 'net pay from listed deductions', net: n.amount.raw, gross: g.amount.raw, deductions: items.length, computed: formatMoney(computed) },
        `Gross ${g.amount.raw}; ${items.length} deductions aligned with net pay.`,
        [g],
      ),
    );
  }
  return findings;
}

/**
 * The lines of a pay stub table summed to its total, column by column (current, year to date):
 * the rows under the nearest header above the total that names the table (no figures on it), in
 * the total's column. A table split in sections (taxes, then deductions) may total from an
 * earlier header: every header up to the previous total is tried, and only a total no section
 * start adds up to is a contradiction.
 */
function lineSums(rows: Row[], total: Labelled, header: RegExp, what: 'earnings' | 'deductions' | 'taxes', unverified: Unverified): SumFinding[] {
  const starts: number[] = [];
  for (let i = total.index - 1; i >= 0 && i >= total.index - 40; i--) {
    const r = rows[i]!;
    if (figures(r).length > 0 && (GROSS.test(r.text) || DEDUCTIONS.test(r.text) || TAXES.test(r.text) || NET.test(r.text))) break;
    if (header.test(r.text) && figures(r).length === 0) starts.push(i);
  }
  if (starts.length === 0) return [];
  const findings: SumFinding[] = [];
  for (const [column, stated] of total.figures.slice(0, 2).entries()) {
    const sums = starts.map((start) => alignedSum(rows, start, total.index, stated));
    const nearest = sums[0];
    if (!nearest || nearest.count < 2) continue;
    if (sums.some((s) => s && s.count >= 2 && sameMoney(s.sum, stated.amount.value.abs())) || unverified(stated, nearest.sum, nearest.terms)) continue;
    const which = column === 0 ? 'current' : 'year-to-date';
    const label = { earnings: 'Gross pay', deductions: 'Total deductions', taxes: 'Total taxes' }[what];
    findings.push(
      mismatch(
        'paystub_totals_mismatch',
        `${ITEM_SUMS[what]} (${which})`,
        nearest.sum,
        stated,
        { rule: 'line sum', label, stated: stated.amount.raw, lines: nearest.count, what, computed: formatMoney(nearest.sum), which },
        `${nearest.count} ${what} lines aligned with the ${which} total.`,
      ),
    );
  }
  return findings;
}

const PREVIOUS = /\b(previous (balance|bill|amount)|balance (from )?(your )?last (bill|statement)|last bill amount)\b/i;
const PAYMENTS = /\b(payments?( received| applied)?|thank you)\b/i;
const FORWARD = /\b(balance (brought |carried )?forward|remaining balance|unpaid balance)\b/i;
const NEW_CHARGES = /\b(new charges|current charges|total (new|current) charges|charges this (period|month))\b/i;
const DUE = /\b(total amount due|amount due|total due|balance due|amount to pay)\b/i;

/** The single figure of the first row matching `label` (and not `exclude`) between rows `from` and `to`. */
function single(rows: Row[], label: RegExp, from = 0, to = rows.length, exclude?: RegExp): Labelled | undefined {
  for (let index = from; index < to; index++) {
    const row = rows[index]!;
    if (!label.test(row.text) || exclude?.test(row.text)) continue;
    const figs = figures(row);
    return figs.length === 1 ? { row, index, figures: figs } : undefined;
  }
  return undefined;
}

/**
 * A bill's account summary: the amount due against the previous balance less payments plus the
 * new charges (or the balance carried forward plus the new charges), each label's single figure
 * read above the amount due.
 */
function billSummary(rows: Row[], unverified: Unverified): SumFinding[] {
  const dueIndex = rows.findIndex((r) => DUE.test(r.text) && figures(r).length === 1);
  const previous = single(rows, PREVIOUS, 0, dueIndex);
  if (dueIndex < 0 || !previous) return [];
  const due = figures(rows[dueIndex]!)[0]!;
  const payments = single(rows, PAYMENTS, previous.index + 1, dueIndex, PREVIOUS);
  const forward = single(rows, FORWARD, previous.index + 1, dueIndex);
  const charges = single(rows, NEW_CHARGES, previous.index + 1, dueIndex);
  if (!charges) return [];
  const [p, n] = [previous.figures[0]!, charges.figures[0]!];
  const paid = payments?.figures[0];
  const fromPrevious = add(subtract(p.amount.value, paid ? paid.amount.value.abs() : decimal('0')), n.amount.value);
  const candidates = [fromPrevious, ...(forward ? [add(forward.figures[0]!.amount.value, n.amount.value)] : [])];
  if (candidates.some((c) => sameMoney(c, due.amount.value))) return [];
  const terms: Term[] = [{ figure: p, sign: 1 }, ...(paid ? [{ figure: paid, sign: -1 as const }] : []), { figure: n, sign: 1 }];
  if (unverified(due, fromPrevious.abs(), terms)) return [];
  return [
    mismatch(
      'bill_totals_mismatch',
      'amount due = previous balance − payments + new charges',
      fromPrevious,
      due,
      {
        rule: 'amount due',
        due: due.amount.raw,
        previous: p.amount.raw,
        ...(paid ? { payments: paid.amount.raw } : {}),
        charges: n.amount.raw,
        computed: formatMoney(fromPrevious),
      },
      `Previous balance ${p.amount.raw}${paid ? `, payments ${paid.amount.raw}` : ''}, new charges ${n.amount.raw}.`,
      [p, ...(paid ? [paid] : []), n],
    ),
  ];
}

const TOTAL_CHARGES = /\b(total (new |current )?charges|total charges for (this|the) (period|month))\b/i;

/**
 * The charges table: its line items (aligned with its total, under the nearest header above) sum
 * to its total. Without a total charges line, a summary's new charges listed item by item after
 * its previous balance (and the payments and balance forward under it) are their sum.
 */
function chargeItems(rows: Row[], unverified: Unverified): SumFinding[] {
  const listed = chargesTable(rows) ?? chargesAfterBalance(rows);
  if (!listed) return [];
  const [header, total] = listed;
  const t = total.figures[0]!;
  const items = alignedSum(rows, header, total.index, t);
  if (!items || items.count < 2 || sameMoney(items.sum, t.amount.value.abs()) || unverified(t, items.sum, items.terms)) return [];
  return [itemsMismatch('charges', t, items)];
}

/** A bill's charges total or subtotal that is not the sum of the `items` aligned with it. */
function itemsMismatch(what: 'charges' | 'subtotal', total: Figure, items: { sum: Decimal; count: number }): SumFinding {
  const sentence = {
    rule: 'line items',
    of: what === 'charges' ? 'total charges' : 'subtotal',
    total: total.amount.raw,
    items: items.count,
    computed: formatMoney(items.sum),
  } as const;
  const note = `${items.count} line items aligned with the ${what === 'charges' ? 'total' : 'subtotal'}.`;
  return mismatch('bill_totals_mismatch', ITEM_SUMS[what], items.sum, total, sentence, note);
}

/** A total charges line of one figure and the header of its table: the items lie between them. */
function chargesTable(rows: Row[]): [header: number, total: Labelled] | undefined {
  const total = find(rows, TOTAL_CHARGES);
  if (total?.figures.length !== 1) return undefined;
  for (let i = total.index - 1; i >= 0 && i >= total.index - 30; i--) {
    const text = rows[i]!.text;
    if (figures(rows[i]!).length === 0 && !/\d/.test(text) && /\b(amount|charges?|description)\b/i.test(text)) return [i, total];
  }
  return undefined;
}

/** A new charges line of one figure after a previous balance: its items lie between it and the last balance or payment line above. */
function chargesAfterBalance(rows: Row[]): [after: number, total: Labelled] | undefined {
  const previous = single(rows, PREVIOUS);
  const charges = previous && single(rows, NEW_CHARGES, previous.index + 1);
  if (!previous || !charges) return undefined;
  let after = previous.index;
  for (let i = previous.index + 1; i < charges.index; i++) if (PAYMENTS.test(rows[i]!.text) || FORWARD.test(rows[i]!.text)) after = i;
  return [after, charges];
}

function bill(rows: Row[], unverified: Unverified): SumFinding[] {
  const findings: SumFinding[] = [...billSummary(rows, unverified), ...chargeItems(rows, unverified)];
  const subtotal = find(rows, SUBTOTAL);
  if (!subtotal) return findings;
  const total = find(rows.slice(subtotal.index + 1), TOTAL, SUBTOTAL);
  const s = subtotal.figures[0]!;
  const items = alignedSum(rows, -1, subtotal.index, s, TOTAL);
  if (items && items.count >= 2 && !sameMoney(items.sum, s.amount.value.abs()) && !unverified(s, items.sum, items.terms)) {
    findings.push(itemsMismatch('subtotal', s, items));
  }
  if (total) {
    const t = total.figures[0]!;
    const totalIndex = subtotal.index + 1 + total.index;
    const charges = alignedSum(rows, subtotal.index, totalIndex, t, undefined, CHARGE, true);
    const computed = charges && add(s.amount.value.abs(), charges.sum);
    // every line between the subtotal and the total (shipping, handling, a discount) also counts
    const between = alignedFigures(rows, subtotal.index, totalIndex, t);
    const withEveryLine = between?.reduce((sum, { figure, row }) => {
      const value = figure.amount.value;
      return add(sum, LESS.test(row.text) && !value.isNegative() ? value.neg() : value);
    }, s.amount.value.abs());
    const agrees = (sum: Decimal | undefined): boolean => sum !== undefined && sameMoney(sum, t.amount.value.abs());
    if (computed && !agrees(computed) && !agrees(withEveryLine) && !unverified(t, computed, [{ figure: s, sign: 1 }, ...charges.terms])) {
      findings.push(
        mismatch(
          'bill_totals_mismatch',
          'total = subtotal + taxes and fees',
          computed,
          t,
          { rule: 'total from subtotal', total: t.amount.raw, subtotal: s.amount.raw, computed: formatMoney(computed) },
          `Subtotal ${s.amount.raw}.`,
          [s],
        ),
      );
    }
  }
  return findings;
}

/** The total rows the pay stub and bill checks read, which the column totals leave to them. */
const READ_ABOVE = {
  paystub: new RegExp([GROSS, DEDUCTIONS, TAXES, NET].map((r) => r.source).join('|'), 'i'),
  bill: new RegExp([SUBTOTAL, TOTAL_CHARGES, DUE].map((r) => r.source).join('|'), 'i'),
  none: undefined,
};

/**
 * What a document of no class says it is by its own labels: a pay stub when it prints gross and
 * net pay, a bill or invoice when it prints an amount due from a previous balance, a charges total
 * or a subtotal. The class (`category`) needs three cues of its own and loses to a tie, so a
 * template with few of them is still read by its labels.
 */
function kindOf(ctx: TableContext, rows: Row[]): 'paystub' | 'bill' | undefined {
  if (ctx.category === 'paystub') return 'paystub';
  if (ctx.category === 'utility_bill') return 'bill';
  // another class's own checks read it: a statement's sections have subtotals, a card statement an amount due
  if (ctx.category !== 'other') return undefined;
  const labelled = (label: RegExp): boolean => rows.some((r) => label.test(r.text) && figures(r).length > 0);
  if (labelled(GROSS) && labelled(NET)) return 'paystub';
  if ((labelled(DUE) && labelled(PREVIOUS)) || labelled(TOTAL_CHARGES) || labelled(SUBTOTAL)) return 'bill';
  return undefined;
}

/** Contradictions between the totals of a pay stub, a bill or an invoice. */
export function documentTotals(ctx: TableContext): SumFinding[] {
  const rows = rowsOf(ctx);
  const kind = kindOf(ctx, rows);
  const unverified: Unverified = (stated, computed, terms) => ctx.fromOcr(stated.box.page) && ocrExplains(stated, computed, terms);
  const findings = kind === 'paystub' ? payStub(rows, unverified, (page) => ctx.fromOcr(page)) : kind === 'bill' ? bill(rows, unverified) : [];
  // summaries printed across the page (a tax form's boxes are read by its own checks)
  if (ctx.category !== 'tax_form') {
    const balanceCode = ctx.category === 'bank_statement' ? 'statement_balance_mismatch' : 'bill_totals_mismatch';
    const fromOcr = (page: number): boolean => ctx.fromOcr(page);
    const across = readAcross(rows);
    findings.push(...notYetJudged(findings, summariesAcross(across, fromOcr, balanceCode)));
    // a pay summary's cells against the sections listing their lines
    if (kind === 'paystub') {
      const column = across.some((s) => s.kind === 'pay') ? undefined : readPayColumn(rows);
      findings.push(...notYetJudged(findings, sectionsAgainstSummary(rows, column ? [column] : across, fromOcr)));
    }
  }
  // any other table's totals, but not the rows read above, nor a statement's or a tax form's (their own checks read them)
  if (ctx.category !== 'bank_statement' && ctx.category !== 'tax_form') {
    findings.push(...notYetJudged(findings, columnTotals(rows, unverified, READ_ABOVE[kind ?? 'none'])));
  }
  // a letter's pay, stated for more than one period
  if (!kind && ctx.category === 'other') findings.push(...statedPay(rows, (page) => ctx.fromOcr(page)));
  const sums = Object.values(ITEM_SUMS);
  if (kind)
    findings.push(
      ...quantityRate(rows, {
        code: kind === 'paystub' ? 'paystub_totals_mismatch' : 'bill_totals_mismatch',
        // read by OCR, a line's product is judged only when its three figures have cents (a misread
        // digit of a four-decimal rate or a count cannot be tested) and no misread digit explains it
        unverified: (line) => ctx.fromOcr(line.page) && (line.figures.some((f) => !f || unsure(f)) || misreadingRestores(line.figures as Figure[], line.holds)),
        // the amounts agree with their total when no sum of the table was contradicted
        amountsAddUp: () => !findings.some((f) => f.math && sums.some((sum) => f.math!.formula.startsWith(sum))),
        ...(kind === 'paystub' ? { lostAmount: (row: Row, header: Row, lost: Word) => earningsLeftOver(rows, row, header, lost) } : {}),
      }),
    );
  // sums of figures OCR read are less sure; the pay dates were judged only when read surely, and
  // their year-to-date count rests on the least of several figures' ratios
  return findings.map((f) => (f.page !== undefined && ctx.fromOcr(f.page) && f.code !== 'paystub_dates_inconsistent' ? { ...f, ocr: true } : f));
}
