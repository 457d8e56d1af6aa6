// Movements listed in withdrawal and deposit columns with no running balance are summed column by
// column (across a repeated header, up to the list's end) and reported only when a column sums to
// more than the statement states for it; a row that reads as no single movement leaves the list
// unjudged.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { figures } from '../../../readers/figures.js';
import { movementSums, movementsOverStated } from './movement-table.js';

beforeAll(loadDecimals);
const never = () => false;

const HEADER: Cell[] = [['Date', 40], ['Description', 100], right('Withdrawals', 380), right('Deposits', 480)];
const movement = (date: string, what: string, withdrawal: string, deposit: string): Cell[] => [
  [date, 40],
  [what, 100],
  ...(withdrawal ? [right(withdrawal, 380)] : []),
  ...(deposit ? [right(deposit, 480)] : []),
];
const list = (deposit: string, ...more: Cell[][]) =>
  buildRows(
    tableWords(
      1,
      HEADER,
      movement('10/02', 'PAYROLL ACME', '', deposit),
      movement('10/05', 'RENT', '1,450.00', ''),
      movement('10/09', 'GROCERY MART', '312.40', ''),
      [['Continued on next page', 40]],
      HEADER,
      movement('10/17', 'ELECTRIC', '244.80', ''),
      ...more,
    ),
  );

describe('movements without a running balance', () => {
  it('sums each column over its dated rows, across a repeated header, up to the first undated figure', () => {
    const sums = movementSums(
      list('3,200.00', [['Total', 40], right('2,007.20', 380), right('3,200.00', 480)], movement('10/30', 'NOT A MOVEMENT', '99.00', '')),
    );
    expect(sums?.credit.total.toString()).toBe('3200');
    expect(sums?.debit.total.toString()).toBe('2007.2');
  });

  it('does not read a list with a row of two movements or a figure under neither column', () => {
    expect(movementSums(list('3,200.00', movement('10/20', 'BOTH', '10.00', '20.00')))).toBeUndefined();
    expect(movementSums(list('3,200.00', [['10/21', 40], ['ODD', 100], right('5.00', 200)]))).toBeUndefined();
  });

  it('reports a column that sums to more than its stated total, not one that sums to less', () => {
    const stated = (text: string) => figures(buildRows(tableWords(1, [right(text, 300)]))[0]!);
    const over = movementsOverStated(list('3,700.00'), { credit: stated('3,200.00'), debit: stated('2,007.20') }, never);
    expect(over).toMatchObject([{ code: 'statement_totals_mismatch', math: { computed: '3,700.00', stated: '3,200.00' } }]);
    expect(movementsOverStated(list('3,200.00'), { credit: stated('3,200.00'), debit: stated('2,007.20') }, never)).toEqual([]);
    // the checks listed elsewhere: the column sums to less than the withdrawals stated
    expect(movementsOverStated(list('3,200.00'), { credit: stated('3,200.00'), debit: stated('2,507.20') }, never)).toEqual([]);
  });
});
