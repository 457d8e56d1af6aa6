// A tax form's labelled lines: a line whose label says how it is computed ("Add lines 12 and 13")
// against the entries it names, on a form that prints each line's number again beside its entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import { taxLines } from './tax-lines.js';

beforeAll(loadDecimals);

const right = (text: string, x1: number): Cell => [text, x1 - 5 * text.length];
/** A 1040 line: its number, its label, its number again and its entry. */
const line = (n: string, label: string, entry: string): Cell[] => [[n, 40], [label, 80], [n, 420], right(entry, 540)];

function form(qbi: string) {
  const words = tableWords(
    1,
    line('11', 'Subtract line 10 from line 9. This is your adjusted gross income', '211,333.06'),
    line('12', 'Standard deduction or itemized deductions', '14,600.00'),
    line('13', 'Qualified business income deduction', qbi),
    line('14', 'Add lines 12 and 13', '14,600.00'),
    line('15', 'Subtract line 14 from line 11. This is your taxable income', '196,733.06'),
  );
  return { ctx: tableContext([words], 'tax_form'), rows: buildRows(words) };
}

describe('tax form lines', () => {
  it('reads "Add lines 12 and 13" without the line number printed again after it', () => {
    const genuine = form('0.00');
    expect(taxLines(genuine.ctx, genuine.rows)).toEqual([]);
    const raised = form('1.00');
    const [finding, ...rest] = taxLines(raised.ctx, raised.rows);
    expect(rest).toEqual([]);
    expect(finding?.math).toMatchObject({ formula: 'line 14 = line 12 + line 13', computed: '14,601.00', stated: '14,600.00' });
    expect(finding?.boxes).toHaveLength(3);
  });
});
