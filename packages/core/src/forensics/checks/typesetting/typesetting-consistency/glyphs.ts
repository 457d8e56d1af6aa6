// The print of figures on scans and photos, each against the figures around it: the height of its
// ink band (digits of one font and size share it, whatever their weight) against the figures of
// its column and its line, and its baseline against the other words of its line. A figure typed
// anew on the picture by an image editor rarely matches the size and baseline of the print it
// replaced to a few percent; a scan of a genuine page does. Baselines are measured after the
// page's own warp: a photo's perspective tilts its lines, each by its own slope, so a line's
// baseline at the figure is its other words' baselines carried along the slope the page's nearby
// lines share (a figure far along a tilted line is not off it). Reads the ink bands OCR words carry
// (`image/ink-band.ts`); pages read from the file's text, or an OCR layer without the image,
// have none and are not judged.
import { parseAmount } from '../../../../tables/amounts.js';
import { buildRows, type Word } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import type { TypesettingFinding } from './indicators.js';

type Measured = Word & { ink: { y0: number; y1: number } };

/** A figure's band may differ from its peers' median by this share of it before it is set at another size. */
const HEIGHT_TOLERANCE = 0.15;
/** Peers agree among themselves when within this share of their median. */
const PEER_AGREEMENT = 0.07;
/** Fewest agreeing peers a comparison needs. */
const MIN_PEERS = 3;
/** A baseline this share of the band's height off its line's is set on another line. */
const BASELINE_TOLERANCE = 0.2;
/** Pixels of measuring error a difference must exceed (a band's edge each side). */
const QUANTISATION = 2;
/** A word box taller than its ink band by more than this factor covers more than the word's print. */
const MAX_BOX_TO_INK = 2.5;
/** OCR confidence a figure needs to be compared (a misread word box measures the wrong ink). */
const CONFIDENT = 0.6;
/** A page where more of its figures than this stand out is printed in mixed sizes: nothing is judged. */
const MAX_OUTLIER_SHARE = 0.2;

const height = (w: Measured): number => w.ink.y1 - w.ink.y0;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * True when `w` reads as an amount of at least three digits whose ink was measured on it: the band
 * on the word's box, and the box not several lines tall (OCR sometimes boxes a figure with the
 * print of the line above or below — a parenthesised figure on a screenshot — and the band then
 * measures another line's ink, however sure the reading).
 */
function isFigure(w: Measured): boolean {
  const box = w.y1 - w.y0;
  const slack = 0.15 * box;
  const measured = w.ink.y1 > w.y0 - slack && w.ink.y0 < w.y1 + slack && box <= MAX_BOX_TO_INK * height(w);
  return measured && (w.confidence ?? 1) >= CONFIDENT && (w.text.match(/\d/g)?.length ?? 0) >= 3 && parseAmount(w.text) !== undefined;
}

/** The median of `values` when at least `MIN_PEERS` of them, and most, agree with it (other edited figures among them need not). */
function agreed(values: number[]): number | undefined {
  if (values.length < MIN_PEERS) return undefined;
  const m = median(values);
  const agreeing = values.filter((v) => Math.abs(v - m) <= PEER_AGREEMENT * m).length;
  return agreeing >= MIN_PEERS && agreeing > values.length / 2 ? m : undefined;
}

/** Lines of at least this many measured words give the page's slope where they are. */
const SLOPE_WORDS = 4;
/** The slope at a line is the median of this many nearest measured lines' slopes. */
const SLOPE_NEIGHBOURS = 5;

const middle = (w: Measured): number => (w.x0 + w.x1) / 2;

/** Theil–Sen slope of a line's baselines (the median of every pair's slope: one misplaced word does not tilt it). */
function lineSlope(line: readonly Measured[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < line.length; i++)
    for (let j = i + 1; j < line.length; j++) {
      const dx = middle(line[j]!) - middle(line[i]!);
      if (Math.abs(dx) > 1) slopes.push((line[j]!.ink.y0 - line[i]!.ink.y0) / dx);
    }
  return slopes.length ? median(slopes) : 0;
}

/** The page's warp: the slope of its lines near each height, from the lines long enough to measure. */
function slopeField(lines: readonly (readonly Measured[])[]): (y: number) => number {
  const measured = lines.filter((l) => l.length >= SLOPE_WORDS).map((l) => ({ y: median(l.map((w) => w.ink.y0)), slope: lineSlope(l) }));
  return (y) => {
    const nearest = [...measured].sort((a, b) => Math.abs(a.y - y) - Math.abs(b.y - y)).slice(0, SLOPE_NEIGHBOURS);
    return nearest.length ? median(nearest.map((m) => m.slope)) : 0;
  };
}

/** What stands out about one figure's print: its size against its peers', its baseline against its line's. */
interface StandsOut {
  size?: { percent: number; peers: number };
  baselineOff?: number;
}

/** What stands out about one figure's print, or undefined. */
function standsOut(f: Measured, figures: readonly Measured[], line: readonly Measured[], slope: number): StandsOut | undefined {
  const h = height(f);
  const why: StandsOut = {};
  const peers = figures.filter((g) => g !== f && (line.includes(g) || Math.abs(g.x1 - f.x1) <= Math.max(3, 0.6 * h)));
  const size = agreed(peers.map(height));
  // a band is measured to the pixel at each edge: on coarse images (a screenshot) that is more than the tolerance
  const pixels = QUANTISATION * (f.ink.px ?? 0);
  if (size !== undefined && Math.abs(h - size) > Math.max(HEIGHT_TOLERANCE * size, pixels)) {
    why.size = { percent: Math.round((100 * h) / size), peers: peers.length };
  }
  const others = line.filter((w) => w !== f);
  // each other word's baseline carried along the line's slope to the figure
  const baselines = others.map((w) => w.ink.y0 + slope * (middle(f) - middle(w)));
  if (baselines.length >= 2) {
    const base = median(baselines);
    const agreeing = baselines.filter((b) => Math.abs(b - base) <= PEER_AGREEMENT * h).length;
    const off = f.ink.y0 - base;
    if (agreeing >= 2 && agreeing > baselines.length / 2 && Math.abs(off) > Math.max(BASELINE_TOLERANCE * h, pixels)) {
      why.baselineOff = off;
    }
  }
  return why.size || why.baselineOff !== undefined ? why : undefined;
}

/** Figures on OCR pages printed at another size or on another baseline than the figures and words around them. */
export function figureGlyphFindings(ctx: TableContext): TypesettingFinding[] {
  const findings: TypesettingFinding[] = [];
  for (const page of ctx.pages) {
    if (!ctx.fromOcr(page.number)) continue;
    const words = (ctx.words(page) ?? []).filter((w): w is Measured => w.ink !== undefined);
    const figures = words.filter(isFigure);
    if (figures.length < MIN_PEERS + 1) continue;
    const lineOf = new Map<Word, Measured[]>();
    const lines = buildRows(words).map((row) => row.words as Measured[]);
    for (const line of lines) for (const w of line) lineOf.set(w, line);
    const slopeAt = slopeField(lines);
    const outliers = figures.flatMap((f) => {
      const why = standsOut(f, figures, lineOf.get(f) ?? [], slopeAt(f.ink.y0));
      return why ? [{ f, why }] : [];
    });
    if (outliers.length > MAX_OUTLIER_SHARE * figures.length) continue;
    for (const { f, why } of outliers) {
      findings.push({
        code: 'figure_print_mismatch',
        page: page.number,
        text: f.text,
        ...why,
        boxes: [{ page: page.number, x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1 }],
      });
    }
  }
  return findings;
}
