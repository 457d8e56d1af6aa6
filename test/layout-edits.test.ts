// The layout generator's edits: one item amount of one table raised in its leading digit, every
// other cell (totals and balances included) left as printed, and the edit's place recorded; and
// the careful forger's edit (`keptSums`), one item raised with every figure computed from it
// following, which leaves a document whose every printed sum holds.
import type { Layout } from '@loupe/fixtures/family-documents';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { keptSums, raisedFigure } from '@loupe/fixtures/layouts/edits';
import { GENERATED_KINDS, generateDocument } from '@loupe/fixtures/layouts/generate';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false });
afterAll(() => engine.dispose());

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

  it('keeps every sum when an item is raised: the figures computed from it follow, nothing else moves', async () => {
    const jspdf = PRODUCERS.find((p) => p.name === 'jspdf')!;
    const words = (layout: Layout): string[] => layout.blocks.flatMap((b) => (b.kind === 'table' ? b.rows.flat() : [b.text])).flatMap((t) => t.split(/\s+/));
    const kinds = new Set<string>();
    const complaints: string[] = [];
    for (let seed = 1; seed <= 22; seed++) {
      const document = generateDocument(seed);
      // drawing nothing raised is the genuine document, whatever the kind is asked for by name
      expect(generateDocument(seed, document.kind).layout).toEqual(document.layout);
      const kept = keptSums(seed, document.kind, document.items, new Rng(seed));
      if (!kept) continue;
      kinds.add(document.kind);
      expect(kept.document.parts).toEqual(document.parts);
      // the raised item and at least one figure computed from it
      expect(kept.pairs.length).toBeGreaterThan(1);
      const [before, after] = [words(document.layout), words(kept.document.layout)];
      expect(after.length).toBe(before.length);
      for (const [i, w] of before.entries()) if (w !== after[i]) expect(kept.pairs).toContainEqual([w, after[i]]);
      const d = await engine.scanDetailed(await jspdf.render(kept.document.layout), { name: `kept-${seed}.pdf` });
      if ((d.evidence ?? []).includes('content')) complaints.push(`seed ${seed} ${document.kind}: ${d.document.findings.map((f) => f.code).join(', ')}`);
    }
    expect([...kinds].sort()).toEqual(GENERATED_KINDS.filter((k) => k !== 'letter').sort());
    // a careful forger's re-print holds every sum: no content evidence (only other documents of the loan can tell)
    expect(complaints).toEqual([]);
  });
});
