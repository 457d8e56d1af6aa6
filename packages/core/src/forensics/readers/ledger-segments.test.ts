// The ledger apart from the tables around it: a daily balance grid (row-wise or column-wise, two or
// three pairs), a this-period/year-to-date box and an account summary printed before or after the
// ledger are never read as transaction rows, while a contradiction inside the ledger still is, a
// ledger whose header is repeated on the next page goes on, and one that continues without its
// header resumes when its rows sit in its columns.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import type { Word } from '../../tables/rows.js';
import { buildRows } from '../../tables/rows.js';
import { tableContext, tableWords } from '../../testing/table-words.js';
import { statementArithmetic } from '../checks/arithmetic/arithmetic-consistency/running-balances.js';
import { statementTotals } from '../checks/arithmetic/arithmetic-consistency/statement-totals.js';
import type { TableContext } from '../contexts.js';
import { figures } from './figures.js';
import { isGridRow, isOtherHeader } from './ledger-segments.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

const lines = tableWords;
const context = (pages: Word[][]): TableContext => tableContext(pages);

const HEADER: [string, number][] = [
  ['Date', 50],
  ['Description', 110],
  ['Amount', 330],
  ['Balance', 420],
];
/** A ledger of `n` rows from 1,000.00, each 25.00 out; `wrong` prints one balance 500.00 too high. */
function ledger(n: number, wrong?: number): [string, number][][] {
  const rows: [string, number][][] = [
    HEADER,
    [
      ['Beginning balance', 110],
      ['1,000.00', 420],
    ],
  ];
  for (let i = 1; i <= n; i++) {
    const balance = 1000 - 25 * i + (i === wrong ? 500 : 0);
    rows.push([
      [`03/${String(i).padStart(2, '0')}`, 50],
      ['Card purchase', 110],
      ['-25.00', 330],
      [`${balance.toFixed(2)}`, 420],
    ]);
  }
  rows.push([
    ['Ending balance', 110],
    [`${(1000 - 25 * n).toFixed(2)}`, 420],
  ]);
  return rows;
}

/** A daily ending balance grid: pairs of date and balance, `perRow` to a row, that do not follow each other. */
function dailyGrid(perRow: number, columnWise: boolean): [string, number][][] {
  const pairs = [5087.03, 1905.49, 3210.5, 8877.12, 402.33, 6120.0].map((b, i) => [`03/${String(10 + i).padStart(2, '0')}`, b.toFixed(2)] as const);
  const rowsCount = Math.ceil(pairs.length / perRow);
  const out: [string, number][][] = [
    [['Daily ending balance', 50]],
    Array.from({ length: perRow }, (_, c): [string, number][] => [
      ['Date', 50 + c * 170],
      ['Balance', 130 + c * 170],
    ]).flat(),
  ];
  for (let r = 0; r < rowsCount; r++) {
    const cells: [string, number][] = [];
    for (let c = 0; c < perRow; c++) {
      const pair = pairs[columnWise ? c * rowsCount + r : r * perRow + c];
      if (pair) cells.push([pair[0], 50 + c * 170], [pair[1], 130 + c * 170]);
    }
    out.push(cells);
  }
  return out;
}

const PERIOD_BOX: [string, number][][] = [
  [['Interest and fees', 50]],
  [
    ['This period', 300],
    ['Year to date', 420],
  ],
  [
    ['Interest paid', 50],
    ['1.23', 300],
    ['15.87', 420],
  ],
  [
    ['Total overdraft fees', 50],
    ['0.00', 300],
    ['35.00', 420],
  ],
];

describe('grid rows and other tables', () => {
  it('tells a grid row (a date after a figure) from a transaction line with two dates', () => {
    const [grid] = buildRows(lines(1, dailyGrid(3, false)[2]!));
    expect(isGridRow(grid!, figures(grid!))).toBe(true);
    const [posted] = buildRows(
      lines(1, [
        ['03/04', 50],
        ['03/05', 90],
        ['Card purchase', 130],
        ['-25.00', 330],
        ['975.00', 420],
      ]),
    );
    expect(isGridRow(posted!, figures(posted!))).toBe(false);
  });

  it('takes rows of short labels without figures for the header of another table, never the ledger header', () => {
    const [period] = buildRows(lines(1, PERIOD_BOX[1]!));
    expect(isOtherHeader(period!, [])).toBe(true);
    const [ledgerHeader] = buildRows(lines(1, HEADER));
    expect(isOtherHeader(ledgerHeader!, [])).toBe(false);
    const [sentence] = buildRows(lines(1, [['Thank you for banking with us', 50]]));
    expect(isOtherHeader(sentence!, [])).toBe(false);
  });
});

