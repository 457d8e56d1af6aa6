// Where the media engine looks: the frames of a video (about one a second up to 20 s, then 20
// spread over the clip) and the analysis windows of an audio clip (4 s windows every 2 s, the
// last one ending at the clip's end), and how the per-frame and per-window values become the
// Detection's score and verdict.

/** Most frames scored (and charged) per video. */
export const MAX_FRAMES = 20;
/** Audio analysis window and hop, in milliseconds. */
export const AUDIO_WINDOW_MS = 4000;
export const AUDIO_HOP_MS = 2000;
/** Shortest audio clip that can be assessed. */
export const MIN_AUDIO_MS = 1000;

/** Frame times in seconds: the middle of each second up to 20 s, else 20 evenly spread middles. */
export function framePlan(durationS: number): number[] {
  if (!(durationS > 0)) return [];
  const count = durationS <= MAX_FRAMES ? Math.max(1, Math.floor(durationS)) : MAX_FRAMES;
  const step = durationS / count;
  return Array.from({ length: count }, (_, i) => Math.round((i + 0.5) * step * 1000) / 1000);
}

/** Analysis windows of a clip, [start, end) in ms; one short window for clips under a window. */
export function audioWindows(durationMs: number): { start_ms: number; end_ms: number }[] {
  if (!(durationMs >= MIN_AUDIO_MS)) return [];
  if (durationMs <= AUDIO_WINDOW_MS) return [{ start_ms: 0, end_ms: Math.round(durationMs) }];
  const windows: { start_ms: number; end_ms: number }[] = [];
  for (let start = 0; start + AUDIO_WINDOW_MS <= durationMs; start += AUDIO_HOP_MS) windows.push({ start_ms: start, end_ms: start + AUDIO_WINDOW_MS });
  const last = windows[windows.length - 1]!;
  if (last.end_ms < durationMs) windows.push({ start_ms: Math.round(durationMs) - AUDIO_WINDOW_MS, end_ms: Math.round(durationMs) });
  return windows;
}

/**
 * The clip's score from its scored parts (frames or windows): the mean of the top quarter (at
 * least one), so a few manipulated frames or a manipulated passage show without one outlier
 * deciding alone. Null when nothing was scored.
 */
export function aggregateScore(values: readonly (number | null)[]): number | null {
  const scored = values.filter((v): v is number => v !== null).sort((a, b) => b - a);
  if (scored.length === 0) return null;
  const top = scored.slice(0, Math.max(1, Math.ceil(scored.length / 4)));
  return round(top.reduce((s, v) => s + v, 0) / top.length, 2);
}

/** Detection verdicts. */
import type { MediaVerdict } from '../spec/media.js';

/** Width of the ALERT band around the threshold, for images and video. */
export const ALERT_MARGIN = 0.15;

/**
 * The verdict for a score against the model's threshold: images and video answer ALERT within
 * ±0.15 of it (and when nothing could be scored); audio answers only LIKELY_REAL or LIKELY_AI.
 */
export function mediaVerdict(score: number | null, threshold: number, type: 'image' | 'video' | 'audio'): MediaVerdict {
  if (type === 'audio') return score !== null && score >= threshold ? 'LIKELY_AI' : 'LIKELY_REAL';
  if (score === null) return 'ALERT';
  if (score >= threshold + ALERT_MARGIN) return 'LIKELY_AI';
  if (score < threshold - ALERT_MARGIN) return 'LIKELY_REAL';
  return 'ALERT';
}

/**
 * A model probability on the scale where the model's threshold is 0.5: linear from 0 to the
 * threshold and from the threshold to 1, so the order of values is kept.
 */
export function centreThreshold(p: number, threshold: number): number {
  if (threshold <= 0 || threshold >= 1) return p;
  return p < threshold ? (0.5 * p) / threshold : 0.5 + (0.5 * (p - threshold)) / (1 - threshold);
}

/** Billable units: an image 1; a video its scored frames (at most 20); audio its minutes rounded up, at least 1. */
export function billableUnits(type: 'image' | 'video' | 'audio', scoredFrames: number, durationMs: number): number {
  if (type === 'image') return 1;
  if (type === 'video') return Math.min(MAX_FRAMES, scoredFrames);
  return Math.max(1, Math.ceil(durationMs / 60_000));
}

/** Rounds to `digits` decimals (scores: 2 for the clip, 4 for frames and windows). */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
