// The loan's consistency as the service answers it: every conflict in the JSON shape, and each
// document's words held between reads (asked of the store only when new to the reader) but read
// again when its stamp changes (a reprocessed document).
import type { LoanDocumentWords, LoanWord } from '@loupe/core';
import { describe, expect, it } from 'vitest';
import { type LoanWordsReader, loanConsistency, UNSETTLED_ANSWER_MS } from './loan-consistency.js';

/** A store's reader over `documents` (each with its stamp), recording the ids whose words it was asked for. */
function storeOf(documents: readonly (LoanDocumentWords & { stamp: string })[], asked: string[] = []): LoanWordsReader {
  return async (held) =>
    documents.map(({ id, stamp, words }) => {
      if (held(id, stamp)) return { id, stamp };
      asked.push(id);
      return { id, stamp, words: [...words] };
    });
}

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
    const march = { id: 'doc_march', stamp: 't1', words: wordsOf(statement('03/01/2026 - 03/31/2026', '1,000.00', '1,300.00')) };
    const april = { id: 'doc_april', stamp: 't2', words: wordsOf(statement('04/01/2026 - 04/30/2026', '1,350.00', '1,650.00')) };
    const asked: string[] = [];
    const loan = { loan: 'loan-1' };
    const first = await loanConsistency(loan, storeOf([march, april], asked));
    expect(first).toMatchObject({ object: 'loan_consistency', documents_compared: 2 });
    expect(first.conflicts).toHaveLength(1);
    expect(first.conflicts[0]).toMatchObject({
      code: 'loan_balance_not_carried',
      document_ids: ['doc_march', 'doc_april'],
      differences: [{ label: 'closing balance → next opening balance' }],
    });
    expect(first.conflicts[0]!.differences[0]!.values.every((v) => v.regions.length === 1)).toBe(true);
    expect(asked).toEqual(['doc_march', 'doc_april']);
    // read again: no words asked for, the answer kept for these documents (the same object, not computed again)
    expect(await loanConsistency(loan, storeOf([march, april], asked))).toBe(first);
    expect(asked).toEqual(['doc_march', 'doc_april']);
    // another set of documents is another answer, from the words held
    expect((await loanConsistency(loan, storeOf([march], asked))).documents_compared).toBe(1);
    expect(asked).toHaveLength(2);
    // April reprocessed into words that open at March's closing balance: a new stamp, read again, nothing conflicts
    const mended = { id: 'doc_april', stamp: 't3', words: wordsOf(statement('04/01/2026 - 04/30/2026', '1,300.00', '1,650.00', '550.00')) };
    expect((await loanConsistency(loan, storeOf([march, mended], asked))).conflicts).toEqual([]);
    expect(asked).toEqual(['doc_march', 'doc_april', 'doc_april']);
  });

  it('lets an answer stand for up to a second while the loan’s documents are processing, and answers the exact one once settled', async () => {
    const march = { id: 'doc_m', stamp: 't1', words: wordsOf(statement('03/01/2026 - 03/31/2026', '1,000.00', '1,300.00')) };
    const april = { id: 'doc_a', stamp: 't2', words: wordsOf(statement('04/01/2026 - 04/30/2026', '1,350.00', '1,650.00')) };
    let clock = 0;
    const now = () => clock;
    const asked: string[] = [];
    const one = await loanConsistency({ loan: 'loan-2', unsettled: true, now }, storeOf([march], asked));
    expect(one.documents_compared).toBe(1);
    // April finished a moment later, the loan still filling: the last answer stands, nothing is read
    clock = UNSETTLED_ANSWER_MS - 1;
    expect(await loanConsistency({ loan: 'loan-2', unsettled: true, now }, storeOf([march, april], asked))).toBe(one);
    expect(asked).toEqual(['doc_m']);
    // another loan is not answered by this one's
    expect((await loanConsistency({ loan: 'loan-3', unsettled: true, now }, storeOf([april], asked))).documents_compared).toBe(1);
    // a second on, it is computed again
    clock = UNSETTLED_ANSWER_MS;
    const two = await loanConsistency({ loan: 'loan-2', unsettled: true, now }, storeOf([march, april], asked));
    expect(two).toMatchObject({ documents_compared: 2, conflicts: [{ code: 'loan_balance_not_carried' }] });
    // a settled loan is answered for its documents at once
    clock += 1;
    const three = await loanConsistency({ loan: 'loan-2', now }, storeOf([march], asked));
    expect(three.documents_compared).toBe(1);
    expect(asked).toEqual(['doc_m', 'doc_a']);
  });
});
