// The daily ending balance grid against the ledger: pairs that are the ledger's day-end balances
// agree, one changed pair is reported on the grid's figure, a grid that is not this ledger's (a pay
// history, another account) is not judged, and dates match across their printed forms.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import type { TableContext } from '../../../contexts.js';
import { dailyBalances, monthDay } from './daily-balances.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

const lines = (...rows: Cell[][]): Word[] => tableWords(1, ...rows);
const context = (words: Word[]): TableContext => tableContext([words]);

/** Six days of a ledger from 1,000.00, 25.00 out a day, dated `Mar d`. */
const ledger: [string, number][][] = [
  [
    ['Date', 50],
    ['Description', 110],
    ['Amount', 330],
    ['Balance', 420],
  ],
  [
    ['Beginning balance', 110],
    ['1,000.00', 420],
  ],
  ...[1, 2, 3, 4, 5, 6].map((d): [string, number][] => [
    [`Mar ${d}`, 50],
    ['Card purchase', 110],
    ['-25.00', 330],
    [(1000 - 25 * d).toFixed(2), 420],
  ]),
];

/** The grid, three pairs a row, in mm/dd; `override` replaces the balance of one day. */
function grid(override?: [number, string]): [string, number][][] {
  const pair = (d: number): [string, number][] => {
    const x = 50 + ((d - 1) % 3) * 170;
    return [
      [`03/0${d}`, x],
      [override?.[0] === d ? override[1] : (1000 - 25 * d).toFixed(2), x + 80],
    ];
  };
  return [[['Daily ending balance', 50]], [1, 2, 3].flatMap(pair), [4, 5, 6].flatMap(pair)];
}

describe('daily ending balances', () => {
  it('reads dates in their printed forms as month and day', () => {
    expect(monthDay('Mar 5', false)).toBe('3-5');
    expect(monthDay('5 Mar 2024', false)).toBe('3-5');
    expect(monthDay('03/05/2024', false)).toBe('3-5');
    expect(monthDay('05/03/2024', true)).toBe('3-5');
    expect(monthDay('05.03.2024', false)).toBe('3-5');
    expect(monthDay('2024-03-05', false)).toBe('3-5');
  });

  it('agrees with the ledger, and reports a changed day on the grid', () => {
    expect(dailyBalances(context(lines(...ledger, ...grid())))).toEqual([]);
    const [finding, ...rest] = dailyBalances(context(lines(...ledger, ...grid([4, '1,900.00']))));
    expect(rest).toEqual([]);
    expect(finding!.math).toMatchObject({ computed: '900.00', stated: '1,900.00' });
    expect(finding!.boxes![0]!.x0).toBe(130); // the grid's figure first
  });

  it('does not judge a grid most of whose pairs are not this ledger\u2019s balances', () => {
    const other = grid().map((row) => row.map(([t, x]): [string, number] => [/^\d+\.\d{2}$/.test(t) ? `${t.slice(0, -3)}7.00` : t, x]));
    expect(dailyBalances(context(lines(...ledger, ...other)))).toEqual([]);
  });

  it('dates an entry by a date set on a line of its own above its figures', () => {
    // the last days' dates wrap onto lines of their own ("Mar 5," above the entry, its year below)
    const wrapped = ledger.flatMap((row, k): [string, number][][] => {
      if (k < 6) return [row];
      const [date, ...rest] = row;
      return [[[`${date![0]},`, 50]], rest, [['2024', 50]]];
    });
    expect(dailyBalances(context(lines(...wrapped, ...grid())))).toEqual([]);
    expect(dailyBalances(context(lines(...wrapped, ...grid([5, '800.00']))))).toMatchObject([{ grid: '800.00', ledger: '875.00' }]);
    // a summary after the ledger whose "Beginning balance on" date sits on a line of its own, away
    // from the ledger's date column, dates nothing: its figures are not the ledger's for that day
    const summary: [string, number][][] = [
      [
        ['Beginning balance on', 110],
        ['Ending balance on', 300],
      ],
      [['03/01/2024', 120]],
      [
        ['$1,000.00', 110],
        ['850.00', 300],
      ],
    ];
    expect(dailyBalances(context(lines(...ledger, ...summary, ...grid())))).toEqual([]);
  });

  it("reads no day's end from a summary grid after the ledger, whose header wraps its first balance's date onto a line of its own", () => {
    // "Beginning Balance on | Deposits and Other | Withdrawals and Other | Ending Balance on 2024-",
    // then "2024-03-01 Credits Debits 03-31", then the figures, the closing balance under the ledger's Balance
    const summary: [string, number][][] = [
      [
        ['Beginning Balance on', 110],
        ['Deposits and Other', 200],
        ['Withdrawals and Other', 300],
        ['Ending Balance on 2024-', 400],
      ],
      [
        ['2024-03-01', 120],
        ['Credits', 210],
        ['Debits', 310],
        ['03-31', 430],
      ],
      [
        ['$1,000.00', 110],
        ['0.00', 230],
        ['150.00', 330],
        ['850.00', 420],
      ],
    ];
    expect(dailyBalances(context(lines(...ledger, ...summary, ...grid())))).toEqual([]);
  });
});
