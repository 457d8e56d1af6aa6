// A pay stub's social security and Medicare taxes follow from its gross pay: never above their
// rate's share of it, and Medicare never below 1.45% of gross pay less every deduction. A stub
// whose gross and net pay were raised together, its taxes kept, is reported on the Medicare tax; one
// whose Medicare tax was computed again, by the income tax's equal periods.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, right, tableContext, tableWords } from '../../../../testing/table-words.js';
import { testedMisreadings } from '../../../readers/misreading-trial.js';
import { documentTotals } from './document-totals.js';

beforeAll(loadDecimals);

/** Total deductions, current and year to date, with the given social security and Medicare taxes. */
function totalOf(socialSecurity: string[], medicare: string[]): [string, string] {
  const cents = (t: string) => Math.round(Number(t.replace(/,/g, '')) * 100);
  const money = (c: number) => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return [money(32_000 + cents(socialSecurity[0]!) + cents(medicare[0]!)), money(640_000 + cents(socialSecurity[1]!) + cents(medicare[1]!))];
}
/** A stub: gross pay, four taxes and a 401(k), total deductions and net pay, current and year to date. */
function stub(
  gross: [string, string],
  net: [string, string],
  socialSecurity = ['124.00', '2,480.00'],
  medicare = ['29.00', '580.00'],
  earnings: Cell[][] = [],
): Word[] {
  const row = (label: string, current: string, ytd: string): Cell[] => [[label, 40], right(current, 340), right(ytd, 440)];
  return tableWords(
    1,
    [['Earnings', 40], right('Current', 340), right('Year to date', 440)],
    ...earnings,
    row('Gross pay', ...gross),
    [['Deductions', 40], right('Current', 340), right('Year to date', 440)],
    row('Federal income tax', '220.00', '4,400.00'),
    row('Social Security', socialSecurity[0]!, socialSecurity[1]!),
    row('Medicare', medicare[0]!, medicare[1]!),
    row('401(k)', '100.00', '2,000.00'),
    row('Total deductions', ...totalOf(socialSecurity, medicare)),
    row('Net pay', ...net),
  );
}
const findings = (words: Word[], ocr = false) => documentTotals(tableContext([words], 'paystub', ocr));

