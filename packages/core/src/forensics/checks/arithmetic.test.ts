// OCR-aware running balances: on a scan, a contradiction that one misread digit explains (a
// confused, dropped or doubled digit), or that rests on a figure OCR was unsure of, is not
// evidence; a confident contradiction still is; native text is judged as printed.
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../tables/amounts.js';
import type { Word } from '../../tables/rows.js';
import type { TableContext } from '../context.js';
import { misreadings, statementArithmetic } from './arithmetic.js';

const page = { number: 1, cropBox: [0, 0, 612, 792] as [number, number, number, number], rotate: 0 };

/** A statement page: an opening balance and dated rows (description, amount, balance). */
function statement(rows: [string, string, string][], confidence?: (row: number, column: number) => number): Word[] {
  const words: Word[] = [];
  const word = (text: string, x: number, y: number, c?: number): Word => ({
    text,
    page: 1,
    x0: x,
    y0: y,
    x1: x + 6 * text.length,
    y1: y + 10,
    ...(c === undefined ? {} : { confidence: c }),
  });
  words.push(word('Opening', 72, 700), word('balance', 120, 700), word('1,000.00', 400, 700));
  rows.forEach(([date, amount, balance], i) => {
    const y = 680 - 20 * i;
    words.push(word(date, 72, y), word('Payment', 140, y), word(amount, 300, y, confidence?.(i, 1)), word(balance, 400, y, confidence?.(i, 2)));
  });
  return words;
}

const context = (words: Word[], ocr: boolean): TableContext => ({ pages: [page], category: 'bank_statement', words: () => words, fromOcr: () => ocr });

const rows: [string, string, string][] = [
  ['03/01', '-100.00', '900.00'],
  ['03/02', '-50.00', '850.00'],
  ['03/03', '-25.00', '825.00'],
  ['03/04', '-10.00', '815.00'],
];

describe('OCR-aware running balances', () => {
  it('lists the values one misread digit away', () => {
    const values = misreadings(parseAmount('815.00')!).map((v) => v.toString());
    expect(values).toEqual(expect.arrayContaining(['615', '875', '81.5', '8155'])); // confused, confused, dropped, doubled
    expect(values).not.toContain('815');
  });

  it('does not take a single misread digit on a scan for tampering, but does on native text', () => {
    const misread: [string, string, string][] = rows.map((r, i) => (i === 2 ? ['03/03', '-25.00', '825.00'.replace('8', '3')] : r)); // 325.00 for 825.00
    expect(statementArithmetic(context(statement(misread), true))).toEqual([]);
    expect(statementArithmetic(context(statement(misread), false)).map((f) => f.code)).toContain('running_balance_mismatch');
  });

  it('does not rest a contradiction on a figure OCR was unsure of', () => {
    const edited: [string, string, string][] = rows.map((r, i) => (i === 2 ? ['03/03', '-25.00', '925.00'] : r));
    expect(
      statementArithmetic(
        context(
          statement(edited, (row, column) => (row === 2 && column === 2 ? 0.6 : 0.95)),
          true,
        ),
      ),
    ).toEqual([]);
  });

  it('still reports a confident contradiction on a scan that no single misreading explains', () => {
    const edited: [string, string, string][] = rows.map((r, i) => (i === 2 ? ['03/03', '-25.00', '1,425.00'] : r));
    const found = statementArithmetic(
      context(
        statement(edited, () => 0.96),
        true,
      ),
    );
    expect(found.map((f) => f.code)).toEqual(['running_balance_mismatch']);
  });
});
