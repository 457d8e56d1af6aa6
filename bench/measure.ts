// Measuring helpers for the benchmarks: repeated timing with a median, peak-RSS sampling, and
// child processes timed with GNU time (wall seconds and peak resident memory).
import { spawnSync } from 'node:child_process';

/** Median of a list. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs `fn` until `minMs` has passed and at least `minRuns` times; returns the median ms. */
export async function timeIt(fn: () => Promise<unknown> | unknown, minRuns = 3, minMs = 400): Promise<number> {
  const times: number[] = [];
  const started = performance.now();
  while (times.length < minRuns || performance.now() - started < minMs) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
    if (times.length >= 50) break;
  }
  return median(times);
}

/** Tracks the highest RSS seen between `reset` calls. */
export class PeakRss {
  private peak = 0;
  private base = 0;
  reset(): void {
    (globalThis as { gc?: () => void }).gc?.();
    this.base = process.memoryUsage().rss;
    this.peak = this.base;
  }
  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }
  /** Peak growth over the baseline, in MiB. */
  growthMiB(): number {
    return (this.peak - this.base) / (1024 * 1024);
  }
}

/** Result of a timed child process. */
export interface ProcessRun {
  ok: boolean;
  status: number | null;
  seconds: number;
  maxRssMiB: number;
  stdout: string;
}

/** Runs a command under GNU time; `seconds` is wall time, `maxRssMiB` its peak resident set. */
export function timeProcess(command: string, args: string[]): ProcessRun {
  const r = spawnSync('/usr/bin/time', ['-f', '@@TIME %e %M', command, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const m = /@@TIME ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  // GNU time reports a failing command's status; qpdf --check exits 2/3 for errors/warnings it found
  return { ok: r.status === 0, status: r.status, seconds: m ? Number(m[1]) : NaN, maxRssMiB: m ? Number(m[2]) / 1024 : NaN, stdout: r.stdout ?? '' };
}

/** True when `command` can be run. */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}
