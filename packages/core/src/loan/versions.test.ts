// Versions of one document in a loan: grouped by their dates and identifiers, compared word by
// word, each difference boxed on every version, the lone dissenter named; documents of other
// periods, accounts or people never compared.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffWords } from '../text/word-diff.js';
import type { LoanWord } from './loan-words.js';
import { documentKeys, type LoanDocumentWords, versionConflicts, versionIdentity, WORDY } from './versions.js';

/** Words of `lines` laid out one line per row, each word 8% wide, on page 1. */
function wordsOf(lines: readonly string[]): LoanWord[] {
  return lines.flatMap((line, row) => line.split(' ').map((text, col): LoanWord => ({ text, page: 1, box: { x: 5 + col * 9, y: 5 + row * 3, w: 8, h: 2 } })));
}

const statement = (deposit: string, closing: string, period = 'March 1, 2026 - March 31, 2026', account = 'XXXXXX4417'): string[] => [
  'First Harbor Bank',
  `Account Number ${account}`,
  `Statement Period ${period}`,
  'Beginning Balance 1,200.00',
  `03/05/2026 PAYROLL DEPOSIT ${deposit}`,
  '03/09/2026 GROCERY -84.12',
  '03/15/2026 RENT -950.00',
  `Ending Balance ${closing}`,
];

