// The soak bench: `loupe serve` on the embedded store under an hour-long bounded mix (uploads with
// and without wait, reads, lists, loans, audit reports, detections, credit reads; about 16
// requests a second from four clients), with resident memory, event-loop delay and p99 latency
// sampled every minute, printed as a table and a plot. Memory must level off: the figure to read
// is the growth after the first quarter.
//
//   npm run bench:soak [-- --minutes 60 --sample-seconds 60]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runSoak } from '@loupe/fixtures/soak';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '60' }, 'sample-seconds': { type: 'string', default: '60' } } });
const dataDir = mkdtempSync(join(tmpdir(), 'loupe-soak-'));
try {
  console.log('| at (s) | RSS (MiB) | event-loop p99 (ms) | requests | p99 latency (ms) | 5xx |');
  console.log('|---|---|---|---|---|---|');
  const result = await runSoak({
    dataDir,
    seconds: Number(values.minutes) * 60,
    sampleSeconds: Number(values['sample-seconds']),
    onSample: (s) =>
      console.log(`| ${s.at} | ${s.rssMiB.toFixed(0)} | ${s.loopP99Ms.toFixed(1)} | ${s.requests} | ${s.p99Ms.toFixed(0)} | ${s.serverErrors} |`),
  });
  const { samples } = result;
  const quarter = samples[Math.floor(samples.length / 4)];
  const last = samples.at(-1);
  const peak = Math.max(...samples.map((s) => s.rssMiB));
  console.log('\nResident memory over the run (each row one sample, # = 10 MiB):');
  for (const s of samples) console.log(`${String(s.at).padStart(6)} s ${'#'.repeat(Math.round(s.rssMiB / 10))} ${s.rssMiB.toFixed(0)}`);
  console.log(`\nanswers: ${JSON.stringify(result.answers)}`);
  console.log(`uploads ${result.uploads}, completed ${result.completed}; 5xx ${result.serverErrors}`);
  if (quarter && last) console.log(`memory growth after the first quarter: ${(last.rssMiB - quarter.rssMiB).toFixed(0)} MiB (peak ${peak.toFixed(0)} MiB)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
