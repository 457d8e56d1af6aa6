// Loan files as a whole, on documents the engine reads: the layout generator's loan files
// (consecutive statements of one account recording the stubs' net pay, consecutive stubs of one
// job, other documents) printed by one producer and scanned. A genuine file raises nothing; the
// careful forger's stub (its rate or salary raised on every period, every sum of the stub kept, so
// the stub alone holds), statement (a deposit raised, the statement's balances following), letter
// of employment (its salary or hourly rate raised) and W-2 (its wages raised, every box following)
// are contradicted by the file's other documents, each conflict naming the forged document with a
// region on it; a stub or a statement addressed to another person is named by the document of the
// same record whose figures carry to it.
import type { LoanConflict, ScanDetail } from '@loupe/core';
import { loanConflicts } from '@loupe/core';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { type GeneratedLoanFile, generateLoanFile } from '@loupe/fixtures/layouts/loan-file';
import { createNodeEngine } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false });
afterAll(() => engine.dispose());
const producer = PRODUCERS.find((p) => p.name === 'reportlab')!;
const SEEDS = [1, 2, 4, 6, 7, 8];

const scan = async (layout: GeneratedLoanFile['documents'][number]['document']['layout'], name: string): Promise<ScanDetail> =>
  engine.scanDetailed(await producer.render(layout), { name });

/** The file's documents scanned, as the loan compares them. */
async function wordsOf(file: GeneratedLoanFile) {
  return Promise.all(file.documents.map(async (d) => ({ id: d.name, words: (await scan(d.document.layout, d.name)).words ?? [] })));
}

/** The conflicts naming document `k` of `file` edited by the forger (the first item whose raise is printed, or `rename`d), with its verdict alone. */
async function forged(
  file: GeneratedLoanFile,
  genuine: Awaited<ReturnType<typeof wordsOf>>,
  k: number,
  rename = false,
): Promise<{ conflicts: LoanConflict[]; alone: string } | undefined> {
  const original = JSON.stringify(file.documents[k]!.document.layout);
  for (let raise = 0; raise < (rename ? 1 : file.documents[k]!.document.items); raise++) {
    const edited = generateLoanFile(file.seed, rename ? { document: k, rename } : { document: k, raise }).documents[k]!;
    if (JSON.stringify(edited.document.layout) === original) continue;
    const detail = await scan(edited.document.layout, edited.name);
    const words = genuine.map((w, i) => (i === k ? { id: w.id, words: detail.words ?? [] } : w));
    return { conflicts: (await loanConflicts(words)).filter((c) => c.documents.includes(edited.name)), alone: detail.document.verdict };
  }
  return undefined;
}

describe('a generated loan file', () => {
  it('raises nothing when genuine, and contradicts the forger’s stub, statement, letter and W-2 through the other documents', async () => {
    const codes = new Set<string>();
    for (const seed of SEEDS) {
      const file = generateLoanFile(seed);
      expect(file.documents.length).toBeGreaterThanOrEqual(4);
      expect(file.documents.length).toBeLessThanOrEqual(15);
      const genuine = await wordsOf(file);
      expect(await loanConflicts(genuine), `seed ${seed}`).toEqual([]);
      // this year's last stub: its year to date no longer carries the previous stub's
      const stub = file.documents.map((d) => /^stub-\d+\.pdf$/.test(d.name)).lastIndexOf(true);
      const stubEdit = await forged(file, genuine, stub);
      expect(stubEdit?.conflicts.length, `seed ${seed}, ${file.documents[stub]!.name}`).toBeGreaterThan(0);
      for (const c of stubEdit!.conflicts) {
        codes.add(c.code);
        const value = c.differences[0]!.values.find((v) => v.document === file.documents[stub]!.name)!;
        expect(value.boxes.length).toBeGreaterThan(0);
      }
      // the first statement: its closing balance (or a payroll deposit) no longer agrees with the file
      const statement = file.documents.findIndex((d) => d.role === 'statement');
      const statementEdit = await forged(file, genuine, statement);
      if (statementEdit) for (const c of statementEdit.conflicts) codes.add(c.code);
      // the first stub and the first statement addressed to another person
      for (const k of [file.documents.findIndex((d) => d.role === 'stub'), statement])
        for (const c of (await forged(file, genuine, k, true))?.conflicts ?? []) codes.add(c.code);
      // the letter of employment and the W-2, raised: contradicted by the stubs of the job
      for (const k of [file.documents.findIndex((d) => d.role === 'letter'), file.documents.findIndex((d) => d.role === 'w2')].filter((k) => k >= 0)) {
        const edit = await forged(file, genuine, k);
        expect(edit?.conflicts.length, `seed ${seed}, ${file.documents[k]!.name}`).toBeGreaterThan(0);
        for (const c of edit!.conflicts) codes.add(c.code);
      }
    }
    expect([...codes].sort()).toEqual([
      'loan_balance_not_carried',
      'loan_net_pay_not_deposited',
      'loan_party_differs',
      'loan_pay_terms_differ',
      'loan_wages_differ',
      'loan_ytd_not_carried',
    ]);
  });
});
