// Recall on the layout generator's documents edited where a forger edits them: an item amount
// raised in the document and the document printed again by the producer that printed it (no
// trail in the file; the sums it feeds left as printed). Reports, per document kind and per
// producer, how many edits were flagged, found on content evidence, and pointed at (a region on
// the edited figure's row), with the held-out split apart and never tuned on.
//
//   node --import tsx bench/tools/generated-edits.ts [--from 1] [--count 110] [--split held-in|held-out|all] [--kind invoice-eu]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  pointed: number;
}

/** A word as pdftotext's `-bbox` prints it, in percent of its page (origin top-left). */
interface Word {
  page: number;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
const scratch = mkdtempSync(join(tmpdir(), 'loupe-edits-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** The words of a PDF with their boxes (pdftotext, poppler-utils: a bench tool's dependency, not the engine's). */
function wordsOf(bytes: Uint8Array): Word[] {
  const file = join(scratch, 'doc.pdf');
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const words: Word[] = [];
  let page = 0;
  let size = { w: 1, h: 1 };
  for (const line of html.split('\n')) {
    const p = /<page width="([\d.]+)" height="([\d.]+)"/.exec(line);
    if (p) {
      page++;
      size = { w: Number(p[1]), h: Number(p[2]) };
      continue;
    }
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (!m) continue;
    const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    words.push({ page, text: m[5]!, x: (100 * x0) / size.w, y: (100 * y0) / size.h, w: (100 * (x1 - x0)) / size.w, h: (100 * (y1 - y0)) / size.h });
  }
  return words;
}

/** The words the edit changed: in the edited print, not at the same place with the same text in the genuine one. */
function editedWords(genuine: Word[], edited: Word[]): Word[] {
  const key = (w: Word): string => `${w.page}|${w.text}|${Math.round(w.x * 4)}|${Math.round(w.y * 4)}`;
  const before = new Set(genuine.map(key));
  return edited.filter((w) => !before.has(key(w)) && /\d/.test(w.text));
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const byKind = new Map<string, Tally>();
const byProducer = new Map<string, Tally>();
const tally = (map: Map<string, Tally>, key: string): Tally => map.get(key) ?? map.set(key, { edits: 0, flagged: 0, content: 0, pointed: 0 }).get(key)!;

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
  let pointed = false;
  if (flagged) {
    const changed = editedWords(wordsOf(await producer.render(document.layout)), wordsOf(bytes));
    pointed = d.document.regions.some((r) => changed.some((w) => w.page === r.page && overlaps(r, w)));
    if (!pointed)
      console.error(`no region on gen-${seed} ${document.kind} ${producer.name}: ${edited.edit.new} (${d.document.indicators.map((i) => i.code).join(', ')})`);
  }
  for (const t of [tally(byKind, document.kind), tally(byProducer, producer.name)]) {
    t.edits++;
    if (flagged) t.flagged++;
    if (content) t.content++;
    if (pointed) t.pointed++;
  }
  if (!flagged) console.error(`missed gen-${seed} ${document.kind} ${producer.name}: ${edited.edit.old} -> ${edited.edit.new}`);
}
await engine.dispose();

const pct = (a: number, b: number): string => (b ? `${Math.round((100 * a) / b)}%` : '-');
const table = (title: string, map: Map<string, Tally>): string =>
  [
    `| ${title} | edits | flagged | on content evidence | a region on the edit |`,
    '|---|---|---|---|---|',
    ...[...map].map(
      ([k, t]) =>
        `| ${k} | ${t.edits} | ${t.flagged} (${pct(t.flagged, t.edits)}) | ${t.content} (${pct(t.content, t.edits)}) | ${t.pointed} (${pct(t.pointed, t.edits)}) |`,
    ),
  ].join('\n');
console.log(`Re-printed with one item amount raised, ${values.split} seeds ${values.from}..${Number(values.from) + Number(values.count) - 1}\n`);
console.log(table('kind', byKind));
console.log();
console.log(table('producer', byProducer));
