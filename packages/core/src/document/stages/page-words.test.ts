// The words of a page as it reads: a page OCR read as it is shown (turned upright by its /Rotate)
// gives words that run up its user space; they are read in the frame the text runs in, and what
// the checks find on them is placed back in user space, on the figure as the page shows it.
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { arithmeticConsistency } from '../../forensics/checks/arithmetic/arithmetic-consistency/arithmetic-consistency.js';
import type { Ocr, OcrWord, Rasterizer } from '../../platform.js';
import { buildRows } from '../../tables/rows.js';
import { checkContext, runCheck } from '../../testing/check-context.js';

/** A one-pixel PNG: the page image of an image-only page (its pixels are never looked at here). */
const PIXEL = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAJwnd2gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** A portrait page (612 x 792) shown turned by /Rotate 90, whose only content is an image: a scan saved landscape. */
async function turnedScan(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  page.drawImage(await doc.embedPng(PIXEL), { x: 0, y: 0, width: 612, height: 792 });
  page.setRotation(degrees(90));
  return doc.save();
}

/** Pixels per point of the render. */
const S = 2;
/** The render as pdf.js gives it: the page turned upright, 792 x 612 points shown; a user-space point (x, y) at pixel (S y, S x). */
const raster: Rasterizer = {
  renderPage: async () => ({ image: PIXEL, width: 792 * S, height: 612 * S, transform: [0, S, S, 0, 0, 0] }),
};

/** OCR of the upright render: an invoice's lines, cells at shown x (points), lines 20 points apart from y 100 (points from the top). */
function ocrOf(total: string): Ocr {
  const lines = [
    [
      ['Description', 60],
      ['Qty', 400],
      ['Rate', 480],
      ['Amount', 600],
    ],
    [
      ['Installation', 60],
      ['11', 400],
      ['123.95', 480],
      ['1,363.45', 600],
    ],
    [
      ['Licence', 60],
      ['16', 400],
      ['120.32', 480],
      ['1,925.12', 600],
    ],
    [
      ['Subtotal', 480],
      ['3,288.57', 600],
    ],
    [
      ['Tax', 480],
      ['263.09', 600],
    ],
    [
      ['Total', 480],
      [total, 600],
    ],
  ] as const;
  const words: OcrWord[] = lines.flatMap((cells, i) =>
    cells.map(([text, x]): OcrWord => ({ text, x0: x * S, y0: (100 + 20 * i) * S, x1: (x + 6 * text.length) * S, y1: (112 + 20 * i) * S, confidence: 0.97 })),
  );
  return { recognize: async () => ({ width: 792 * S, height: 612 * S, words }) };
}

describe('words of a page OCR read as it is shown', () => {
  it('reads the rows of a page turned by /Rotate as they run, and places findings back on the page', async () => {
    const ctx = await checkContext(await turnedScan(), { platform: { raster, ocr: ocrOf('3,551.66') } });
    const page = ctx.pages[0]!;
    expect(ctx.readingTurn?.(1)).toBe(90);
    expect(buildRows(ctx.words(page)!).map((r) => r.text)).toEqual([
      'Description Qty Rate Amount',
      'Installation 11 123.95 1,363.45',
      'Licence 16 120.32 1,925.12',
      'Subtotal 3,288.57',
      'Tax 263.09',
      'Total 3,551.66',
    ]);
    expect((await runCheck(arithmeticConsistency, ctx)).findings).toEqual([]);
    const edited = await checkContext(await turnedScan(), { platform: { raster, ocr: ocrOf('4,551.66') } });
    const findings = (await runCheck(arithmeticConsistency, edited)).findings;
    const [finding, ...rest] = findings;
    expect(rest).toEqual([]);
    expect(finding!.math).toMatchObject({ computed: '3,551.66', stated: '4,551.66' });
    // the total, shown at x 600-648 on the line 200-212 points from the top, is at user x 200-212, y 600-648
    const total = finding!.boxes![0]!;
    for (const [edge, at] of [
      ['x0', 200],
      ['x1', 212],
      ['y0', 600],
      ['y1', 648],
    ] as const)
      expect(total[edge]).toBeCloseTo(at, 0);
  });
});
