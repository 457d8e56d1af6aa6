// The loan's consistency as the service answers it: every conflict in the JSON shape, and the
// facts each document is read for kept between reads but read again when its words change (a
// reprocessed document).
import type { LoanWord } from '@loupe/core';
import { describe, expect, it } from 'vitest';
import { loanConsistency } from './loan-consistency.js';

/** Words of `lines`, one line per row; cells split by two spaces or more. */
function wordsOf(lines: readonly string[]): LoanWord[] {
  return lines.flatMap((line, row) =>
    line
      .split(/ {2,}/)
      .flatMap((cell, c) => cell.split(' ').map((text, k): LoanWord => ({ text, page: 1, box: { x: 4 + c * 30 + k * 5, y: 4 + row * 2.5, w: 4.5, h: 1.8 } }))),
  );
}

const statement = (period: string, open: string, close: string, deposits = '500.00'): string[] => [
  'First Harbor Bank',
  `Account Number  XXXXXX4417`,
  `Statement Period  ${period}`,
  'JANE DOE',
  '12 ELM STREET',
  'SPRINGFIELD IL 62704',
  `Beginning Balance  ${open}`,
  `Deposits and Credits  ${deposits}`,
  'Withdrawals and Debits  200.00',
  `Ending Balance  ${close}`,
];

describe('a loan’s consistency', () => {
  it('answers each conflict with its label and regions, and reads a document again when its words change', async () => {
    const march = { id: 'doc_march', words: wordsOf(statement('03/01/2026 - 03/31/2026', '1,000.00', '1,300.00')) };
    const april = { id: 'doc_april', words: wordsOf(statement('04/01/2026 - 04/30/2026', '1,350.00', '1,650.00')) };
    const first = await loanConsistency([march, april]);
    expect(first).toMatchObject({ object: 'loan_consistency', documents_compared: 2 });
    expect(first.conflicts).toHaveLength(1);
    expect(first.conflicts[0]).toMatchObject({
      code: 'loan_balance_not_carried',
      document_ids: ['doc_march', 'doc_april'],
      differences: [{ label: 'closing balance → next opening balance' }],
    });
    expect(first.conflicts[0]!.differences[0]!.values.every((v) => v.regions.length === 1)).toBe(true);
    // read again: the answer kept for these documents and words (the same object, not computed again)
    expect(await loanConsistency([march, april])).toBe(first);
    // another set of documents is another answer
    expect((await loanConsistency([march])).documents_compared).toBe(1);
    // April reprocessed into words that open at March's closing balance: read again, nothing conflicts
    // (as many words, the last one unchanged: the cache tells words apart by all of them)
    const mended = { id: 'doc_april', words: wordsOf(statement('04/01/2026 - 04/30/2026', '1,300.00', '1,650.00', '550.00')) };
    expect(mended.words.length).toBe(april.words.length);
    expect((await loanConsistency([march, mended])).conflicts).toEqual([]);
  });
});
