// Statements from ten layout families made by producers the engine's own fixtures do not use
// (test/fixtures/statement-families.ts): every genuine one adds up and must carry no arithmetic
// finding; every re-rendered twin with a changed movement, running balance or closing balance
// must carry one, pointing at the changed figure's kind of check.
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '@loupe/node';
import { FAMILIES, genuineStatement, REWRITES, rewrite } from './fixtures/statement-families.js';

const engine = createNodeEngine();
afterAll(() => engine.dispose());

const EXPECTED = { amount: 'running_balance_mismatch', balance: 'running_balance_mismatch', closing: 'statement_balance_mismatch' } as const;

describe.each(FAMILIES.map((f) => [f.name, f] as const))('statement family %s', (_name, family) => {
  it(`adds up as printed (${family.features}) and reports each arithmetic-breaking rewrite`, async () => {
    const statement = genuineStatement(7);
    const genuine = await engine.scan(await family.render(statement), { name: 'statement.pdf' });
    expect(genuine.category).toBe('bank_statement');
    expect(genuine.math_checks ?? []).toEqual([]);
    expect(genuine.verdict).toBe('CLEAN');
    for (const kind of REWRITES) {
      const forged = await engine.scan(await family.render(rewrite(statement, kind)), { name: 'statement.pdf' });
      expect(
        forged.indicators.map((i) => i.code),
        `${kind} rewrite`,
      ).toContain(EXPECTED[kind]);
      expect(forged.math_checks!.every((m) => !m.ok)).toBe(true);
      expect(['SUSPICIOUS', 'FORGED']).toContain(forged.verdict);
    }
  });
});
