// The copy-move search over pictures whose pixel analysis a test states: a matched copy and a
// pixel-for-pixel copy are reported on both places, and a picture too clean to tell copies from
// repeated print is why the search did not run on it.
import { describe, expect, it } from 'vitest';
import { pictureContext, runCheck, testPicture, testPixels } from '../../../../testing/check-context.js';
import { copyMoveSearch } from './copy-move-search.js';

const boxes = [
  { x0: 100, y0: 100, x1: 140, y1: 120 },
  { x0: 300, y0: 100, x1: 340, y1: 120 },
];
const matched = { kind: 'copy_move' as const, method: 'matched' as const, blocks: 300, distance: 200, mad: 0.4, baseline: 6, madLimit: 1.5, boxes };
const exact = { kind: 'copy_move' as const, method: 'exact' as const, blocks: 12, distance: 200, boxes };

describe('copy-move search', () => {
  it('reports an area copied onto another, on both places', async () => {
    const { findings, summaries } = await runCheck(copyMoveSearch, pictureContext([testPicture({ pixels: testPixels([matched]) })]));
    expect(findings).toEqual([
      expect.objectContaining({ code: 'copy_move_detected', method: 'matched', blocks: 300, boxes: [expect.anything(), expect.anything()] }),
    ]);
    expect(summaries).toEqual([
      "An area of 300 overlapping blocks repeats 200 pixels away, matching 15.0 times more closely than the page's look-alikes: one was copied onto the other.",
    ]);
  });

  it('says why it did not run on a picture without noise to measure, and still reports a pixel-for-pixel copy found there', async () => {
    const clean = testPicture({ pixels: testPixels([exact], { noiseLevel: Number.NaN, copyMoveSearch: 'exact' }) });
    const result = await runCheck(copyMoveSearch, pictureContext([clean]));
    expect(result.notRun).toEqual([
      'the image has no flat paper to measure its noise on, so copies cannot be told from repeated print (only pixel-for-pixel copies were searched for)',
    ]);
    expect(result.summaries).toEqual([
      'An area of 12 8x8 blocks of print repeats pixel for pixel 200 pixels away; a scan gives every print its own noise, so one was copied onto the other.',
    ]);
    const quiet = testPicture({ page: 2, onPage: true, pixels: testPixels([], { noiseLevel: 0.4, copyMoveSearch: 'none' }) });
    expect(await runCheck(copyMoveSearch, pictureContext([quiet]))).toMatchObject({
      ran: false,
      notRun: ['page 2: the image has too little sensor noise (0.40 grey levels) to tell copies from repeated print'],
    });
  });
});
