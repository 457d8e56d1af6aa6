// Totals of pay stubs and bills: figures found by their labels on a row (the first amount after
// the label, before the next label on the row, is the current figure, a second one the
// year-to-date), columns found by aligned edges (right, or left for a column set flush left). Pay stubs: net = gross − deductions (current
// and YTD; or less the deductions listed between them when no total is printed), YTD ≥ current,
// gross, total deductions and total taxes = the sums of their lines (both columns), the dates
// against the year to date (`pay-dates.ts`) and the payroll taxes against the pay
// (`stub-payroll-taxes.ts`). Bills and invoices: every block of rows down one column ended by a
// total, judged on its readings (`bill-blocks.ts`). Summaries across the page (and a pay summary down a column) are read by
// `summary-across.ts`; lines of quantity × rate by `quantity-rate.ts`; rows totalled across their
// columns under a "Total" header (a mortgage payment's parts) by `row-totals.ts`. Runs on documents classified as pay stubs or utility bills, and on those of
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
import { type Figure, figures, labelSegment, moneyFigures, rowsOf, type Term, withCents } from '../../../readers/figures.js';
import { CONFIDENT_FIGURE, misreadingRestores, ocrExplains, readSurely, unsure } from '../../../readers/misreadings.js';
import { joinWrappedDates } from '../../../readers/wrapped-dates.js';
import { billBlocks, NET_BEFORE_TAX, TOTALLING } from './bill-blocks.js';
import { alignedFigures, columnTotals, unreadInColumn } from './column-totals.js';
import type { SumFinding } from './indicators.js';
import { mismatch } from './mismatch.js';
import { payDateFindings } from './pay-dates.js';
import { profitLoss } from './profit-loss.js';
import { quantityRate, type Read } from './quantity-rate.js';
import { rowTotals } from './row-totals.js';
import { statedPay } from './stated-pay.js';
import { stubPayrollTaxes } from './stub-payroll-taxes.js';
import { type AcrossSummary, readAcross, readPayColumn, sectionsAgainstSummary, summariesAcross } from './summary-across.js';
import { ytdDepartures } from './ytd-multiples.js';

/** A row found by its label, with the figures of the label's segment (current, then year to date). */
export interface Labelled {
  row: Row;
  index: number;
  figures: Figure[];
}

/** A pay stub's gross pay label (a business's gross profit, margin, receipts, sales or rents is not pay: a profit and loss statement's). */
export const GROSS =
  /\b(gross (pay|earnings|wages|salary)|total (gross|earnings)|current gross)\b|^gross\b(?! (profit|margin|receipts|sales|revenues?|rents?)\b)/i;
const DEDUCTIONS = /\b(total deductions|deductions total|total taxes and deductions|total (taxes|withholdings) (and|&) deductions)\b/i;
/** Taxes totalled apart from the other deductions (then net = gross − taxes − deductions). */
const TAXES = /\b(total (employee )?(taxes|tax withholdings?|withholdings?|statutory deductions)|taxes total)\b/i;
/** The total of the deductions taken before taxes. */
const PRE_TAX = /\b(total )?(pre-?tax|before-?tax) deductions\b/i;
/** A pay stub's net pay label (net income, profit or loss, operating income, sales, rents or worth are a business's statement's, not pay). */
export const NET =
  /\b(net (pay|amount|wages|earnings|salary|check)|take[- ]home( pay)?)\b|^net\b(?! (income|profit|loss|operating|ordinary|sales|revenues?|rents?|worth|assets|cash|change|increase|decrease)\b)/i;
/** The header over a stub's pay lines ("Earnings"; a UK payslip's "Payments"). */
const EARNINGS_HEADER = /\b(earnings|payments)\b/i;
const DEDUCTIONS_HEADER = /\b(deductions|taxes|withholdings?)\b/i;

/** The formulas of a table's items summed to its total: when none failed, the amounts agree with their total. */
const ITEM_SUMS = {
  earnings: 'gross pay = sum of the earnings lines',
  deductions: 'total deductions = sum of the deduction lines',
  taxes: 'total taxes = sum of the tax lines',
} as const;

