// Tuning aid: scans the tuning split's captured forms and prints every sample that is not CLEAN / INSUFFICIENT_EVIDENCE.
import { writeFileSync } from 'node:fs';
import { createNodeEngine } from '@loupe/node';
import { producerFamilySamples } from '../producer-families.js';
const engine = createNodeEngine();
const samples = await producerFamilySamples([1, 2], [1, 2], 'tuning');
for (const s of samples.filter((x) => x.form === 'scan' || x.form === 'photo')) {
  const d = await engine.scan(s.bytes, { name: s.name });
  writeFileSync(`/tmp/fam/${s.name}`, s.bytes);
  console.log(`${d.verdict.padEnd(22)} ${s.name} | ${d.indicators.map((i) => i.code).join(' ')}`);
  for (const f of d.findings) if (f.code !== 'document_id_changed') console.log('     ', f.code, f.summary?.slice(0, 220));
}
await engine.dispose();
