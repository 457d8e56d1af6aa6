// Measures the scoring policy's false alarms per source and writes them where the policy reads them
// (`packages/core/src/forensics/policy-measured.json`): for every indicator, on how many held-in
// genuine files (native, benignly updated, scanned or photographed) of each source it fired as
// evidence, and on how many edits. An indicator shown to fire on more than the policy's target
// share of any source's genuine files (the lower end of the rate's 95% interval) never decides
// alone (`policy.ts`); this script is how that is decided, from measurements, never by hand. Held-out files are not read: nothing is tuned on them.
//
//   node --import tsx bench/tools/calibrate-policy.ts --load snapshot.json [--write]
//
// The snapshot is `bench/tools/sources.ts --out`'s, of every source (a source it lacks is not
// measured). A finding whose reading nothing corroborates is context to the policy and is not
// counted. Without `--write` it prints what would change.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { INDICATORS, type IndicatorCode } from '@loupe/core';
import { provenRate, TARGET_FALSE_ALARMS, UNCORROBORATED } from '@loupe/core/internal';
import { labelledFiles, repo, type Seen, SOURCES, TUNED_SOURCES } from './source-files.js';

/** Sources with fewer held-in genuine files than this are not measured (one file would weigh 4%). */
const MIN_GENUINE = 25;

const { values } = parseArgs({ options: { load: { type: 'string' }, write: { type: 'boolean', default: false } } });
if (!values.load) throw new Error('--load snapshot.json is required (bench/tools/sources.ts --out)');
const snapshot = JSON.parse(readFileSync(values.load, 'utf8')) as Record<string, Seen>;

type Counts = { genuine: Record<string, [number, number]>; tampered: [number, number] };
const indicators: Record<string, Counts> = {};
const sizes: Record<string, number> = {};
const tampered: [number, number] = [0, 0];
const counts = (code: string): Counts => {
  indicators[code] ??= { genuine: {}, tampered: [0, 0] };
  return indicators[code];
};

/** The indicators a file's scan raised as evidence (a reading nothing corroborates is not). */
const evidenceCodes = (s: Seen): Set<string> =>
  new Set(
    s.findings
      .filter((f) => !f.includes(UNCORROBORATED))
      .map((f) => f.split(' ')[0]!)
      .filter((code) => code in INDICATORS),
  );

const measuredSources: string[] = [];
// the sources tuning may look at: a further batch of generator seeds stays out, as a test of the policy
for (const [source, dir] of Object.entries(SOURCES).filter(([name]) => TUNED_SOURCES.includes(name))) {
  const files = labelledFiles(dir).filter((f) => f.split === 'held-in' && snapshot[`${source}/${relative(dir, f.path)}`]);
  const genuine = files.filter((f) => f.class === 'genuine' || f.class === 'genuine_benign_update' || f.class === 'genuine_image');
  // a real-world file that could not be examined is not counted, as bench:corpus does
  const judged = genuine.filter((f) => !(f.technique === 'real world' && snapshot[`${source}/${relative(dir, f.path)}`]!.verdict === 'INSUFFICIENT_EVIDENCE'));
  if (judged.length < MIN_GENUINE) {
    process.stderr.write(`${source}: ${judged.length} genuine files in the snapshot, fewer than ${MIN_GENUINE}: not measured\n`);
    continue;
  }
  measuredSources.push(source);
  sizes[source] = judged.length;
  const fired: Record<string, number> = {};
  for (const f of judged) for (const code of evidenceCodes(snapshot[`${source}/${relative(dir, f.path)}`]!)) fired[code] = (fired[code] ?? 0) + 1;
  for (const [code, n] of Object.entries(fired)) counts(code).genuine[source] = [n, judged.length];
  for (const f of files.filter((x) => x.class === 'tampered')) {
    tampered[1]++;
    for (const code of evidenceCodes(snapshot[`${source}/${relative(dir, f.path)}`]!)) counts(code).tampered[0]++;
  }
}
for (const c of Object.values(indicators)) c.tampered[1] = tampered[1];

const path = join(repo, 'packages', 'core', 'src', 'forensics', 'policy-measured.json');
const before = JSON.parse(readFileSync(path, 'utf8')) as { indicators: Record<string, Counts> };
const worst = (c: Counts | undefined): number => Math.max(0, ...Object.values(c?.genuine ?? {}).map(([n, of]) => provenRate(n, of)));
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

console.log(`| indicator | evidence | genuine files fired on, by source | edits | decides alone |`);
console.log('|---|---|---|---|---|');
for (const code of Object.keys(indicators).sort()) {
  const c = indicators[code]!;
  const was = worst(before.indicators[code]) <= TARGET_FALSE_ALARMS;
  const now = worst(c) <= TARGET_FALSE_ALARMS;
  const bySource = Object.entries(c.genuine)
    .map(([s, [n, of]]) => `${s} ${n}/${of}`)
    .join(', ');
  const evidence = (INDICATORS as Record<string, { evidence: string }>)[code as IndicatorCode]?.evidence;
  console.log(
    `| ${code} | ${evidence} | ${bySource || '—'} | ${c.tampered[0]} | ${now ? 'yes' : `no (at least ${pct(worst(c))})`}${was === now ? '' : ' (changed)'} |`,
  );
}
if (values.write) {
  const out = {
    about: (JSON.parse(readFileSync(path, 'utf8')) as { about: string }).about,
    measured: `${new Date().toISOString().slice(0, 10)} from ${measuredSources.join(', ')}`,
    sources: sizes,
    indicators: Object.fromEntries(
      Object.keys(indicators)
        .sort()
        .map((code) => [code, indicators[code]]),
    ),
  };
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${relative(repo, path)}`);
}