/** The first row matching `label` that carries an amount, with the figures of the label's segment. */
export function findLabelled(rows: readonly Row[], label: RegExp, exclude?: RegExp): Labelled | undefined {
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
  // the stub's identities that hold: what corroborates how its tables' lines were read
  const held: string[] = [];
  const gross = findLabelled(rows, GROSS);
  const net = findLabelled(rows, NET, GROSS);
  const deductions = findLabelled(rows, DEDUCTIONS);
  const taxes = findLabelled(rows, TAXES, DEDUCTIONS);
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
      if ((withoutTaxes && sameMoney(withoutTaxes, n.amount.value.abs())) || sameMoney(computed, n.amount.value.abs())) {
        held.push(`net pay = gross pay − total deductions (${column === 0 ? 'current' : 'year-to-date'})`);
        continue;
      }
      if (!unverified(n, computed, terms)) {
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
  const pay = { gross: gross?.figures ?? [], withheld, preTax: inColumns(findLabelled(rows, PRE_TAX)), net: inColumns(net) };
  findings.push(...stubPayrollTaxes(rows, pay, { unsure, byOcr: (f) => fromOcr(f.box.page) }));
  const sums = [
    ...(gross ? lineSums(rows, gross, EARNINGS_HEADER, 'earnings', unverified, fromOcr, held) : []),
    ...(deductions ? lineSums(rows, deductions, DEDUCTIONS_HEADER, 'deductions', unverified, fromOcr, held) : []),
    ...(taxes ? lineSums(rows, taxes, DEDUCTIONS_HEADER, 'taxes', unverified, fromOcr, held) : []),
  ];
  // a table's lines read as its total's: corroborated by the stub's other identities that hold
  findings.push(...sums.map((f) => ({ ...f, corroboration: held.filter((h) => h !== f.math?.formula) })));
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
  const gross = findLabelled(rows, GROSS);
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
        [g, ...items.map(({ figure }) => figure)],
      ),
    );
  }
  return findings;
}

/**
 * The lines of a pay stub table summed to its total, column by column (current, year to date):
 * the rows under the nearest header above the total that names the table (no figures on it), in
 * the total's column (a table set beside another, a UK payslip's payments and deductions, is
 * read down its own column past the other's total). A table split in sections (taxes, then deductions) may total from an
 * earlier header: every header up to the previous total is tried, and only a total no section
 * start adds up to is a contradiction. On a page OCR read, a line of the table whose figure was
 * read as letters leaves the sum unverified. A sum that holds is added to `held` (what
 * corroborates the stub's reading).
 */
function lineSums(
  rows: Row[],
  total: Labelled,
  header: RegExp,
  what: 'earnings' | 'deductions' | 'taxes',
  unverified: Unverified,
  fromOcr: (page: number) => boolean,
  held: string[],
): SumFinding[] {
  const starts: number[] = [];
  // another total in this column ends the table (beside it, a table set side by side goes on: "Gross Pay 2,125.52  National Insurance 86.20")
  const totalInColumn = (r: Row): boolean =>
    [GROSS, DEDUCTIONS, TAXES, NET].some(
      (label) =>
        label.test(r.text) &&
        figures(labelSegment(r, label)).some((f) => total.figures.some((t) => Math.abs(f.box.x1 - t.box.x1) <= Math.max(3, (t.box.y1 - t.box.y0) / 2))),
    );
  for (let i = total.index - 1; i >= 0 && i >= total.index - 40; i--) {
    const r = rows[i]!;
    if (totalInColumn(r)) break;
    if (header.test(r.text) && figures(r).length === 0) starts.push(i);
  }
  if (starts.length === 0) return [];
  const findings: SumFinding[] = [];
  for (const [column, stated] of total.figures.slice(0, 2).entries()) {
    const sums = starts.map((start) => alignedSum(rows, start, total.index, stated));
    const nearest = sums[0];
    if (!nearest || nearest.count < 2) continue;
    const which = column === 0 ? 'current' : 'year-to-date';
    if (sums.some((s) => s && s.count >= 2 && sameMoney(s.sum, stated.amount.value.abs()))) {
      held.push(`${ITEM_SUMS[what]} (${which})`);
      continue;
    }
    if (unverified(stated, nearest.sum, nearest.terms)) continue;
    // a line of the table whose figure OCR read as letters: the sum lacks it
    if (fromOcr(stated.box.page) && unreadInColumn(rows, starts[0]!, total.index, stated) > 0) continue;
    const label = { earnings: 'Gross pay', deductions: 'Total deductions', taxes: 'Total taxes' }[what];
    findings.push({
      ...mismatch(
        'paystub_totals_mismatch',
        `${ITEM_SUMS[what]} (${which})`,
        nearest.sum,
        stated,
        { rule: 'line sum', label, stated: stated.amount.raw, lines: nearest.count, what, computed: formatMoney(nearest.sum), which },
        `${nearest.count} ${what} lines aligned with the ${which} total.`,
        nearest.terms.map((t) => t.figure),
      ),
      // every section start up to the previous total was tried as where the table begins
      tried: sums.length,
      reading: [`the ${nearest.count} lines under the nearest header`],
    });
  }
  return findings;
}

