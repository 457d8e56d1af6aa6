// Versions of one document in a loan file, on documents the engine reads: the layout generator's
// genuine documents of every kind and the careful forger's version of each (`keptSums`: one item
// raised and every figure computed from it following, so the document alone holds every sum),
// printed by one producer and scanned. The loan names the versions, every figure on which they
// differ with its box on both, and with a second genuine copy the forged version as the suspect;
// the genuine documents of every kind together raise nothing.
import type { ScanDetail } from '@loupe/core';
import { versionConflicts } from '@loupe/core';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { keptSums } from '@loupe/fixtures/layouts/edits';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false });
afterAll(() => engine.dispose());
const producer = PRODUCERS.find((p) => p.name === 'reportlab')!;
const SEEDS = Array.from({ length: 22 }, (_, i) => i + 1);

const wordsOf = (d: ScanDetail) => d.words ?? [];

describe('versions of one document in a loan file', () => {
  const genuine = new Map<number, ScanDetail>();
  it('a genuine loan file of every kind of document raises nothing', async () => {
    for (const seed of SEEDS) {
      const document = generateDocument(seed);
      genuine.set(seed, await engine.scanDetailed(await producer.render(document.layout), { name: `${seed}.pdf` }));
    }
    expect(versionConflicts([...genuine].map(([seed, d]) => ({ id: String(seed), words: wordsOf(d) })))).toEqual([]);
  });

  it('finds the forged version of each kind, every changed figure boxed on both, and names it among two genuine copies', async () => {
    const kinds = new Set<string>();
    for (const seed of SEEDS) {
      const document = generateDocument(seed);
      const kept = keptSums(seed, document.kind, document.items, new Rng(seed));
      if (!kept) continue;
      const forged = await engine.scanDetailed(await producer.render(kept.document.layout), { name: `${seed}-forged.pdf` });
      const original = genuine.get(seed)!;
      const conflicts = versionConflicts([
        { id: 'genuine', words: wordsOf(original) },
        { id: 'forged', words: wordsOf(forged) },
        { id: 'genuine copy', words: wordsOf(original) },
      ]);
      expect(conflicts, `seed ${seed} (${document.kind})`).toHaveLength(1);
      const [conflict] = conflicts;
      expect(conflict!.documents).toEqual(['genuine', 'forged', 'genuine copy']);
      expect(conflict!.suspect, `seed ${seed} (${document.kind})`).toBe('forged');
      // every raised word is among the differences, as the forged version prints it
      const printed = conflict!.differences.flatMap((d) => d.values.find((v) => v.document === 'forged')!.text.split(' '));
      for (const [, after] of kept.pairs) expect(printed, `seed ${seed} (${document.kind})`).toContain(after);
      for (const d of conflict!.differences) for (const v of d.values) expect(v.boxes.length).toBeGreaterThan(0);
      kinds.add(document.kind);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(8);
  });
});
