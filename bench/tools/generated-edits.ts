// Recall on the layout generator's documents edited where a forger edits them: an item amount
// raised in the document and the document printed again by the producer that printed it (no
// trail in the file; the sums it feeds left as printed). Reports, per document kind and per
// producer, how many edits were flagged, found on content evidence, and pointed at (a region on
// the edited figure's row), with the held-out split apart and never tuned on.
//
//   node --import tsx bench/tools/generated-edits.ts [--from 1] [--count 110] [--split held-in|held-out|all] [--kind invoice-eu]
import { parseArgs } from 'node:util';
import { raisedFigure } from '@loupe/fixtures/layouts/edits';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { installedProducers } from '@loupe/fixtures/layouts/producers';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    count: { type: 'string', default: '110' },
    split: { type: 'string', default: 'held-in' },
    kind: { type: 'string' },
  },
});
const engine = createNodeEngine({ ocr: false });
const producers = installedProducers();

interface Tally {
  edits: number;
  flagged: number;
  content: number;
}
const byKind = new Map<string, Tally>();
const byProducer = new Map<string, Tally>();
const tally = (map: Map<string, Tally>, key: string): Tally => map.get(key) ?? map.set(key, { edits: 0, flagged: 0, content: 0 }).get(key)!;

for (let seed = Number(values.from); seed < Number(values.from) + Number(values.count); seed++) {
  const document = generateDocument(seed);
  if (values.kind && document.kind !== values.kind) continue;
  const producer = producers[seed % producers.length]!;
  const split = document.heldOut || producer.heldOut ? 'held-out' : 'held-in';
  if (values.split !== 'all' && split !== values.split) continue;
  const edited = raisedFigure(document.layout, new Rng(seed * 7919));
  if (!edited) continue;
  let bytes: Uint8Array;
  try {
    bytes = await producer.render(edited.layout);
  } catch (error) {
    process.stderr.write(`gen-${seed}: ${(error as Error).message.split('\n')[0]}\n`);
    continue;
  }
  const d = await engine.scanDetailed(bytes, { name: `gen-${seed}-edited.pdf` });
  const flagged = d.document.verdict === 'SUSPICIOUS' || d.document.verdict === 'FORGED';
  const content = (d.evidence ?? []).some((e) => e === 'content');
  for (const t of [tally(byKind, document.kind), tally(byProducer, producer.name)]) {
    t.edits++;
    if (flagged) t.flagged++;
    if (content) t.content++;
  }
  if (!flagged) console.error(`missed gen-${seed} ${document.kind} ${producer.name}: ${edited.edit.old} -> ${edited.edit.new}`);
}
await engine.dispose();

const pct = (a: number, b: number): string => (b ? `${Math.round((100 * a) / b)}%` : '-');
const table = (title: string, map: Map<string, Tally>): string =>
  [
    `| ${title} | edits | flagged | on content evidence |`,
    '|---|---|---|---|',
    ...[...map].map(([k, t]) => `| ${k} | ${t.edits} | ${t.flagged} (${pct(t.flagged, t.edits)}) | ${t.content} (${pct(t.content, t.edits)}) |`),
  ].join('\n');
console.log(`Re-printed with one item amount raised, ${values.split} seeds ${values.from}..${Number(values.from) + Number(values.count) - 1}\n`);
console.log(table('kind', byKind));
console.log();
console.log(table('producer', byProducer));
