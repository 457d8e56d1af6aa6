// The producer-family section of bench:accuracy alone (to compare two builds of the engine quickly).
// CODES=a,b also prints every file with a finding of those codes, below the line or not.
import { createNodeEngine } from '@loupe/node';
import { familyTable, scoreProducerFamilies } from '../producer-families.js';

const engine = createNodeEngine();
const codes = new Set(process.env.CODES?.split(',') ?? []);
const watched = {
  async scan(bytes: Uint8Array, options: { name: string }) {
    const d = await engine.scan(bytes, options);
    const seen = d.findings.filter((f) => codes.has(f.code));
    if (seen.length) console.log(`${options.name} ${d.verdict} ${d.risk_score ?? '-'} ${seen.map((f) => f.code).join(',')}`);
    return d;
  },
};
console.log(familyTable(await scoreProducerFamilies(watched)));
await engine.dispose();
