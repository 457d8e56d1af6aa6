// A misread digit excuses a contradiction on a scan only when the page could have printed it: the
// pay stub re-read with the figure as the misreading has it must break no sum that held, OCR must
// not have read the figure surely, the same digits must not be read alike elsewhere, and the word's
// width must have room for a digit added. On a photo, a sure reading refutes a confused digit only
// where the page's prints rule that digit out, and widths refute nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../tables/decimal.js';
import type { Word } from '../../tables/rows.js';
import { type Cell, right, tableContext, tableWords } from '../../testing/table-words.js';
import { documentTotals } from '../checks/arithmetic/arithmetic-consistency/document-totals.js';
import { statementArithmetic } from '../checks/arithmetic/arithmetic-consistency/running-balances.js';
import { statementTotals } from '../checks/arithmetic/arithmetic-consistency/statement-totals.js';
import type { AnyFinding } from '../findings.js';
import { testedMisreadings } from './misreading-trial.js';

beforeAll(loadDecimals);

const row = (label: string, figure: string): Cell[] => [[label, 40], right(figure, 340)];
/** A pay stub of one column: earnings, gross pay, three taxes, their total and net pay, and `more` lines after it. */
function stub(regular: string, gross: string, net: string, more: Cell[][] = []): Word[] {
  return tableWords(
    1,
    [['Earnings', 40], right('Current', 340)],
    row('Regular', regular),
    row('Overtime', '150.00'),
    row('Gross pay', gross),
    [['Deductions', 40], right('Current', 340)],
    row('Federal income tax', '236.50'),
    row('Social Security', '133.30'),
    row('Medicare', '31.18'),
    row('Total deductions', '400.98'),
    row('Net pay', net),
    ...more,
  );
}
/** Deductions whose total counts Medicare at 131.18 while the line reads 31.18 (five characters wide, as the words are laid out). */
const medicareRaised = (): Word[] =>
  tableWords(
    1,
    [['Deductions', 40], right('Current', 340)],
    row('Federal income tax', '236.50'),
    row('Social Security', '133.30'),
    row('Medicare', '31.18'),
    row('Total deductions', '500.98'),
  );
/** The findings on `words` read by OCR: taking every misreading (`lenient`) and testing them. */
const read = (words: Word[]) => {
  const ctx = tableContext([words], 'paystub', true);
  return { lenient: documentTotals(ctx), tested: testedMisreadings(ctx, documentTotals) };
};

describe('a misreading tested against the rest of the page', () => {
  it('does not excuse an edited earnings line whose difference looks like a confused digit of gross pay', () => {
    // 2,000.00 raised to 2,300.00: the earnings add up to 2,450.00, and gross pay 2,150.00 could be a misread 2,450.00 ...
    const { lenient, tested } = read(stub('2,300.00', '2,150.00', '1,749.02'));
    expect(lenient).toEqual([]);
    // ... but gross pay of 2,450.00 would break net pay, which agrees with 2,150.00
    expect(tested.map((f) => f.math?.formula)).toEqual(['gross pay = sum of the earnings lines (current)']);
  });

  it('excuses a real misread digit: reading the figure as printed resolves every contradiction at once', () => {
    // gross pay printed 2,150.00 and read 2,450.00: neither the earnings nor net pay agree with it
    const { lenient, tested } = read(stub('2,000.00', '2,450.00', '1,749.02'));
    expect(lenient).toEqual([]);
    expect(tested).toEqual([]);
  });

  it('does not excuse a contradiction by misreading a figure OCR read surely', () => {
    // the same page, gross pay read 2,450.00 with every character at 0.99 (OCR's misread amounts
    // read below 0.9): what OCR read is what was printed, and the contradiction stands
    const withConfidence = (confidence: number) =>
      stub('2,000.00', '2,450.00', '1,749.02').map((w) => (w.text === '2,450.00' ? { ...w, confidence } : { ...w, confidence: 0.99 }));
    expect(
      read(withConfidence(0.99))
        .tested.map((f) => f.math?.formula)
        .sort(),
    ).toEqual(['gross pay = sum of the earnings lines (current)', 'net pay = gross pay − total deductions (current)']);
    expect(read(withConfidence(0.8)).tested).toEqual([]);
  });

  it('takes a lost narrow 1 even when OCR read the other characters surely: its confidence is in what it read', () => {
    // Medicare printed 131.18 across the width of six characters and read "31.18" with every
    // character at 0.99: the 1 OCR lost has no confidence to vouch for it, and the width has room
    const words = medicareRaised().map((w) => ({ ...w, confidence: 0.99, ...(w.text === '31.18' ? { x0: 340 - 5 * '131.18'.length } : {}) }));
    expect(read(words).tested).toEqual([]);
    // a digit confused, read as surely, still stands
    const confused = stub('2,000.00', '2,450.00', '1,749.02').map((w) => ({ ...w, confidence: 0.99 }));
    expect(read(confused).tested).not.toEqual([]);
  });

  it('does not take the same digits read alike twice for two identical misreadings', () => {
    // no net pay to test against, but gross pay is printed twice and read alike both times (round
    // figures, 2,150.00, are not taken for copies of each other: two such may differ)
    const words = (twice: boolean) =>
      tableWords(
        1,
        [['Earnings', 40], right('Current', 340)],
        row('Regular', '2,300.00'),
        row('Overtime', '150.40'),
        row('Gross pay', '2,150.40'),
        ...(twice ? [[['Gross pay this period', 40] as Cell, right('2,150.40', 260)]] : []),
      );
    expect(read(words(false)).tested).toEqual([]);
    expect(read(words(true)).tested.map((f) => f.math?.formula)).toEqual(['gross pay = sum of the earnings lines (current)']);
  });

  it('does not add a digit the printed width has no room for', () => {
    // Medicare raised from 31.18 to 131.18 on a stub whose total keeps 31.18: "31.18" is five
    // characters wide, so it was not a 131.18 whose 1 OCR lost
    const words = medicareRaised();
    const { lenient, tested } = read(words);
    expect(lenient).toEqual([]);
    expect(tested.map((f) => f.math?.formula)).toEqual(['total deductions = sum of the deduction lines (current)']);
  });
});

