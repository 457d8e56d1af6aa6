import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import { right, tableContext, tableWords } from '../../testing/table-words.js';
import { statementTotals } from '../checks/arithmetic/arithmetic-consistency/statement-totals.js';
import { spreadsheetFigures, withSpreadsheetFigures } from './spreadsheet-figures.js';

beforeAll(loadDecimals);

/** A card's summary and activity as a spreadsheet prints them: every figure in its General format. */
function cardSheet(purchases: string): ReturnType<typeof tableWords> {
  return tableWords(
    1,
    [['Account Summary', 50]],
    [['Previous Balance', 50], right('4396.95', 400)],
    [['Payments', 50], right('-2718.91', 400)],
    [['Purchases', 50], right(purchases, 400)],
    [['Fees Charged', 50], right('40', 400)],
    [['Interest Charged', 50], right('0', 400)],
    [['New Balance', 50], right('$4,016.73', 400)],
    [['Account Activity', 50]],
    [['Apr 28, 2026', 50], ['DELTA AIR 0062', 160], right('465.9', 400)],
    [['Page 1 of 2', 300], right('2026', 400)],
  );
}
const texts = (words: ReturnType<typeof tableWords>): string[] => words.map((w) => w.text);

describe('figures a spreadsheet printed in its General format', () => {
  it('reads a whole or one-decimal number ending in a column of money as money, once the page shows a one-decimal figure there', () => {
    const read = texts(spreadsheetFigures(cardSheet('2298.69')));
    expect(read).toEqual(expect.arrayContaining(['40.00', '0.00', '465.90', '-2718.91', '$4,016.73']));
    // a year and a page number keep their reading, even at the column's edge
    expect(read).toEqual(expect.arrayContaining(['2026', '1', '2']));
    expect(read).not.toContain('2026.00');
  });

  it('reads only a 0 anew on a page without a one-decimal figure in a column of money (a usage of 718 under the charges)', () => {
    const words = tableWords(
      1,
      [['Total New Charges', 50], right('103.63', 400)],
      [['Fees and Charges', 50], right('0', 400)],
      [['Dec 26', 50], right('718', 400)],
    );
    expect(texts(spreadsheetFigures(words))).toEqual(['Total', 'New', 'Charges', '103.63', 'Fees', 'and', 'Charges', '0.00', 'Dec', '26', '718']);
  });

  it('reads a one-decimal figure on a line with money, not a whole number (a count)', () => {
    const words = tableWords(
      1,
      [['Regular', 50], right('40', 200), right('36.47', 300), right('1458.8', 400), right('37928.8', 500)],
      [['Overtime', 50], right('2', 200), right('54.71', 300), right('109.42', 400), right('1887.52', 500)],
    );
    expect(texts(spreadsheetFigures(words))).toEqual(['Regular', '40', '36.47', '1458.80', '37928.80', 'Overtime', '2', '54.71', '109.42', '1887.52']);
  });

  it('leaves a page OCR read as read (OCR drops decimal points: 5124 for 5.24)', () => {
    const ctx = withSpreadsheetFigures(tableContext([cardSheet('2298.69')], 'bank_statement', true));
    expect(texts(ctx.words(ctx.pages[0]!)!)).toContain('40');
  });

  it('lets the summary chain hold on the genuine sheet and break on a raised purchase, which the figures as printed could not judge', () => {
    const sheet = (purchases: string) => tableContext([cardSheet(purchases)], 'bank_statement');
    expect(statementTotals(withSpreadsheetFigures(sheet('2298.69')))).toEqual([]);
    expect(statementTotals(sheet('2398.69'))).toEqual([]);
    expect(statementTotals(withSpreadsheetFigures(sheet('2398.69')))).toMatchObject([{ code: 'statement_balance_mismatch', rule: 'summary chain' }]);
  });
});

describe('a summary grid whose line went unread', () => {
  it('takes no other label\'s figure for it: "Fees Charged 39 Interest Charged 59.75" is no line of 59.75 labelled by both', () => {
    const grid = (fees: string) =>
      tableContext(
        [
          tableWords(
            1,
            [['Previous Balance', 50], right('2765.89', 250), ['Payments', 300], right('-2404.71', 500)],
            [['Other Credits', 50], right('-107.47', 250), ['Purchases', 300], right('1238.58', 500)],
            [['Fees Charged', 50], right(fees, 250), ['Interest Charged', 300], right('59.75', 500)],
            [['New Balance', 50], right('$1,591.04', 250)],
          ),
        ],
        'bank_statement',
      );
    expect(statementTotals(grid('39'))).toEqual([]);
    expect(statementTotals(grid('39.00'))).toEqual([]);
    expect(statementTotals(grid('49.00'))).toMatchObject([{ code: 'statement_balance_mismatch' }]);
  });
});
