// A card statement's account summary against its activity sections: a purchase raised in the
// list (or the summary's line raised alone) is reported, with a region on every amount it rests
// on; a section read across a wrapped date and a page's repeated column header holds; payments
// and other credits are summed together or apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { cardSections } from './card-sections.js';

beforeAll(loadDecimals);

const never = () => false;

/** A card statement: its summary, then its activity in sections (the purchases continued on page 2). */
function card(purchase: string, summaryPurchases = '+1,238.58', purchasesTotal?: string) {
  const first = tableWords(
    1,
    [['Account Summary', 50]],
    [['Previous Balance', 50], right('2,765.89', 200), ['Payments', 250], right('-2,404.71', 420)],
    [['Other Credits', 50], right('-107.47', 200), ['Purchases', 250], right(summaryPurchases, 420)],
    [['Fees Charged', 50], right('+39.00', 200), ['New Balance', 250], right('$1,531.29', 420)],
    [['Account Activity', 50]],
    [
      ['Date', 50],
      ['Description', 150],
      ['Amount', 400],
    ],
    [['PAYMENTS AND OTHER CREDITS', 150]],
    [['Jan 4,', 50], ['PAYMENT THANK YOU', 150], right('-2,404.71', 430)],
    [['2026', 50]],
    [['Jan 10,', 50], ['RETURN BEST BUY 00012', 150], right('-107.47', 430)],
    [['2026', 50]],
    [['PURCHASES', 150]],
    [['Jan 11,', 50], ['WHOLEFDS MKT 10234', 150], right(purchase, 430)],
    [['2026', 50]],
    [['Jan 12,', 50], ['SHELL OIL 5744', 150], right('177.16', 430)],
    [['2026', 50]],
  );
  const second = tableWords(
    2,
    [
      ['Date', 50],
      ['Description', 150],
      ['Amount', 400],
    ],
    [['Jan 13,', 50], ['UBER TRIP HELP.UBER.COM', 150], right('783.68', 430)],
    [['2026', 50]],
    ...(purchasesTotal ? [[['TOTAL PURCHASES FOR THIS PERIOD', 150], right(purchasesTotal, 430)] as Cell[]] : []),
    [['FEES CHARGED', 150]],
    [['Jan 31,', 50], ['LATE FEE', 150], right('39.00', 430)],
    [['2026', 50]],
  );
  return [...buildRows(first), ...buildRows(second)];
}

describe('card statement sections', () => {
  it('holds when every section adds up to its summary line, across wrapped dates and a page break', () => {
    expect(cardSections(card('277.74'), never)).toEqual([]);
  });

  it('reports a purchase raised in the list against the summary, corroborated by the sections that hold', () => {
    const [finding, ...rest] = cardSections(card('377.74'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'statement_totals_mismatch',
      rule: 'summary section',
      stated: '1,238.58',
      listed: '1,338.58',
      lines: 3,
      corroboration: ['payments and credits (summary) = sum of the payments and credits listed', 'fees charged (summary) = sum of the fees charged listed'],
    });
    // a region on the summary's figure and on every amount the sum rests on
    expect(finding!.boxes).toHaveLength(4);
  });

  it("reports a section's own total that its lines do not add up to, though the total agrees with the summary", () => {
    expect(cardSections(card('277.74', '+1,238.58', '1,238.58'), never)).toEqual([]);
    const [finding, ...rest] = cardSections(card('377.74', '+1,238.58', '1,238.58'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'statement_totals_mismatch', rule: 'section total', stated: '1,238.58', listed: '1,338.58', lines: 3 });
    expect(finding!.corroboration).toContain('fees charged (summary) = sum of the fees charged listed');
    // the total first, then each line it was summed from
    expect(finding!.boxes).toHaveLength(4);
  });

  it('reports the summary line raised alone, and leaves a page OCR read with an amount lost unverified', () => {
    expect(cardSections(card('277.74', '+1,338.58'), never).map((f) => f.math?.formula)).toEqual(['purchases (summary) = sum of the purchases listed']);
    const lost = card('277.74', '+1,338.58').map((r) =>
      r.text.includes('SHELL') ? { ...r, words: r.words.filter((w) => w.text !== '177.16'), text: r.text.replace(' 177.16', '') } : r,
    );
    expect(cardSections(lost, () => true)).toEqual([]);
  });
});

describe("a card statement's interest charge calculation", () => {
  /** The summary's interest, and the table US card statements compute it in (a wrapped header line, a charge per type of balance). */
  const statement = (cashAdvanceInterest: string, summaryInterest = '+28.23') =>
    buildRows(
      tableWords(
        1,
        [['Account Summary', 50]],
        [['Previous Balance', 50], right('5,988.32', 300)],
        [['Purchases', 50], right('+1,648.87', 300)],
        [['Interest Charged', 50], right(summaryInterest, 300)],
        [['New Balance', 50], right('$7,665.42', 300)],
        [['Interest Charge Calculation', 50]],
        [
          ['Type of Balance', 50],
          ['Annual Percentage', 170],
          ['Balance Subject to Interest', 280],
          ['Interest Charge', 430],
        ],
        [
          ['Rate', 170],
          ['Rate', 280],
        ],
        [['Purchases', 50], ['24.49%', 170], right('1,539.82', 360), right('28.23', 500)],
        [['Cash Advances', 50], ['29.99%', 170], right('0.00', 360), right(cashAdvanceInterest, 500)],
        [['2026 Totals Year-to-Date', 50]],
      ),
    );

  it('holds when the charges sum to the interest charged, and reports a charge the summary does not count', () => {
    expect(cardSections(statement('0.00'), never)).toEqual([]);
    const [finding, ...rest] = cardSections(statement('1.00'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'statement_totals_mismatch',
      rule: 'summary section',
      noun: 'interest charged',
      stated: '28.23',
      listed: '29.23',
      lines: 2,
    });
    // a region on each charge, then on the summary's line
    expect(finding!.boxes).toHaveLength(3);
    expect(finding!.boxes![1]!.x1).toBe(500);
    // the summary's line raised alone is the same contradiction
    expect(cardSections(statement('0.00', '+38.23'), never)).toMatchObject([{ noun: 'interest charged', stated: '38.23', listed: '28.23' }]);
  });
});
