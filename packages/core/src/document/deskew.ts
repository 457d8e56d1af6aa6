// Levels OCR words of a slightly rotated scan or photo. The skew is found by projection profile:
// among angles from −10° to 10° in 0.1° steps, the one under which the word centres, projected
// across the page, fall into the fewest and fullest bands of a third of a line height. When that
// angle is at least 0.2° and sharpens the profile clearly, every word's centre is rotated back
// about the image's centre (box sizes kept), so words of one printed line share a baseline again
// and the table reader can rebuild its rows.
import type { OcrWord } from '../platform.js';

const MIN_DEGREES = 0.2;
const MAX_DEGREES = 10;
const STEP_DEGREES = 0.1;
/** Too few words give no reliable profile. */
const MIN_WORDS = 12;
/** The levelled profile must be this much sharper than the unrotated one. */
const MIN_GAIN = 1.1;

/**
 * Sharpness of the profile of word centres projected at `angle`: the sum of squared band counts,
 * the better of two band grids half a band apart (so a line on a band edge does not count twice).
 */
function sharpness(centres: [number, number][], angle: number, band: number): number {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let best = 0;
  for (const offset of [0, band / 2]) {
    const counts = new Map<number, number>();
    for (const [x, y] of centres) {
      const key = Math.floor((-x * sin + y * cos + offset) / band);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let sum = 0;
    for (const c of counts.values()) sum += c * c;
    best = Math.max(best, sum);
  }
  return best;
}

/** The skew of the text lines in radians (positive: lines fall to the right, image y pointing down), or 0. */
export function estimateSkew(words: readonly OcrWord[]): number {
  if (words.length < MIN_WORDS) return 0;
  const heights = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const band = Math.max(1, heights[heights.length >> 1]! / 3);
  const centres = words.map((w): [number, number] => [(w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2]);
  const level = sharpness(centres, 0, band);
  // bands are coarse, so neighbouring angles tie: take the middle of the sharpest ones
  let sharpest: number[] = [];
  let bestScore = 0;
  for (let d = -MAX_DEGREES; d <= MAX_DEGREES + 1e-9; d += STEP_DEGREES) {
    const angle = (d * Math.PI) / 180;
    const score = sharpness(centres, angle, band);
    if (score > bestScore) [sharpest, bestScore] = [[angle], score];
    else if (score === bestScore) sharpest.push(angle);
  }
  const best = sharpest[sharpest.length >> 1]!;
  const degrees = Math.abs((best * 180) / Math.PI);
  return degrees >= MIN_DEGREES && bestScore >= level * MIN_GAIN ? best : 0;
}

/** The words rotated so that their lines are level (the words themselves when there is no skew). */
export function deskewWords<W extends OcrWord>(words: W[], width: number, height: number): W[] {
  const angle = estimateSkew(words);
  if (!angle) return words;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [ox, oy] = [width / 2, height / 2];
  return words.map((w) => {
    const [cx, cy] = [(w.x0 + w.x1) / 2 - ox, (w.y0 + w.y1) / 2 - oy];
    const [x, y] = [ox + cx * cos + cy * sin, oy - cx * sin + cy * cos];
    const [hw, hh] = [(w.x1 - w.x0) / 2, (w.y1 - w.y0) / 2];
    return { ...w, x0: x - hw, x1: x + hw, y0: y - hh, y1: y + hh };
  });
}