describe('a misreading tested on a photo', () => {
  const onPhoto = (words: Word[]) => testedMisreadings(tableContext([words], 'paystub', true), documentTotals, [documentTotals], true);
  /** Gross pay printed 2,150.00 or raised by a forger to 2,450.00, read 2,450.00 with every character at 0.99. */
  const surely = (ruledOut?: string[]) =>
    stub('2,000.00', '2,450.00', '1,749.02').map((w) => ({ ...w, confidence: 0.99, ...(w.text === '2,450.00' && ruledOut ? { ruledOut } : {}) }));

  it("takes OCR's sure reading of a confused digit only where the page's prints rule the other digit out", () => {
    // a photo's worn 1 is read as a 4 as surely as a printed 4: OCR's word alone refutes nothing
    expect(onPhoto(surely())).toEqual([]);
    // the print at that character is clearly no 1 (a forger's 4 in the page's own digits): the contradiction stands
    // (the earnings' sum stays unverified: overtime's 150.00 might be a worn 450.00, and no print says otherwise)
    expect(onPhoto(surely(['', '', '19', '', '', '', '', ''])).map((f) => f.math?.formula)).toEqual(['net pay = gross pay − total deductions (current)']);
    // ruling out another digit there says nothing of the 1
    expect(onPhoto(surely(['', '', '9', '', '', '', '', '']))).toEqual([]);
  });

  it("lets a photo's widths refute nothing (perspective prints one size of figure at many widths)", () => {
    expect(read(medicareRaised()).tested).not.toEqual([]);
    expect(onPhoto(medicareRaised())).toEqual([]);
  });
});

describe('a misreading tested against every sum of the document', () => {
  /** A statement: a summary across the page over a ledger with running balances (its deposit `deposit`, the balances after it following). */
  function statement(summaryDeposits: string, summaryEnding: string, deposit: string, balances: string[]): Word[] {
    const edges = [150, 240, 330, 430];
    const columns = [300, 380, 460];
    const ledger = (date: string, text: string, out: string, into: string, balance: string): Cell[] => [
      [date, 40],
      [text, 80],
      ...(out ? [right(out, columns[0]!)] : []),
      ...(into ? [right(into, columns[1]!)] : []),
      right(balance, columns[2]!),
    ];
    return tableWords(
      1,
      ['Beginning Balance', 'Deposits', 'Withdrawals', 'Ending Balance'].map((label, i) => right(label, edges[i]!)),
      ['$4,210.55', summaryDeposits, '$2,007.20', summaryEnding].map((figure, i) => right(figure, edges[i]!)),
      [['Account activity', 40]],
      [['Date', 40], ['Description', 80], right('Withdrawals', columns[0]!), right('Deposits', columns[1]!), right('Balance', columns[2]!)],
      ledger('10/01', 'Beginning balance', '', '', '4,210.55'),
      ledger('10/02', 'PAYROLL ACME CORP', '', deposit, balances[0]!),
      ledger('10/05', 'RENT PAYMENT', '1,450.00', '', balances[1]!),
      ledger('10/09', 'GROCERY MART', '312.40', '', balances[2]!),
      ledger('10/17', 'ELECTRIC UTILITY', '244.80', '', balances[3]!),
    );
  }
  const findings = (words: Word[]) => {
    const ctx = tableContext([words], 'bank_statement', true);
    const sums = [statementArithmetic, statementTotals, documentTotals];
    return [statementTotals, documentTotals, statementArithmetic].flatMap((run) => testedMisreadings<AnyFinding>(ctx, run, sums));
  };

  it("refutes a summary's deposits misread for the ledger's when the summary's own chain held", () => {
    // the ledger's deposit raised to 3,700.00 with every balance after it; the summary kept
    const edited = statement('$3,200.00', '$5,403.35', '3,700.00', ['7,910.55', '6,460.55', '6,148.15', '5,903.35']);
    // 3,200.00 could be a misread 3,700.00 as far as the summary against the ledger goes, but then
    // the summary would not lead from its beginning to its ending balance, as it does
    expect(findings(edited).map((f) => f.math?.formula)).toContain('total credits (deposits) = sum of the credits (deposits) listed');
    const genuine = statement('$3,200.00', '$5,403.35', '3,200.00', ['7,410.55', '5,960.55', '5,648.15', '5,403.35']);
    expect(findings(genuine)).toEqual([]);
  });
});
