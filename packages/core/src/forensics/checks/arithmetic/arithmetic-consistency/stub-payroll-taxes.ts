// The payroll taxes of a pay stub against its pay. Medicare tax is 1.45% of Medicare wages (more
// above $200,000 a year, and wages only grow with imputed income), and Medicare wages are gross
// pay less the deductions the law exempts (health premiums and other cafeteria-plan deductions).
// So Medicare wages are at least gross pay less every deduction and tax the stub totals, at least
// gross pay less its total pre-tax deductions (a 401(k) is among them, yet taxed), and at least net
// pay, and Medicare tax at least 1.45% of each: gross pay raised without its taxes, the usual way
// to inflate a stub's income, falls below one of those floors. No ceiling is judged (imputed
// income and year-to-date corrections raise a period's tax legitimately), nor a tax printed as
// zero (an exempt employee). A cent of rounding is allowed on a period's figures, $1 or 0.1% on
// year-to-date ones (each period rounds on its own).
// Social security tax is 6.2% of the same wages until the year's wage base: while its year to date
// is below $7,000 (6.2% of $112,903, under every wage base since 2013, and far under the $200,000
// where Medicare's rate rises), it is 6.2/1.45 times the Medicare tax, current and year to date.
// Judged only where the Medicare tax is 1.45% of wages the stub prints (a figure on it, such as
// gross pay or taxable wages, or gross pay less its pre-tax deductions), so the wages are known:
// a social security tax changed alone no longer agrees, and a stub whose taxes were never
// computed from its pay says nothing.
// A stub paying a reimbursement or an allowance is not judged by the floor: its gross pay may
// hold pay that is no wages.
// And when the year-to-date Medicare tax is exactly n times this period's (n of 3 or more: the same
// tax every period, so the same Medicare wages), gross pay's year to date must be n times this
// period's gross within a dollar a period: a stub whose gross pay was raised this period alone,
// or its year to date with it by another amount, no longer divides.
// The same holds of income tax, withheld from each period's wages by the withholding tables: a
// federal or state income tax whose year to date is exactly n times this period's (n of 3 or more)
// was withheld from the same wages every period, so gross pay's year to date must be n times this
// period's within a wage bracket of the tables a period (the larger of $80 and 2% of gross pay): a
// stub whose gross pay was raised with social security and Medicare computed again, its income
// taxes and year to date left, no longer divides (`paystub_withholding_periods_mismatch`; not
// conclusive: an employee may elect a fixed-dollar withholding).
// Read by OCR, a rule is judged only when no one misread digit of its figures would satisfy it
// (`misreading-test.ts` tests such a misreading against the stub's other sums).
import { type Decimal, decimal, formatMoney, shareOrFloor } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures, labelSegment, moneyFigures } from '../../../readers/figures.js';
import { misreadingRestores } from '../../../readers/misreadings.js';
import type { SumBasis, SumFinding } from './indicators.js';

const MEDICARE = /\b(medicare|fica[\s-]+(med|hi))\b/i;
const SOCIAL_SECURITY = /\b(social security|soc\.? sec\.?|oasdi|fica[\s-]+(ss|oasdi))\b/i;
/** Pay that is no wages (a reimbursement, an allowance): a gross pay holding it can exceed the Medicare wages by more than the deductions. */
const NOT_WAGES = /\b(reimburse\w*|mileage|expenses?|per\s+diem|non-?taxable|allowances?)\b/i;
/** Federal and state income tax withheld (not social security, Medicare, nor a local or disability tax). */
const INCOME_TAX = /\b(federal|fed|state)\b.*\b(income|withholding|tax|w\/h)\b|\b(fitw?|sitw?|income tax|withholding)\b/i;
const NOT_INCOME_TAX = /\b(medicare|social|oasdi|fica|local|city|county|school|sdi|sui|disability|unemployment|family|leave|pfl|fli)\b/i;
/** Gross pay a period that one income tax withholding covers (a wage bracket of the tables): the larger of these. */
const BRACKET_DOLLARS = '80';
const BRACKET_SHARE = '0.02';
/** Lines about the wages or the employer's share, not the employee's tax. */
const NOT_THE_TAX = /\b(wages|taxable|employer|er|company|number|no)\b/i;
const RATE = '1.45';
/** Social security's rate (Medicare's is `RATE`). */
const SOCIAL_SECURITY_RATE = '6.2';
/** A social security tax's year to date below this is below every wage base since 2013. */
const BELOW_WAGE_BASE = 7000;

