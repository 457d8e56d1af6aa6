// The page's own digits as a witness: figures printed with a 5x7 bitmap font on a page image; a
// figure whose printed 7 OCR read as a 1 is unsure, figures read right, digits the page prints too
// seldom and print that does not part into its characters keep their reading; a figure's print
// rules out the digits it clearly is not, never the one it prints.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Plane } from '../image/kernels.js';
import type { OcrWord } from '../platform.js';
import { cutGlyphs, doubtByPageDigits, type WitnessedWord } from './page-digits.js';

/** A 5x7 bitmap of each character a figure prints ('#' ink). */
const FONT: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': [' ### ', '#    ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '    #', ' ### '],
  ',': ['  ', '  ', '  ', '  ', '  ', '##', ' #'],
  '.': ['  ', '  ', '  ', '  ', '  ', '  ', '##'],
};
/** Pixels a font cell is drawn with. */
const SCALE = 3;

/** A white page of 600 x 400 pixels. */
const page = (): Plane => ({ width: 600, height: 400, data: new Float32Array(600 * 400).fill(255) });

/** Prints `printed` on `plane` at (x, y) and answers the OCR word that reads it as `read`. */
function print(plane: Plane, printed: string, x: number, y: number, read = printed): OcrWord {
  let left = x;
  for (const ch of printed) {
    const rows = FONT[ch]!;
    rows.forEach((row, ry) => {
      for (let rx = 0; rx < row.length; rx++)
        if (row[rx] === '#')
          for (let dy = 0; dy < SCALE; dy++) for (let dx = 0; dx < SCALE; dx++) plane.data[(y + ry * SCALE + dy) * plane.width + left + rx * SCALE + dx] = 20;
    });
    left += (rows[0]!.length + 1) * SCALE;
  }
  return { text: read, x0: x - 2, y0: y - 2, x1: left + 2, y1: y + 7 * SCALE + 2, confidence: 0.9, characterConfidence: 0.95 };
}

/** The word without what the page's prints ruled out (the reading itself). */
const reading = ({ ruledOut: _, ...w }: WitnessedWord): OcrWord => w;

/** A page of eight figures, read right, with the 1s, 7s and others each printed several times. */
function ledger(plane: Plane): OcrWord[] {
  return ['1,217.45', '7,301.18', '2,711.70', '3,047.21', '1,175.32', '8,427.10', '4,713.57', '5,170.28'].map((f, i) => print(plane, f, 40, 20 + 40 * i));
}

describe("the page's own digits as a witness of OCR's reading", () => {
  it('cuts a figure into one glyph per character, and refuses print that does not part so', () => {
    const plane = page();
    const word = print(plane, '1,217.45', 40, 20);
    const glyphs = cutGlyphs(plane, word)!;
    expect(glyphs).toHaveLength(8);
    expect(glyphs[1]!.y1 - glyphs[1]!.y0).toBeLessThan(glyphs[0]!.y1 - glyphs[0]!.y0); // the comma
    expect(cutGlyphs(plane, { ...word, text: '1,217.4' })).toBeUndefined();
  });

  it('makes unsure a figure whose printed 7 was read as a 1, and keeps the figures read right', () => {
    const plane = page();
    const words = ledger(plane);
    words.push(print(plane, '2,571.33', 300, 20, '2,511.33'));
    const out = doubtByPageDigits(words, plane);
    expect(out[8]!.characterConfidence).toBe(0.5);
    expect(out[8]!.ruledOut).toBeUndefined();
    expect(out.slice(0, 8).map(reading)).toEqual(words.slice(0, 8));
  });

  it('keeps a digit copied from elsewhere on the page: it looks like what it is read as', () => {
    const plane = page();
    const words = ledger(plane);
    words.push(print(plane, '2,577.33', 300, 20)); // a 1 turned into a 7 by a forger is read as the 7 it prints
    const out = doubtByPageDigits(words, plane)[8]!;
    expect(reading(out)).toEqual(words[8]);
    // and its print says it is no 1: a misreading of that 7 as a 1 would need what the page rules out
    expect(out.ruledOut?.[3]).toContain('1');
    expect(out.ruledOut?.[3]).not.toContain('7');
    expect(out.ruledOut?.[1]).toBe(''); // the comma
  });

  it('does not judge a digit the page prints fewer than three other times', () => {
    const plane = page();
    const words = ['1,201.20', '2,101.10', '7,202.12'].map((f, i) => print(plane, f, 40, 20 + 40 * i));
    words.push(print(plane, '1,271.77', 300, 20, '1,211.11'));
    expect(doubtByPageDigits(words, plane).map(reading)).toEqual(words);
  });

  it('answers words that are no figures, and faint or small print, as they are', () => {
    const plane = page();
    const words = ledger(plane);
    const small: OcrWord = { text: '1,111.11', x0: 300, y0: 300, x1: 360, y1: 306, confidence: 0.9 };
    const name: OcrWord = { text: 'Balance', x0: 300, y0: 340, x1: 360, y1: 360, confidence: 0.9 };
    expect(doubtByPageDigits([...words, small, name], plane).slice(8)).toEqual([small, name]);
  });

  it('never doubts a page whose figures were all read as printed, and never changes a reading', () => {
    const figure = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => {
      const text = whole.toLocaleString('en-US');
      return `${text}.${String(cents).padStart(2, '0')}`;
    });
    fc.assert(
      fc.property(fc.array(figure, { minLength: 1, maxLength: 9 }), (figures) => {
        const plane = page();
        const words = figures.map((f, i) => print(plane, f, 40 + 280 * (i % 2), 20 + 40 * Math.floor(i / 2)));
        const out = doubtByPageDigits(words, plane);
        expect(out.map(reading)).toEqual(words);
      }),
      { numRuns: 60 },
    );
  });

  it('never rules out the digit a figure prints, even where OCR misread it', () => {
    const figure = fc
      .tuple(fc.integer({ min: 1_000, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => `${whole.toLocaleString('en-US')}.${String(cents).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(figure, { minLength: 6, maxLength: 9 }), fc.nat(), fc.integer({ min: 0, max: 9 }), (figures, pick, misread) => {
        const plane = page();
        const printed = figures[pick % figures.length]!;
        const at = [...printed].findIndex((c) => /\d/.test(c));
        const read = printed.slice(0, at) + String(misread) + printed.slice(at + 1);
        const words = figures.map((f, i) => print(plane, f, 40 + 280 * (i % 2), 20 + 40 * Math.floor(i / 2), f === printed ? read : f));
        for (const w of doubtByPageDigits(words, plane)) {
          const truth = figures[words.findIndex((x) => x.y0 === w.y0 && x.x0 === w.x0)]!;
          for (const [k, out] of (w.ruledOut ?? []).entries()) expect(out).not.toContain(truth[k]);
        }
      }),
      { numRuns: 60 },
    );
  });
});
