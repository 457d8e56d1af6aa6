// Learns each producer's writing habits from the genuine files of the sources detection is tuned
// on (the real-world corpus, outside set 1, the layout generator's seeds, the families) and writes
// the table the producer-pipeline check reads
// (packages/core/src/forensics/checks/structure/producer-pipeline/fingerprints.json). A habit
// is kept for a producer seen in at least MIN_FILES genuine files when at least HABIT_SHARE of
// the files that show the trait show the same form (CONTENT_HABIT_SHARE for a habit of the pages'
// content): a habit that changes between versions,
// options or a re-save never enters. The table lists the producer strings (versions) each
// producer was seen under: the check holds a version it has not seen to the habits only when
// they held across several versions (fingerprint.ts).
// `--without` leaves sources out (to measure the table on a source it was not learned from).
//   node --import tsx bench/tools/learn-fingerprints.ts [--without corpus] [--out path]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CONTENT_HABITS,
  type FileHabits,
  type Habit,
  type Habits,
  habitsOf,
} from '../../packages/core/src/forensics/checks/structure/producer-pipeline/fingerprint.js';
import { producerFamily } from '../../packages/core/src/forensics/readers/file-syntax.js';
import { PdfFile } from '../../packages/core/src/pdf/pdf-file.js';
import { analyseRevisions } from '../../packages/core/src/pdf/revision-changes.js';
import { labelledFiles, repo, SOURCES, TUNED_SOURCES } from './source-files.js';

const { values } = parseArgs({
  options: {
    without: { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: join(repo, 'packages/core/src/forensics/checks/structure/producer-pipeline/fingerprints.json') },
  },
});

/** Genuine files a producer must have been seen in. */
const MIN_FILES = 8;
/** Share of the files showing a trait that must show one form for it to be the producer's habit, */
const HABIT_SHARE = 0.95;
/**
 * and of the pages, for a habit of the pages' content (read page by page, as the check reads it),
 * whose breach is content evidence (a re-save keeps the content's bytes, so a genuine page is as its
 * producer wrote it): Skia writes several instructions to a line in 95% of its files, too few to
 * call one to a line a rewrite.
 */
const CONTENT_HABIT_SHARE = 0.99;

interface Seen extends FileHabits {
  source: string;
  producer: string;
}
const byFamily = new Map<string, Seen[]>();
const counted: Record<string, number> = {};
for (const source of TUNED_SOURCES.filter((s) => !values.without.includes(s))) {
  for (const file of labelledFiles(SOURCES[source]!)) {
    // held-out documents and producers stay out of everything tuned, this table too
    if (file.class !== 'genuine' || file.split === 'held-out' || !file.path.endsWith('.pdf')) continue;
    try {
      const pdf = PdfFile.open(readFileSync(file.path));
      const producer = analyseRevisions(pdf)[0]?.info.producer;
      const habits = habitsOf(pdf);
      if (!producer || !habits) continue;
      const family = producerFamily(producer);
      if (!family) continue;
      byFamily.set(family, [...(byFamily.get(family) ?? []), { source, producer, ...habits }]);
      counted[source] = (counted[source] ?? 0) + 1;
    } catch {
      // unreadable files teach nothing
    }
  }
}

const families: Record<string, { files: number; versions: string[]; habits: Habits }> = {};
for (const [family, seen] of [...byFamily].sort((a, b) => a[0].localeCompare(b[0]))) {
  if (seen.length < MIN_FILES) continue;
  const habits: Habits = {};
  const traits = new Set(seen.flatMap((s) => [s.file, ...s.pages].flatMap((h) => Object.keys(h) as Habit[])));
  for (const trait of [...traits].sort()) {
    const content = CONTENT_HABITS.has(trait);
    const readings: Habits[] = content ? seen.flatMap((s) => s.pages) : seen.map((s) => s.file);
    const forms = readings.map((h) => h[trait]).filter((f): f is string => f !== undefined);
    if (forms.length < MIN_FILES) continue;
    const counts = new Map<string, number>();
    for (const f of forms) counts.set(f, (counts.get(f) ?? 0) + 1);
    const [form, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    if (form !== 'mixed' && n / forms.length >= (content ? CONTENT_HABIT_SHARE : HABIT_SHARE)) habits[trait] = form;
  }
  const versions = [...new Set(seen.map((s) => s.producer))].sort();
  if (Object.keys(habits).length >= 2) families[family] = { files: seen.length, versions, habits };
}
const table = { learnedFrom: counted, minFiles: MIN_FILES, habitShare: HABIT_SHARE, contentHabitShare: CONTENT_HABIT_SHARE, families };
writeFileSync(values.out, `${JSON.stringify(table, null, 2)}\n`);
console.log(
  `${Object.keys(families).length} producers from ${Object.entries(counted)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ')} -> ${values.out}`,
);