/** A stub's pay, column by column (current, year to date). */
export interface StubPay {
  gross: readonly Figure[];
  /** The totals the stub takes from gross pay (total deductions; total taxes when printed apart), each by column. */
  withheld: readonly (readonly Figure[])[];
  /** Total pre-tax deductions: Medicare wages are at least gross pay less these (a 401(k) is among them, yet taxed). */
  preTax: readonly Figure[];
  net: readonly Figure[];
}

/** The figures of the first line of a tax (its label, not its wages, nor the employer's share); undefined when absent. */
function taxLine(rows: readonly Row[], label: RegExp): Figure[] | undefined {
  return taxLines(rows, label)[0];
}

/** The figures of every line of a tax (its label, not its wages, nor the employer's share, nor a label of `not`). */
function taxLines(rows: readonly Row[], label: RegExp, not?: RegExp): Figure[][] {
  const lines: Figure[][] = [];
  for (const row of rows) {
    const match = label.exec(row.text);
    if (!match) continue;
    const segment = labelSegment(row, label);
    // the label's own words before the match ("Local" of "Local income tax"), back to the last figure
    const before = row.text
      .slice(0, match.index)
      .split(/\S*\d\S*/)
      .pop();
    if (NOT_THE_TAX.test(segment.text) || not?.test(`${before} ${segment.text}`)) continue;
    const figs = figures(segment);
    if (figs.length > 0) lines.push(figs);
  }
  return lines;
}

/** $1 or 0.1% of a year-to-date figure, whichever is more. */
const yearToDateSlack = (due: Decimal): Decimal => shareOrFloor(due, '0.001', '1');

/** How the figures of a stub were read: `unsure` ones are not judged, `byOcr` ones are judged unless a misread digit satisfies the rule. */
export interface StubReading {
  unsure(figure: Figure): boolean;
  byOcr(figure: Figure): boolean;
}

/** A rule broken by `figs`, unless one of them read by OCR may have been misread: `holds` takes each figure's value (magnitude). */
function broken(figs: readonly Figure[], read: StubReading, holds: (value: (f: Figure) => Decimal) => boolean): boolean {
  if (holds((f) => f.amount.value.abs())) return false;
  const ocr = figs.filter((f) => read.byOcr(f));
  return !(ocr.length > 0 && misreadingRestores(ocr, holds));
}

/** A least the Medicare wages can be, and how the stub shows it. */
interface WagesBound {
  figures: readonly Figure[];
  least(value: (f: Figure) => Decimal): Decimal;
  /** The bound in the formula ("gross pay − deductions"). */
  formula: string;
  describe: string;
}

/** The least Medicare wages of one column (current or year to date), as each of the stub's figures shows it. */
function wagesBounds(pay: StubPay, column: number): WagesBound[] {
  const gross = pay.gross[column];
  const bounds: WagesBound[] = [];
  const withheld = pay.withheld.map((totals) => totals[column]);
  if (gross && withheld.length > 0 && withheld.every((w) => w !== undefined)) {
    bounds.push({
      figures: [gross, ...withheld],
      least: (value) => withheld.reduce((sum, w) => sum.minus(value(w)), value(gross)),
      formula: 'gross pay − deductions',
      describe: `gross pay ${gross.amount.raw} less ${withheld.map((w) => w.amount.raw).join(' and ')}`,
    });
  }
  const preTax = pay.preTax[column];
  if (gross && preTax) {
    bounds.push({
      figures: [gross, preTax],
      least: (value) => value(gross).minus(value(preTax)),
      formula: 'gross pay − pre-tax deductions',
      describe: `gross pay ${gross.amount.raw} less pre-tax deductions ${preTax.amount.raw}`,
    });
  }
  const net = pay.net[column];
  if (net) bounds.push({ figures: [net], least: (value) => value(net), formula: 'net pay', describe: `net pay ${net.amount.raw}` });
  return bounds;
}

