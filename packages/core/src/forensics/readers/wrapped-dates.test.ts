// A date wrapped in its cell joins the row of amounts it dates — split around the row (its other
// cells set at the middle) or opening it (set at the top) — and nothing else is joined: halves
// that make no whole date, halves in other columns, a row that has its own date.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import { buildRows } from '../../tables/rows.js';
import { type Cell, tableWords } from '../../testing/table-words.js';
import { joinWrappedDates } from './wrapped-dates.js';

beforeAll(loadDecimals);

const texts = (...lines: Cell[][]): string[] => joinWrappedDates(buildRows(tableWords(1, ...lines))).map((r) => r.text);

describe('joinWrappedDates', () => {
  it('joins a date split around its row, its description wrapped with it', () => {
    expect(
      texts(
        [['August', 40]],
        [
          ['RETURN BEST BUY 00012', 120],
          ['(194.17)', 400],
        ],
        [['10, 2026', 40]],
        [
          ['February', 40],
          ['PURCHASE RETURN', 120],
        ],
        [
          ['2,107.05', 400],
          ['7,944.09', 480],
        ],
        [
          ['13, 2026', 40],
          ['PMTS', 120],
        ],
      ),
    ).toEqual(['August 10, 2026 RETURN BEST BUY 00012 (194.17)', 'February 13, 2026 PURCHASE RETURN 2,107.05 7,944.09 PMTS']);
  });

  it("joins a date whose year opens its row's line", () => {
    expect(
      texts(
        [['Feb 2,', 40]],
        [
          ['2026', 40],
          ['POS PURCHASE', 120],
          ['749.97', 400],
        ],
      ),
    ).toEqual(['Feb 2, 2026 POS PURCHASE 749.97']);
  });

  it('joins a date set a fraction of a line above the rest of its row', () => {
    // a row of 9-point boxes whose date sits 3 points higher than its description and amount: two lines to the row builder
    const row = tableWords(1, [
      ['HOTEL CASA DEL MAR', 120],
      ['241.11', 400],
    ]);
    const date = tableWords(1, [['2026-01-07', 40]]).map((w) => ({ ...w, y0: w.y0 + 3, y1: w.y1 + 3 }));
    expect(joinWrappedDates(buildRows([...date, ...row])).map((r) => r.text)).toEqual(['2026-01-07 HOTEL CASA DEL MAR 241.11']);
    // a line apart, the same date is a line of its own
    const apart = tableWords(1, [['2026-01-07', 40]]).map((w) => ({ ...w, y0: w.y0 + 14, y1: w.y1 + 14 }));
    expect(joinWrappedDates(buildRows([...apart, ...row])).map((r) => r.text)).toEqual(['2026-01-07', 'HOTEL CASA DEL MAR 241.11']);
  });

  it('leaves alone halves that make no whole date, halves in another column, and rows dated already', () => {
    const lines: Cell[][][] = [
      [
        [['Account', 40]],
        [
          ['PAYMENT THANK YOU', 120],
          ['55.00', 400],
        ],
        [['10, 2026', 40]],
      ],
      [
        [['August', 200]],
        [
          ['PAYMENT THANK YOU', 120],
          ['55.00', 400],
        ],
        [['10, 2026', 200]],
      ],
      [
        [['August', 40]],
        [
          ['08/10', 40],
          ['PAYMENT', 120],
          ['55.00', 400],
        ],
        [['10, 2026', 40]],
      ],
      [[['August', 40]], [['PAYMENT THANK YOU', 120]], [['10, 2026', 40]]],
    ];
    for (const page of lines) expect(texts(...page)).toEqual(buildRows(tableWords(1, ...page)).map((r) => r.text));
  });
});
