// Tuning aid (issue 26): re-prints of the family layouts with one figure changed, by the tuning
// producers; prints whether each is flagged and by what.
import { createNodeEngine } from '@loupe/node';
import { billLayout, editLayout, LAYOUT_EDITS, payStubLayout, statementLayout, statementLines } from '../../test/fixtures/family-documents.js';
import { PRODUCERS } from '../../test/fixtures/family-producers.js';
import { genuineStatement, REWRITES, rewrite } from '../../test/fixtures/statement-families.js';
const engine = createNodeEngine();
const seeds = (process.argv[2] ?? '1,2').split(',').map(Number);
const tally = new Map<string, [number, number]>();
for (const p of PRODUCERS.filter((x) => !x.heldOut)) {
  for (const seed of seeds) {
    const cases: [string, ReturnType<typeof statementLayout>][] = [];
    for (const base of [statementLayout(seed), payStubLayout(seed), billLayout(seed)])
      for (const edit of LAYOUT_EDITS[base.kind]) cases.push([edit, editLayout(base, edit, seed).layout]);
    const statement = genuineStatement(seed, statementLines(seed));
    for (const kind of REWRITES) cases.push([`ledger-${kind}`, statementLayout(seed, rewrite(statement, kind))]);
    for (const [edit, layout] of cases) {
      const d = await engine.scan(await p.render(layout), { name: 'doc.pdf' });
      const hit = d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED';
      const t = tally.get(edit) ?? [0, 0];
      tally.set(edit, [t[0] + (hit ? 1 : 0), t[1] + 1]);
      if (!hit || process.env.ALL)
        console.log(`${hit ? 'FOUND' : 'MISSED'} ${p.name} ${seed} ${edit} ${d.verdict} | ${d.indicators.map((i) => i.code).join(' ')}`);
    }
  }
}
for (const [edit, [hit, n]] of tally) console.log(`${edit}: ${hit}/${n}`);
await engine.dispose();