describe("a pay stub's payroll taxes", () => {
  it('pass when they follow from gross pay', () => {
    expect(findings(stub(['2,000.00', '40,000.00'], ['1,527.00', '30,540.00']))).toEqual([]);
    // an exempt employee's zero social security is not judged
    expect(findings(stub(['2,000.00', '40,000.00'], ['1,651.00', '33,020.00'], ['0.00', '0.00']))).toEqual([]);
  });

  it('report gross and net pay raised together, the taxes kept, on the Medicare tax', () => {
    // and the year to date no longer 20 of this period's gross pay, as the Medicare tax's 20 equal periods have it
    const [finding, ...rest] = findings(stub(['3,000.00', '40,000.00'], ['2,527.00', '30,540.00']));
    expect(rest.map((f) => f.math?.formula)).toEqual(["year-to-date gross pay = 20 × gross pay (the Medicare tax's 20 equal periods)"]);
    expect(finding).toMatchObject({
      code: 'payroll_tax_mismatch',
      math: { formula: 'Medicare tax ≥ 1.45% × (gross pay − deductions) (this period)', computed: '36.64', stated: '29.00' },
    });
  });

  it("report gross pay raised this period alone when the Medicare tax shows equal periods, on gross pay's figures", () => {
    const [finding, ...rest] = findings(stub(['2,200.00', '40,000.00'], ['1,727.00', '30,540.00']));
    expect(rest).toEqual([]);
    expect(finding!.math).toMatchObject({ formula: "year-to-date gross pay = 20 × gross pay (the Medicare tax's 20 equal periods)", computed: '44,000.00' });
    // a Medicare tax that varied from period to period (not exactly 1/n of its year to date) says nothing of its periods
    const varied = findings(stub(['2,200.00', '40,000.00'], ['1,726.47', '30,540.00'], ['124.43', '2,480.00'], ['29.10', '580.00']));
    expect(varied.filter((f) => f.code === 'payroll_tax_mismatch')).toEqual([]);
    // (the federal income tax, 220.00 in each of 20 periods, still does: the next test)
    expect(varied.map((f) => f.code)).toEqual(['paystub_withholding_periods_mismatch']);
  });

  it('report gross pay raised with social security and Medicare computed again when the income tax shows equal periods', () => {
    // 2,000.00 raised to 2,400.00: social security 148.80 and Medicare 34.80 are 6.2% and 1.45% of it, the sums hold
    const raised = findings(stub(['2,400.00', '40,000.00'], ['1,896.40', '30,540.00'], ['148.80', '2,480.00'], ['34.80', '580.00']));
    expect(raised.map((f) => f.code)).toEqual(['paystub_withholding_periods_mismatch']);
    expect(raised[0]!.math).toMatchObject({ formula: "year-to-date gross pay = 20 × gross pay (the income tax's 20 equal periods)", computed: '48,000.00' });
    expect(raised[0]!.boxes![0]).toMatchObject({ x1: 340 }); // gross pay this period first
    // within a withholding table's wage bracket ($80 a period here) the same tax is withheld: 2,060.00 says nothing
    expect(findings(stub(['2,060.00', '40,000.00'], ['1,582.41', '30,540.00'], ['127.72', '2,480.00'], ['29.87', '580.00']))).toEqual([]);
  });

  it('hold only income taxes to equal periods: a flat local or disability tax says nothing of the pay', () => {
    const flat = (label: string): Cell[] => [[label, 40], right('5.00', 340), right('100.00', 440)];
    const words = stub(
      ['2,400.00', '40,000.00'],
      ['1,896.40', '30,540.00'],
      ['148.80', '2,480.00'],
      ['34.80', '580.00'],
      [flat('Local income tax'), flat('State disability tax')],
    );
    const federal = words.find((w) => w.text === 'Federal')!;
    const withoutFederal = words.filter((w) => w.y0 !== federal.y0);
    expect(findings(withoutFederal).filter((f) => f.code === 'paystub_withholding_periods_mismatch')).toEqual([]);
    expect(findings(words).filter((f) => f.code === 'paystub_withholding_periods_mismatch')).toHaveLength(1);
  });

  it('leave a stub paying a reimbursement alone: its gross pay holds pay that is no wages', () => {
    const mileage: Cell[] = [['Mileage reimbursement', 40], right('1,000.00', 340), right('1,000.00', 440)];
    const raised = stub(['3,000.00', '41,000.00'], ['2,527.00', '31,540.00'], undefined, ['29.00', '580.00'], [mileage]);
    expect(findings(raised).filter((f) => f.code === 'payroll_tax_mismatch')).toEqual([]);
  });

  it('judge no ceiling: imputed income raises both taxes', () => {
    // social security above 6.2% of gross pay: group-term life insurance over $50,000 is taxed without being paid
    expect(findings(stub(['2,000.00', '40,000.00'], ['1,403.61', '30,540.00'], ['224.00', '2,480.00'], ['52.39', '580.00']))).toEqual([]);
  });

  it('hold social security to 6.2/1.45 of the Medicare tax below the wage base, whichever was changed', () => {
    const loweredTax = findings(stub(['2,000.00', '40,000.00'], ['1,547.00', '30,540.00'], ['104.00', '2,480.00']));
    expect(loweredTax.map((f) => f.math)).toEqual([
      expect.objectContaining({
        formula: 'social security tax = 6.2% / 1.45% × Medicare tax (this period, below the wage base)',
        computed: '124.00',
        stated: '104.00',
      }),
    ]);
    expect(loweredTax[0]!.boxes).toHaveLength(2); // on both taxes: either may be the one changed
    const loweredYearToDate = findings(stub(['2,000.00', '40,000.00'], ['1,527.00', '30,740.00'], ['124.00', '2,280.00']));
    expect(loweredYearToDate.map((f) => f.math?.formula)).toContain('social security tax = 6.2% / 1.45% × Medicare tax (year to date, below the wage base)');
    // taxes never computed from the pay (a Medicare tax that is not 1.45% of gross pay) say nothing
    const loose = findings(stub(['2,000.00', '40,000.00'], ['1,546.10', '30,540.00'], ['104.00', '2,480.00'], ['29.90', '580.00']));
    expect(loose.filter((f) => f.math?.formula.startsWith('social security'))).toEqual([]);
    // past $7,000 of social security tax the wage base may have been reached: not judged
    const taxes = (words: Word[]) => findings(words).filter((f) => f.code === 'payroll_tax_mismatch');
    expect(taxes(stub(['2,000.00', '40,000.00'], ['1,547.00', '25,540.00'], ['104.00', '7,480.00']))).toEqual([]);
    // an employee exempt from social security (some state and local government workers)
    expect(findings(stub(['2,000.00', '40,000.00'], ['1,651.00', '33,020.00'], ['0.00', '0.00']))).toEqual([]);
  });

  it('judge pages read by OCR unless a misread digit satisfies the rule without breaking another sum', () => {
    const raised = stub(['3,000.00', '40,000.00'], ['2,527.00', '30,540.00']);
    const ocr = tableContext([raised], 'paystub', true);
    // taken alone, a Medicare tax of 129.00 (a narrow 1 lost) would satisfy the floor ...
    expect(documentTotals(ocr).filter((f) => f.code === 'payroll_tax_mismatch')).toEqual([]);
    // ... but it breaks the total deductions and net pay that agree with 29.00: the floor is broken
    const tested = testedMisreadings(ocr, documentTotals).filter((f) => f.code === 'payroll_tax_mismatch');
    expect(tested.map((f) => f.math?.formula)).toContain('Medicare tax ≥ 1.45% × (gross pay − deductions) (this period)');
  });
});
