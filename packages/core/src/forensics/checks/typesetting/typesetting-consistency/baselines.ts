// Baselines of figures against their row, on pages with text: a generator sets every word of a
// table row on one baseline, to a hundredth of a point, whatever it computes the position from. A
// library or an editor that removes a figure and types a new one places it from where it reads the
// old one (its glyph box, a guessed descent), and lands a fraction of a point off the row — even
// in the same font, through the same font dictionary. Only rows whose other words of the figure's
// font family and size agree among themselves are judged, and only pages where nearly every judged
// figure meets its row (a generator that jitters its baselines is not judged). The figures judged
// are amounts and dates written in figures (`figureThatMatters`).
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { pageBox } from '../../../findings.js';
import { figureThatMatters, fontFamily, heightOf, horizontal, type TextEvent } from './figure-words.js';
import type { TypesettingFinding } from './indicators.js';

/** Other words of a row whose baselines spread by more than this (points) do not make a row to judge by. */
const ROW_SPREAD = 0.1;
/** Smallest distance (points) of a figure off its row's baseline that is reported. */
const OFF_ROW = 0.3;
/** Largest distance off the row, in em: farther is another line (or a superscript), not a misplaced figure. */
const MAX_OFF_EM = 0.3;
/** Fewest other words of the row, in the figure's family and size, that make its baseline. */
const MIN_ROW = 2;
/** Share of a page's judged figures that may be off their rows before the page counts as jittery. */
const MAX_OFF_SHARE = 0.2;

/** A word's baseline: its box runs from 0.2 em below it to 0.8 em above (text-interpreter.ts). */
const baselineOf = (e: TextEvent): number => e.box[1] + 0.2 * heightOf(e);

/** How far `f` sits off the baseline its row's other words share, or undefined when its row is not one to judge by. */
function offRow(f: TextEvent, words: readonly TextEvent[]): { off: number; row: number } | undefined {
  const h = heightOf(f);
  const family = fontFamily(f.font!);
  const base = baselineOf(f);
  const row = words
    .filter(
      (w) =>
        w !== f &&
        w.font !== undefined &&
        Math.abs(heightOf(w) - h) <= 0.02 * h &&
        Math.abs(baselineOf(w) - base) <= MAX_OFF_EM * h &&
        (w.box[2] <= f.box[0] || w.box[0] >= f.box[2]) &&
        fontFamily(w.font) === family,
    )
    .map(baselineOf)
    .sort((a, b) => a - b);
  if (row.length < MIN_ROW || row[row.length - 1]! - row[0]! > ROW_SPREAD) return undefined;
  return { off: base - row[row.length >> 1]!, row: row.length };
}

/** Amounts and dates of a page set off the baseline the other words of their row share. */
export function figureBaselineFindings(page: number, paint: readonly PaintEvent[]): TypesettingFinding[] {
  const words = paint.filter((e): e is TextEvent => e.kind === 'text' && e.visible && e.font !== undefined && horizontal(e));
  const judged = words
    .filter((e) => figureThatMatters(e.text.trim()))
    .map((f) => ({ f, at: offRow(f, words) }))
    .filter((j): j is { f: TextEvent; at: { off: number; row: number } } => j.at !== undefined);
  const off = judged.filter((j) => Math.abs(j.at.off) >= OFF_ROW);
  if (off.length === 0 || off.length > MAX_OFF_SHARE * judged.length) return [];
  return off.map(({ f, at }) => ({ code: 'figure_off_baseline', page, text: f.text.trim(), off: at.off, rowWords: at.row, boxes: [pageBox(page, f.box)] }));
}
