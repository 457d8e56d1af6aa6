// Column totals of any table: a "Total" row against the figures above it, read every way a table
// is printed (sections, subtotals), judged only where no reading adds up.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { tableWords } from '../../../../testing/table-words.js';
import { columnTotals } from './column-totals.js';

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

  it('leaves totals that are no column sum, figures printed otherwise, and what OCR could explain', () => {
    expect(columnTotals(table(['Item Amount', undefined], ['A', '1,200.00'], ['B', '2,300.00'], ['Total amount due', '9,999.00']), never)).toEqual([]);
    expect(columnTotals(table(['Item Amount', undefined], ['Year', '2,024'], ['B', '2,300.00'], ['Total', '9,999.00']), never)).toEqual([]);
    expect(columnTotals(items('2,800.00', '3,500.00'), () => true)).toEqual([]);
    expect(columnTotals(items('2,800.00', '3,500.00'), never, /^total\b/i)).toEqual([]);
  });
});
