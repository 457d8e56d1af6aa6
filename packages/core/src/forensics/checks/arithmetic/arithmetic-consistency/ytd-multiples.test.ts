// A pay stub's year to date as identical periods: a tax lowered with total deductions and net pay
// moved to keep every sum (its year to date kept) is reported on the tax and net pay; a stub paid
// the same every period, a deduction begun some periods ago, a withholding changed this period,
// and a stub whose gross pay varied are not.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import { summaryOf } from '../../../catalogue.js';
import { weigh } from '../../../policy.js';
import { documentTotals } from './document-totals.js';

beforeAll(loadDecimals);

/** A cell whose right edge is at `right` (as tableWords lays words: 5 points a character, 3 between words). */
const r = (text: string, right: number): Cell => [text, right - (5 * text.replace(/ /g, '').length + 3 * (text.split(' ').length - 1))];
const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface StubLine {
  label: string;
  current: number;
  ytd: number;
}

/** A stub: earnings lines and gross pay in one table, deductions, their total and net pay in another (other columns). */
function stub(earnings: StubLine[], deductions: StubLine[]): Word[] {
  const sum = (lines: StubLine[], key: 'current' | 'ytd'): number => lines.reduce((a, l) => a + l[key], 0);
  const gross = { current: sum(earnings, 'current'), ytd: sum(earnings, 'ytd') };
  const deducted = { current: sum(deductions, 'current'), ytd: sum(deductions, 'ytd') };
  return tableWords(
    1,
    [['Earnings statement', 50]],
    [['Earnings', 50], r('Current', 380), r('Year to date', 500)],
    ...earnings.map((l): Cell[] => [[l.label, 50], r(money(l.current), 380), r(money(l.ytd), 500)]),
    [['Gross pay', 50], r(money(gross.current), 380), r(money(gross.ytd), 500)],
    [['Deductions', 50], r('Current', 330), r('Year to date', 450)],
    ...deductions.map((l): Cell[] => [[l.label, 50], r(money(l.current), 330), r(money(l.ytd), 450)]),
    [['Total deductions', 50], r(money(deducted.current), 330), r(money(deducted.ytd), 450)],
    [['Net pay', 50], r(money(gross.current - deducted.current), 330), r(money(gross.ytd - deducted.ytd), 450)],
  );
}

/** Every line paid the same for `n` periods. */
const periods = (n: number, lines: [string, number][]): StubLine[] => lines.map(([label, current]) => ({ label, current, ytd: n * current }));

const EARNINGS: [string, number][] = [
  ['Regular', 320_000],
  ['Overtime', 21_375],
];
const DEDUCTIONS: [string, number][] = [
  ['Federal income tax', 37_551],
  ['Social Security', 21_165],
  ['Medicare', 4_950],
  ['State income tax', 13_655],
];

const CODES = new Set(['paystub_ytd_departure', 'paystub_ytd_other_figure']);
const departures = (words: Word[]) => documentTotals(tableContext([words], 'paystub')).filter((f) => CODES.has(f.code));

describe('year to date as identical periods', () => {
  it('reports a tax lowered with its total and net pay, its year to date kept, on the tax and net pay', () => {
    const deductions = periods(12, DEDUCTIONS);
    deductions[0] = { ...deductions[0]!, current: 28_163 }; // 37,551 lowered by 9,388 cents (11 does not divide it)
    const found = departures(stub(periods(12, EARNINGS), deductions));
    expect(found).toHaveLength(1);
    // its year to date is still 12 periods of 375.51: it cannot hold this period's 281.63
    expect(found[0]!.code).toBe('paystub_ytd_other_figure');
    expect(summaryOf(found[0]!)).toContain('Federal income tax');
    expect(summaryOf(found[0]!)).toContain('12 × 375.51');
    expect(weigh(found[0]!).confidence).toBe(0.9);
    expect(found[0]!.boxes).toHaveLength(2); // the tax, then net pay
  });

  it('reports a withholding changed at an earlier period as the weaker departure, unless its year to date divides into the periods', () => {
    const changedAt = (n: number, k: number, before: number, after: number): StubLine[] => {
      const deductions = periods(n, DEDUCTIONS);
      deductions[0] = { label: 'Federal income tax', current: after, ytd: (k - 1) * before + (n - k + 1) * after };
      return deductions;
    };
    // 7 periods of 375.51 and 5 of 300.00 = 4,128.57: not 12 equal periods
    const weak = departures(stub(periods(12, EARNINGS), changedAt(12, 8, 37_551, 30_000)));
    expect(weak.map((f) => f.code)).toEqual(['paystub_ytd_departure']);
    // 2 periods of 450.05 and 3 of 300.00 = 1,800.10, which is also 5 × 360.02: why the stronger finding stays CLEAN alone
    const coincidence = departures(stub(periods(5, EARNINGS), changedAt(5, 3, 45_005, 30_000)));
    expect(coincidence.map((f) => f.code)).toEqual(['paystub_ytd_other_figure']);
    // 450.03 and 2 × 300.00 = 1,050.03 = 3 × 350.01, but over three periods a multiple of three is too often a coincidence to tell apart
    const early = departures(stub(periods(3, EARNINGS), changedAt(3, 2, 45_003, 30_000)));
    expect(early.map((f) => f.code)).toEqual(['paystub_ytd_departure']);
  });

  it('passes a stub paid the same every period, a deduction begun some periods ago and a withholding changed this period', () => {
    expect(departures(stub(periods(12, EARNINGS), periods(12, DEDUCTIONS)))).toEqual([]);
    const begun = [...periods(12, DEDUCTIONS), { label: 'Dental plan', current: 1_850, ytd: 5 * 1_850 }];
    expect(departures(stub(periods(12, EARNINGS), begun))).toEqual([]);
    const changed = periods(12, DEDUCTIONS);
    changed[0] = { label: 'Federal income tax', current: 30_000, ytd: 11 * 37_551 + 30_000 };
    expect(departures(stub(periods(12, EARNINGS), changed))).toEqual([]);
  });

  it('says nothing when gross pay was not the same every period', () => {
    const earnings = periods(12, EARNINGS);
    earnings[1] = { ...earnings[1]!, ytd: earnings[1]!.ytd + 4_275 }; // overtime varied
    const deductions = periods(12, DEDUCTIONS);
    deductions[0] = { ...deductions[0]!, current: 28_163 };
    expect(departures(stub(earnings, deductions))).toEqual([]);
  });

  it('finds any lowered tax the periods cannot explain, and never a stub of identical periods (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 26 }), fc.integer({ min: 100, max: 20_000 }), fc.constantFrom(0, 3), (n, by, which) => {
        // income taxes (social security and Medicare are tied to each other: another check reports those)
        expect(departures(stub(periods(n, EARNINGS), periods(n, DEDUCTIONS)))).toEqual([]);
        const deductions = periods(n, DEDUCTIONS);
        const line = deductions[which]!;
        deductions[which] = { ...line, current: Math.max(1, line.current - by) };
        const lowered = line.current - deductions[which]!.current;
        const explainedByChangeNow = lowered % (n - 1) === 0;
        const found = departures(stub(periods(n, EARNINGS), deductions));
        expect(found).toHaveLength(explainedByChangeNow ? 0 : 1);
        // the kept year to date is n periods of the old figure: the stronger finding from four periods on
        for (const f of found) expect(f.code).toBe(n >= 4 ? 'paystub_ytd_other_figure' : 'paystub_ytd_departure');
      }),
      { numRuns: 60 },
    );
  });
});
