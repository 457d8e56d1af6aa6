// Recall on the layout generator's documents edited where a forger edits them, by every editing
// tool CI installs. Two edits: an item amount raised with the sums it feeds left as printed
// (`raisedFigure`), and the careful forger's edit, one item raised and every figure computed from
// it following (`keptSums`: no printed sum tells). Each edit goes through each tool: the
// producer that printed the document printing it again (`reprint`, no trail), or a tool of
// `EDIT_TOOLS` working on the genuine print (content-stream rewrites, a library's redact and
// retype, a same-font retype, re-distilled, an office round trip, a scan edited as an image), each
// beside its control (the genuine print through the same tool, nothing changed). Reports, per
// document kind, per tool and per producer, how many edits were flagged, found on content
// evidence and pointed at (a region on a word the edit changed), how many controls were flagged
// and the risk score's ROC AUC; held-out documents, producers and tools apart, never tuned on.
//
//   node --import tsx bench/tools/generated-edits.ts [--from 1] [--count 110] [--split held-in|held-out|all]
//        [--kind invoice-eu|profit_loss|rent_roll] [--edit raised|kept|both] [--tool reprint|all|pdf|scan|pikepdf,ghostscript,...]
//        [--producer libreoffice-calc] [--keep DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScanDetail } from '@loupe/core';
import { keptSums, raisedFigure } from '@loupe/fixtures/layouts/edits';
import { generateDocument, NAMED_KINDS } from '@loupe/fixtures/layouts/generate';
import { installedProducers, LAYOUT_PRODUCERS, SPREADSHEET_PRODUCER } from '@loupe/fixtures/layouts/producers';
import { Rng } from '@loupe/fixtures/layouts/random';
import { EDIT_TOOLS, EditNotApplicable, type EditTool, locateAll, regionOver } from '@loupe/fixtures/trailless-edits';
import { createNodeEngine } from '@loupe/node';
import { rocAuc, through } from '../trailless-accuracy.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    count: { type: 'string', default: '110' },
    split: { type: 'string', default: 'held-in' },
    kind: { type: 'string' },
    edit: { type: 'string', default: 'raised' },
    tool: { type: 'string', default: 'reprint' },
    /** One producer for every seed (`libreoffice-calc`, or any of the cycle's) instead of the one each seed cycles to. */
    producer: { type: 'string' },
    /** A folder to keep every edited file and its control in (gen-SEED-TOOL-EDIT.pdf, ...-control.pdf), to look into a miss. */
    keep: { type: 'string' },
  },
});
/** The producer's own re-print: no tool touches the file. */
const REPRINT: EditTool = { approach: 'content-stream rewrite', tool: 'reprint', heldOut: false };
const ALL_TOOLS = [REPRINT, ...EDIT_TOOLS];
/** Named groups of tools: every one, those working on the PDF (the re-print among them), those editing a scan. */
const GROUPS: Record<string, EditTool[]> = {
  all: ALL_TOOLS,
  pdf: ALL_TOOLS.filter((t) => t.approach !== 'scan edit'),
  scan: ALL_TOOLS.filter((t) => t.approach === 'scan edit'),
};
const tools = GROUPS[values.tool] ?? values.tool.split(',').map((name) => ALL_TOOLS.find((t) => t.tool === name) ?? fail(`no tool ${name}`));
const edits = values.edit === 'both' ? (['raised', 'kept'] as const) : [values.edit as 'raised' | 'kept'];
function fail(message: string): never {
  throw new Error(message);
}
// generated documents are text PDFs: OCR only for the scan edits
const engine = createNodeEngine({ ocr: false });
const ocrEngine = createNodeEngine();
const producers = installedProducers();
const onlyProducer =
  values.producer && ([...LAYOUT_PRODUCERS, SPREADSHEET_PRODUCER].find((p) => p.name === values.producer) ?? fail(`no producer ${values.producer}`));

