// The page's own digits as a witness of OCR's reading of a figure. A scan prints each digit the
// same way wherever it stands: its 7s look like each other and not like its 1s. OCR, reading a
// worn 7 as a 1 in both of its further readings (`second-reading.ts`), has no such memory. Each
// money figure whose print parts into one piece of ink per character is cut into its glyphs, and
// each digit is set against the page's other prints of the digit it was read as and of every other
// digit (the mean shape of each, this figure left out): a digit that looks more like another digit
// the page prints than like the page's own prints of itself makes its figure unsure (confidence at
// most 0.5), so a sum that does not hold over it is unverified. A digit copied onto the page from
// elsewhere on it, or typed anew in the page's font, looks like the digit it is read as: it stays
// what the page prints. The same prints also speak for a digit: each figure not doubted carries,
// character by character, the digits its print is clearly not (`ruledOut`: the page's prints of
// the digit read are nearer than `AFFIRMED` of the other's), so a misreading that would need one
// of them can be refuted by the page rather than by OCR's word.
import { paperAndInk } from '../image/ink-band.js';
import type { Plane } from '../image/kernels.js';
import type { OcrWord } from '../platform.js';
import { MONEY_WORD } from './second-reading.js';

/** Ink must stand this many grey levels below the paper to be cut into glyphs. */
const MIN_CONTRAST = 60;
/** Fewest pixel rows a figure's print spans to be cut (smaller print is not compared). */
const MIN_HEIGHT_PX = 10;
/** A glyph's shape: its ink box resampled to this grid of cells, each the share of ink in it. */
const GRID_W = 6;
const GRID_H = 9;
/** Fewest prints of a digit on the page (other than the figure's own) for its mean shape to count. */
const MIN_PRINTS = 3;
/** A digit is doubted when another digit's mean shape is nearer than this share of its own's distance. */
const NEARER = 0.6;
/** Confidence of a figure one of whose digits looks like another digit: unsure. */
const DOUBTED = 0.5;
/** A digit's print rules out another digit when the page's prints of the digit read are nearer than this share of the other's. */
const AFFIRMED = 0.8;

/** An OCR word with what the page's own prints say of its digits. */
export type WitnessedWord = OcrWord & {
  /** For each character of the text, the digits its print is clearly not ('' where the print was not judged). */
  ruledOut?: string[];
};

/** One digit's print: which figure it is in, at which character, the digit it was read as, and its shape. */
interface Glyph {
  word: number;
  at: number;
  digit: string;
  shape: Float64Array;
}

/** The ink box's darkness in `gray`: 0 paper, 1 ink, between `dark` and `light`. */
const darkness = (v: number, dark: number, light: number): number => Math.min(1, Math.max(0, (light - v) / (light - dark)));

/**
 * The glyphs of `word`'s print, one per character of its text, left to right (undefined when the
 * print is faint, small, or does not part into as many runs of inked columns as it has characters).
 */
export function cutGlyphs(gray: Plane, word: OcrWord): { x0: number; x1: number; y0: number; y1: number; shape: Float64Array }[] | undefined {
  const text = word.text.trim();
  const x0 = Math.max(0, Math.floor(word.x0));
  const x1 = Math.min(gray.width, Math.ceil(word.x1));
  const y0 = Math.max(0, Math.floor(word.y0));
  const y1 = Math.min(gray.height, Math.ceil(word.y1));
  if (x1 - x0 < text.length || y1 - y0 < MIN_HEIGHT_PX) return undefined;
  const { light, dark } = paperAndInk(gray, x0, y0, x1, y1);
  if (light - dark < MIN_CONTRAST) return undefined;
  const threshold = (light + dark) / 2;
  const inked = (x: number, y: number): boolean => gray.data[y * gray.width + x]! < threshold;
  const runs: [number, number][] = [];
  for (let x = x0; x < x1; x++) {
    let any = false;
    for (let y = y0; y < y1 && !any; y++) any = inked(x, y);
    if (!any) continue;
    const last = runs.at(-1);
    if (last && last[1] === x) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  if (runs.length !== text.length) return undefined;
  return runs.map(([gx0, gx1]) => {
    let gy0 = y1;
    let gy1 = y0;
    for (let y = y0; y < y1; y++)
      for (let x = gx0; x < gx1; x++)
        if (inked(x, y)) {
          gy0 = Math.min(gy0, y);
          gy1 = Math.max(gy1, y + 1);
        }
    const shape = new Float64Array(GRID_W * GRID_H);
    // the pixels [from, to) of cell `k` of `cells` over [start, end): at least one
    const span = (start: number, end: number, cells: number, k: number): [number, number] => {
      const from = Math.floor(start + ((end - start) * k) / cells);
      return [from, Math.max(from + 1, Math.ceil(start + ((end - start) * (k + 1)) / cells))];
    };
    for (let gy = 0; gy < GRID_H; gy++) {
      const [ya, yb] = span(gy0, gy1, GRID_H, gy);
      for (let gx = 0; gx < GRID_W; gx++) {
        const [xa, xb] = span(gx0, gx1, GRID_W, gx);
        let sum = 0;
        for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) sum += darkness(gray.data[y * gray.width + x]!, dark, light);
        shape[gy * GRID_W + gx] = sum / ((yb - ya) * (xb - xa));
      }
    }
    return { x0: gx0, x1: gx1, y0: gy0, y1: gy1, shape };
  });
}

