// A pay stub's dates against each other and its year-to-date figures: a stub re-dated into the
// first weeks of a year with a year's worth of year-to-date pay is reported on its pay date;
// consistent stubs (any frequency, dates beside their labels or under header cells, a new hire
// with little year to date) are not; a deduction line changed without its total is reported, a
// table in sections whose total adds up from an earlier header is not.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import { documentTotals } from './document-totals.js';
import { mostPayDates } from './pay-dates.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

/** A cell whose right edge is at `right` (as tableWords lays words: 5 points a character, 3 between words). */
const r = (text: string, right: number): Cell => [text, right - (5 * text.replace(/ /g, '').length + 3 * (text.split(' ').length - 1))];

/** A pay stub with `lines` of dates at the top and gross/deductions/net of `current` and `ytd` cents. */
function stub(
  dateLines: Cell[][],
  current: number,
  ytd: number,
  deductionLines: [string, number][] = [
    ['Federal income tax', 0.12],
    ['Social Security', 0.062],
  ],
): Word[] {
  const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const deducted = deductionLines.map(([, share]) => Math.round(current * share));
  const deductedYtd = deductionLines.map(([, share]) => Math.round(ytd * share));
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  return tableWords(
    1,
    [['Earnings statement', 50]],
    ...dateLines,
    [['Earnings', 50], r('Current', 380), r('Year to date', 500)],
    [['Regular', 50], r(money(current), 380), r(money(ytd), 500)],
    [['Gross pay', 50], r(money(current), 380), r(money(ytd), 500)],
    [['Deductions', 50], r('Current', 380), r('Year to date', 500)],
    ...deductionLines.map(([label], i): Cell[] => [[label, 50], r(money(deducted[i]!), 380), r(money(deductedYtd[i]!), 500)]),
    [['Total deductions', 50], r(money(sum(deducted)), 380), r(money(sum(deductedYtd)), 500)],
    [['Net pay', 50], r(money(current - sum(deducted)), 380), r(money(ytd - sum(deductedYtd)), 500)],
  );
}

const findingsOf = (words: Word[]) => documentTotals(tableContext([words], 'paystub'));

describe('pay dates', () => {
  it('reports a stub whose year to date holds more periods than its pay date allows, on the pay date', () => {
    // twenty biweekly periods of pay, dated in the second week of January
    const words = stub(
      [
        [
          ['Pay period 12/30/2024 - 01/12/2025', 50],
          ['Pay date 01/17/2025', 300],
        ],
      ],
      250_000,
      5_000_000,
    );
    const [finding, ...rest] = findingsOf(words);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'paystub_dates_inconsistent',
      math: { formula: 'year-to-date ÷ current ≤ pay dates so far this year', computed: 'at most 2' },
    });
    const payDate = words.find((w) => w.text === '01/17/2025')!;
    expect(finding!.boxes![0]).toMatchObject({ x0: payDate.x0, x1: payDate.x1, y0: payDate.y0 });
  });

  it('accepts consistent stubs of every frequency, dates beside their labels or under header cells', () => {
    // ten biweekly periods by May 17
    expect(
      findingsOf(
        stub(
          [
            [
              ['Pay period 04/29/2024 - 05/12/2024', 50],
              ['Pay date 05/17/2024', 300],
            ],
          ],
          250_000,
          2_500_000,
        ),
      ),
    ).toEqual([]);
    // a header row of labels, the dates under them
    const header: Cell[][] = [
      [
        ['Period beginning', 50],
        ['Period ending', 200],
        ['Check date', 350],
      ],
      [
        ['10/01/2024', 50],
        ['10/31/2024', 200],
        ['11/05/2024', 350],
      ],
      [['Pay frequency: Monthly', 50]],
    ];
    expect(findingsOf(stub(header, 600_000, 6_000_000))).toEqual([]);
    // a new hire: one period of year to date in December
    expect(
      findingsOf(
        stub(
          [
            [
              ['Pay period Dec 1, 2024 to Dec 15, 2024', 50],
              ['Pay date Dec 20, 2024', 300],
            ],
          ],
          250_000,
          250_000,
        ),
      ),
    ).toEqual([]);
  });

  it('reports a pay date before its period, and a period that is not the printed frequency', () => {
    const early = findingsOf(
      stub(
        [
          [
            ['Pay period 03/01/2024 - 03/15/2024', 50],
            ['Pay date 02/20/2024', 300],
          ],
        ],
        250_000,
        1_000_000,
      ),
    );
    expect(early.map((f) => f.math?.formula)).toEqual(['pay date ≥ pay period start']);
    const weekly = findingsOf(
      stub(
        [
          [
            ['Pay period 03/01/2024 - 03/15/2024', 50],
            ['Pay date 03/20/2024', 300],
          ],
          [['Pay frequency Weekly', 50]],
        ],
        250_000,
        1_000_000,
      ),
    );
    expect(weekly.map((f) => f.math?.formula)).toEqual(['pay period length = pay frequency']);
  });

  it('counts no more pay dates than a schedule allows, and never fewer than it pays (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), (day) => {
        const date = new Date(Date.UTC(2023, 0, 1 + day)).toISOString().slice(0, 10);
        const weekly = mostPayDates('weekly', date);
        // a weekly schedule paying from January 1 has paid floor(day / 7) + 1 times by `date`
        return weekly >= Math.floor(day / 7) + 1 && weekly <= 53 && mostPayDates('monthly', date) === Number(date.slice(5, 7));
      }),
    );
  });
});

describe('pay stub line sums', () => {
  it('reports a deduction line changed without its total, this period and year to date alike', () => {
    // the federal tax: 300.00 this period (12% of 2,500.00), 3,000.00 year to date
    const genuine = stub([], 250_000, 2_500_000);
    expect(findingsOf(genuine)).toEqual([]);
    const changed = genuine.map((w) => (w.text === '300.00' ? { ...w, text: '200.00' } : w.text === '3,000.00' ? { ...w, text: '2,000.00' } : w));
    const findings = findingsOf(changed);
    expect(findings.map((f) => f.math?.formula)).toEqual([
      'total deductions = sum of the deduction lines (current)',
      'total deductions = sum of the deduction lines (year-to-date)',
    ]);
  });

  it('accepts a table in sections whose total adds up from an earlier header', () => {
    const words = tableWords(
      1,
      [['Taxes', 50], r('Current', 380)],
      [['Federal income tax', 50], r('300.00', 380)],
      [['Deductions', 50], r('Current', 380)],
      [['401(k)', 50], r('100.00', 380)],
      [['Health plan', 50], r('50.00', 380)],
      [['Total deductions', 50], r('450.00', 380)],
    );
    expect(findingsOf(words)).toEqual([]);
  });
});
