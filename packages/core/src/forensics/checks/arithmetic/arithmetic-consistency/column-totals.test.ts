// Column totals of any table: a "Total" row against the figures above it, read every way a table
// is printed (sections, subtotals), judged only where no reading adds up.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { tableWords } from '../../../../testing/table-words.js';
import { columnTotals } from './column-totals.js';
import { indicators } from './indicators.js';

beforeAll(loadDecimals);

/** Rows of label and figure; figures of one length share their right edge (words are placed by their left edge). */
const table = (...rows: [string, string | undefined][]) =>
  buildRows(
    tableWords(
      1,
      ...rows.map(([label, figure]): [string, number][] =>
        figure === undefined
          ? [[label, 50]]
          : [
              [label, 50],
              [figure, 400],
            ],
      ),
    ),
  );
const never = () => false;

describe('column totals', () => {
  const items = (second: string, total: string) =>
    table(['Item Amount', undefined], ['Laptop stand', '1,200.00'], ['Docking station', second], ['Total', total]);

  it('agrees when the items add up, and reports the total when they do not', () => {
    expect(columnTotals(items('2,300.00', '3,500.00'), never)).toEqual([]);
    const [finding, ...rest] = columnTotals(items('2,800.00', '3,500.00'), never);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'table_total_mismatch', math: { computed: '4,000.00', stated: '3,500.00' } });
    expect(finding!.boxes![0]!.x0).toBe(400);
    // the readings tried (the items with and without signs, subtotals and earlier sections) are recorded and said
    expect(finding).toMatchObject({ tried: 6, reading: ['every figure of the column above it added, by magnitude'] });
    expect(indicators.table_total_mismatch.summary(finding as never)).toContain('No reading of the block makes it hold (6 tried;');
  });

  it('reads a table whose cells wrap onto lines of their own (a name, a month) as one table, from its header', () => {
    // a rent roll: the header prints over the amount column; a tenant's name wraps above and below its row's figure
    const rentRoll = (second: string, total: string) =>
      buildRows(
        tableWords(
          1,
          [
            ['Unit Tenant', 50],
            ['Rent', 380],
          ],
          [
            ['1A Maria Kowalski', 50],
            ['1,250.00', 400],
          ],
          [['Hannah', 65]],
          [
            ['1B', 50],
            [second, 400],
          ],
          [['Schmidt', 65]],
          [['December', 65]],
          [
            ['1C Wei Garcia', 50],
            ['1,300.00', 400],
          ],
          [
            ['1D Mei Moreau', 50],
            ['1,600.00', 400],
          ],
          [
            ['Total', 50],
            [total, 400],
          ],
        ),
      );
    // read from the last wrapped line, the total was said not to be the sum of the two rows under it
    expect(columnTotals(rentRoll('2,000.00', '6,150.00'), never)).toEqual([]);
    const [finding] = columnTotals(rentRoll('2,500.00', '6,150.00'), never);
    expect(finding).toMatchObject({ code: 'table_total_mismatch', items: 4, math: { computed: '6,650.00', stated: '6,150.00' } });
    // a header printed over the total's column starts the table, whatever the row above it holds
    const stacked = (total: string) =>
      buildRows(
        tableWords(
          1,
          [
            ['Fees', 50],
            ['3,500.00', 400],
          ],
          [
            ['Item', 50],
            ['Amount', 400],
          ],
          [
            ['Laptop stand', 50],
            ['1,200.00', 400],
          ],
          [
            ['Cable', 50],
            ['9,800.00', 400],
          ],
          [
            ['Total', 50],
            [total, 400],
          ],
        ),
      );
    expect(columnTotals(stacked('11,000.00'), never)).toEqual([]);
    expect(columnTotals(stacked('11,500.00'), never)).toMatchObject([{ items: 2, math: { computed: '11,000.00' } }]);
  });

  it('reads a section of one line when its total names the heading it closes', () => {
    const section = (item: string, total: string, heading = 'Cost of Goods Sold') =>
      table(['Gross receipts', '9,000.00'], [heading, undefined], ['Subcontractors', item], [`Total ${'Cost of Goods Sold'}`, total]);
    expect(columnTotals(section('7,209.23', '7,209.23'), never)).toEqual([]);
    expect(columnTotals(section('7,842.39', '6,842.39'), never)).toMatchObject([{ items: 1, math: { computed: '7,842.39', stated: '6,842.39' } }]);
    // under another heading, one line is no sum the total states
    expect(columnTotals(section('7,842.39', '6,842.39', 'Materials'), never)).toEqual([]);
  });

  it('reads a column set flush left (figures of different widths share their left edge)', () => {
    // the helper sets every cell by its left edge: 800.00 ends 10 points left of the total's edge
    const flushLeft = (total: string) => table(['Item Amount', undefined], ['Laptop stand', '1,200.00'], ['Cable', '800.00'], ['Total', total]);
    expect(columnTotals(flushLeft('2,000.00'), never)).toEqual([]);
    const [finding] = columnTotals(flushLeft('2,100.00'), never);
    expect(finding).toMatchObject({ code: 'table_total_mismatch', math: { computed: '2,000.00', stated: '2,100.00' } });
    // a region on the total and on each figure it was summed from
    expect(finding!.boxes).toHaveLength(3);
  });

  it('reads a table with subtotals, and a table in sections', () => {
    const withSubtotals = table(
      ['Item Amount', undefined],
      ['Labour', '1,000.00'],
      ['Parts', '2,000.00'],
      ['Subtotal', '3,000.00'],
      ['Freight', '1,500.00'],
      ['Total', '4,500.00'],
    );
    expect(columnTotals(withSubtotals, never)).toEqual([]);
    const lastSection = table(['Item Amount', undefined], ['Carried', '9,000.00'], ['Labour', '1,000.00'], ['Parts', '2,000.00'], ['Total', '3,000.00']);
    expect(columnTotals(lastSection, never)).toEqual([]);
  });

  it("reads each row's last figure as its amount when the total sits under the rate column", () => {
    const invoice = (total: string) =>
      buildRows(
        tableWords(
          1,
          [
            ['Description', 50],
            ['Rate', 280],
            ['Amount', 380],
          ],
          [
            ['Oak desk', 50],
            ['224,00', 290],
            ['3.136,00', 400],
          ],
          [
            ['LED panel', 50],
            ['536,89', 290],
            ['9.127,13', 400],
          ],
          [
            ['Printer toner', 50],
            ['324,08', 290],
            ['648,16', 400],
          ],
          [
            ['Total HT', 50],
            [total, 275],
          ],
        ),
      );
    expect(columnTotals(invoice('12.911,29'), never)).toEqual([]);
    expect(columnTotals(invoice('13.911,29'), never).map((f) => f.code)).toEqual(['table_total_mismatch']);
  });

  it('reads a total that goes on from the total above it (net total, discount, tax, total with tax)', () => {
    const right = (label: string, figure: string): [string, number][] => [
      [label, 50],
      [figure, 440 - 5 * figure.length],
    ];
    const totals = (gross: string) =>
      buildRows(
        tableWords(
          1,
          [['Item Amount', 50]],
          right('Chair', '15.687,10'),
          right('Desk', '4.653,36'),
          right('Total HT', '20.340,46'),
          right('Remise', '-49,74'),
          right('TVA 19 %', '3.864,69'),
          right('Total TTC', gross),
        ),
      );
    expect(columnTotals(totals('24.155,41'), never)).toEqual([]);
    expect(columnTotals(totals('24.255,41'), never).map((f) => f.code)).toEqual(['table_total_mismatch']);
    // the total above read without its cents (OCR lost its comma: "2034046"): the table is not read past it
    const lost = totals('24.255,41').map((row) => ({ ...row, words: row.words.map((w) => (w.text === '20.340,46' ? { ...w, text: '2034046' } : w)) }));
    expect(columnTotals(lost, never)).toEqual([]);
  });

  it('on a page read by OCR, leaves a total any reading of the table comes to with a misread digit', () => {
    const sums: string[] = [];
    // the items add up; the total above them read 20.840,46 (a 3 read as an 8) makes no reading hold
    const totals = (net: string) =>
      buildRows(
        tableWords(
          1,
          [['Item Amount', 50]],
          [
            ['Chair', 50],
            ['15.687,10', 390],
          ],
          [
            ['Desk', 50],
            ['4.653,36', 395],
          ],
          [
            ['Total HT', 50],
            [net, 390],
          ],
          [
            ['Remise', 50],
            ['-49,74', 405],
          ],
          [
            ['TVA 19 %', 50],
            ['3.864,69', 395],
          ],
          [
            ['Total TTC', 50],
            ['24.155,41', 390],
          ],
        ),
      );
    const misread = (_stated: unknown, computed: { toString(): string }) => {
      sums.push(computed.toString());
      // OCR could explain both: the misread total above against its items, and the total that goes on from it
      return ['24655.41', '20340.46'].includes(computed.toString());
    };
    expect(columnTotals(totals('20.840,46'), never).map((f) => f.math?.stated)).toEqual(['20.840,46', '24.155,41']);
    expect(columnTotals(totals('20.840,46'), misread)).toEqual([]);
    // every reading was offered, the one going on from the total above among them
    expect(sums).toContain('24655.41');
  });

  it('leaves totals that are no column sum, figures printed otherwise, and what OCR could explain', () => {
    expect(columnTotals(table(['Item Amount', undefined], ['A', '1,200.00'], ['B', '2,300.00'], ['Total amount due', '9,999.00']), never)).toEqual([]);
    expect(columnTotals(table(['Item Amount', undefined], ['Year', '2,024'], ['B', '2,300.00'], ['Total', '9,999.00']), never)).toEqual([]);
    expect(columnTotals(items('2,800.00', '3,500.00'), () => true)).toEqual([]);
    expect(columnTotals(items('2,800.00', '3,500.00'), never, (row) => /^total\b/i.test(row.text))).toEqual([]);
  });
});
