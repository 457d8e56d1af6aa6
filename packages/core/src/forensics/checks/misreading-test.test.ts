// A misread digit excuses a contradiction on a scan only when the page could have printed it: the
// pay stub re-read with the figure as the misreading has it must break no sum that held, the same
// digits must not be read alike elsewhere, and the word's width must have room for a digit added.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import type { Word } from '../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../testing/table-words.js';
import { testedMisreadings } from './misreading-test.js';
import { documentTotals } from './totals.js';

beforeAll(loadDecimals);

/** A cell of one word whose right edge is at `x1` (5 points a character). */
const right = (text: string, x1: number): Cell => [text, x1 - 5 * text.length];
const row = (label: string, figure: string): Cell[] => [[label, 40], right(figure, 340)];
/** A pay stub of one column: earnings, gross pay, three taxes, their total and net pay, and `more` lines after it. */
function stub(regular: string, gross: string, net: string, more: Cell[][] = []): Word[] {
  return tableWords(
    1,
    [['Earnings', 40], right('Current', 340)],
    row('Regular', regular),
    row('Overtime', '150.00'),
    row('Gross pay', gross),
    [['Deductions', 40], right('Current', 340)],
    row('Federal income tax', '236.50'),
    row('Social Security', '133.30'),
    row('Medicare', '31.18'),
    row('Total deductions', '400.98'),
    row('Net pay', net),
    ...more,
  );
}
/** The findings on `words` read by OCR: taking every misreading (`lenient`) and testing them. */
const read = (words: Word[]) => {
  const ctx = tableContext([words], 'paystub', true);
  return { lenient: documentTotals(ctx), tested: testedMisreadings(ctx, documentTotals) };
};

describe('a misreading tested against the rest of the page', () => {
  it('does not excuse an edited earnings line whose difference looks like a confused digit of gross pay', () => {
    // 2,000.00 raised to 2,300.00: the earnings add up to 2,450.00, and gross pay 2,150.00 could be a misread 2,450.00 ...
    const { lenient, tested } = read(stub('2,300.00', '2,150.00', '1,749.02'));
    expect(lenient).toEqual([]);
    // ... but gross pay of 2,450.00 would break net pay, which agrees with 2,150.00
    expect(tested.map((f) => f.math?.formula)).toEqual(['gross pay = sum of the earnings lines (current)']);
  });

  it('excuses a real misread digit: reading the figure as printed resolves every contradiction at once', () => {
    // gross pay printed 2,150.00 and read 2,450.00: neither the earnings nor net pay agree with it
    const { lenient, tested } = read(stub('2,000.00', '2,450.00', '1,749.02'));
    expect(lenient).toEqual([]);
    expect(tested).toEqual([]);
  });

  it('does not take the same digits read alike twice for two identical misreadings', () => {
    // no net pay to test against, but gross pay is printed twice and read alike both times
    const words = (twice: boolean) =>
      tableWords(
        1,
        [['Earnings', 40], right('Current', 340)],
        row('Regular', '2,300.00'),
        row('Overtime', '150.00'),
        row('Gross pay', '2,150.00'),
        ...(twice ? [[['Gross pay this period', 40] as Cell, right('2,150.00', 260)]] : []),
      );
    expect(read(words(false)).tested).toEqual([]);
    expect(read(words(true)).tested.map((f) => f.math?.formula)).toEqual(['gross pay = sum of the earnings lines (current)']);
  });

  it('does not add a digit the printed width has no room for', () => {
    // Medicare raised from 31.18 to 131.18 on a stub whose total keeps 31.18: "31.18" is five
    // characters wide, so it was not a 131.18 whose 1 OCR lost
    const words = tableWords(
      1,
      [['Deductions', 40], right('Current', 340)],
      row('Federal income tax', '236.50'),
      row('Social Security', '133.30'),
      row('Medicare', '31.18'),
      row('Total deductions', '500.98'),
    );
    const { lenient, tested } = read(words);
    expect(lenient).toEqual([]);
    expect(tested.map((f) => f.math?.formula)).toEqual(['total deductions = sum of the deduction lines (current)']);
  });
});
