// A profit and loss statement read down its sections, column by column: gross profit, net
// operating income and net income against the lines they are made of; a raised line is reported
// with a region on the line and its parts; a loss printed as such, or a line between operating
// and net income that is taken off, is a reading, not a contradiction.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { type Cell, right, tableWords } from '../../../../testing/table-words.js';
import { indicators } from './indicators.js';
import { profitLoss } from './profit-loss.js';

beforeAll(loadDecimals);

const never = () => false;
/** A line of the statement: its label and a figure a column (this year, last year). */
const line = (label: string, ...values: string[]): Cell[] => [[label, 40], ...values.map((v, i) => right(v, 300 + 90 * i))];

/** A two-year statement; `net` the first year's net income as printed. */
const statement = (gross: string, net: string, taxes = '1,000.00') =>
  buildRows(
    tableWords(
      1,
      [right('2025', 300), right('2024', 390)],
      line('Income'),
      line('Sales', '90,000.00', '80,000.00'),
      line('Total Income', '90,000.00', '80,000.00'),
      line('Cost of Goods Sold'),
      line('Materials', '10,000.00', '9,000.00'),
      line('Total Cost of Goods Sold', '10,000.00', '9,000.00'),
      line('Gross Profit', gross, '71,000.00'),
      line('Expenses'),
      line('Rent', '30,000.00', '30,000.00'),
      line('Utilities', '5,000.00', '4,000.00'),
      line('Total Expenses', '35,000.00', '34,000.00'),
      line('Net Operating Income', '45,000.00', '37,000.00'),
      line('Interest Income', '200.00', '150.00'),
      line('Income Taxes', taxes, '900.00'),
      line('Net Income', net, '36,250.00'),
    ),
  );

describe('profit and loss', () => {
  it('holds when every section makes its line, lines between operating and net income added or taken off', () => {
    expect(profitLoss(statement('80,000.00', '44,200.00'), never)).toEqual([]);
  });

  it('reports a line its section does not make, pointing at it and at its parts', () => {
    // a raised gross profit makes neither its own line nor the operating income computed from it
    const findings = profitLoss(statement('81,000.00', '44,200.00'), never);
    expect(findings.map((f) => f.math?.formula)).toEqual([
      'gross profit = total income − total cost of goods sold',
      'net operating income = gross profit − total expenses',
    ]);
    const finding = findings[0];
    expect(finding).toMatchObject({
      code: 'table_total_mismatch',
      rule: 'statement line',
      label: 'Gross Profit',
      stated: '81,000.00',
      computed: '80,000.00',
      math: { formula: 'gross profit = total income − total cost of goods sold' },
    });
    expect(finding!.boxes).toHaveLength(3);
    expect(indicators.table_total_mismatch.summary(finding as never)).toContain(
      '"Gross Profit" reads 81,000.00, but total income − total cost of goods sold gives 80,000.00.',
    );
    // net income no sign of the lines between makes
    expect(profitLoss(statement('80,000.00', '47,000.00'), never).map((f) => f.math?.formula)).toEqual([
      'net income = net operating income ± the lines between them',
    ]);
  });

  it('reads a loss as printed', () => {
    const loss = buildRows(
      tableWords(
        1,
        line('Total Income', '10,000.00'),
        line('Total Expenses', '12,500.00'),
        line('Net Operating Income', '(2,500.00)'),
        line('Net Income', '(2,500.00)'),
      ),
    );
    expect(profitLoss(loss, never)).toEqual([]);
  });
});
