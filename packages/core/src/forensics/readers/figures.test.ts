// A row's figures: currency signs belong to the figure they are set against, before or after it,
// and money is read in either number format.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import { buildRows } from '../../tables/rows.js';
import { tableWords } from '../../testing/table-words.js';
import { moneyFigures } from './figures.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

const row = (...cells: [string, number][]) => buildRows(tableWords(1, cells))[0]!;

describe('figures', () => {
  it('joins a currency sign set after a figure to that figure, not to the next one', () => {
    // "96650,41 €   Anzahlung -25995,12": the sign is the total's suffix
    const figs = moneyFigures(row(['Gesamtbetrag', 50], ['96650,41', 120], ['€', 163], ['-25995,12', 260]));
    expect(figs.map((f) => f.amount.raw)).toEqual(['96650,41', '-25995,12']);
    expect(figs[0]!.box.x1).toBe(168); // its place ends after the sign
    expect(figs[1]!.box.x0).toBe(260);
    // a sign nearer the figure after it is that figure's prefix
    expect(moneyFigures(row(['Total', 50], ['$', 150], ['1,234.56', 158])).map((f) => [f.amount.raw, f.box.x0])).toEqual([['1,234.56', 150]]);
  });

  it('reads money printed with cents in either format, and no counts', () => {
    expect(moneyFigures(row(['Item', 50], ['12', 100], ['1.234,56', 150], ['1,234.56', 220], ['2026', 300])).map((f) => f.amount.value.toString())).toEqual([
      '1234.56',
      '1234.56',
    ]);
  });

  it('reads a number followed by a percent sign as a rate, not an amount', () => {
    // "1,146.81  Sales Tax 6.25 %": the tax is the row's one amount
    expect(moneyFigures(row(['1,146.81', 50], ['Sales', 120], ['Tax', 150], ['6.25', 175], ['%', 198])).map((f) => f.amount.raw)).toEqual(['1,146.81']);
    expect(moneyFigures(row(['VAT', 50], ['5,50', 80], ['%', 104], ['630,53', 200])).map((f) => f.amount.raw)).toEqual(['630,53']);
  });
});
