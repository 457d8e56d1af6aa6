// The hostile-file suite measured: every file of `@loupe/fixtures/hostile-files` through the built
// CLI (`loupe scan --json` or `loupe detect --json`), one process each under GNU time, with its
// answer, wall time and peak resident memory. The test (`test/hostile-files.test.ts`) bounds the
// same files by outcome; the figures live here.
//
//   npm run bench:hostile
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileFiles } from '@loupe/fixtures/hostile-files';
import { LOUPE_BIN } from '../test/cli-runner.js';
import { timeProcess } from './measure.js';

/** What one line of `--json` output answered, in a word or two. */
function answerOf(stdout: string): string {
  const line = stdout.trim().split('\n').at(-1);
  if (!line) return 'no answer';
  const value = JSON.parse(line) as { verdict?: string; reason_codes?: string[]; error?: { code: string }; frames?: unknown[] };
  if (value.error) return `error ${value.error.code}`;
  return `${value.verdict}${value.reason_codes ? ` (${value.reason_codes.join(', ')})` : ''}`;
}

const dir = mkdtempSync(join(tmpdir(), 'loupe-hostile-bench-'));
try {
  console.log('| file | attack | size | answer | seconds | peak RSS (MiB) |');
  console.log('|---|---|---|---|---|---|');
  for (const file of hostileFiles()) {
    const path = join(dir, file.name);
    writeFileSync(path, file.bytes);
    const args = file.command === 'scan' ? ['scan', '--json', '--no-progress', path] : ['detect', '--json', path];
    const run = timeProcess(process.execPath, [LOUPE_BIN, ...args]);
    const size = file.bytes.length >= 1 << 20 ? `${(file.bytes.length / (1 << 20)).toFixed(1)} MiB` : `${(file.bytes.length / 1024).toFixed(1)} KiB`;
    const answer = run.status === null ? 'killed' : answerOf(run.stdout);
    console.log(`| ${file.name} | ${file.attack} | ${size} | ${answer} | ${run.seconds.toFixed(2)} | ${run.maxRssMiB.toFixed(0)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