/** The distance between two shapes (the root of their mean squared difference). */
function distance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum / a.length);
}

/** The prints of one digit on a page: their summed shape and count, over the page and per figure. */
interface DigitPrints {
  sum: Float64Array;
  count: number;
  byWord: Map<number, { sum: Float64Array; count: number }>;
}

/** Each digit's prints of `glyphs`, summed (so a figure's own can be left out at once). */
function digitPrints(glyphs: readonly Glyph[]): Map<string, DigitPrints> {
  const out = new Map<string, DigitPrints>();
  const added = (into: { sum: Float64Array; count: number }, shape: Float64Array): void => {
    for (let i = 0; i < shape.length; i++) into.sum[i]! += shape[i]!;
    into.count++;
  };
  for (const g of glyphs) {
    const prints = out.get(g.digit) ?? { sum: new Float64Array(GRID_W * GRID_H), count: 0, byWord: new Map() };
    const own = prints.byWord.get(g.word) ?? { sum: new Float64Array(GRID_W * GRID_H), count: 0 };
    added(prints, g.shape);
    added(own, g.shape);
    prints.byWord.set(g.word, own);
    out.set(g.digit, prints);
  }
  return out;
}

/** The mean shape of a digit's prints, figure `without`'s left out, or undefined when fewer than MIN_PRINTS remain. */
function meanShape(prints: DigitPrints, without: number): Float64Array | undefined {
  const own = prints.byWord.get(without);
  const count = prints.count - (own?.count ?? 0);
  if (count < MIN_PRINTS) return undefined;
  return prints.sum.map((v, i) => (v - (own?.sum[i] ?? 0)) / count);
}

/** The mean shape of each digit the page prints, figure `word`'s own prints left out. */
const meansWithout = (word: number, prints: ReadonlyMap<string, DigitPrints>): Map<string, Float64Array | undefined> =>
  new Map([...prints].map(([digit, p]) => [digit, meanShape(p, word)]));

/**
 * True when one of `glyphs` (figure `word`'s) looks more like another digit of the page than like
 * the page's other prints of the digit it was read as.
 */
function hasUnlikeDigit(glyphs: readonly Glyph[], means: ReadonlyMap<string, Float64Array | undefined>): boolean {
  return glyphs.some((g) => {
    const own = means.get(g.digit);
    if (!own) return false;
    const ownDistance = distance(g.shape, own);
    return [...means].some(([digit, other]) => digit !== g.digit && other !== undefined && distance(g.shape, other) < NEARER * ownDistance);
  });
}

/** For each of the `length` characters of a figure, the digits its glyph is clearly not ('' where no glyph was judged). */
function digitsRuledOut(length: number, glyphs: readonly Glyph[], means: ReadonlyMap<string, Float64Array | undefined>): string[] {
  const out = Array.from({ length }, () => '');
  for (const g of glyphs) {
    const own = means.get(g.digit);
    if (!own) continue;
    const ownDistance = distance(g.shape, own);
    out[g.at] = [...means]
      .filter(([digit, other]) => digit !== g.digit && other !== undefined && ownDistance < AFFIRMED * distance(g.shape, other))
      .map(([digit]) => digit)
      .sort()
      .join('');
  }
  return out;
}

/**
 * `words` (OCR's reading of a page whose grey plane is `gray`) with every money figure one of
 * whose digits looks like another digit of the page made unsure (character confidence at most
 * 0.5), and every other figure cut into glyphs told which digits its prints rule out. Figures
 * whose print cannot be cut into glyphs, and digits the page prints fewer than three other times,
 * are answered as they are.
 */
export function doubtByPageDigits(words: readonly OcrWord[], gray: Plane): WitnessedWord[] {
  const glyphs: Glyph[] = [];
  words.forEach((w, i) => {
    const text = w.text.trim();
    if (!MONEY_WORD.test(text)) return;
    const cut = cutGlyphs(gray, w);
    if (!cut) return;
    cut.forEach((g, k) => {
      if (/\d/.test(text[k]!)) glyphs.push({ word: i, at: k, digit: text[k]!, shape: g.shape });
    });
  });
  const prints = digitPrints(glyphs);
  const byWord = new Map<number, Glyph[]>();
  for (const g of glyphs) byWord.set(g.word, [...(byWord.get(g.word) ?? []), g]);
  return words.map((w, i) => {
    const own = byWord.get(i);
    if (!own) return w;
    const means = meansWithout(i, prints);
    if (hasUnlikeDigit(own, means)) return { ...w, characterConfidence: Math.min(w.characterConfidence ?? w.confidence, DOUBTED) };
    return w.text === w.text.trim() ? { ...w, ruledOut: digitsRuledOut(w.text.length, own, means) } : w;
  });
}