interface Tally {
  edits: number;
  flagged: number;
  content: number;
  pointed: number;
  controls: number;
  controlsFlagged: number;
  notApplicable: number;
  scores: { edited: number[]; control: number[] };
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
if (values.keep) mkdirSync(values.keep, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'loupe-edits-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** The words of a PDF with their boxes (pdftotext, poppler-utils: a bench tool's dependency, not the engine's). */
function wordsOf(bytes: Uint8Array): Word[] {
  const file = join(scratch, 'doc.pdf');
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  // pdftotext places words on the page as shown (turned by /Rotate) but prints the page's size unturned
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
  const turned = new Set([...info.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)].filter((m) => Number(m[2]) % 180 === 90).map((m) => Number(m[1])));
  const words: Word[] = [];
  let page = 0;
  let size = { w: 1, h: 1 };
  for (const line of html.split('\n')) {
    const p = /<page width="([\d.]+)" height="([\d.]+)"/.exec(line);
    if (p) {
      page++;
      size = turned.has(page) ? { w: Number(p[2]), h: Number(p[1]) } : { w: Number(p[1]), h: Number(p[2]) };
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
const tallies = new Map<string, Map<string, Tally>>();
/** The tally of `key` in table `title`. */
function tally(title: string, key: string): Tally {
  const table = tallies.get(title) ?? tallies.set(title, new Map()).get(title)!;
  return (
    table.get(key) ??
    table
      .set(key, { edits: 0, flagged: 0, content: 0, pointed: 0, controls: 0, controlsFlagged: 0, notApplicable: 0, scores: { edited: [], control: [] } })
      .get(key)!
  );
}
const flagged = (d: ScanDetail): boolean => d.document.verdict === 'SUSPICIOUS' || d.document.verdict === 'FORGED';

for (let seed = Number(values.from); seed < Number(values.from) + Number(values.count); seed++) {
  // a kind of the seeds' cycle takes the seeds that cycle to it; a kind drawn by name only, every seed
  const named = NAMED_KINDS.find((k) => k === values.kind);
  const document = generateDocument(seed, named);
  if (values.kind && document.kind !== values.kind) continue;
  const producer = onlyProducer || producers[seed % producers.length]!;
  let genuine: Uint8Array;
  try {
    genuine = await producer.render(document.layout);
  } catch (error) {
    process.stderr.write(`gen-${seed}: ${(error as Error).message.split('\n')[0]}\n`);
    continue;
  }
  for (const edit of edits) {
    const rng = new Rng(seed * 7919);
    const made =
      edit === 'raised'
        ? (() => {
            const r = raisedFigure(document.layout, rng);
            return r && { layout: r.layout, pairs: [[r.edit.old, r.edit.new]] as [string, string][] };
          })()
        : (() => {
            const k = keptSums(seed, document.kind, document.items, rng);
            return k && { layout: k.document.layout, pairs: k.pairs };
          })();
    if (!made) continue;
    for (const tool of tools) {
      const split = document.heldOut || producer.heldOut || tool.heldOut ? 'held-out' : 'held-in';
      if (values.split !== 'all' && split !== values.split) continue;
      const keys: [string, string][] = [
        ['kind', `${document.kind} (${edit})`],
        ['tool', `${tool.tool} (${edit})`],
        ['producer', `${producer.name} (${edit})`],
      ];
      const scan = tool.approach === 'scan edit' ? ocrEngine : engine;
      let edited: Uint8Array;
      let control: Uint8Array;
      try {
        edited = tool === REPRINT ? await producer.render(made.layout) : await through(tool, genuine, made.pairs, false, seed);
        control = tool === REPRINT ? genuine : await through(tool, genuine, made.pairs, true, seed);
      } catch (error) {
        if (!(error instanceof EditNotApplicable)) process.stderr.write(`gen-${seed} ${tool.tool}: ${(error as Error).message.split('\n')[0]}\n`);
        for (const [title, key] of keys) tally(title, key).notApplicable++;
        continue;
      }
      if (values.keep) {
        writeFileSync(join(values.keep, `gen-${seed}-${tool.tool}-${edit}.pdf`), edited);
        writeFileSync(join(values.keep, `gen-${seed}-${tool.tool}-${edit}-control.pdf`), control);
      }
      const d = await scan.scanDetailed(edited, { name: `gen-${seed}-edited.pdf` });
      const c = await scan.scanDetailed(control, { name: `gen-${seed}.pdf` });
      const found = flagged(d);
      let pointed = false;
      if (found) {
        if (tool.approach === 'scan edit') {
          pointed = made.pairs.some(([old]) => locateAll(genuine, old).some((at) => regionOver(d.document, at)));
        } else {
          const changed = editedWords(wordsOf(control), wordsOf(edited));
          pointed = d.document.regions.some((r) => changed.some((w) => w.page === r.page && overlaps(r, w)));
        }
      }
      for (const [title, key] of keys) {
        const t = tally(title, key);
        t.edits++;
        t.controls++;
        if (found) t.flagged++;
        if ((d.evidence ?? []).includes('content')) t.content++;
        if (pointed) t.pointed++;
        if (flagged(c)) t.controlsFlagged++;
        t.scores.edited.push(d.document.risk_score ?? 0);
        t.scores.control.push(c.document.risk_score ?? 0);
      }
      const what = `gen-${seed} ${document.kind} ${producer.name} ${tool.tool} (${edit}): ${made.pairs.map(([a, b]) => `${a} -> ${b}`).join(', ')}`;
      if (!found) console.error(`missed ${what}`);
      else if (!pointed) console.error(`no region on ${what} (${d.document.indicators.map((i) => i.code).join(', ')})`);
      if (flagged(c))
        console.error(`control flagged gen-${seed} ${document.kind} ${producer.name} ${tool.tool} (${c.document.indicators.map((i) => i.code).join(', ')})`);
    }
  }
}
await engine.dispose();
await ocrEngine.dispose();

const pct = (a: number, b: number): string => (b ? `${Math.round((100 * a) / b)}%` : '-');
const table = (title: string, map: Map<string, Tally>): string =>
  [
    `| ${title} | edits | flagged | on content evidence | a region on the edit | controls flagged | ROC AUC | not applicable |`,
    '|---|---|---|---|---|---|---|---|',
    ...[...map]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, t]) =>
          `| ${k} | ${t.edits} | ${t.flagged} (${pct(t.flagged, t.edits)}) | ${t.content} (${pct(t.content, t.edits)}) | ${t.pointed} (${pct(t.pointed, t.edits)}) | ${t.controlsFlagged} of ${t.controls} | ${rocAuc(t.scores.edited, t.scores.control).toFixed(3)} | ${t.notApplicable} |`,
      ),
  ].join('\n');
console.log(
  `Generated documents edited (${edits.join(' and ')}), ${values.split} seeds ${values.from}..${Number(values.from) + Number(values.count) - 1}, tools: ${tools.map((t) => t.tool).join(', ')}\n`,
);
for (const [title, map] of tallies) console.log(`${table(title, map)}\n`);
