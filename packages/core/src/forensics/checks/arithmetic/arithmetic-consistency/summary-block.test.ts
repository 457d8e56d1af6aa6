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
});
