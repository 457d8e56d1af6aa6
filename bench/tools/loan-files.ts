// Loan files as a whole (issue 52), measured on the layout generator's loan files
// (`layouts/loan-file.ts`: consecutive statements of one account, consecutive stubs of one job
// whose net pay the statements record, often the job's letter of employment and last year's W-2
// beside that year's last stub, and other documents; four to fifteen in all), each printed by the
// held-in producers in turn. Precision: every genuine file must give no loan-level conflict.
// Recall: the same file with one stub, statement, letter or W-2 drawn again by the careful forger
// (one item raised, every sum of the document following), and with one addressed to another person, counted
// by what the edit touched; caught when a conflict names the edited document, and counted apart
// where the document alone was not flagged.
//
//   node --import tsx bench/tools/loan-files.ts [--seeds 60]
import { parseArgs } from 'node:util';
import { type LoanConflict, type LoanDocumentWords, loanConflicts, type ScanDetail } from '@loupe/core';
import { type GeneratedLoanFile, generateLoanFile, type LoanFileEdit } from '@loupe/fixtures/layouts/loan-file';
import { installedProducers } from '@loupe/fixtures/layouts/producers';
import { Rng } from '@loupe/fixtures/layouts/random';
import { createNodeEngine } from '@loupe/node';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '60' } } });
const engine = createNodeEngine();
const producers = installedProducers().filter((p) => !p.heldOut);
const flagged = (d: ScanDetail): boolean => d.document.verdict === 'SUSPICIOUS' || d.document.verdict === 'FORGED';

/** Every document of `file` printed and scanned (the `k`-th by the producer `seed + k` names). */
async function scanFile(file: GeneratedLoanFile): Promise<ScanDetail[]> {
  const out: ScanDetail[] = [];
  for (const [k, d] of file.documents.entries()) {
    const producer = producers[(file.seed + k) % producers.length]!;
    out.push(await engine.scanDetailed(await producer.render(d.document.layout), { name: d.name }));
  }
  return out;
}

const wordsOf = (file: GeneratedLoanFile, scans: readonly ScanDetail[]): LoanDocumentWords[] =>
  file.documents.map((d, k) => ({ id: d.name, words: scans[k]!.words ?? [] }));

interface Tally {
  files: number;
  caught: number;
  suspect: number;
  aloneMissed: number;
  caughtWhereMissed: number;
}
const tallies = new Map<string, Tally>();
const tally = (key: string): Tally => tallies.get(key) ?? tallies.set(key, { files: 0, caught: 0, suspect: 0, aloneMissed: 0, caughtWhereMissed: 0 }).get(key)!;
const genuine = { files: 0, documents: 0, withConflict: 0, codes: new Map<string, number>() };

for (let seed = 1; seed <= Number(values.seeds); seed++) {
  const file = generateLoanFile(seed);
  const scans = await scanFile(file);
  const conflicts = await loanConflicts(wordsOf(file, scans));
  genuine.files++;
  genuine.documents += file.documents.length;
  if (conflicts.length) genuine.withConflict++;
  for (const c of conflicts) {
    genuine.codes.set(c.code, (genuine.codes.get(c.code) ?? 0) + 1);
    console.error(`genuine file ${seed}: ${c.code}: ${c.summary}`);
  }
  // the forger: a stub or a statement of the file, one item raised, every sum of it following; and
  // a stub or a statement addressed to another person
  const rng = new Rng(seed);
  const candidates = file.documents.flatMap((d, k) => (d.role === 'other' ? [] : [k]));
  const target = candidates[rng.int(candidates.length)]!;
  const items = file.documents[target]!.document.items;
  for (let tried = 0, raise = rng.int(Math.max(1, items)); tried < items; tried++, raise = (raise + 1) % items)
    if (await measure(file, scans, { document: target, raise }, 'one item raised, every sum of it kept')) break;
  await measure(file, scans, { document: candidates[rng.int(candidates.length)]!, rename: true }, 'addressed to another person');
}

/** The loan's conflicts with one document of `file` edited by `edit`, tallied under `what`; false when the edit changes nothing printed. */
async function measure(file: GeneratedLoanFile, scans: readonly ScanDetail[], edit: LoanFileEdit, what: string): Promise<boolean> {
  const document = generateLoanFile(file.seed, edit).documents[edit.document]!;
  if (JSON.stringify(document.document.layout) === JSON.stringify(file.documents[edit.document]!.document.layout)) return false;
  const producer = producers[(file.seed + edit.document) % producers.length]!;
  const scan = await engine.scanDetailed(await producer.render(document.document.layout), { name: document.name });
  const words = wordsOf(file, scans).map((w, k) => (k === edit.document ? { id: w.id, words: scan.words ?? [] } : w));
  const found: LoanConflict[] = (await loanConflicts(words)).filter((c) => c.documents.includes(document.name));
  const t = tally(`${document.role}, ${what} (${file.documents.filter((d) => d.role === document.role).length} in the file)`);
  t.files++;
  if (found.length) t.caught++;
  if (found.some((c) => c.suspect === document.name)) t.suspect++;
  if (!flagged(scan)) {
    t.aloneMissed++;
    if (found.length) t.caughtWhereMissed++;
  }
  return true;
}
await engine.dispose();

console.log('| generated loan files (held-in producers) | files | documents | files with a conflict | conflicts by kind |\n|---|---|---|---|---|');
console.log(
  `| genuine | ${genuine.files} | ${genuine.documents} | ${genuine.withConflict} | ${[...genuine.codes].map(([c, n]) => `${c} ${n}`).join(', ') || '—'} |`,
);
console.log(
  '\n| one document edited | files | caught at loan level | edited document named suspect | missed by the document alone | of those, caught at loan level |',
);
console.log('|---|---|---|---|---|---|');
for (const [key, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`| ${key} | ${t.files} | ${t.caught} | ${t.suspect} | ${t.aloneMissed} | ${t.caughtWhereMissed} |`);