const PREVIOUS = /\b(previous (balance|bill|amount)|balance (from )?(your )?last (bill|statement)|last bill amount)\b/i;
const DUE = /\b(total amount due|amount due|total due|balance due|amount to pay)\b/i;
/** The parts of a mortgage payment, each printed with its figure. */
const MORTGAGE_PARTS = [/^principal\b/i, /^interest\b/i, /^escrow\b/i];
const TOTAL_CHARGES = /\b(total (new |current )?charges|total charges for (this|the) (period|month))\b/i;

const PAY_TOTALS = new RegExp([GROSS, DEDUCTIONS, TAXES, NET].map((r) => r.source).join('|'), 'i');
/** The total rows the pay stub and bill checks read, which the column totals leave to them. */
const READ_ABOVE = {
  paystub: (row: Row) => PAY_TOTALS.test(row.text),
  bill: (row: Row) => TOTALLING.test(row.text),
  // a mortgage statement's blocks read its totals of one figure; a table's totals of two columns (paid last month, year to date) are the column totals'
  mortgage: (row: Row) => TOTALLING.test(row.text) && moneyFigures(row).length === 1,
  none: undefined,
};

/**
 * What a document of no class says it is by its own labels: a pay stub when it prints gross and
 * net pay, a bill or invoice when it prints an amount due from a previous balance, a charges total
 * or a subtotal (its items before tax, in the words of its language; or an invoice's totals printed
 * across the page, `across`), and a mortgage statement by its payment's parts. The class
 * (`category`) needs three cues of its own and loses to a tie, so a template with few of them is
 * still read by its labels.
 */
function kindOf(ctx: TableContext, rows: Row[], across: readonly AcrossSummary[]): 'paystub' | 'bill' | 'mortgage' | undefined {
  if (ctx.category === 'paystub') return 'paystub';
  if (ctx.category === 'utility_bill') return 'bill';
  // another class's own checks read it: a statement's sections have subtotals, a card statement an amount due
  if (ctx.category !== 'other') return undefined;
  const labelled = (label: RegExp): boolean => rows.some((r) => label.test(r.text) && figures(r).length > 0);
  if (labelled(GROSS) && labelled(NET)) return 'paystub';
  if ((labelled(DUE) && labelled(PREVIOUS)) || labelled(TOTAL_CHARGES) || labelled(NET_BEFORE_TAX) || across.some((s) => s.kind === 'invoice')) return 'bill';
  // a mortgage statement's amount due: principal, interest and escrow, each a labelled figure
  if (MORTGAGE_PARTS.every((part) => labelled(part))) return 'mortgage';
  return undefined;
}

