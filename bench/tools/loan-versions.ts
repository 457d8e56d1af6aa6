// Loan-level versions (issue 52) measured on every source at hand. Precision: every genuine file of
// a source put in one loan file, every loan-level check run (versions, balances, year to date, net
// pay against deposits) (the outside set's genuine, benignly updated, scanned and
// metadata-only files; the real-world corpus; the layout generator's genuine documents) must give
// no conflict. Recall: each edited file beside its genuine original (the outside set's `base`; the
// generator's careful forger, `keptSums`, every sum kept), and beside two copies of it, where the
// forged version must be named the suspect; counted apart for the edits the document alone
// missed (not SUSPICIOUS or FORGED on its own).
//
//   node --import tsx bench/tools/loan-versions.ts [--set1 DIR] [--seeds 110] [--corpus]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type LoanWord, loanConflicts, type ScanDetail, versionConflicts } from '@loupe/core';
import { keptSums } from '@loupe/fixtures/layouts/edits';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { installedProducers } from '@loupe/fixtures/layouts/producers';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';
import { corpusFiles } from '../../test/corpus.js';

const { values } = parseArgs({
  options: {
    set1: { type: 'string', default: process.env.LOUPE_SET1 ?? '../shared/outside/set1' },
    seeds: { type: 'string', default: '110' },
    corpus: { type: 'boolean', default: false },
  },
});
const engine = createNodeEngine();
const flagged = (d: ScanDetail): boolean => d.document.verdict === 'SUSPICIOUS' || d.document.verdict === 'FORGED';

interface Tally {
  pairs: number;
  caught: number;
  suspect: number;
  aloneMissed: number;
  caughtWhereMissed: number;
}
const tallies = new Map<string, Tally>();
const tally = (key: string): Tally => tallies.get(key) ?? tallies.set(key, { pairs: 0, caught: 0, suspect: 0, aloneMissed: 0, caughtWhereMissed: 0 }).get(key)!;
const genuineRows: [string, number, number][] = [];

/** One edited file against its original: a conflict between the two, and the suspect among it and two copies of the original. */
function judge(key: string, original: readonly LoanWord[], edited: ScanDetail): void {
  const words = edited.words ?? [];
  const pair = versionConflicts([
    { id: 'original', words: original },
    { id: 'edited', words },
  ]);
  const three = versionConflicts([
    { id: 'original', words: original },
    { id: 'edited', words },
    { id: 'copy', words: original },
  ]);
  const t = tally(key);
  t.pairs++;
  const caught = pair.length > 0;
  if (caught) t.caught++;
  if (three.some((c) => c.suspect === 'edited')) t.suspect++;
  if (!flagged(edited)) {
    t.aloneMissed++;
    if (caught) t.caughtWhereMissed++;
  }
}

// the outside set: genuine files together, and each tampered file beside its base
{
  const labels = JSON.parse(readFileSync(join(values.set1, 'labels.json'), 'utf8')) as { file: string; class: string; technique?: string; base?: string }[];
  const scans = new Map<string, ScanDetail>();
  for (const l of labels) {
    try {
      scans.set(l.file, await engine.scanDetailed(readFileSync(join(values.set1, 'files', l.file)), { name: l.file }));
    } catch {
      // an unreadable file has no words to compare
    }
  }
  const genuine = labels.filter((l) => l.class !== 'tampered' && scans.has(l.file));
  const conflicts = await loanConflicts(genuine.map((l) => ({ id: l.file, words: scans.get(l.file)!.words ?? [] })));
  genuineRows.push(['outside set 1 (genuine, benign updates, scans, metadata only)', genuine.length, conflicts.length]);
  for (const c of conflicts) console.error(`set 1 genuine conflict: ${c.documents.join(', ')}: ${c.summary}`);
  for (const l of labels.filter((l) => l.class === 'tampered' && l.base && scans.has(l.file) && scans.has(l.base!)))
    judge(`set 1, technique ${l.technique}`, scans.get(l.base!)!.words ?? [], scans.get(l.file)!);
}

// the layout generator: its genuine documents together, and the careful forger's version of each
{
  const producers = installedProducers().filter((p) => !p.heldOut);
  const genuine: { id: string; words: LoanWord[] }[] = [];
  for (let seed = 1; seed <= Number(values.seeds); seed++) {
    const document = generateDocument(seed);
    const producer = producers[seed % producers.length]!;
    const original = await engine.scanDetailed(await producer.render(document.layout), { name: `${seed}.pdf` });
    genuine.push({ id: `gen-${seed}`, words: original.words ?? [] });
    const kept = keptSums(seed, document.kind, document.items, new Rng(seed));
    if (!kept) continue;
    const edited = await engine.scanDetailed(await producer.render(kept.document.layout), { name: `${seed}-kept.pdf` });
    judge(`generator, ${document.kind} (sums kept, re-printed)`, original.words ?? [], edited);
  }
  const conflicts = await loanConflicts(genuine);
  genuineRows.push([`layout generator (seeds 1-${values.seeds}, held-in producers)`, genuine.length, conflicts.length]);
  for (const c of conflicts) console.error(`generator genuine conflict: ${c.documents.join(', ')}: ${c.summary}`);
}

// the real-world corpus, every file in one loan file
if (values.corpus) {
  const files = corpusFiles();
  const docs: { id: string; words: LoanWord[] }[] = [];
  for (const file of files) {
    try {
      docs.push({ id: file, words: (await engine.scanDetailed(readFileSync(file), { name: file })).words ?? [] });
    } catch {
      // refused files have no words
    }
  }
  const conflicts = await loanConflicts(docs);
  genuineRows.push(['real-world corpus', docs.length, conflicts.length]);
  for (const c of conflicts) console.error(`corpus conflict: ${c.documents.join(', ')}: ${c.summary}`);
}
await engine.dispose();

console.log('| genuine source, all in one loan file | files | loan-level conflicts |\n|---|---|---|');
for (const [source, n, c] of genuineRows) console.log(`| ${source} | ${n} | ${c} |`);
console.log(
  '\n| edited file beside its original | pairs | conflict found | suspect named among two copies | missed by the document alone | of those, found at loan level |',
);
console.log('|---|---|---|---|---|---|');
for (const [key, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`| ${key} | ${t.pairs} | ${t.caught} | ${t.suspect} | ${t.aloneMissed} | ${t.caughtWhereMissed} |`);
