// The reading frame of a page whose text runs a quarter turn: every box comes back to where it
// was, text runs left to right in the frame, and the page's turn is the one most of its text runs in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaintEvent } from '../pdf/content/text-interpreter.js';
import { intoReadingFrame, outOfReadingFrame, readingTurn, type Turn } from './reading-frame.js';

const TURNS: readonly Turn[] = [0, 90, 180, 270];
const CROP = [0, 0, 612, 792] as const;

describe('reading frame', () => {
  it('places every box back where it was, on any crop box', () => {
    const box = fc
      .tuple(
        fc.double({ min: -50, max: 900, noNaN: true }),
        fc.double({ min: -50, max: 900, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
      )
      .map(([x0, y0, w, h]) => ({ page: 1, x0, y0, x1: x0 + w, y1: y0 + h }));
    const crop = fc
      .tuple(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), fc.integer({ min: 200, max: 1200 }), fc.integer({ min: 200, max: 1200 }))
      .map(([x, y, w, h]) => [x, y, x + w, y + h] as const);
    fc.assert(
      fc.property(box, crop, fc.constantFrom(...TURNS), (b, c, turn) => {
        const into = intoReadingFrame(b, turn, c);
        expect(into.x0).toBeLessThanOrEqual(into.x1);
        expect(into.y0).toBeLessThanOrEqual(into.y1);
        const back = outOfReadingFrame(into, turn, c);
        for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(back[k]).toBeCloseTo(b[k], 6);
        expect(back.page).toBe(1);
      }),
    );
  });

  it('turns text that runs up, down or upside down to run left to right, lines stacking down the frame', () => {
    // two words of one line, the second further along the text's direction; and a line below it
    const along: Record<Exclude<Turn, 0>, [number, number]> = { 90: [0, 1], 180: [-1, 0], 270: [0, -1] };
    for (const turn of [90, 180, 270] as const) {
      const [dx, dy] = along[turn];
      const [ux, uy] = [-dy, dx]; // the glyphs' up
      const at = (s: number, line: number) => {
        const x = 300 + dx * s - ux * line * 14;
        const y = 400 + dy * s - uy * line * 14;
        return intoReadingFrame({ x0: x, y0: y, x1: x, y1: y }, turn, CROP);
      };
      expect(at(50, 0).x0).toBeGreaterThan(at(0, 0).x0);
      expect(at(0, 1).y0).toBeLessThan(at(0, 0).y0);
      // the frame stays on the turned page's span
      const corner = intoReadingFrame({ x0: 0, y0: 0, x1: 612, y1: 792 }, turn, CROP);
      expect([corner.x0, corner.y0, corner.x1 - corner.x0, corner.y1 - corner.y0]).toEqual(turn === 180 ? [0, 0, 612, 792] : [0, 0, 792, 612]);
    }
  });

  it('takes the turn two thirds of the visible characters run in; else reads the page as it is', () => {
    const word = (text: string, turn?: 90 | 180 | 270, visible = true): PaintEvent => ({
      kind: 'text',
      box: [0, 0, 1, 1],
      text,
      visible,
      ...(turn ? { turn } : {}),
    });
    expect(readingTurn([word('Statement of account', 90), word('Page 1')])).toBe(90);
    expect(readingTurn([word('Statement', 270), word('of account')])).toBe(0);
    expect(readingTurn([word('Total 1,234.56'), word('DRAFT', 90)])).toBe(0);
    // hidden text (an OCR layer) does not decide how the visible page reads
    expect(readingTurn([word('Total 1,234.56'), word('a long hidden layer of words', 180, false)])).toBe(0);
    expect(readingTurn([])).toBe(0);
    // an image-only page's OCR layer is read by its own turn
    expect(readingTurn([word('a layer drawn up the page', 90, false)], { hidden: true })).toBe(90);
  });
});
