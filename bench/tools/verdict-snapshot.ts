// The behaviour snapshot of a refactoring: runs `loupe scan --json` (the stable interface outside
// evaluations run) over the real-world corpus (`../shared/corpus`, `LOUPE_CORPUS`) and the outside
// set (`../shared/outside/set1/files`, `LOUPE_OUTSIDE`), and writes, per file, the verdict, the
// risk score and every finding (code, confidence, summary) with the regions. With `--check FILE`
// it compares the run with an earlier snapshot and exits 1 when any verdict or score differs
// (differences in findings, regions, confidence, headline or checks passed are listed, and fail too with `--strict`).
//
//   node --import tsx bench/tools/verdict-snapshot.ts --out bench/out/before.json
//   node --import tsx bench/tools/verdict-snapshot.ts --check bench/out/before.json [--strict]
//
// Snapshots hold verdicts of files outside the repository: they belong in `bench/out/` (ignored),
// never in a commit. `--jobs N` (default 2) is the CLI's own worker pool; `--only corpus|outside`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface Seen {
  verdict: string;
  risk_score: number | null;
  /** The Document's confidence, headline and checks that passed (compared like the findings). */
  detail: string[];
  findings: string[];
  regions: string[];
}

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    check: { type: 'string' },
    strict: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const repo = resolve(import.meta.dirname, '..', '..');
const sources: Record<string, string> = {
  corpus: resolve(process.env.LOUPE_CORPUS ?? join(repo, '..', 'shared', 'corpus')),
  outside: resolve(process.env.LOUPE_OUTSIDE ?? join(repo, '..', 'shared', 'outside', 'set1', 'files')),
};

const documentFile = (name: string): boolean => /\.(pdf|png|jpe?g)$/i.test(name);
function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : documentFile(name) ? [path] : [];
    })
    .sort();
}

/** Runs `loupe scan --json` over `files` and answers the line of each, in order. */
function scanAll(files: string[]): Promise<string[]> {
  const cli = join(repo, 'packages', 'cli', 'bin', 'loupe.js');
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

function seen(line: string): Seen {
  const d = JSON.parse(line) as {
    verdict?: string;
    risk_score?: number;
    error?: { code: string };
    findings?: { code: string; confidence: number; summary: string }[];
    regions?: { page: number; x: number; y: number; w: number; h: number; indicator_code: string }[];
    confidence?: number;
    headline?: string;
    checks_passed?: string[];
  };
  return {
    verdict: d.verdict ?? `error:${d.error?.code ?? 'unknown'}`,
    risk_score: d.risk_score ?? null,
    detail: [`confidence ${d.confidence}`, `headline ${d.headline}`, `checks_passed ${(d.checks_passed ?? []).join(', ')}`],
    findings: (d.findings ?? []).map((f) => `${f.code} ${f.confidence} ${f.summary}`),
    regions: (d.regions ?? []).map((r) => `${r.indicator_code} p${r.page} ${r.x},${r.y},${r.w},${r.h}`),
  };
}

const snapshot: Record<string, Seen> = {};
const started = performance.now();
for (const [source, dir] of Object.entries(sources)) {
  if (values.only && values.only !== source) continue;
  if (!existsSync(dir)) throw new Error(`${source} is missing at ${dir}`);
  const files = filesUnder(dir);
  // one process for a few hundred files at a time keeps a stuck file from costing the whole run
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const lines = await scanAll(batch);
    if (lines.length !== batch.length) throw new Error(`${source}: ${lines.length} lines for ${batch.length} files`);
    batch.forEach((file, k) => {
      snapshot[`${source}/${relative(dir, file)}`] = seen(lines[k]!);
    });
    process.stderr.write(`${source}: ${Math.min(i + 200, files.length)} of ${files.length}\n`);
  }
}
console.log(`${Object.keys(snapshot).length} files in ${((performance.now() - started) / 1000).toFixed(0)} s`);

if (values.out) {
  mkdirSync(dirname(resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(snapshot, null, 1)}\n`);
}
if (values.check) {
  const before = JSON.parse(readFileSync(values.check, 'utf8')) as Record<string, Seen>;
  let verdictChanges = 0;
  const changed = { detail: 0, findings: 0, regions: 0 };
  for (const [file, was] of Object.entries(before)) {
    const now = snapshot[file];
    if (!now) continue;
    if (now.verdict !== was.verdict || now.risk_score !== was.risk_score) {
      verdictChanges++;
      console.log(`CHANGED ${file}: ${was.verdict} ${was.risk_score} -> ${now.verdict} ${now.risk_score}`);
    }
    for (const key of ['detail', 'findings', 'regions'] as const) {
      const gone = (was[key] ?? []).filter((x) => !now[key].includes(x));
      const added = now[key].filter((x) => !(was[key] ?? []).includes(x));
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
