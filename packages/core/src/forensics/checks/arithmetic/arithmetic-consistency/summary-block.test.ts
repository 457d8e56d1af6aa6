// Account summaries in categories lead from the beginning to the ending balance, read as a deposit
// account or as a card account; an edited line or balance is reported on the ending balance.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows, type Row } from '../../../../tables/rows.js';
import { tableWords } from '../../../../testing/table-words.js';
import { readBlocks, summaryBlocks } from './summary-block.js';

beforeAll(loadDecimals);
const never = () => false;
/** The summaries in categories of `rows`, judged. */
const judge = (rows: Row[], fromOcr: (page: number) => boolean) => summaryBlocks(readBlocks(rows), fromOcr);
const summary = (...lines: [string, string][]) =>
  buildRows(
    tableWords(
      1,
      ...lines.map(([label, figure]): [string, number][] => [
        [label, 50],
        [figure, 300],
      ]),
    ),
  );

describe('account summaries', () => {
  const chase = (withdrawals: string, ending: string) =>
    summary(
      ['Beginning Balance', '$4,210.55'],
      ['Deposits and Additions', '3,200.00'],
      ['ATM & Debit Card Withdrawals', withdrawals],
      ['Electronic Withdrawals', '-1,150.00'],
      ['Fees', '-12.00'],
      ['Ending Balance', ending],
    );

  it('lead from the beginning to the ending balance, with the lines signed by their labels or their own sign', () => {
    expect(judge(chase('-845.20', '$5,403.35'), never)).toEqual([]);
    expect(judge(chase('845.20', '$5,403.35'), never)).toEqual([]);
  });

  it('report an ending balance the lines do not lead to, on it', () => {
    const [finding, ...rest] = judge(chase('-845.20', '$6,403.35'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'statement_balance_mismatch', math: { computed: '5,403.35', stated: '$6,403.35' } });
    expect(finding!.tried).toBeGreaterThanOrEqual(1);
    expect(finding!.boxes![0]!.y0).toBeLessThan(finding!.boxes![1]!.y0); // the ending balance, below the beginning one
  });

  it("read a card account's summary, where purchases add to what is owed", () => {
    const card = (ending: string) =>
      summary(['Previous Balance', '1,020.00'], ['Payments', '1,020.00'], ['Purchases', '486.13'], ['Fees Charged', '0.00'], ['New Balance', ending]);
    expect(judge(card('486.13'), never)).toEqual([]);
    expect(judge(card('586.13'), never)).toHaveLength(1);
  });

  it('leave summaries with a count or a line of no kind alone', () => {
    expect(judge(summary(['Beginning Balance', '100.00'], ['Number of deposits', '3'], ['Deposits', '50.00'], ['Ending Balance', '999.00']), never)).toEqual(
      [],
    );
    expect(judge(summary(['Beginning Balance', '100.00'], ['Deposits', '50.00'], ['Average balance', '20.00'], ['Ending Balance', '999.00']), never)).toEqual(
      [],
    );
  });

  it('leave out a line totalling the lines above it, and read a total of items listed elsewhere as a line', () => {
    const subtotalled = (ending: string) =>
      summary(
        ['Beginning Balance', '100.00'],
        ['Deposits', '50.00'],
        ['Transfers in', '25.00'],
        ['Total credits', '75.00'],
        ['Withdrawals', '20.00'],
        ['Ending Balance', ending],
      );
    expect(judge(subtotalled('155.00'), never)).toEqual([]);
    expect(judge(subtotalled('230.00'), never)).toHaveLength(1);
    // "Total withdrawals" beside fees listed apart: each a line of the summary
    const fees = (ending: string) =>
      summary(
        ['Beginning Balance', '100.00'],
        ['Total deposits', '50.00'],
        ['Total withdrawals', '20.00'],
        ['Service charges', '5.00'],
        ['Ending Balance', ending],
      );
    expect(judge(fees('125.00'), never)).toEqual([]);
    expect(judge(fees('130.00'), never)).toHaveLength(1);
  });

  it("read an investment account's change in value, down the rows or along a grid of pairs", () => {
    const grid = (dividends: string) =>
      buildRows(
        tableWords(
          1,
          [
            ['Beginning Account Value', 50],
            ['$154,707.15', 200],
            ['Deposits', 300],
            ['2,183.22', 450],
          ],
          [
            ['Withdrawals', 50],
            ['0.00', 200],
            ['Dividends and Interest', 300],
            [dividends, 450],
          ],
          [
            ['Change in Market Value', 50],
            ['-2,632.51', 200],
            ['Ending Account Value', 300],
            ['$154,324.74', 450],
          ],
        ),
      );
    expect(judge(grid('66.88'), never)).toEqual([]);
    const [finding, ...rest] = judge(grid('76.88'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'statement_balance_mismatch', math: { computed: '154,334.74', stated: '$154,324.74' } });
    const column = (ending: string) =>
      summary(
        ['Beginning Account Value', '$270,222.06'],
        ['Deposits', '306.77'],
        ['Withdrawals', '0.00'],
        ['Dividends and Interest', '17.55'],
        ['Change in Market Value', '-9,744.84'],
        ['Ending Account Value', ending],
      );
    expect(judge(column('$260,801.54'), never)).toEqual([]);
    expect(judge(column('$261,801.54'), never)).toHaveLength(1);
    // a change printed with a CR mark may be a loss (CR as a deposit account never prints it): both read
    const marked = (ending: string, change = '2,841.19 CR') =>
      summary(
        ['Beginning Account Value', '$230,062.12'],
        ['Deposits', '4,852.79'],
        ['Withdrawals', '1,171.78 CR'],
        ['Dividends and Interest', '272.06'],
        ['Change in Market Value', change],
        ['Ending Account Value', ending],
      );
    expect(judge(marked('$231,174.00'), never)).toEqual([]);
    expect(judge(marked('$236,856.38'), never)).toEqual([]);
    expect(judge(marked('$232,174.00'), never)).toHaveLength(1);
    // the mark set against its figure (as OCR often reads it off a photo) is the same mark
    expect(judge(marked('$231,174.00', '2,841.19CR'), never)).toEqual([]);
    expect(judge(marked('$232,174.00', '2,841.19CR'), never)).toHaveLength(1);
  });

  it('leave a row of figures without labels of their own alone (no grid of pairs)', () => {
    const rows = buildRows(
      tableWords(
        1,
        [
          ['Beginning Balance', 50],
          ['100.00', 300],
        ],
        [
          ['Deposits', 50],
          ['50.00', 300],
          ['60.00', 400],
        ],
        [
          ['Withdrawals', 50],
          ['20.00', 300],
        ],
        [
          ['Ending Balance', 50],
          ['999.00', 300],
        ],
      ),
    );
    expect(readBlocks(rows)).toEqual([]);
  });
});
