// Totals across a row: a mortgage payment's total against its principal, interest and escrow; a
// year against its quarters. A raised part is reported with a region on the total and each part,
// corroborated by the rows that hold or the total printed again; a column of rates or balances is
// no part; a part that is subtracted is a reading, not a contradiction.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { indicators } from './indicators.js';
import { rowTotals } from './row-totals.js';

beforeAll(loadDecimals);

const never = () => false;
const HEADER: Cell[] = [['Date', 40], ['Description', 100], right('Total', 300), right('Principal', 380), right('Interest', 460), right('Escrow', 540)];
const payment = (date: string, total: string, principal: string, interest: string, escrow: string): Cell[] => [
  [date, 40],
  ['PAYMENT RECEIVED', 100],
  right(total, 300),
  right(principal, 380),
  right(interest, 460),
  right(escrow, 540),
];

describe('row totals', () => {
  it('holds when each row is its parts, and reports a raised part with a region on every figure', () => {
    const genuine = buildRows(tableWords(1, HEADER, payment('03/12', '1,647.80', '337.02', '630.57', '680.21')));
    expect(rowTotals(genuine, never)).toEqual([]);
    const raised = buildRows(
      tableWords(1, HEADER, payment('03/12', '1,647.80', '337.02', '730.57', '680.21'), payment('04/12', '1,647.80', '338.10', '629.49', '680.21')),
    );
    const [finding, ...rest] = rowTotals(raised, never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'table_total_mismatch',
      rule: 'row total',
      stated: '1,647.80',
      computed: '1,747.80',
      parts: 'principal, interest, escrow',
    });
    expect(finding!.corroboration).toEqual([
      'total = principal + interest + escrow (across the row): 1,647.80 on "04/12 PAYMENT RECEIVED 1,647.80 338.10 629.49 680.21"',
      'the total 1,647.80 is printed again on "04/12 PAYMENT RECEIVED 1,647.80 338.10 629.49 680.21"',
    ]);
    expect(finding!.boxes).toHaveLength(4);
    expect(indicators.table_total_mismatch.summary(finding as never)).toContain(
      "The row's total 1,647.80 is not its principal, interest, escrow added (1,747.80)",
    );
  });

  it('reads the columns of a header whose narrow labels run into one another ("Principal Interest Escrow" as one run)', () => {
    // labels 5 points apart read as one cell; the figures under them, one under each word, split it
    const close: Cell[] = [['Date', 40], ['Description', 100], right('Total', 300), ['Principal', 330], ['Interest', 380], ['Escrow', 425]];
    const row = (interest: string): Cell[] => [
      ['03/12', 40],
      ['PAYMENT RECEIVED', 100],
      right('2,052.77', 300),
      right('176.36', 375),
      right(interest, 420),
      right('838.85', 455),
    ];
    expect(rowTotals(buildRows(tableWords(1, close, row('1,037.56'))), never)).toEqual([]);
    expect(rowTotals(buildRows(tableWords(1, close, row('2,037.56'))), never)).toMatchObject([
      { rule: 'row total', stated: '2,052.77', computed: '3,052.77', parts: 'principal, interest, escrow' },
    ]);
  });

  it('leaves a row on a page OCR read unjudged when a column of its parts was read empty or as no amount', () => {
    // a photo: "735.78" under Escrow read as "735,7B"; principal + interest alone is no reading of the row
    const broken = buildRows(tableWords(1, HEADER, payment('09/11', '3,048.84', '740.60', '1,572.46', '735,7B')));
    expect(rowTotals(broken, never, () => true)).toEqual([]);
    // read from the file's text, the same row is judged on the parts it prints
    expect(rowTotals(broken, never)).toHaveLength(1);
    // OCR lost the escrow altogether (a photo's shadow over the column): the column is empty
    const lost = buildRows(tableWords(1, HEADER, payment('09/11', '3,048.84', '740.60', '1,572.46', '').slice(0, 5)));
    expect(rowTotals(lost, never, () => true)).toEqual([]);
    expect(rowTotals(lost, never)).toHaveLength(1);
    // a row whose every column is read is judged on a page OCR read too
    const raised = buildRows(tableWords(1, HEADER, payment('09/11', '3,048.84', '840.60', '1,572.46', '735.78')));
    expect(rowTotals(raised, never, () => true)).toHaveLength(1);
  });

  it('is uncorroborated (context) on a lone row whose total is printed nowhere else, corroborated when it is', () => {
    const lone = buildRows(tableWords(1, HEADER, payment('03/12', '1,647.80', '337.02', '730.57', '680.21')));
    expect(rowTotals(lone, never)[0]!.corroboration).toEqual([]);
    const asked = buildRows(
      tableWords(1, [['Regular Monthly Payment', 40], right('1,647.80', 300)], [], HEADER, payment('03/12', '1,647.80', '337.02', '730.57', '680.21')),
    );
    expect(rowTotals(asked, never)[0]!.corroboration).toEqual(['the total 1,647.80 is printed again on "Regular Monthly Payment 1,647.80"']);
  });

  it('reads a subtracted part, and leaves out columns of rates and balances', () => {
    const credited = buildRows(
      tableWords(
        1,
        [['Item', 40], right('Amount', 300), right('Discount', 380), right('Total', 460)],
        [['Consulting', 40], right('1,000.00', 300), right('150.00', 380), right('850.00', 460)],
      ),
    );
    expect(rowTotals(credited, never)).toEqual([]);
    const rated = buildRows(
      tableWords(
        1,
        [['Item', 40], right('Net', 220), right('Tax', 300), right('Rate', 380), right('Total', 460)],
        [['Consulting', 40], right('1,000.00', 220), right('200.00', 300), right('20.00', 380), right('1,200.00', 460)],
      ),
    );
    expect(rowTotals(rated, never)).toEqual([]);
  });

  it('reads an invoice summary across the page that goes on past its total', () => {
    const across = buildRows(
      tableWords(
        1,
        [
          ['Subtotal', 40],
          ['Shipping', 140],
          ['Sales Tax 8.875 %', 240],
          ['Total', 380],
          ['Payments/Credits', 480],
        ],
        [right('37,907.97', 100), right('11.08', 200), right('3,364.33', 330), right('$41,283.38', 430), right('20,641.69 CR', 560)],
      ),
    );
    expect(rowTotals(across, never)).toEqual([]);
  });

  it("reads a year to date as the sum of the quarters or months before it, when they run from the year's first", () => {
    const pnl = (head: string[], sales: string[]): ReturnType<typeof buildRows> =>
      buildRows(
        tableWords(
          1,
          [['Income', 40], ...head.map((h, i) => right(h, 200 + 80 * i))],
          [['Sales', 40], ...sales.map((v, i) => right(v, 200 + 80 * i))],
          [['Rent or Lease', 40], ...['1,000.00', '1,000.00', '1,000.00', '3,000.00'].slice(4 - head.length).map((v, i) => right(v, 200 + 80 * i))],
        ),
      );
    const quarters = ['Q1 2026', 'Q2 2026', 'Q3 2026', 'Year to Date'];
    expect(rowTotals(pnl(quarters, ['5,000.00', '6,000.00', '7,000.00', '18,000.00']), never)).toEqual([]);
    expect(rowTotals(pnl(quarters, ['5,000.00', '8,000.00', '7,000.00', '18,000.00']), never)).toMatchObject([
      { rule: 'row total', stated: '18,000.00', computed: '20,000.00' },
    ]);
    // months by name, from January
    expect(rowTotals(pnl(['January', 'February', 'March', 'YTD'], ['5,000.00', '8,000.00', '7,000.00', '18,000.00']), never)).toHaveLength(1);
    // a year to date beside periods that do not start the year, or beside one period, carries from elsewhere
    expect(rowTotals(pnl(['Q2 2026', 'Q3 2026', 'Q4 2026', 'Year to Date'], ['5,000.00', '8,000.00', '7,000.00', '18,000.00']), never)).toEqual([]);
    expect(rowTotals(pnl(['Market', 'March', 'April', 'Year to Date'], ['5,000.00', '8,000.00', '7,000.00', '18,000.00']), never)).toEqual([]);
  });
});
