// Table layout read from a statement's own rows: leading dates in many formats, header rows that
// name the balance and movement columns (and sentences that merely mention them, which are not).
import { describe, expect, it } from 'vitest';
import { buildRows, type Row, type Word } from '../../tables/rows.js';
import { columnAt, ledgerColumns, startsWithDate } from './ledger-layout.js';

/** One row of words, each `[text, x]`, 10 points high, 5 points per character. */
function row(...cells: [string, number][]): Row {
  const words: Word[] = cells.map(([text, x]) => ({ text, page: 1, x0: x, y0: 700, x1: x + 5 * text.length, y1: 710 }));
  return buildRows(words)[0]!;
}

/** A row whose text is laid out word by word with single spaces. */
function sentence(text: string): Row {
  let x = 50;
  return row(
    ...text.split(' ').map((t): [string, number] => {
      const at = x;
      x += 5 * t.length + 3;
      return [t, at];
    }),
  );
}

describe('leading dates', () => {
  it.each([
    '03/15/2024 Card',
    '15.03.2024 Card',
    '2024-03-15 Card',
    '2024/03/15 Card',
    '15 Mar 2024 Card',
    'Mar 15, 2024 Card',
    '15-Mar-24 Card',
    'Mar 15 Card',
    '03/15 Card',
    '5 March Card',
  ])('reads %s as a dated row', (text) => expect(startsWithDate(sentence(text))).toBe(true));

  it.each(['Card purchase', 'Fee charged 03/15', '2024 summary', 'May we remind you', 'Total 1,234.56'])('does not read %s as one', (text) =>
    expect(startsWithDate(sentence(text))).toBe(false),
  );
});

describe('header columns', () => {
  it('names the balance and the debit and credit columns, each figure by the cell over it', () => {
    const header = row(['Date', 50], ['Description', 120], ['Paid', 330], ['out', 352], ['Paid', 400], ['in', 422], ['Balance', 480]);
    const columns = ledgerColumns(header, false)!;
    expect(columns.split).toBe(true);
    expect(columnAt(columns, 320, 360)).toBe('debit');
    expect(columnAt(columns, 395, 432)).toBe('credit');
    expect(columnAt(columns, 470, 515)).toBe('balance');
    expect(columnAt(columns, 120, 200)).toBeUndefined();
  });

  it('cuts labels of narrow columns set so close they read as one cell, not a label naming one column twice', () => {
    // "Withdrawals Deposits Balance", a space apart
    const columns = ledgerColumns(row(['Date', 50], ['Description', 120], ['Withdrawals', 330], ['Deposits', 388], ['Balance', 431]), false)!;
    expect(columns.split).toBe(true);
    expect([columnAt(columns, 335, 380), columnAt(columns, 390, 428), columnAt(columns, 433, 466)]).toEqual(['debit', 'credit', 'balance']);
    const phrase = row(['Date', 50], ['Withdrawals', 200], ['and', 258], ['debits', 276], ['Deposits', 380], ['Balance', 480]);
    expect(columnAt(ledgerColumns(phrase, false)!, 200, 300)).toBe('debit');
  });

  it('accepts one signed amount column beside the balance', () => {
    expect(ledgerColumns(row(['Date', 50], ['Balance', 150], ['Amount', 260], ['Description', 330]), false)?.split).toBe(false);
  });

  it('does not take a sentence, a summary with two balances, or a row of figures for a header', () => {
    expect(ledgerColumns(sentence('Payments received after the closing date will be applied to your next balance'), false)).toBeUndefined();
    expect(
      ledgerColumns(row(['Opening', 50], ['balance', 92], ['Deposits', 200], ['Withdrawals', 300], ['Closing', 420], ['balance', 462]), false),
    ).toBeUndefined();
    expect(ledgerColumns(row(['Date', 50], ['Amount', 260], ['Balance', 400]), true)).toBeUndefined();
    // a summary grid's header, its closing balance's label wrapped into a long cell: one balance
    // column named, deposits and withdrawals beside it, yet its balances are the statement's
    const summary = [
      ...[
        ['Beginning', 60],
        ['Balance', 108],
        ['on', 146],
      ],
      ...[
        ['Deposits', 200],
        ['and', 243],
        ['Other', 264],
      ],
      ...[
        ['Withdrawals', 320],
        ['and', 378],
        ['Other', 399],
      ],
      ...[
        ['Ending', 460],
        ['Balance', 493],
        ['on', 531],
        ['2026-', 544],
      ],
    ] as [string, number][];
    expect(ledgerColumns(row(...summary), false)).toBeUndefined();
  });
});
