// Whole processes timed side by side (issue 54's measure): each pair of commands, ours and its
// reference, run in turn for a few rounds, the ratio taken within each round (so a busy moment
// weighs on both sides), and the median of the ratios reported with the median times.
import { spawnSync } from 'node:child_process';
import { median } from './measure.js';

/** A command of ours and the reference it is measured against. */
export interface Pair {
  label: string;
  ours: [command: string, ...args: string[]];
  reference: [command: string, ...args: string[]];
  referenceLabel: string;
  /** The ratio the issue sets (ours over the reference). */
  target?: number;
}

/** One pair's figures: median times (ms), the median of the per-round ratios. */
export interface PairResult {
  label: string;
  oursMs: number;
  referenceMs: number;
  ratio: number;
  ratios: number[];
}

/** Wall milliseconds of one run of `command`; throws when it fails. */
function wallMs([command, ...args]: [string, ...string[]]): number {
  const started = performance.now();
  const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 400)}`);
  return ms;
}

/** Runs every pair `rounds` times (ours, then the reference, pair after pair) after one warm-up round of each. */
export function sideBySide(pairs: readonly Pair[], rounds = 3): PairResult[] {
  for (const p of pairs) {
    wallMs(p.ours);
    wallMs(p.reference);
  }
  const times = pairs.map(() => ({ ours: [] as number[], reference: [] as number[] }));
  for (let round = 0; round < rounds; round++)
    pairs.forEach((p, i) => {
      times[i]!.ours.push(wallMs(p.ours));
      times[i]!.reference.push(wallMs(p.reference));
    });
  return pairs.map((p, i) => {
    const { ours, reference } = times[i]!;
    const ratios = ours.map((o, r) => o / reference[r]!);
    return { label: p.label, oursMs: median(ours), referenceMs: median(reference), ratio: median(ratios), ratios };
  });
}

/** The results as the bench README's table rows. */
export function sideBySideTable(pairs: readonly Pair[], results: readonly PairResult[]): string {
  const rows = results.map((r, i) => {
    const p = pairs[i]!;
    const ratios = r.ratios.map((x) => x.toFixed(2)).join(', ');
    return `| ${r.label} | ${r.oursMs.toFixed(0)} ms | ${p.referenceLabel} ${r.referenceMs.toFixed(0)} ms | **${r.ratio.toFixed(2)}x** (${ratios}) | ${p.target ? `${p.target}x` : ''} |`;
  });
  return ['| path | Loupe | reference | ratio (median; each round) | target |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** ffmpeg decoding one frame at each of `times` (seconds) of `file` in one process, seeking to each: the frames a plan reads, at the decoder's cost. */
export function ffmpegFramesAt(ffmpeg: string, file: string, times: readonly number[]): [string, ...string[]] {
  const inputs = times.flatMap((t) => ['-ss', String(t), '-i', file]);
  const outputs = times.flatMap((_, i) => ['-map', `${i}:v:0`, '-frames:v', '1', '-f', 'null', '-']);
  return [ffmpeg, '-v', 'error', ...inputs, ...outputs];
}
