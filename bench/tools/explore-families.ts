import { writeFileSync } from 'node:fs';
import { createNodeEngine } from '@loupe/node';
import { familyLayouts } from '../../test/fixtures/family-documents.js';
import { PRODUCERS, benignSave, BENIGN_SAVES } from '../../test/fixtures/family-producers.js';
const engine = createNodeEngine();
const only = process.argv[2];
const seeds = (process.argv[3] ?? '1,2,3').split(',').map(Number);
const benign = process.argv[4] === 'benign';
for (const p of PRODUCERS) {
  if (only && only !== 'all' && !only.split(',').includes(p.name)) continue;
  if ((!only || only === 'all') && p.heldOut) continue;
  for (const layout of familyLayouts(seeds)) {
    let bytes: Uint8Array;
    try {
      bytes = await p.render(layout);
    } catch (e) {
      console.log(p.name, layout.kind, 'RENDER FAIL', String(e).slice(0, 200));
      continue;
    }
    const variants: [string, Uint8Array][] = [['native', bytes]];
    if (benign)
      for (const s of BENIGN_SAVES) {
        try {
          variants.push([s, await benignSave(bytes, s)]);
        } catch (e) {
          console.log('SAVE FAIL', s, String(e).slice(0, 200));
        }
      }
    for (const [v, b] of variants) {
      const d = await engine.scan(b, { name: 'doc.pdf' });
      const name = `${p.name}-${layout.kind}-${layout.features
        .join('_')
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 40)}-${v}`;
      writeFileSync(`/tmp/fam/${name}.pdf`, b);
      const codes = d.indicators.map((i) => `${i.code}:${i.severity}`).join(' ');
      console.log(`${d.verdict.padEnd(22)} ${String(d.risk_score).padStart(3)} ${d.category} ${name} | ${codes}`);
      if (d.verdict !== 'CLEAN' || process.env.ALL) for (const f of d.findings ?? []) console.log('     ', f.code, f.summary?.slice(0, 200));
    }
  }
}
await engine.dispose();
