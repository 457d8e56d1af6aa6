// The Medicare tax of a pay stub against its pay. Medicare tax is 1.45% of Medicare wages (more
// above $200,000 a year, and wages only grow with imputed income), and Medicare wages are gross
// pay less the deductions the law exempts (health premiums and other cafeteria-plan deductions),
// which are never more than every deduction and tax the stub totals. So Medicare tax is at least
// 1.45% of gross pay less those totals: gross pay raised without its taxes, the usual way to
// inflate a stub's income, falls below that floor. No ceiling is judged (imputed income and
// year-to-date corrections raise a period's tax legitimately), nor social security (it stops at
// the year's wage base), nor a tax printed as zero (an exempt employee). A cent of rounding is
// allowed on a period's figures, $1 or 0.1% on year-to-date ones (each period rounds on its own).
// A stub paying a reimbursement or an allowance is not judged by either rule: its gross pay may
// hold pay that is no wages.
// And when the year-to-date Medicare tax is exactly n times this period's (n of 3 or more: the same
// tax every period, so the same Medicare wages), gross pay's year to date must be n times this
// period's gross within a dollar a period: a stub whose gross pay was raised this period alone,
// or its year to date with it by another amount, no longer divides.
import { type Decimal, decimal, formatMoney } from '../../tables/decimal.js';
import type { Row } from '../../tables/rows.js';
import type { Finding } from '../findings.js';
import { type Figure, figures, labelSegment } from './arithmetic.js';

const MEDICARE = /\b(medicare|fica[\s-]+(med|hi))\b/i;
/** Pay that is no wages (a reimbursement, an allowance): a gross pay holding it can exceed the Medicare wages by more than the deductions. */
const NOT_WAGES = /\b(reimburse\w*|mileage|expenses?|per\s+diem|non-?taxable|allowances?)\b/i;
/** Lines about the wages or the employer's share, not the employee's tax. */
const NOT_THE_TAX = /\b(wages|taxable|employer|er|company)\b/i;
const RATE = '1.45';

/** A stub's pay, column by column (current, year to date): gross pay and what it totals as taken from it. */
export interface StubPay {
  gross: readonly Figure[];
  /** Per column, the totals the stub takes from gross pay (total deductions; total taxes when printed apart). */
  withheld: readonly (readonly Figure[])[];
}

/** The figures of the first Medicare tax line; undefined when absent. */
function medicareLine(rows: readonly Row[]): Figure[] | undefined {
  for (const row of rows) {
    if (!MEDICARE.test(row.text)) continue;
    const segment = labelSegment(row, MEDICARE);
    if (NOT_THE_TAX.test(segment.text)) continue;
    const figs = figures(segment);
    if (figs.length > 0) return figs;
  }
  return undefined;
}

/** $1 or 0.1% of a year-to-date figure, whichever is more. */
function yearToDateSlack(due: Decimal): Decimal {
  const share = due.times(0.001);
  return share.gt(1) ? share : decimal('1');
}

/** A Medicare tax below 1.45% of gross pay less every deduction and tax the stub totals; `unsure` figures are not judged. */
export function stubPayrollTaxes(rows: readonly Row[], pay: StubPay, unsure: (f: Figure) => boolean): Finding[] {
  // both rules need a gross pay of wages only; the floor, the totals taken from it
  if (rows.some((r) => NOT_WAGES.test(r.text) && figures(r).length > 0)) return [];
  const medicare = medicareLine(rows);
  const findings: Finding[] = [];
  for (const [column, gross] of (pay.withheld.length > 0 ? pay.gross.slice(0, 2) : []).entries()) {
    const tax = medicare?.[column];
    const withheld = pay.withheld.map((totals) => totals[column]);
    if (!tax || tax.amount.value.isZero() || unsure(tax) || unsure(gross) || withheld.some((w) => !w || unsure(w))) continue;
    const wages = withheld.reduce((sum, w) => sum.minus(w!.amount.value.abs()), gross.amount.value.abs());
    const least = wages.times(RATE).div(100);
    const paid = tax.amount.value.abs();
    if (least.minus(paid).lte(column === 0 ? decimal('0.01') : yearToDateSlack(least))) continue;
    const which = column === 0 ? 'this period' : 'year to date';
    findings.push({
      code: 'payroll_tax_mismatch',
      summary: `Medicare tax ${tax.amount.raw} is less than ${RATE}% of gross pay ${gross.amount.raw} less every deduction (${formatMoney(least)}): gross pay was raised without its taxes, or the tax was lowered.`,
      page: tax.box.page,
      boxes: [tax.box, gross.box],
      confidence: 0.8,
      math: {
        formula: `Medicare tax ≥ ${RATE}% × (gross pay − deductions) (${which})`,
        computed: formatMoney(least),
        stated: tax.amount.raw,
        ok: false,
        note: `Gross pay ${gross.amount.raw}, less ${withheld.map((w) => w!.amount.raw).join(' and ')}.`,
      },
    });
  }
  findings.push(...equalPeriods(medicare, pay.gross, unsure));
  return findings;
}

/** Gross pay's year to date against n equal periods, when the Medicare tax's year to date is exactly n times this period's. */
function equalPeriods(medicare: readonly Figure[] | undefined, gross: readonly Figure[], unsure: (f: Figure) => boolean): Finding[] {
  const [tax, taxYtd] = medicare ?? [];
  const [pay, payYtd] = gross;
  if (!tax || !taxYtd || !pay || !payYtd || [tax, taxYtd, pay, payYtd].some(unsure) || tax.amount.value.isZero()) return [];
  const periods = taxYtd.amount.value.abs().div(tax.amount.value.abs());
  if (!periods.isInteger() || periods.lt(3)) return [];
  const expected = pay.amount.value.abs().times(periods);
  if (expected.minus(payYtd.amount.value.abs()).abs().lte(periods)) return [];
  return [
    {
      code: 'payroll_tax_mismatch',
      summary: `The Medicare tax ${tax.amount.raw} is exactly 1/${periods.toString()} of its year to date ${taxYtd.amount.raw} (${periods.toString()} equal pay periods), but gross pay's year to date ${payYtd.amount.raw} is not ${periods.toString()} times this period's ${pay.amount.raw} (${formatMoney(expected)}).`,
      page: pay.box.page,
      boxes: [pay.box, payYtd.box, tax.box, taxYtd.box],
      confidence: 0.75,
      math: {
        formula: `year-to-date gross pay = ${periods.toString()} × gross pay (the Medicare tax's ${periods.toString()} equal periods)`,
        computed: formatMoney(expected),
        stated: payYtd.amount.raw,
        ok: false,
        note: `Medicare tax ${tax.amount.raw} this period, ${taxYtd.amount.raw} year to date.`,
      },
    },
  ];
}
