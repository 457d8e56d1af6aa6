// A statement's stated totals against the list they total, read every way the list may run: its
// entries' wrapped lines (a date's year on a line of its own, a description's first line above its
// date) skipped, and a list broken by a page read on from the previous page across the page's
// furniture, in the column that page sets.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { right, tableContext, tableWords } from '../../../../testing/table-words.js';
import { statementTotals } from './statement-totals.js';

beforeAll(loadDecimals);

/** A deposits list of four entries whose dates wrap their year, broken by a page after the second (which sets its amount column elsewhere). */
function statement(total: string): ReturnType<typeof tableContext> {
  const first = tableWords(
    1,
    [['Deposits and Additions', 50]],
    [
      ['Date', 50],
      ['Description', 120],
      ['Amount', 420],
    ],
    [['Apr 4, 2026', 50], ['MOBILE DEPOSIT', 120], right('4,072.13', 430)],
    [['Apr 11,', 50], ['MOBILE DEPOSIT', 120], right('2,834.76', 430)],
    [['2026', 50]],
    [['Page 1 of 2', 400]],
  );
  const second = tableWords(
    2,
    [['Statement of Account', 50]],
    [
      ['Date', 50],
      ['Description', 120],
      ['Amount', 420],
    ],
    [['Apr 20,', 50], ['ZELLE PAYMENT FROM J OKAFOR', 120], right('3,434.34', 460)],
    [['2026', 50]],
    [['RECURRING PAYMENT AUTHORIZED ON 10/2', 120]],
    [['Apr 28,', 50], ['INTEREST PAYMENT', 120], right('1,000.00', 460)],
    [['2026', 50]],
    [['Total Deposits and Additions', 120], right(total, 460)],
  );
  return tableContext([first, second], 'bank_statement');
}

