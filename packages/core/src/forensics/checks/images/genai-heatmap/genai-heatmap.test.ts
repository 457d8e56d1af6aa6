// The GenAI heatmap check over the heatmap reading the docforge model left (or why it did not
// run): areas over the threshold become one finding on the picture, and the check is not listed
// when the model was not asked for.
import { describe, expect, it } from 'vitest';
import { pictureContext, runCheck, testPicture } from '../../../../testing/check-context.js';
import { genaiHeatmap } from './genai-heatmap.js';

const area = { x0: 0, y0: 0, x1: 64, y1: 64 };

describe('GenAI heatmap', () => {
  it('reports connected patches over the threshold, and most of the image as such', async () => {
    const few = await runCheck(genaiHeatmap, pictureContext([testPicture()], { heatmap: { areas: [area, area], flagged: 7, patches: 100 } }));
    expect(few.findings).toEqual([expect.objectContaining({ code: 'genai_synthetic_region', page: 1, flagged: 7, patches: 100, areas: 2 })]);
    expect(few.summaries).toEqual(['The docforge model scores 7 connected patches (2 areas) as likely generated or inpainted.']);
    const most = await runCheck(genaiHeatmap, pictureContext([testPicture()], { heatmap: { areas: [area], flagged: 80, patches: 100 } }));
    expect(most.summaries).toEqual(['The docforge model scores 80% of the image as likely generated.']);
  });

  it('runs with nothing to report, says why it could not run, and is not listed when not asked for', async () => {
    expect(await runCheck(genaiHeatmap, pictureContext([testPicture()], { heatmap: { areas: [], flagged: 0, patches: 100 } }))).toMatchObject({
      ran: true,
      findings: [],
    });
    expect(await runCheck(genaiHeatmap, pictureContext([testPicture()], { heatmap: { notRun: 'the image pixels were not analysed' } }))).toMatchObject({
      ran: false,
      notRun: ['the image pixels were not analysed'],
    });
    expect(await runCheck(genaiHeatmap, pictureContext([testPicture()]))).toMatchObject({ ran: false, notRun: [] });
  });
});
