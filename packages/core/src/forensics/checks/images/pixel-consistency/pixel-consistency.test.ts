// The pixel-consistency check over pictures whose pixel analysis a test states: the noise and
// sharpness measurements become findings placed on the picture's page (an image drawn on a PDF
// page names it), and a picture whose pixels could not be analysed is why the check did not run on it.
import { describe, expect, it } from 'vitest';
import { pictureContext, runCheck, testPicture, testPixels } from '../../../../testing/check-context.js';
import { pixelConsistency } from './pixel-consistency.js';

const noise = { kind: 'noise_inconsistency' as const, regions: 1, cells: 4, level: 3.2, boxes: [{ x0: 10, y0: 20, x1: 30, y1: 40 }] };
const sharp = {
  kind: 'sharpness_inconsistency' as const,
  threshold: 1.25,
  typical: 0.61,
  boxes: [
    { x0: 1, y0: 2, x1: 3, y1: 4 },
    { x0: 5, y0: 6, x1: 7, y1: 8 },
  ],
};

describe('pixel consistency', () => {
  it('reports noise and sharpness measured on an uploaded picture, placed on its page', async () => {
    const { findings, summaries } = await runCheck(pixelConsistency, pictureContext([testPicture({ pixels: testPixels([noise, sharp]) })]));
    expect(findings).toEqual([
      { code: 'noise_inconsistency', page: 1, onPage: false, regions: 1, cells: 4, level: 3.2, boxes: [{ page: 1, x0: 10, y0: 960, x1: 30, y1: 980 }] },
      expect.objectContaining({ code: 'print_sharper_than_capture', areas: 2, threshold: 1.25, typical: 0.61 }),
    ]);
    expect(summaries).toEqual([
      "One region has less than a third of the page's sensor noise (3.2 grey levels).",
      '2 areas of print are much crisper than the rest of the capture (edge steepness over contrast above 1.25, typical 0.61).',
    ]);
  });

  it('names the page of an image drawn on a PDF page', async () => {
    const { summaries } = await runCheck(pixelConsistency, pictureContext([testPicture({ page: 3, onPage: true, pixels: testPixels([noise]) })]));
    expect(summaries[0]).toMatch(/^Page 3: One region has/);
  });

  it('runs on the pictures it could analyse and says why not on the others; not listed without pictures', async () => {
    const analysed = testPicture({ pixels: testPixels([]) });
    const unread = testPicture({ page: 2, onPage: true, pixels: { notAnalysed: '40x40 pixels are too few to analyse' } });
    expect(await runCheck(pixelConsistency, pictureContext([analysed, unread]))).toMatchObject({
      ran: true,
      findings: [],
      notRun: ['page 2: 40x40 pixels are too few to analyse'],
    });
    expect(await runCheck(pixelConsistency, pictureContext([unread]))).toMatchObject({ ran: false });
    expect(await runCheck(pixelConsistency, pictureContext([]))).toMatchObject({ ran: false, notRun: [] });
  });
});
