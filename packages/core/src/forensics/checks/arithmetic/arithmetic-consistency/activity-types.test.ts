// A statement's summary lines against its activity listed by type: a raised deposit is reported
// against "Deposits", corroborated by "Dividends and Interest" that holds; a lone line is context;
// a label that names more than types is not read.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { activityTypes } from './activity-types.js';
import { readBlocks } from './summary-block.js';

beforeAll(loadDecimals);

const never = () => false;
/** The check on a statement's rows, its summary read as the statement's checks read it. */
const check = (rows: ReturnType<typeof buildRows>) => activityTypes(rows, readBlocks(rows), never);

function statement(deposit: string, dividend = '146.76', withDividend = true, depositsLabel = 'Deposits', transfer?: string) {
  return buildRows(
    tableWords(
      1,
      [['Beginning Account Value', 40], right('$354,673.19', 300)],
      [[depositsLabel, 40], right('1,252.86', 300)],
      [['Withdrawals', 40], right('0.00', 300)],
      [['Dividends and Interest', 40], right('146.76', 300)],
      [['Change in Market Value', 40], right('-7,939.02', 300)],
      [['Ending Account Value', 40], right('$348,133.79', 300)],
      [['Activity', 40]],
      [['Date', 40], ['Type', 100], ['Description', 180], right('Amount', 540)],
      [['2026-10-05', 40], ['Deposit', 100], ['ELECTRONIC FUNDS TRANSFER RECEIVED', 180], right(deposit, 540)],
      ...(withDividend ? [[['2026-10-15', 40], ['Dividend', 100], ['APPLE INC QUALIFIED DIVIDEND', 180], right(dividend, 540)] as Cell[]] : []),
      ...(transfer ? [[['2026-10-18', 40], ['Transfer', 100], ['FROM SAVINGS 4411', 180], right(transfer, 540)] as Cell[]] : []),
    ),
  );
}

describe('summary lines against the activity by type', () => {
  it('holds when each line is its activity, and reports a raised deposit corroborated by the line that holds', () => {
    expect(check(statement('1,252.86'))).toEqual([]);
    const [finding, ...rest] = check(statement('2,252.86'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'statement_totals_mismatch', stated: '1,252.86', listed: '2,252.86', lines: 1 });
    expect(finding!.corroboration).toEqual(['dividends and interest (summary) = sum of the activity of dividend and interest type']);
    expect(finding!.boxes).toHaveLength(2);
  });

  it('leaves a contradiction nothing corroborates as context, reads a transfer into a line or not, and reads no label naming more than types', () => {
    expect(check(statement('2,252.86', '146.76', false))[0]!.corroboration).toEqual([]);
    // a transfer no summary line names may be counted in the deposits: 1,000.00 + 252.86 holds
    expect(check(statement('1,000.00', '146.76', true, 'Deposits', '252.86'))).toEqual([]);
    expect(check(statement('1,100.00', '146.76', true, 'Deposits', '252.86'))).toHaveLength(1);
    // "Deposits Received This Period" names more than a type: it is not summed against the activity
    expect(check(statement('2,252.86', '146.76', true, 'Deposits Received This Period'))).toEqual([]);
  });
});
