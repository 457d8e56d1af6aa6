// How far OCR words are trusted: a figure by its characters' confidence (a word confidence that
// penalises every figure is not used), and not at all surely when its print is too small or OCR
// doubts the word as a whole.
import { describe, expect, it } from 'vitest';
import type { Ocr, OcrWord } from '../platform.js';
import { ocrImage } from './ocr-words.js';

/** The first bytes of a PNG of `width` × `height` (signature and IHDR: all the size reader needs). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const ocrOf = (words: OcrWord[]): Ocr => ({ recognize: async () => ({ width: 1000, height: 1000, words }) });
const word = (text: string, height: number, confidence: number, characterConfidence?: number): OcrWord => ({
  text,
  x0: 100,
  y0: 100,
  x1: 100 + text.length * height * 0.6,
  y1: 100 + height,
  confidence,
  ...(characterConfidence === undefined ? {} : { characterConfidence }),
});

describe('OCR word trust', () => {
  it('rests a figure on its characters, not on a word confidence every figure gets low', async () => {
    const { words } = await ocrImage(pngHeader(1000, 1000), ocrOf([word('—656.20', 30, 0.58, 0.94)]));
    expect(words[0]!.confidence).toBeCloseTo(0.94);
  });

  it('does not trust print under 12 pixels or a word OCR doubts as a whole', async () => {
    const { words } = await ocrImage(pngHeader(1000, 1000), ocrOf([word('1,586.08', 10, 0.96, 0.99), word('311.08', 30, 0.18, 0.88)]));
    expect(words.map((w) => w.confidence)).toEqual([0.5, 0.5]);
  });
});
