// Further readings of a page's figures: each money figure is cut out onto a line of its own on a
// sheet (one sheet a scale), and one both sheets read with the same other digits is unsure; one read alike, one the second
// reading lost, and every word that is no figure keep their first reading.
import { describe, expect, it } from 'vitest';
import type { Plane } from '../image/kernels.js';
import type { Ocr, OcrWord } from '../platform.js';
import { figureSheet, readFiguresAgain } from './second-reading.js';

/** A white page of 400 x 300 pixels. */
const page = (): Plane => ({ width: 400, height: 300, data: new Float32Array(400 * 300).fill(255) });
const word = (text: string, y: number, confidence = 0.96): OcrWord => ({
  text,
  x0: 300,
  y0: y,
  x1: 360,
  y1: y + 20,
  confidence,
  characterConfidence: confidence,
});

const WORDS = [word('Balance', 10), word('3,911.37', 40), word('31,896.74', 70), word('1,230.71', 100), word('2026', 130)];

/** An OCR port whose further readings answer `again(text, sheet)` on the line of each figure, as each sheet lays them out. */
function portReading(again: (first: string, sheet: number) => string | undefined): Ocr & { sheets: number } {
  const port = {
    sheets: 0,
    recognize: async () => ({ width: 0, height: 0, words: [] }),
    async readFigures(image: Uint8Array) {
      port.sheets++;
      expect(new TextDecoder().decode(image.subarray(0, 3))).toBe('P5\n');
      // the sheet lays the figures out as figureSheet does at one of its scales: read it back the same way
      const { slots } = [32, 48].map((height) => figureSheet(page(), WORDS, [1, 2, 3], height)).find((sheet) => sheet.image.length === image.length)!;
      const words = slots.flatMap((slot) => {
        const text = again(WORDS[slot.word]!.text, port.sheets);
        return text === undefined ? [] : [{ text, x0: 30, x1: 200, y0: slot.top + 4, y1: slot.bottom - 4, confidence: 0.9 }];
      });
      return { words };
    },
  };
  return port;
}

describe('further readings of the figures', () => {
  it('lays each figure on a line of its own, enlarged, in a PGM', () => {
    const { image, slots } = figureSheet(page(), WORDS, [1, 2]);
    expect(new TextDecoder().decode(image.subarray(0, 3))).toBe('P5\n');
    expect(slots).toHaveLength(2);
    expect(slots[1]!.top).toBeGreaterThan(slots[0]!.bottom);
    // a word 20 pixels high and its margin are enlarged to print some 48 pixels high
    expect(slots[0]!.bottom - slots[0]!.top).toBeGreaterThan(48);
  });

  it('makes unsure a figure both further readings give other digits, and keeps the rest as first read', async () => {
    // both sheets see 3,511.37 where the first reading was 3,911.37 (a 5 OCR took for a 9);
    // 31,896.74 is read otherwise by one sheet only (noise); 1,230.71 is lost by one
    const port = portReading((first, sheet) =>
      first === '3,911.37' ? '3,511.37' : first === '31,896.74' && sheet === 1 ? '31,836.74' : first === '1,230.71' && sheet === 2 ? undefined : first,
    );
    const read = await readFiguresAgain(WORDS, page(), port);
    expect(port.sheets).toBe(2); // a sheet at each of two scales
    expect(read[1]).toMatchObject({ text: '3,911.37', characterConfidence: 0.5 });
    expect(read[2]).toEqual(WORDS[2]);
    expect(read[3]).toEqual(WORDS[3]);
    expect(read[0]).toEqual(WORDS[0]);
    expect(read[4]).toEqual(WORDS[4]);
  });

  it('reads nothing again without the port method or the page image, or when the sheet fails', async () => {
    const once: Ocr = { recognize: async () => ({ width: 0, height: 0, words: [] }) };
    expect(await readFiguresAgain(WORDS, page(), once)).toEqual(WORDS);
    expect(
      await readFiguresAgain(
        WORDS,
        undefined,
        portReading(() => '0.00'),
      ),
    ).toEqual(WORDS);
    const failing: Ocr = { ...once, readFigures: async () => Promise.reject(new Error('worker gone')) };
    expect(await readFiguresAgain(WORDS, page(), failing)).toEqual(WORDS);
  });
});