/** The Medicare tax against the least its wages can be, social security against Medicare, and gross pay's year to date against the Medicare tax's equal periods. */
export function stubPayrollTaxes(rows: readonly Row[], pay: StubPay, read: StubReading): SumFinding[] {
  const medicare = taxLine(rows, MEDICARE);
  const findings = socialSecurityAgainstMedicare(rows, medicare, pay, read);
  // the floor and the equal periods need pay of wages only
  if (rows.some((r) => NOT_WAGES.test(r.text) && figures(r).length > 0)) return findings;
  for (const column of [0, 1]) {
    const tax = medicare?.[column];
    const bounds = wagesBounds(pay, column).filter((b) => !b.figures.some((f) => read.unsure(f)));
    if (!tax || tax.amount.value.isZero() || read.unsure(tax) || bounds.length === 0) continue;
    const slack = (least: Decimal): Decimal => (column === 0 ? decimal('0.01') : yearToDateSlack(least));
    const taxOn = (bound: WagesBound, value: (f: Figure) => Decimal): Decimal => bound.least(value).times(RATE).div(100);
    // each is a floor of its own: the tax must clear them all
    const failing = bounds.find((bound) =>
      broken([tax, ...bound.figures], read, (value) =>
        taxOn(bound, value)
          .minus(value(tax))
          .lte(slack(taxOn(bound, value))),
      ),
    );
    if (!failing) continue;
    const least = taxOn(failing, (f) => f.amount.value.abs());
    const which = column === 0 ? 'this period' : 'year to date';
    findings.push({
      code: 'payroll_tax_mismatch',
      rule: 'medicare floor',
      tax: tax.amount.raw,
      rate: RATE,
      wages: failing.describe,
      least: formatMoney(least),
      basis: 'statutory rate',
      page: tax.box.page,
      boxes: [tax.box, failing.figures[0]!.box],
      math: {
        formula: `Medicare tax ≥ ${RATE}% × (${failing.formula}) (${which})`,
        computed: formatMoney(least),
        stated: tax.amount.raw,
        ok: false,
        note: `${failing.describe[0]!.toUpperCase()}${failing.describe.slice(1)}.`,
      },
    });
  }
  const medicarePeriods =
    medicare &&
    equalPeriods({ tax: medicare, name: 'Medicare tax', slack: () => decimal('1'), code: 'payroll_tax_mismatch', basis: 'equal periods' }, pay.gross, read);
  if (typeof medicarePeriods === 'object') findings.push(medicarePeriods);
  // gross pay raised with its Medicare tax computed again leaves the income taxes' periods
  else if (medicarePeriods !== 'holds') findings.push(...incomeTaxPeriods(rows, pay.gross, read));
  return findings;
}

/** Social security tax against 6.2/1.45 of the Medicare tax, current and year to date, below the wage base (module header). */
function socialSecurityAgainstMedicare(rows: readonly Row[], medicare: readonly Figure[] | undefined, pay: StubPay, read: StubReading): SumFinding[] {
  const socialSecurity = taxLine(rows, SOCIAL_SECURITY);
  const pairs = [0, 1].map((column) => [socialSecurity?.[column], medicare?.[column]] as const);
  const ssYtd = socialSecurity?.[1];
  // below the wage base all year: the year to date says so
  if (!ssYtd?.amount.value.abs().lt(BELOW_WAGE_BASE)) return [];
  const findings: SumFinding[] = [];
  const printed = rows.flatMap((r) => moneyFigures(r).map((f) => f.amount.value.abs()));
  for (const [column, [ss, med]] of pairs.entries()) {
    if (!ss || !med || ![ss, med].every((f) => /\.\d{2}$/.test(f.amount.raw.replace(/[^\d.]/g, '')))) continue;
    if (ss.amount.value.isZero() || med.amount.value.isZero() || read.unsure(ss) || read.unsure(med)) continue;
    // each period's two taxes round on their own; a year to date sums the periods' rounding
    const slack = (expected: Decimal): Decimal => (column === 0 ? decimal('0.1') : yearToDateSlack(expected));
    // the Medicare tax is 1.45% of wages the stub prints (gross pay, gross pay less pre-tax
    // deductions, any figure: taxable wages): the two taxes' wages are known, not assumed from
    // figures that may be loose
    const gross = pay.gross[column];
    const preTax = pay.preTax[column];
    const wages = [...printed, ...(gross && preTax ? [gross.amount.value.abs().minus(preTax.amount.value.abs())] : [])];
    const taxed = (w: Decimal): Decimal => w.times(RATE).div(100);
    const cent = (due: Decimal): Decimal => (column === 0 ? decimal('0.01') : yearToDateSlack(due));
    if (
      !wages.some((w) =>
        taxed(w)
          .minus(med.amount.value.abs())
          .abs()
          .lte(cent(taxed(w))),
      )
    )
      continue;
    const expectedOf = (value: (f: Figure) => Decimal): Decimal => value(med).times(SOCIAL_SECURITY_RATE).div(RATE);
    if (
      !broken([ss, med], read, (value) =>
        expectedOf(value)
          .minus(value(ss))
          .abs()
          .lte(slack(expectedOf(value))),
      )
    )
      continue;
    const expected = expectedOf((f) => f.amount.value.abs());
    const which = column === 0 ? 'this period' : 'year to date';
    findings.push({
      code: 'payroll_tax_mismatch',
      rule: 'social security ratio',
      socialSecurity: ss.amount.raw,
      medicare: med.amount.raw,
      expected: formatMoney(expected),
      basis: 'tax ratio',
      page: ss.box.page,
      boxes: [ss.box, med.box],
      math: {
        formula: `social security tax = 6.2% / 1.45% × Medicare tax (${which}, below the wage base)`,
        computed: formatMoney(expected),
        stated: ss.amount.raw,
        ok: false,
        note: `Medicare tax ${med.amount.raw}; social security year to date ${ssYtd.amount.raw}.`,
      },
    });
  }
  return findings;
}

