// The layout generator's edits: one item amount of one table raised in its leading digit, every
// other cell (totals and balances included) left as printed, and the edit's place recorded.
import { raisedFigure } from '@loupe/fixtures/layouts/edits';
import { GENERATED_KINDS, generateDocument } from '@loupe/fixtures/layouts/generate';
import { Rng } from '@loupe/fixtures/layouts/random';
import { describe, expect, it } from 'vitest';

describe('layout edits', () => {
  it('raises one item amount of a table and leaves every other cell as printed', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 66; seed++) {
      const document = generateDocument(seed);
      const edited = raisedFigure(document.layout, new Rng(seed));
      if (!edited) continue;
      kinds.add(document.kind);
      const { edit, layout } = edited;
      const changed: string[] = [];
      for (const [i, b] of layout.blocks.entries()) {
        const before = document.layout.blocks[i]!;
        if (b.kind !== 'table' || before.kind !== 'table') {
          expect(b).toEqual(before);
          continue;
        }
        for (const [row, r] of b.rows.entries()) for (const [cell, c] of r.entries()) if (c !== before.rows[row]![cell]) changed.push(`${i}/${row}/${cell}`);
      }
      expect(changed).toEqual([`${edit.block}/${edit.row}/${edit.cell}`]);
      expect(edit.old).not.toMatch(/\b(total|balance|net|due)\b/i);
      // the leading digit raised by one (a 9 lowered), the rest of the figure kept
      const digits = (s: string) => s.replace(/\D/g, '');
      const [a, b] = [digits(edit.old), digits(edit.new)];
      expect(b).toBe(`${a[0] === '9' ? 8 : Number(a[0]) + 1}${a.slice(1)}`);
    }
    // every kind with item tables is edited
    expect([...kinds].sort()).toEqual(GENERATED_KINDS.filter((k) => k !== 'letter').sort());
  });
});
