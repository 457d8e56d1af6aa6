// The real-world corpus (`../shared/corpus`, files nobody here made) against the committed
// judgements (`bench/corpus-judgements.json`: for every file Loupe has flagged, whether a person
// judged it edited, genuine or unsure, and the evidence in one line). One run prints: verdicts
// over every file, the flagged share among files judged genuine (false positives) with the
// indicators behind them, the edited files still flagged, and the flagged files nobody has
// judged yet (to review and add). `npm run bench:corpus`; `-- --ocr` reads pages without text by
// OCR, as the service does by default (slower: every scanned page is recognised).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createNodePool } from '@loupe/node';

interface Judgement {
  /** Path under ../shared/corpus. */
  file: string;
  judgement: 'edited' | 'genuine' | 'unsure';
  /** Loupe's verdict and the codes of its findings when the file was reviewed. */
  verdict_at_review: string;
  codes: string[];
  /** The evidence in one line (what was seen in the file). */
  evidence: string;
}

const root = join(import.meta.dirname, '..', '..', 'shared', 'corpus');
const judgements = new Map((JSON.parse(readFileSync(join(import.meta.dirname, 'corpus-judgements.json'), 'utf8')) as Judgement[]).map((j) => [j.file, j]));

function pdfs(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? pdfs(path) : name.toLowerCase().endsWith('.pdf') ? [path] : [];
    })
    .sort();
}

const files = pdfs(root);
const withOcr = process.argv.includes('--ocr');
const pool = createNodePool({ size: 2, ocr: withOcr, timeoutMs: 300_000 });
const verdicts = new Map<string, number>();
const flagged: { file: string; verdict: string; codes: string[] }[] = [];
const started = performance.now();
let next = 0;
async function worker(): Promise<void> {
  while (next < files.length) {
    const path = files[next++]!;
    const file = relative(root, path);
    try {
      const { document } = await pool.run('scan', new Uint8Array(readFileSync(path)), { name: file });
      verdicts.set(document.verdict, (verdicts.get(document.verdict) ?? 0) + 1);
      if (document.verdict === 'SUSPICIOUS' || document.verdict === 'FORGED')
        flagged.push({ file, verdict: document.verdict, codes: [...new Set((document.indicators ?? []).map((i) => i.code))] });
    } catch (error) {
      const key = `error: ${(error as { code?: string }).code ?? 'unknown'}`;
      verdicts.set(key, (verdicts.get(key) ?? 0) + 1);
    }
  }
}
await Promise.all([worker(), worker()]);
await pool.close();

const judged = (kind: Judgement['judgement']) => [...judgements.values()].filter((j) => j.judgement === kind).map((j) => j.file);
const genuine = new Set(judged('genuine'));
const edited = new Set(judged('edited'));
const examined = files.length - [...verdicts].filter(([k]) => k.startsWith('error')).reduce((n, [, c]) => n + c, 0);
const falsePositives = flagged.filter((f) => genuine.has(f.file));
const unjudged = flagged.filter((f) => !judgements.has(f.file));
// files not judged are taken as genuine for the rate: the corpus is mostly unedited documents
const presumedGenuine = examined - edited.size - judged('unsure').length;
const fpFiles = falsePositives.length + unjudged.length;

console.log(
  `Real-world corpus: ${files.length} PDFs in ${((performance.now() - started) / 1000).toFixed(0)} s (two workers, ${withOcr ? 'pages without text read by OCR' : 'no OCR'})\n`,
);
console.log('Verdicts:', [...verdicts].map(([k, v]) => `${k} ${v}`).join(', '));
console.log(`Flagged: ${flagged.length} of ${examined} examined (${((100 * flagged.length) / examined).toFixed(1)}%)`);
console.log(`Judged: ${edited.size} edited, ${genuine.size} genuine, ${judged('unsure').length} unsure (${judgements.size} files)`);
console.log(
  `False positives: ${fpFiles} flagged of ${presumedGenuine} files judged or presumed genuine (${((100 * fpFiles) / presumedGenuine).toFixed(2)}%; target at most 2%)`,
);
const byCode = new Map<string, number>();
for (const f of [...falsePositives, ...unjudged]) for (const c of f.codes) byCode.set(c, (byCode.get(c) ?? 0) + 1);
if (byCode.size > 0)
  console.log(
    '  indicators on them:',
    [...byCode]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', '),
  );
for (const f of falsePositives) console.log(`  judged genuine, flagged ${f.verdict}: ${f.file} (${f.codes.join(', ')})`);
const editedFlagged = flagged.filter((f) => edited.has(f.file)).length;
console.log(`Edited files flagged: ${editedFlagged} of ${edited.size}`);
for (const f of unjudged) console.log(`  not judged yet, flagged ${f.verdict}: ${f.file} (${f.codes.join(', ')})`);