describe('the ledger among other tables', () => {
  it.each([
    [2, false],
    [2, true],
    [3, false],
    [3, true],
  ])('reads no contradiction into a daily balance grid of %i pairs a row (column-wise: %s) after the ledger', (perRow, columnWise) => {
    const page = lines(1, ...ledger(8), ...dailyGrid(perRow, columnWise), ...PERIOD_BOX);
    expect(statementArithmetic(context([page]))).toEqual([]);
  });

  it('reads a description broken into short pieces where descriptions are printed as part of the ledger, not as another table', () => {
    // as OCR read a scanned Writer statement (payments of a day, the balance at day end): "Direct
    // debit City Water and Sewer services" came out as "Rede" and "Water and Sewer services" with a
    // gap between, a line of two short labels without figures — the header of another table, had
    // it not sat where descriptions are printed; the payment's figures follow on the next line
    const row = (date: string, text: string, out: string, balance?: string): [string, number][] => [
      ...(date ? [[date, 50] as [string, number]] : []),
      [text, 110],
      [out, 330],
      ...(balance ? [[balance, 450] as [string, number]] : []),
    ];
    const page = lines(
      1,
      [
        ['Date', 50],
        ['Details', 110],
        ['Paid out', 330],
        ['Paid in', 390],
        ['Balance', 450],
      ],
      [
        ['Balance brought forward', 110],
        ['5,000.00', 450],
      ],
      row('01/03', 'Cheque 1042', '100.00', '4,900.00'),
      row('02/03', 'Card purchase', '200.00', '4,700.00'),
      row('03/03', 'Card purchase', '300.00', '4,400.00'),
      row('06/03', 'Subscription', '292.16'),
      row('', 'ATM withdrawal', '11.04'),
      [
        ['Rede', 110],
        ['Water and Sewer services', 170],
      ],
      [
        ['791.52', 330],
        ['3,305.28', 450],
      ],
      row('07/03', 'Transfer to savings', '537.40'),
      row('', 'Insurance premium', '811.64', '1,956.24'),
      row('08/03', 'Card purchase', '56.24', '1,900.00'),
      row('09/03', 'Card purchase', '100.00', '1,800.00'),
    );
    const [pieces] = buildRows(
      lines(1, [
        ['Rede', 110],
        ['Water and Sewer services', 170],
      ]),
    );
    expect(isOtherHeader(pieces!, [])).toBe(true); // alone, it looks like one
    expect(statementArithmetic(context([page]))).toEqual([]);
  });

  it('still finds a contradiction inside the ledger with the grid and boxes around it', () => {
    const page = lines(1, ...PERIOD_BOX, ...ledger(8, 4), ...dailyGrid(3, false));
    const findings = statementArithmetic(context([page]));
    expect(findings.map((f) => f.code)).toEqual(['running_balance_mismatch']);
    expect(findings[0]!.math!.stated).toBe('1400.00'); // 03/04 printed 500.00 too high
  });

  it('reads no contradiction into an account summary printed after the ledger', () => {
    const summary: [string, number][][] = [
      [['Account summary', 50]],
      [
        ['Beginning balance on March 1', 50],
        ['4,000.00', 420],
      ],
      [
        ['Deposits and other additions', 50],
        ['2,500.00', 420],
      ],
      [
        ['Ending balance on March 31', 50],
        ['6,500.00', 420],
      ],
    ];
    expect(statementArithmetic(context([lines(1, ...ledger(6), ...summary)]))).toEqual([]);
  });

  it('goes on across a page whose ledger has no repeated header, and across a repeated header', () => {
    const first = ledger(6).slice(0, -1); // no ending balance: the ledger goes on
    const rest = (from: number, header: boolean): [string, number][][] => {
      const rows: [string, number][][] = header ? [HEADER] : [[['Statement continued', 50]]];
      for (let i = from; i < from + 4; i++)
        rows.push([
          [`03/${String(i).padStart(2, '0')}`, 50],
          ['Card purchase', 110],
          ['-25.00', 330],
          [`${(1000 - 25 * i + (i === from + 1 ? 300 : 0)).toFixed(2)}`, 420],
        ]);
      return rows;
    };
    for (const header of [true, false]) {
      const findings = statementArithmetic(context([lines(1, ...first), lines(2, ...rest(7, header))]));
      expect(findings.length, `header repeated: ${header}`).toBeGreaterThan(0);
      expect(findings[0]!.page).toBe(2);
    }
  });
});

describe('stated totals', () => {
  it('does not compare a year-to-date total, or a row beside a year-to-date figure, with the period', () => {
    const ytd: [string, number][][] = [
      [
        ['Total deposits year to date', 50],
        ['45,000.00', 420],
      ],
      [
        ['Total withdrawals', 50],
        ['200.00', 330],
        ['9,950.00', 420],
      ],
    ];
    expect(statementTotals(context([lines(1, ...ledger(8), ...ytd)]))).toEqual([]);
  });

  it('still compares this period\u2019s stated total with the ledger', () => {
    const stated: [string, number][][] = [
      [
        ['Total withdrawals', 50],
        ['250.00', 420],
      ],
    ];
    expect(statementTotals(context([lines(1, ...ledger(8), ...stated)])).map((f) => f.code)).toEqual(['statement_totals_mismatch']);
  });

  it('does not judge the totals against part of the ledger (the first page of a statement alone)', () => {
    const summary: [string, number][][] = [
      [
        ['Total withdrawals', 50],
        ['300.00', 420],
      ],
      [
        ['Ending balance', 50],
        ['700.00', 420],
      ],
    ];
    // twelve withdrawals of 25.00 are counted in the summary; the page holds eight of them
    const firstPage = ledger(8).slice(0, -1);
    expect(statementTotals(context([lines(1, ...summary, ...firstPage)]))).toEqual([]);
  });
});