describe('statement totals', () => {
  it('sums a list across its wrapped dates and a page break', () => {
    expect(statementTotals(statement('11,341.23'))).toEqual([]);
    // the page's own entries alone also hold: a list may begin on the page its total is on
    expect(statementTotals(statement('4,434.34'))).toEqual([]);
  });

  it('sums a list whose amounts are set flush left, as an office table sets its cells', () => {
    const list = (total: string) =>
      tableContext(
        [
          tableWords(
            1,
            [['Deposits and Additions', 50]],
            [
              ['Date', 50],
              ['Description', 120],
              ['Amount', 300],
            ],
            [
              ['Jul 8, 2026', 50],
              ['INTEREST PAYMENT', 120],
              ['881.37', 300],
            ],
            [
              ['Jul 12, 2026', 50],
              ['MOBILE DEPOSIT', 120],
              ['1,122.26', 300],
            ],
            [
              ['Jul 14, 2026', 50],
              ['INTEREST PAYMENT', 120],
              ['1,975.06', 300],
            ],
            [
              ['Total Deposits and Additions', 120],
              [total, 300],
            ],
          ),
        ],
        'bank_statement',
      );
    expect(statementTotals(list('3,978.69'))).toEqual([]);
    expect(statementTotals(list('3,988.69'))).toMatchObject([{ code: 'statement_totals_mismatch', computed: '3,978.69' }]);
  });

  it('reports a total no extent of the list adds up to, against the nearest', () => {
    const [finding, ...rest] = statementTotals(statement('11,441.23'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'statement_totals_mismatch', stated: '11,441.23', computed: '4,434.34' });
    // the extents tried are recorded: the page's own entries, and the list read back across the break
    expect(finding).toMatchObject({ tried: 2, reading: ['the 2 dated entries listed above it'] });
    // nothing else of this statement holds beside it: the list may be misread (context to the policy)
    expect(finding).toMatchObject({ corroboration: [] });
  });

  it('leaves a total unverified on a page OCR read when a dated line of its list has no amount read', () => {
    // OCR read the 01/26 line's 3,207.91 as letters: the list sums to 3,207.91 less than its total
    const list = (ocr: boolean) =>
      tableContext(
        [
          tableWords(
            1,
            [['Deposits and Additions', 50]],
            [
              ['Date', 50],
              ['Description', 120],
              ['Amount', 420],
            ],
            [['01/08', 50], ['MOBILE DEPOSIT', 120], right('1,925.71', 430)],
            [['01/11', 50], ['ZELLE PAYMENT FROM J OKAFOR', 120], right('3,796.50', 430)],
            [['01/26', 50], ['INTEREST PAYMENT', 120], right('Bly fi', 430)],
            [['01/28', 50], ['MOBILE DEPOSIT', 120], right('885.08', 430)],
            [['Total Deposits and Additions', 120], right('9,815.20', 430)],
          ),
        ],
        'bank_statement',
        ocr,
      );
    expect(statementTotals(list(true))).toEqual([]);
    // in a file's own text the line is what the page prints: the total contradicts the list
    expect(statementTotals(list(false))).toEqual([expect.objectContaining({ code: 'statement_totals_mismatch', computed: '6,607.29' })]);
  });

  it('reads on, on a page OCR read, across an entry whose date OCR did not read', () => {
    // OCR lost the space of "Jan 26, 2026" and read a speck before it: the line has its amount but
    // no date (and its description wraps onto a line below)
    const list = (ocr: boolean, total: string) =>
      tableContext(
        [
          tableWords(
            1,
            [['Withdrawals and Subtractions', 50]],
            [
              ['Date', 50],
              ['Description', 120],
              ['Amount', 420],
            ],
            [['Jan 8, 2026', 50], ['CHECK #1106', 120], right('1,925.71', 430)],
            [['Jan 11, 2026', 50], ['ATM WITHDRAWAL', 120], right('3,796.50', 430)],
            [['Jan26,2026', 50], ['~~', 90], ['CHECK #1084', 120], right('1,142.22', 430)],
            [['RECURRING PAYMENT AUTHORIZED ON 4/28', 120]],
            [['Jan 28, 2026', 50], ['POS PURCHASE', 120], right('885.08', 430)],
            [['Jan 30, 2026', 50], ['ACH DEBIT', 120], right('400.00', 430)],
            [['Total Withdrawals and Subtractions', 120], right(total, 430)],
          ),
        ],
        'bank_statement',
        ocr,
      );
    // the whole list adds up to its total
    expect(statementTotals(list(true, '8,149.51'))).toEqual([]);
    // a total it does not add up to rests on an entry whose date was not read: unverified on a scan
    expect(statementTotals(list(true, '8,249.51'))).toEqual([]);
    // in a file's own text an undated line ends the list (the entries below it are what it sums)
    expect(statementTotals(list(false, '8,149.51'))).toEqual([expect.objectContaining({ code: 'statement_totals_mismatch', computed: '1,285.08' })]);
  });

  it('corroborates a list total by the statement’s other list that adds up', () => {
    const both = (deposit: string) =>
      tableContext([
        tableWords(
          1,
          [['Deposits and Additions', 50]],
          [['01/08', 50], ['MOBILE DEPOSIT', 120], right(deposit, 430)],
          [['01/11', 50], ['ZELLE PAYMENT FROM J OKAFOR', 120], right('3,796.50', 430)],
          [['Total Deposits and Additions', 120], right('5,722.21', 430)],
          [['Withdrawals and Subtractions', 50]],
          [['01/04', 50], ['ATM WITHDRAWAL 375 OAK AVE', 120], right('976.01', 430)],
          [['01/06', 50], ['CHECK #1147', 120], right('1,440.43', 430)],
          [['Total Withdrawals and Subtractions', 120], right('2,416.44', 430)],
        ),
      ]);
    expect(statementTotals(both('1,925.71'))).toEqual([]);
    const [finding, ...rest] = statementTotals(both('2,925.71'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      stated: '5,722.21',
      corroboration: ['total debits (withdrawals) = sum of the debits (withdrawals) listed'],
    });
  });
  it("reads a card's sections whose dates wrap around their rows (the other cells set at the cell's middle)", () => {
    const card = (purchases: string) =>
      tableContext([
        tableWords(
          1,
          [['Account Summary', 50]],
          [['Payments', 50], right('1,055.25', 420)],
          [['Purchases', 50], right(`+${purchases}`, 420)],
          [['Account Activity', 50]],
          [
            ['Date', 50],
            ['Description', 150],
            ['Amount', 400],
          ],
          [['PAYMENTS AND OTHER CREDITS', 150]],
          [['August 4, 2026', 50], ['PAYMENT THANK YOU', 150], right('(1,055.25)', 430)],
          [['PURCHASES', 150]],
          [['August 1, 2026', 50], ['UBER TRIP HELP.UBER.COM', 150], right('472.59', 430)],
          [['August', 50]],
          [['SHELL OIL 5744', 150], right('25.05', 430)],
          [['11, 2026', 50]],
          [['August', 50]],
          [['WHOLEFDS MKT 10234', 150], right('396.74', 430)],
          [['11, 2026', 50]],
        ),
      ]);
    expect(statementTotals(card('894.38'))).toEqual([]);
    expect(statementTotals(card('994.38'))).toMatchObject([{ code: 'statement_totals_mismatch', rule: 'summary section', lines: 3 }]);
  });
});
