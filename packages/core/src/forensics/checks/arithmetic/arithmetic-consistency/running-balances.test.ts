// OCR-aware running balances: on a scan, a contradiction that one misread digit explains (a
// confused, dropped or doubled digit), or that rests on a figure OCR was unsure of, is not
// evidence; a confident contradiction still is; native text is judged as printed.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../../../tables/amounts.js';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { buildRows } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { misreadings } from '../../../readers/misreadings.js';
import { joinWrappedRows, statementArithmetic } from './running-balances.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

const page = { number: 1, cropBox: [0, 0, 612, 792] as [number, number, number, number], rotate: 0 };

/** A word on page 1 at (x, y), `charWidth` points a character and 10 high, read with `confidence` by OCR when given. */
const wordAt = (text: string, x: number, y: number, confidence: number | undefined, charWidth: number): Word => ({
  text,
  page: 1,
  x0: x,
  y0: y,
  x1: x + charWidth * text.length,
  y1: y + 10,
  ...(confidence === undefined ? {} : { confidence }),
});

/** A statement page: an opening balance and dated rows (description, amount, balance). */
function statement(rows: [string, string, string][], confidence?: (row: number, column: number) => number): Word[] {
  const words: Word[] = [];
  const word = (text: string, x: number, y: number, c?: number): Word => wordAt(text, x, y, c, 6);
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
    // a narrow 1 OCR lost altogether: 6.76 may have been 16.76
    expect(misreadings(parseAmount('6.76')!).map((v) => v.toString())).toContain('16.76');
    // a digit OCR added is a 1, a doubled digit or a currency sign read as a digit, never any digit
    expect(misreadings(parseAmount('236.50')!).map((v) => v.toString())).not.toContain('36.5');
    expect(misreadings(parseAmount('836.50')!).map((v) => v.toString())).toContain('36.5');
    expect(misreadings(parseAmount('205.00')!).map((v) => v.toString())).not.toContain('5');
  });

  it('does not take a single misread digit on a scan for tampering, but does on native text', () => {
    const misread: [string, string, string][] = rows.map((r, i) => (i === 2 ? ['03/03', '-25.00', '825.00'.replace('8', '3')] : r)); // 325.00 for 825.00
    expect(statementArithmetic(context(statement(misread), true))).toEqual([]);
    expect(statementArithmetic(context(statement(misread), false)).map((f) => f.code)).toContain('running_balance_mismatch');
  });

  it("reads a summary grid's opening balance by its own label, not the row's last figure (another label's)", () => {
    // "Opening balance 1,000.00   Total deposits 2,500.00" on one row above the ledger
    const grid = (opening: string) => statement(rows).map((w) => (w.text === '1,000.00' && w.y0 === 700 ? { ...w, text: opening } : w));
    const withDeposits = (opening: string) => [
      ...grid(opening),
      wordAt('Total', 480, 700, undefined, 6),
      wordAt('deposits', 512, 700, undefined, 6),
      wordAt('2,500.00', 570, 700, undefined, 6),
    ];
    expect(statementArithmetic(context(withDeposits('1,000.00'), false))).toEqual([]);
    expect(statementArithmetic(context(withDeposits('1,100.00'), false)).map((f) => f.code)).toContain('running_balance_mismatch');
  });

  it("does not judge an account summary printed after the ledger as the page's opening balance", () => {
    // the ledger ends at 815.00; under it "Beginning balance 1,000.00   Deposits 2,500.00" (a grid
    // of pairs: the balance column holds the deposits), then "Ending balance 815.00"
    const summary = (y: number, pairs: [string, string, string][]) =>
      pairs.flatMap(([label, figure, x]) =>
        label
          .split(' ')
          .map((w, i) => wordAt(w, Number(x) + i * 60, y, undefined, 6))
          .concat(wordAt(figure, Number(x) + 130, y, undefined, 6)),
      );
    const after = [
      ...statement(rows),
      ...summary(560, [
        ['Beginning balance', '1,000.00', '72'],
        ['Deposits made', '2,500.00', '270'],
      ]),
      ...summary(540, [['Ending balance', '815.00', '72']]),
    ];
    expect(statementArithmetic(context(after, false))).toEqual([]);
    // the ledger itself is still judged: a row edited above such a summary is found
    const edited = after.map((w) => (w.text === '825.00' ? { ...w, text: '925.00' } : w));
    expect(statementArithmetic(context(edited, false)).map((f) => f.code)).toContain('running_balance_mismatch');
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

  it('does not take a contradiction of cents on a scan for an edit (a misread cent digit, a lost sign mark)', () => {
    const offByACent: [string, string, string][] = rows.map((r, i) => (i === 2 ? ['03/03', '-25.00', '825.01'] : r));
    // 825.01 cannot be one misread digit of 825.00 under the confusion table (1 and 0 are not confused)
    expect(
      statementArithmetic(
        context(
          statement(offByACent, () => 0.96),
          true,
        ),
      ),
    ).toEqual([]);
    expect(statementArithmetic(context(statement(offByACent), false)).map((f) => f.code)).toContain('running_balance_mismatch');
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

describe('statements from other generators', () => {
  const word = (text: string, x: number, y: number): Word => ({ text, page: 1, x0: x, y0: y, x1: x + 6 * text.length, y1: y + 10 });
  const opening = [word('Opening', 72, 700), word('balance', 120, 700), word('1,000.00', 400, 700)];
  const row = (y: number, date: string, amount: string, balance: string) => [
    word(date, 72, y),
    word('Payment', 140, y),
    word(amount, 300, y),
    word(balance, 400, y),
  ];

  it('reads a wrapped description whose amount and balance sit on the second line as one row', () => {
    const words = [
      ...opening,
      ...row(680, '03/01', '-100.00', '900.00'),
      word('03/02', 72, 660),
      word('Transfer to savings account', 140, 660),
      word('ref 2291', 140, 648),
      word('-50.00', 300, 648),
      word('850.00', 400, 648),
      ...row(628, '03/03', '-25.00', '825.00'),
      ...row(608, '03/04', '-10.00', '815.00'),
    ];
    expect(joinWrappedRows(buildRows(words)).map((r) => r.text)).toContain('03/02 Transfer to savings account ref 2291 -50.00 850.00');
    expect(statementArithmetic(context(words, false))).toEqual([]);
  });

  it('joins no wrapped lines onto a dated line that prints a figure of its own (its amount OCR broke, its balance read)', () => {
    // "03/02 Mobile deposit 3.82591 850.00" (OCR lost 50.00's grouping), then the next entry's
    // description above its undated line of figures: the two are not one row
    const words = [
      ...opening,
      ...row(680, '03/01', '-100.00', '900.00'),
      ...row(660, '03/02', '3.82591', '950.00'),
      word('ACH credit payroll', 140, 640),
      word('ref 2291', 140, 628),
      word('75.00', 300, 628),
      word('1,025.00', 400, 628),
      ...row(608, '03/04', '-25.00', '1,000.00'),
    ];
    expect(joinWrappedRows(buildRows(words)).map((r) => r.text)).toContain('03/02 Payment 3.82591 950.00');
    expect(statementArithmetic(context(words, true))).toEqual([]);
  });

  it('lets a movement on a line it could not read as a transaction explain the balance after it', () => {
    const words = [
      ...opening,
      ...row(680, '03/01', '-100.00', '900.00'),
      word('Card', 72, 660),
      word('fee', 110, 660),
      word('-50.00', 300, 660), // no date and no balance: not read as a transaction
      ...row(640, '03/03', '-25.00', '825.00'),
      ...row(620, '03/04', '-10.00', '815.00'),
      ...row(600, '03/05', '-15.00', '800.00'),
    ];
    expect(statementArithmetic(context(words, false))).toEqual([]);
    // an edited balance that no such line explains is still reported
    const edited = words.map((w) => (w.text === '825.00' ? { ...w, text: '925.00' } : w));
    expect(statementArithmetic(context(edited, false)).map((f) => f.code)).toEqual(['running_balance_mismatch']);
  });
});

describe('tables read by their header', () => {
  const word = (text: string, x: number, y: number, confidence?: number): Word => wordAt(text, x, y, confidence, 5);
  /** Date | Description | Paid out | Paid in | Balance; the date once a day, the balance at day end. */
  const dayGrouped = (balanceOnDay2: string): Word[] => [
    word('Date', 50, 720),
    word('Description', 120, 720),
    word('Paid', 330, 720),
    word('out', 352, 720),
    word('Paid', 400, 720),
    word('in', 422, 720),
    word('Balance', 480, 720),
    word('Balance', 120, 700),
    word('brought', 160, 700),
    word('forward', 200, 700),
    word('1,000.00', 480, 700),
    word('01/03/2024', 50, 680),
    word('Card', 120, 680),
    word('25.00', 330, 680),
    word('Salary', 120, 660),
    word('500.00', 400, 660),
    word('1,475.00', 480, 660),
    word('02/03/2024', 50, 640),
    word('Rent', 120, 640),
    word('400.00', 330, 640),
    word(balanceOnDay2, 480, 640),
    word('03/03/2024', 50, 620),
    word('Fee', 120, 620),
    word('5.00', 330, 620),
    word('1,070.00', 480, 620),
    word('04/03/2024', 50, 600),
    word('Refund', 120, 600),
    word('30.00', 400, 600),
    word('1,100.00', 480, 600),
  ];

  it('adds up a day of movements to the balance printed at its end, debits and credits by column', () => {
    expect(statementArithmetic(context(dayGrouped('1,075.00'), false))).toEqual([]);
    const found = statementArithmetic(context(dayGrouped('1,975.00'), false));
    expect(found.map((f) => f.code)).toEqual(['running_balance_mismatch']);
    expect(found[0]!.math).toMatchObject({ computed: '1,075.00', stated: '1,975.00' });
  });

  it('does not carry the chain across a transaction line whose figures OCR garbled', () => {
    // the 02/03 line reads "400.00)" and "107500": no balance, so the next balance cannot be judged from 1,475.00
    const garbled = dayGrouped('1,075.00').map((w) => (w.text === '400.00' ? { ...w, text: '400.00)' } : w.text === '1,075.00' ? { ...w, text: '107500' } : w));
    const ocr = garbled.map((w) => ({ ...w, confidence: 0.95 }));
    expect(statementArithmetic(context(ocr, true))).toEqual([]);
  });
});
