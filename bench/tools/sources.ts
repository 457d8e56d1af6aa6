// Per-source accounting and the behaviour snapshot. Runs `loupe scan --json` (the interface outside
// evaluations run) over every source there is — the real-world corpus (`../shared/corpus`,
// `LOUPE_CORPUS`), the outside set (`../shared/outside/set1`, `LOUPE_OUTSIDE`), and the project's
// own sources written by `materialize.ts` (the layout generator's documents, the families) — and
// reports each source apart: genuine and benignly updated files flagged (held-in and held-out
// splits apart), genuine scans and photos flagged and left INSUFFICIENT_EVIDENCE, edits found,
// and for every content indicator on how many genuine files of the source it fired. A detection
// change lands only when no source gets worse.
//
//   node --import tsx bench/tools/sources.ts [--only corpus,outside,generated,families] [--out snap.json]
//       [--check base.json [--strict]] [--jobs 2] [--load snap.json] [--images]
//
// With `--check` it compares every file with an earlier snapshot: verdict and score changes are
// listed (and make it exit 1), as are changes of findings, regions and details (which fail too with
// `--strict`), and the accounting of both runs is printed side by side. `LOUPE_CLI` names another
// build's `loupe.js` (an earlier commit's worktree) to snapshot the engine before a change. Snapshots name files
// outside the repository: they belong in `bench/out/` (ignored), never in a commit. `--images`
// takes only the photos and scans uploaded as images (PNG, JPEG): a change to the photo path alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { INDICATORS } from '@loupe/core';
import { flagged, type Labelled, labelledFiles, repo, type Seen, SOURCES, seen } from './source-files.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    check: { type: 'string' },
    strict: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    only: { type: 'string' },
    load: { type: 'string' },
    images: { type: 'boolean', default: false },
  },
});
/** Runs `loupe scan --json` over `files` and answers the line of each, in order. */
function scanAll(files: string[]): Promise<string[]> {
  const cli = process.env.LOUPE_CLI ?? join(repo, 'packages', 'cli', 'bin', 'loupe.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, 'scan', '--json', '--no-progress', `--jobs=${values.jobs}`, ...files], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(out.split('\n').filter((line) => line.trim() !== '')) : fail(new Error(`loupe scan exited ${code}`))));
  });
}

const isContent = (code: string): boolean => (INDICATORS as Record<string, { evidence: string } | undefined>)[code]?.evidence === 'content';

/** The accounting of one source. */
interface Accounting {
  genuine: Record<'held-in' | 'held-out', [flagged: number, of: number]>;
  images: { flagged: number; unjudged: number; of: number };
  tampered: [found: number, of: number];
  /** Content indicator → genuine files (and scans or photos) it fired on. */
  content: Record<string, number>;
}

function account(files: readonly Labelled[], results: Record<string, Seen>, key: (l: Labelled) => string): Accounting {
  const a: Accounting = { genuine: { 'held-in': [0, 0], 'held-out': [0, 0] }, images: { flagged: 0, unjudged: 0, of: 0 }, tampered: [0, 0], content: {} };
  for (const l of files) {
    const s = results[key(l)];
    if (!s || s.verdict.startsWith('error:')) continue;
    if (l.class === 'tampered') {
      a.tampered[1]++;
      if (flagged(s)) a.tampered[0]++;
      continue;
    }
    if (l.class !== 'genuine' && l.class !== 'genuine_benign_update' && l.class !== 'genuine_image') continue;
    if (l.class === 'genuine_image') {
      a.images.of++;
      if (flagged(s)) a.images.flagged++;
      if (s.verdict === 'INSUFFICIENT_EVIDENCE') a.images.unjudged++;
    } else {
      // a real-world file that could not be examined is not counted, as bench:corpus does
      if (s.verdict === 'INSUFFICIENT_EVIDENCE' && l.technique === 'real world') continue;
      const row = a.genuine[l.split];
      row[1]++;
      if (flagged(s)) row[0]++;
    }
    for (const code of new Set(s.findings.map((f) => f.split(' ')[0]!))) if (isContent(code)) a.content[code] = (a.content[code] ?? 0) + 1;
  }
  return a;
}

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');
const frac = ([a, b]: [number, number]): string => (b ? `${a}/${b} (${pct(a, b)})` : '—');

