// Scans generated genuine documents and lists every one that is not CLEAN (or, captured, not
// INSUFFICIENT_EVIDENCE or CLEAN) with its findings: the quick loop of precision work.
//
//   node --import tsx bench/tools/generated.ts [--from 1] [--count 100] [--capture 0] [--split held-in|held-out|all] [--out dir]
//
// `--out` keeps the flagged files for reading. Held-out samples are skipped unless asked for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeEngine } from '@loupe/node';
import { generatedSamples } from '../generated-layouts.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    count: { type: 'string', default: '100' },
    capture: { type: 'string', default: '0' },
    split: { type: 'string', default: 'held-in' },
    out: { type: 'string' },
  },
});
const from = Number(values.from);
const seeds = Array.from({ length: Number(values.count) }, (_, i) => from + i);
const engine = createNodeEngine();
let n = 0;
let flagged = 0;
const byCode: Record<string, number> = {};
for await (const s of generatedSamples(seeds, Number(values.capture))) {
  if (values.split !== 'all' && s.split !== values.split) continue;
  n++;
  const d = await engine.scan(s.bytes, { name: s.name });
  const content = d.indicators.filter((i) => i.severity !== 'low');
  const ok = d.verdict === 'CLEAN' || (s.form !== 'native' && d.verdict === 'INSUFFICIENT_EVIDENCE');
  for (const i of d.indicators) byCode[i.code] = (byCode[i.code] ?? 0) + 1;
  if (ok && content.length === 0) continue;
  if (!ok) flagged++;
  console.log(`${s.name} ${d.verdict} ${d.risk_score ?? '-'} [${s.document.parts.join(' ')}]`);
  for (const f of d.findings ?? []) console.log(`   ${f.code} ${f.confidence}: ${f.summary.slice(0, 300)}`);
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(join(values.out, s.name), s.bytes);
  }
}
await engine.dispose();
console.log(`\n${flagged} of ${n} flagged`);
console.log(
  Object.entries(byCode)
    .sort((a, b) => b[1] - a[1])
    .map(([c, k]) => `${c} ${k}`)
    .join(', '),
);