/** Contradictions between the totals of a pay stub, a bill or an invoice. */
export function documentTotals(ctx: TableContext): SumFinding[] {
  const rows = joinWrappedDates(rowsOf(ctx));
  // summaries printed across the page (a tax form's boxes are read by its own checks)
  const across = ctx.category === 'tax_form' ? [] : readAcross(rows);
  const kind = kindOf(ctx, rows, across);
  const unverified: Unverified = (stated, computed, terms) => ctx.fromOcr(stated.box.page) && ocrExplains(stated, computed, terms);
  const findings =
    kind === 'paystub'
      ? payStub(rows, unverified, (page) => ctx.fromOcr(page))
      : kind === 'bill' || kind === 'mortgage'
        ? billBlocks(
            rows,
            (identity) => unverified(identity.stated, identity.computed, identity.terms),
            (page) => ctx.fromOcr(page),
          )
        : [];
  if (ctx.category !== 'tax_form') {
    const balanceCode = ctx.category === 'bank_statement' ? 'statement_balance_mismatch' : 'bill_totals_mismatch';
    const fromOcr = (page: number): boolean => ctx.fromOcr(page);
    findings.push(...notYetJudged(findings, summariesAcross(across, fromOcr, balanceCode)));
    // a pay summary's cells against the sections listing their lines
    if (kind === 'paystub') {
      const column = across.some((s) => s.kind === 'pay') ? undefined : readPayColumn(rows);
      findings.push(...notYetJudged(findings, sectionsAgainstSummary(rows, column ? [column] : across, fromOcr)));
    }
  }
  // a business's profit and loss statement down its sections (no pay stub's or bill's), then any
  // other table's totals, but not the rows read above; nor a statement's or a tax form's (their own checks read them)
  if (ctx.category !== 'bank_statement' && ctx.category !== 'tax_form') {
    if (!kind) findings.push(...notYetJudged(findings, profitLoss(rows, unverified)));
    findings.push(...notYetJudged(findings, columnTotals(rows, unverified, READ_ABOVE[kind ?? 'none'])));
  }
  // a letter's pay, stated for more than one period
  if (!kind && ctx.category === 'other') findings.push(...statedPay(rows, (page) => ctx.fromOcr(page)));
  const sums = Object.values(ITEM_SUMS);
  // lines of quantity times rate wherever a table's header names the three columns (a statement's holdings too)
  if (ctx.category !== 'tax_form')
    findings.push(
      ...quantityRate(rows, {
        code: kind === 'paystub' ? 'paystub_totals_mismatch' : kind === 'bill' || kind === 'mortgage' ? 'bill_totals_mismatch' : 'table_total_mismatch',
        // read by OCR, a line's product is judged only when its three figures have cents (a misread
        // digit of a four-decimal rate or of a count cannot be tested; a rate without cents may
        // have lost its decimal point) and no misread digit explains it
        unverified: (line) =>
          ctx.fromOcr(line.page) && (line.figures.some((f) => !f || unsure(f) || !withCents(f)) || misreadingRestores(line.figures as Figure[], line.holds)),
        // the amounts agree with their total when no sum of the table was contradicted
        amountsAddUp: () => !findings.some((f) => f.rule === 'block total' || (f.math && sums.some((sum) => f.math!.formula.startsWith(sum)))),
        ...(kind === 'paystub' ? { lostAmount: (row: Row, header: Row, lost: Word) => earningsLeftOver(rows, row, header, lost) } : {}),
      }),
    );
  // a row's total across its columns (a payment's parts, a year's quarters), wherever a header names a Total column
  if (ctx.category !== 'tax_form')
    findings.push(
      ...notYetJudged(
        findings,
        rowTotals(rows, unverified, (page) => ctx.fromOcr(page)),
      ),
    );
  // sums of figures OCR read are less sure; the pay dates were judged only when read surely, and
  // their year-to-date count rests on the least of several figures' ratios
  return findings.map((f) => (f.page !== undefined && ctx.fromOcr(f.page) && f.code !== 'paystub_dates_inconsistent' ? { ...f, ocr: true } : f));
}