function table(rows: Record<string, Accounting>, label: string): string {
  const lines = [
    `### ${label}`,
    '',
    '| source | genuine flagged, held-in | held-out | scans/photos flagged | unjudged | edits found | content indicators on genuine files |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [source, a] of Object.entries(rows)) {
    const content = Object.entries(a.content)
      .sort((x, y) => y[1] - x[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    lines.push(
      `| ${source} | ${frac(a.genuine['held-in'])} | ${frac(a.genuine['held-out'])} | ${frac([a.images.flagged, a.images.of])} | ${frac([a.images.unjudged, a.images.of])} | ${frac(a.tampered)} | ${content || '—'} |`,
    );
  }
  return lines.join('\n');
}

const snapshot: Record<string, Seen> = {};
const labelled: Record<string, Labelled[]> = {};
const started = performance.now();
const wanted = values.only?.split(',');
// `--load`: the accounting (and `--check`) of a snapshot taken earlier, without scanning
const loaded = values.load ? (JSON.parse(readFileSync(values.load, 'utf8')) as Record<string, Seen>) : undefined;
for (const [source, dir] of Object.entries(SOURCES)) {
  if (wanted && !wanted.includes(source)) continue;
  if (!existsSync(dir)) {
    process.stderr.write(`${source} is missing at ${dir}${dir.includes('bench/out') ? ' (run bench/tools/materialize.ts)' : ''}: skipped\n`);
    continue;
  }
  const files = labelledFiles(dir).filter((f) => !values.images || /\.(png|jpe?g)$/i.test(f.path));
  labelled[source] = files;
  if (loaded) {
    for (const file of files) {
      const key = `${source}/${relative(dir, file.path)}`;
      if (loaded[key]) snapshot[key] = loaded[key];
    }
    continue;
  }
  // one process for a few hundred files at a time keeps a stuck file from costing the whole run
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const lines = await scanAll(batch.map((f) => f.path));
    if (lines.length !== batch.length) throw new Error(`${source}: ${lines.length} lines for ${batch.length} files`);
    batch.forEach((file, k) => {
      snapshot[`${source}/${relative(dir, file.path)}`] = seen(lines[k]!);
    });
    process.stderr.write(`${source}: ${Math.min(i + 200, files.length)} of ${files.length}\n`);
  }
}
console.log(`${Object.keys(snapshot).length} files in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
const keyOf = (source: string) => (l: Labelled) => `${source}/${relative(SOURCES[source]!, l.path)}`;
const now = Object.fromEntries(Object.entries(labelled).map(([source, files]) => [source, account(files, snapshot, keyOf(source))]));
console.log(table(now, 'This run'));

if (values.out) {
  mkdirSync(dirname(resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(snapshot, null, 1)}\n`);
}
if (values.check) {
  const before = JSON.parse(readFileSync(values.check, 'utf8')) as Record<string, Seen>;
  const then = Object.fromEntries(Object.entries(labelled).map(([source, files]) => [source, account(files, before, keyOf(source))]));
  console.log(`\n${table(then, `Before (${values.check})`)}\n`);
  let verdictChanges = 0;
  const changed = { detail: 0, findings: 0, regions: 0 };
  for (const [file, was] of Object.entries(before)) {
    const is = snapshot[file];
    if (!is) continue;
    if (is.verdict !== was.verdict || is.risk_score !== was.risk_score) {
      verdictChanges++;
      console.log(`CHANGED ${file}: ${was.verdict} ${was.risk_score} -> ${is.verdict} ${is.risk_score}`);
    }
    for (const key of ['detail', 'findings', 'regions'] as const) {
      const gone = (was[key] ?? []).filter((x) => !is[key].includes(x));
      const added = is[key].filter((x) => !(was[key] ?? []).includes(x));
      if (!gone.length && !added.length) continue;
      changed[key]++;
      console.log(`${key} of ${file}:\n${gone.map((x) => `  - ${x}`).join('\n')}\n${added.map((x) => `  + ${x}`).join('\n')}`);
    }
  }
  const compared = Object.keys(before).filter((file) => snapshot[file]).length;
  console.log(
    `${compared} files compared: ${verdictChanges} verdicts or scores changed; ` +
      `the findings of ${changed.findings}, the regions of ${changed.regions} and the confidence, headline or checks of ${changed.detail} files changed`,
  );
  if (verdictChanges || (values.strict && changed.detail + changed.findings + changed.regions)) process.exit(1);
}
