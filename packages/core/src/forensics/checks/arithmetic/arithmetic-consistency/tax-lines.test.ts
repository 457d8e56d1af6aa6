// A tax form's labelled lines: a line whose label says how it is computed ("Add lines 12 and 13")
// against the entries it names, on a form that prints each line's number again beside its entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableContext, tableWords } from '../../../../testing/table-words.js';
import { taxLines } from './tax-lines.js';

beforeAll(loadDecimals);

/** A 1040 line: its number, its label, its number again and its entry. */
const line = (n: string, label: string, entry: string): Cell[] => [[n, 40], [label, 80], [n, 420], right(entry, 540)];

/** A tax form of `lines` on one page, classified as a tax form: its context and rows. */
function formOf(...lines: Cell[][]) {
  const words = tableWords(1, ...lines);
  return { ctx: tableContext([words], 'tax_form'), rows: buildRows(words) };
}

function form(qbi: string) {
  return formOf(
    line('11', 'Subtract line 10 from line 9. This is your adjusted gross income', '211,333.06'),
    line('12', 'Standard deduction or itemized deductions', '14,600.00'),
    line('13', 'Qualified business income deduction', qbi),
    line('14', 'Add lines 12 and 13', '14,600.00'),
    line('15', 'Subtract line 14 from line 11. This is your taxable income', '196,733.06'),
  );
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

  it('reads "Add lines 8 through 27a" over the lines the form prints between them, a blank line zero', () => {
    const scheduleC = (supplies: string) => {
      return formOf(
        line('7', 'Gross income. Add lines 5 and 6', '120,000.00'),
        line('8', 'Advertising', '1,200.00'),
        line('18', 'Office expense', '800.00'),
        line('22', 'Supplies', supplies),
        line('24a', 'Travel', '2,000.00'),
        line('27a', 'Other expenses', '500.00'),
        line('28', 'Total expenses. Add lines 8 through 27a', '7,500.00'),
        line('29', 'Tentative profit or (loss). Subtract line 28 from line 7', '112,500.00'),
      );
    };
    const genuine = scheduleC('3,000.00');
    expect(taxLines(genuine.ctx, genuine.rows)).toEqual([]);
    const raised = scheduleC('4,000.00');
    const [finding, ...rest] = taxLines(raised.ctx, raised.rows);
    expect(rest).toEqual([]);
    expect(finding?.math).toMatchObject({ formula: 'line 28 = line 8 + line 18 + line 22 + line 24a + line 27a', computed: '8,500.00', stated: '7,500.00' });
    expect(finding?.boxes).toHaveLength(6);
  });

  it("reads an instruction wrapped around its line's entry, and gives it to no later line", () => {
    /** Line 28's label set over three lines, its entry on the middle one, as a table cell centres it. */
    const wrapped = (supplies: string, tentative: string) => {
      return formOf(
        line('7', 'Gross income', '120,000.00'),
        line('8', 'Advertising', '1,200.00'),
        line('22', 'Supplies', supplies),
        [['Total expenses. Add lines 8', 80]],
        [['28', 40], ['28', 420], right('4,200.00', 540)],
        [['through 22', 80]],
        line('29', 'Tentative profit. Subtract line 28 from line 7', tentative),
      );
    };
    const genuine = wrapped('3,000.00', '115,800.00');
    expect(taxLines(genuine.ctx, genuine.rows)).toEqual([]);
    const raised = wrapped('3,500.00', '115,800.00');
    expect(taxLines(raised.ctx, raised.rows).map((f) => f.math?.formula)).toEqual(['line 28 = line 8 + line 22']);
    // the whole instruction under line 28's entry, just above line 29 (which states none): line 28's,
    // the first line after the lines it takes, never line 29's
    const under = (tentative: string) => {
      return formOf(
        line('8', 'Advertising', '1,200.00'),
        line('22', 'Supplies', '3,000.00'),
        [['28', 40], ['28', 420], right('4,200.00', 540)],
        [['Total expenses. Add lines 8 through 22', 80]],
        line('29', 'Tentative profit', tentative),
      );
    };
    expect(taxLines(under('4,200.00').ctx, under('4,200.00').rows)).toEqual([]);
    expect(taxLines(under('9,999.00').ctx, under('9,999.00').rows)).toEqual([]);
  });

  it('gives an instruction cut short ("Add lines 1z, 2b, 3b, 7, and") to the line under it, not to the line above', () => {
    // a spreadsheet sets a wrapped label's first line above its row: the instruction of line 9 sits under line 8's entry
    const sheet = (ninth: string) =>
      formOf(
        line('1z', 'Add lines 1a through 1h', '70,556.01'),
        line('2b', 'Taxable interest', '454.85'),
        line('3b', 'Ordinary dividends', '238.34'),
        line('7', 'Capital gain or (loss)', '3,033.40'),
        [['Additional income from', 80]],
        line('8', 'Schedule 1, line 10', '0.00'),
        [['Add lines 1z, 2b, 3b, 7, and', 80]],
        line('9', '8. This is your total income', ninth),
      );
    const genuine = sheet('74,282.60');
    expect(taxLines(genuine.ctx, genuine.rows)).toEqual([]);
  });
});
