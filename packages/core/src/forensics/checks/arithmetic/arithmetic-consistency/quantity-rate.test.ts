import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { quantityRate } from './quantity-rate.js';

beforeAll(loadDecimals);

const judge = (...rows: Cell[][]) => quantityRate(buildRows(tableWords(1, ...rows)), { code: 'bill_totals_mismatch', unverified: () => false });

describe('quantity times rate', () => {
  it("reads a spreadsheet's numbers set right of the headers centred over their cells", () => {
    // "Rate" over the left of its cell, 220.32 at its right: no number overlaps the header
    const sheet = (rate: string) =>
      judge(
        [
          ['Description', 50],
          ['Qty', 200],
          ['Rate', 300],
          ['Amount', 420],
        ],
        [['Oak desk', 50], right('24', 260), right('896.47', 380), right('21515.28', 500)],
        [['Licence', 50], right('16', 260), right(rate, 380), right('1925.12', 500)],
      );
    expect(sheet('120.32')).toEqual([]);
    expect(sheet('220.32')).toMatchObject([{ rule: 'quantity times rate', quantity: '16', rate: '220.32', amount: '1925.12' }]);
  });

  it('joins no continental digit groups across columns: a quantity of 1 ending where a price of 869,27 begins', () => {
    const sheet = (rate: string) =>
      judge(
        [
          ['Description', 50],
          ['Qty', 230],
          ['Unit Price', 335],
          ['Amount', 460],
        ],
        [['Shipping crate', 50], right('1', 296), [rate, 298], ['769,27', 418]],
        [['Installation labour', 50], right('23', 296), ['683,92', 298], ['15 730,16', 418]],
      );
    expect(sheet('769,27')).toEqual([]);
    expect(sheet('869,27')).toMatchObject([{ rule: 'quantity times rate', quantity: '1', rate: '869,27', amount: '769,27' }]);
  });

  it('reads no summary set across under the items (figures without a description) as a line', () => {
    expect(
      judge(
        [
          ['Description', 50],
          ['Menge', 280],
          ['Einzelpreis', 360],
          ['Betrag', 470],
        ],
        [['LED panel', 50], right('3', 305), right('227,33', 415), right('681,99', 510)],
        [
          ['Nettobetrag', 60],
          ['Rabatt (15%)', 150],
          ['Versand', 240],
          ['MwSt. 19 %', 330],
          ['Gesamtbetrag', 440],
        ],
        [right('681,99', 110), right('-102,30', 200), right('23,08', 280), right('110,02', 380), right('712,79', 500)],
      ),
    ).toEqual([]);
  });

  it('takes no number nearer another header cell (a year to date column) for an amount', () => {
    expect(
      judge(
        [
          ['Earnings', 50],
          ['Hours', 200],
          ['Rate', 300],
          ['Amount', 420],
          ['Year to Date', 520],
        ],
        [['Regular', 50], right('80.00', 260), right('36.47', 380), right('@@', 440), right('11488.84', 600)],
      ),
    ).toEqual([]);
  });

  it('ends the table at a heading after its total: a usage history below is no line of charges', () => {
    expect(
      judge(
        [
          ['Description', 50],
          ['Quantity', 200],
          ['Rate', 300],
          ['Amount', 420],
        ],
        [
          ['Supply Charge', 50],
          ['4473 gal', 200],
          ['$0.00960', 300],
          ['42.94', 420],
        ],
        [
          ['Total New Charges', 50],
          ['42.94', 420],
        ],
        [['Usage History', 50]],
        [
          ['Nov 26', 50],
          ['717', 200],
          ['Dec 26', 300],
          ['718.00', 420],
        ],
      ),
    ).toEqual([]);
  });
});