describe('versions of one document in a loan', () => {
  it('reads dates and identifiers as keys, never amounts or counts', () => {
    const keys = documentKeys(wordsOf(statement('2,000.00', '2,165.88')));
    expect(keys.dates).toEqual(['march 1, 2026', 'march 31, 2026', '03/05/2026', '03/09/2026', '03/15/2026']);
    expect(keys.identifiers).toEqual(['XXXXXX4417']);
    // a masked card number in groups, a number a label names, a tax year; a count of shares, a
    // meter's usage and an amount glued to its label are none
    const more = documentKeys(wordsOf(['Card XXXX XXXX XXXX 2653', 'Account ending in: 4471', 'Form W-2 2025', 'Shares 1200 Usage 1234', 'Value$269,485.82']));
    expect(more.identifiers).toEqual(['XXXX XXXX XXXX 2653', '4471', 'W-2']);
    expect(more.dates).toEqual(['2025']);
  });

  it('takes a period for an identity where no identifier is printed, a single date not', () => {
    const stub = (net: string, dates: string) => ['Brightpath Health', 'Maria Garcia', dates, `Net Pay ${net}`];
    const period = 'Period 03/01/2026 - 03/15/2026';
    expect(
      versionConflicts([
        { id: 'a', words: wordsOf(stub('2,412.50', period)) },
        { id: 'b', words: wordsOf(stub('3,412.50', period)) },
      ]),
    ).toHaveLength(1);
    expect(
      versionConflicts([
        { id: 'a', words: wordsOf(stub('2,412.50', 'Paid 03/15/2026')) },
        { id: 'b', words: wordsOf(stub('3,412.50', 'Paid 03/15/2026')) },
      ]),
    ).toEqual([]);
  });

  it('names every difference between versions, boxed on each, and the one version that disagrees with the others', () => {
    const docs = [
      { id: 'a', words: wordsOf(statement('2,000.00', '2,165.88')) },
      { id: 'b', words: wordsOf(statement('3,000.00', '3,165.88')) },
      { id: 'c', words: wordsOf(statement('2,000.00', '2,165.88')) },
    ];
    const [conflict, ...rest] = versionConflicts(docs);
    expect(rest).toEqual([]);
    expect(conflict!.documents).toEqual(['a', 'b', 'c']);
    expect(conflict!.suspect).toBe('b');
    expect(conflict!.keys).toContain('XXXXXX4417');
    expect(conflict!.differences.map((d) => d.values.map((v) => v.text))).toEqual([
      ['2,000.00', '3,000.00', '2,000.00'],
      ['2,165.88', '3,165.88', '2,165.88'],
    ]);
    // each value boxed where its document prints it (row 5 and row 8, the fourth and third word)
    expect(conflict!.differences[0]!.values.map((v) => v.boxes)).toEqual([
      [{ page: 1, x: 32, y: 17, w: 8, h: 2 }],
      [{ page: 1, x: 32, y: 17, w: 8, h: 2 }],
      [{ page: 1, x: 32, y: 17, w: 8, h: 2 }],
    ]);
    expect(conflict!.summary).toMatch(/^3 versions of one document .* differ in 2 places: 2,000.00 \/ 3,000.00 \/ 2,000.00/);
  });

  it('names no suspect between two versions, or when the versions disagree among themselves', () => {
    const two = versionConflicts([
      { id: 'a', words: wordsOf(statement('2,000.00', '2,165.88')) },
      { id: 'b', words: wordsOf(statement('3,000.00', '3,165.88')) },
    ]);
    expect(two).toHaveLength(1);
    expect(two[0]!.suspect).toBeUndefined();
    const three = versionConflicts([
      { id: 'a', words: wordsOf(statement('2,000.00', '2,165.88')) },
      { id: 'b', words: wordsOf(statement('3,000.00', '3,165.88')) },
      { id: 'c', words: wordsOf(statement('4,000.00', '4,165.88')) },
    ]);
    expect(three[0]!.suspect).toBeUndefined();
  });

  it('never compares documents of another period or account, documents with no date or no identifier, or copies that agree', () => {
    const conflicts = versionConflicts([
      { id: 'march', words: wordsOf(statement('2,000.00', '2,165.88')) },
      { id: 'april', words: wordsOf(statement('2,000.00', '2,165.88', 'April 1, 2026 - April 30, 2026')) },
      { id: 'other account', words: wordsOf(statement('3,000.00', '3,165.88', undefined, 'XXXXXX9921')) },
      { id: 'copy', words: wordsOf(statement('2,000.00', '2,165.88')) },
      { id: 'no identifier', words: wordsOf(['Invoice', 'Date March 3, 2026', 'Total 120.00']) },
      { id: 'no identifier again', words: wordsOf(['Invoice', 'Date March 3, 2026', 'Total 190.00']) },
    ]);
    expect(conflicts).toEqual([]);
  });

  it('never takes two people’s documents of one template and period for versions (co-borrowers’ stubs)', () => {
    const stub = (name: string, net: string) => ['Northwind Logistics', 'EIN 71-2508231', `Employee ${name}`, 'Pay Date 03/15/2026', `Net Pay ${net}`];
    expect(
      versionConflicts([
        { id: 'borrower', words: wordsOf(stub('Maria Garcia', '2,412.50')) },
        { id: 'co-borrower', words: wordsOf(stub('James Okafor', '1,980.00')) },
      ]),
    ).toEqual([]);
    // the same person's stub with its pay changed is a version
    expect(
      versionConflicts([
        { id: 'stub', words: wordsOf(stub('Maria Garcia', '2,412.50')) },
        { id: 'raised', words: wordsOf(stub('Maria Garcia', '3,412.50')) },
      ]),
    ).toHaveLength(1);
  });

  it('does not take a document that shares the keys but few words for a version', () => {
    const letter = [
      'Dear customer, your account XXXXXX4417 statement for March 1, 2026 - March 31, 2026 is ready.',
      'It lists 03/05/2026 03/09/2026 03/15/2026',
    ];
    expect(
      versionConflicts([
        { id: 'statement', words: wordsOf(statement('2,000.00', '2,165.88')) },
        { id: 'letter', words: wordsOf(letter) },
      ]),
    ).toEqual([]);
  });

  it('groups the same versions however often and in whatever subsets the same objects were compared before (a property)', () => {
    // a statement's variants: figures changed, a description changed (a word), lines swapped (words moved)
    const variant = fc.record({
      deposit: fc.constantFrom('2,000.00', '2,100.00', '2,000.10'),
      closing: fc.constantFrom('2,165.88', '2,265.88'),
      shop: fc.constantFrom('GROCERY', 'GROCERY', 'PHARMACY'),
      swapped: fc.boolean(),
    });
    const linesOf = (v: { deposit: string; closing: string; shop: string; swapped: boolean }): string[] => {
      const lines = statement(v.deposit, v.closing).map((l) => l.replace('GROCERY', v.shop));
      if (v.swapped) [lines[5], lines[6]] = [lines[6]!, lines[5]!];
      return lines;
    };
    /** What the rule says, written plainly: versions of the first of a group share 70% of words and differ in figures only. */
    const expected = (docs: readonly LoanDocumentWords[]): string[][] => {
      const groups = new Map<string, LoanDocumentWords[]>();
      for (const d of docs) {
        const identity = versionIdentity(d.words);
        if (identity) groups.set(identity.key, [...(groups.get(identity.key) ?? []), d]);
      }
      return [...groups.values()].flatMap(([first, ...rest]) => {
        const a = first!.words.map((w) => w.text);
        const others = rest.filter((d) => {
          const b = d.words.map((w) => w.text);
          const left = [...a];
          const shared = b.filter((t) => {
            const at = left.indexOf(t);
            if (at >= 0) left.splice(at, 1);
            return at >= 0;
          }).length;
          const hunks = diffWords(a, b, 0);
          return shared / Math.max(a.length, b.length) >= 0.7 && !hunks.some((h) => [...h.before, ...h.after].some((t) => WORDY.test(t)));
        });
        const differ = others.some(
          (d) =>
            diffWords(
              a,
              d.words.map((w) => w.text),
              0,
            ).length > 0,
        );
        return differ ? [[first!.id, ...others.map((d) => d.id)]] : [];
      });
    };
    fc.assert(
      fc.property(fc.array(variant, { minLength: 1, maxLength: 7 }), fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), (variants, inSubset) => {
        const docs = variants.map((v, i) => ({ id: `doc_${i}`, words: wordsOf(linesOf(v)) }));
        // the same objects compared before, in a subset: what was kept of them must not change the answer
        versionConflicts(docs.filter((_, i) => inSubset[i]));
        const again = versionConflicts(docs);
        const fresh = versionConflicts(docs.map((d) => ({ id: d.id, words: d.words.map((w) => ({ ...w, box: { ...w.box } })) })));
        expect(again).toEqual(fresh);
        expect(again.map((c) => c.documents)).toEqual(expected(docs));
      }),
      { numRuns: 150 },
    );
  });
});