/** A tax whose equal periods gross pay's year to date must show. */
interface EqualPeriodsRule {
  /** The tax's figures: this period's, then its year to date. */
  tax: readonly Figure[];
  /** The tax as named in the finding ("Medicare tax"). */
  name: string;
  /** Gross pay a period the tax's equal periods leave room for. */
  slack: (pay: Decimal) => Decimal;
  code: 'payroll_tax_mismatch' | 'paystub_withholding_periods_mismatch';
  /** What the rule rests on, as the scoring policy weighs it. */
  basis: SumBasis;
}

/**
 * Gross pay's year to date against n equal periods, when a tax's year to date is exactly n times
 * this period's: the finding when gross pay breaks them, 'holds' when it fits them, undefined when
 * the tax shows no equal periods (or is unreadable).
 */
function equalPeriods(rule: EqualPeriodsRule, gross: readonly Figure[], read: StubReading): SumFinding | 'holds' | undefined {
  const [tax, taxYtd] = rule.tax;
  const [pay, payYtd] = gross;
  if (!tax || !taxYtd || !pay || !payYtd || [tax, taxYtd, pay, payYtd].some((f) => read.unsure(f)) || tax.amount.value.isZero()) return undefined;
  const periodsOf = (value: (f: Figure) => Decimal): Decimal => value(taxYtd).div(value(tax));
  const periods = periodsOf((f) => f.amount.value.abs());
  if (!periods.isInteger() || periods.lt(3)) return undefined;
  // a misreading that leaves no equal periods, or periods gross pay divides into, satisfies the rule
  const holds = (value: (f: Figure) => Decimal): boolean => {
    const n = periodsOf(value);
    return (
      !n.isInteger() ||
      n.lt(3) ||
      value(pay)
        .times(n)
        .minus(value(payYtd))
        .abs()
        .lte(rule.slack(value(pay)).times(n))
    );
  };
  if (!broken([tax, taxYtd, pay, payYtd], read, holds)) return 'holds';
  const expected = pay.amount.value.abs().times(periods);
  const n = periods.toString();
  return {
    code: rule.code,
    rule: 'equal periods',
    tax: rule.name,
    taxFigure: tax.amount.raw,
    periods: n,
    taxYtd: taxYtd.amount.raw,
    payYtd: payYtd.amount.raw,
    pay: pay.amount.raw,
    expected: formatMoney(expected),
    basis: rule.basis,
    page: pay.box.page,
    boxes: [pay.box, payYtd.box, tax.box, taxYtd.box],
    math: {
      formula: `year-to-date gross pay = ${n} × gross pay (the ${rule.name}'s ${n} equal periods)`,
      computed: formatMoney(expected),
      stated: payYtd.amount.raw,
      ok: false,
      note: `${rule.name[0]!.toUpperCase()}${rule.name.slice(1)} ${tax.amount.raw} this period, ${taxYtd.amount.raw} year to date.`,
    },
  };
}

/**
 * The income tax lines' equal periods against gross pay's (module header): the first that breaks,
 * unless gross pay fits another's (a tax whose current figure changed at an earlier period can
 * divide its year to date by chance).
 */
function incomeTaxPeriods(rows: readonly Row[], gross: readonly Figure[], read: StubReading): SumFinding[] {
  const judged = taxLines(rows, INCOME_TAX, NOT_INCOME_TAX).map((tax) =>
    equalPeriods(
      { tax, name: 'income tax', slack: withholdingBracket, code: 'paystub_withholding_periods_mismatch', basis: 'withholding periods' },
      gross,
      read,
    ),
  );
  if (judged.includes('holds')) return [];
  return judged.filter((j): j is SumFinding => typeof j === 'object').slice(0, 1);
}

/** Gross pay a period one withholding covers: the larger of `BRACKET_DOLLARS` and `BRACKET_SHARE` of it. */
const withholdingBracket = (pay: Decimal): Decimal => shareOrFloor(pay, BRACKET_SHARE, BRACKET_DOLLARS);
