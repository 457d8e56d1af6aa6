// Further readings of the figures OCR read on a page: a reading is a hypothesis about what the page
// printed, and the arithmetic rests contradictions on it. OCR misreads a digit confidently often
// enough (a 5 read as a 9 in a scan's Times) that one reading is no evidence; the same print read
// again on its own — each figure cut out, enlarged, set on a line of its own on a sheet of figures
// and read by OCR held to the characters figures are printed with, at two scales — gives two
// further witnesses. A figure both give the same other digits is unsure (its confidence capped at
// 0.5): a sum that does not hold over it is unverified, neither agreement nor evidence. One
// dissenting reading is OCR's noise, not the page's (a single further reading doubted edits that
// were printed crisply: 3 of 60 statement rewrites on scans and photos went unfound). A figure
// changed on the page itself (a digit copied over another, a figure typed anew) reads the same
// every time: it is what the page prints.
import type { Plane } from '../image/kernels.js';
import type { Ocr, OcrWord } from '../platform.js';

/** The characters money is printed with: what OCR reading a sheet of figures is held to (both OCR adapters). */
export const FIGURE_CHARACTERS = '0123456789.,-+()$€£';
/** A word that prints money with cents (either number format, maybe signed, in brackets or with a currency sign). */
export const MONEY_WORD = /^[-−+(]?[$€£]?\d[\d,.\s]*[.,]\d{2}\)?-?$/;
/**
 * Heights, in pixels, the figures are enlarged to, one sheet each (a little over a scan's 9 to 10 pt
 * at 200 dpi, and half as much again): OCR's misreadings of worn print change with the scale, so
 * each sheet is a reading of its own.
 */
const SHEET_HEIGHTS = [32, 48];
/** Most a figure is enlarged. */
const MAX_SCALE = 4;
/** White between the figures on a sheet, in pixels (closer lines are lost to OCR's line finding). */
const MARGIN = 40;
/** Most figures on one sheet: a page of more is read on several. */
const PER_SHEET = 80;
/** Most figures of one page read again. */
const MAX_FIGURES = 400;
/** The confidence of a figure whose readings disagree: unsure. */
const DISAGREED = 0.5;

/** The digits of a reading: what two readings of one figure must agree on. */
const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** One figure's place on a sheet: the word it is, and the rows it spans. */
interface Slot {
  word: number;
  top: number;
  bottom: number;
}

/** The value of `gray` at (x, y), read bilinearly, paper (255) outside it. */
function sample(gray: Plane, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const at = (xx: number, yy: number): number => (xx < 0 || yy < 0 || xx >= gray.width || yy >= gray.height ? 255 : gray.data[yy * gray.width + xx]!);
  const fx = x - x0;
  const fy = y - y0;
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
}

/** An 8-bit greyscale image as a binary PGM file (`P5`), which OCR reads without a codec. */
function pgm(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + pixels.length);
  out.set(header);
  out.set(pixels, header.length);
  return out;
}

/** A sheet of `words` cut from `gray`, each enlarged to print `height` pixels high on a line of its own, and where each lies on it. */
export function figureSheet(
  gray: Plane,
  words: readonly OcrWord[],
  indexes: readonly number[],
  height = SHEET_HEIGHTS[0]!,
): { image: Uint8Array; slots: Slot[] } {
  const cuts = indexes.map((i) => {
    const w = words[i]!;
    const pad = Math.ceil((w.y1 - w.y0) * 0.3);
    const box = { x0: w.x0 - pad, y0: w.y0 - pad, x1: w.x1 + pad, y1: w.y1 + pad };
    const scale = Math.min(MAX_SCALE, Math.max(1, height / Math.max(1, w.y1 - w.y0)));
    return { i, box, scale, width: Math.ceil((box.x1 - box.x0) * scale), height: Math.ceil((box.y1 - box.y0) * scale) };
  });
  const width = Math.max(...cuts.map((c) => c.width)) + 2 * MARGIN;
  const sheetHeight = cuts.reduce((sum, c) => sum + c.height + MARGIN, MARGIN);
  const pixels = new Uint8Array(width * sheetHeight).fill(255);
  const slots: Slot[] = [];
  let top = MARGIN;
  for (const c of cuts) {
    for (let y = 0; y < c.height; y++)
      for (let x = 0; x < c.width; x++) pixels[(top + y) * width + MARGIN + x] = sample(gray, c.box.x0 + x / c.scale, c.box.y0 + y / c.scale);
    slots.push({ word: c.i, top, bottom: top + c.height });
    top += c.height + MARGIN;
  }
  return { image: pgm(width, sheetHeight, pixels), slots };
}

/** The text a sheet's reading gives the figure in `slot`: its words on the slot's rows, left to right. */
const readIn = (read: readonly OcrWord[], slot: Slot): string =>
  read
    .filter((r) => {
      const middle = (r.y0 + r.y1) / 2;
      return middle >= slot.top && middle < slot.bottom;
    })
    .sort((a, b) => a.x0 - b.x0)
    .map((r) => r.text)
    .join('');

/**
 * `words` (OCR's first reading of a page whose grey plane is `gray`) with every money figure read
 * again through `ocr.readFigures`, once a scale; a figure both further readings give the same
 * other digits gets a character confidence of at most 0.5 — two witnesses against one, so a
 * figure read alike by one further reading, or lost by one, keeps its first reading. Without the
 * port method or the page image the words are answered as they are; a sheet OCR cannot read
 * changes nothing.
 */
export async function readFiguresAgain(words: readonly OcrWord[], gray: Plane | undefined, ocr: Ocr): Promise<OcrWord[]> {
  const out = [...words];
  if (!gray || !ocr.readFigures) return out;
  const figures = words.flatMap((w, i) => (MONEY_WORD.test(w.text.trim()) && w.x1 > w.x0 && w.y1 > w.y0 ? [i] : [])).slice(0, MAX_FIGURES);
  for (let from = 0; from < figures.length; from += PER_SHEET) {
    const sheet = figures.slice(from, from + PER_SHEET);
    /** Each figure's digits as each scale's sheet read them (empty where a sheet lost it or failed). */
    const readings = new Map<number, string[]>(sheet.map((i) => [i, []]));
    for (const height of SHEET_HEIGHTS) {
      const { image, slots } = figureSheet(gray, words, sheet, height);
      let read: OcrWord[] = [];
      try {
        read = (await ocr.readFigures(image)).words;
      } catch {
        // a sheet OCR cannot read is a reading that lost every figure
      }
      for (const slot of slots) readings.get(slot.word)!.push(digitsOf(readIn(read, slot)));
    }
    for (const [i, [again, third]] of readings) {
      const first = words[i]!;
      if (again && again === third && again !== digitsOf(first.text))
        out[i] = { ...first, characterConfidence: Math.min(first.characterConfidence ?? first.confidence, DISAGREED) };
    }
  }
  return out;
}
