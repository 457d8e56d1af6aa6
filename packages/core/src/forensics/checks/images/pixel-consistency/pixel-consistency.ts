// Pixel consistency: whether a picture's pixels agree with one capture — a region with far less
// sensor noise than the page (pasted from elsewhere, or painted over), print much crisper than the
// rest of the capture (text typed onto the picture). Read from the pixel analysis made before the
// checks (`image/pixel-checks/noise.ts`, `sharpness.ts`); a picture whose pixels could not be
// analysed is named in why the check did not run on it.
import { defineCheck, type FindingOf, indicator } from '../../../check.js';
import { pagePrefix, pictureReason, placedOn } from '../../../readers/pictures.js';

const indicators = {
  noise_inconsistency: indicator<{ page: number; onPage: boolean; regions: number; cells: number; level: number }>({
    title: "Region without the camera's noise",
    severity: 'high',
    evidence: 'content',
    what_it_is: 'Part of the image has far less sensor noise than the rest of the page.',
    what_it_means: 'That part was drawn or pasted in after capture, such as a retyped amount on a filled box.',
    how_detected: 'A high-pass residual (SRM filter) gave a noise level per 64-pixel cell from its flattest blocks, compared with the page median.',
    summary: (f) =>
      `${pagePrefix(f)}${f.regions === 1 ? 'One region has' : `${f.regions} regions have`} less than a third of the page's sensor noise (${f.level.toFixed(1)} grey levels).`,
  }),
  print_sharper_than_capture: indicator<{ page: number; onPage: boolean; areas: number; threshold: number; typical: number }>({
    title: 'Text crisper than the rest of the capture',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'Part of the print has much sharper edges than the rest of the photo or scan.',
    what_it_means: 'A camera or scanner blurs everything alike; text typed onto the image afterwards keeps crisp edges, as when an amount is retyped.',
    how_detected: 'For each 8x8 block of print, the steepest step between neighbouring pixels was divided by the block contrast and compared with the page.',
    summary: (f) =>
      `${pagePrefix(f)}${f.areas === 1 ? 'One area of print is' : `${f.areas} areas of print are`} much crisper than the rest of the capture (edge steepness over contrast above ${f.threshold.toFixed(2)}, typical ${f.typical.toFixed(2)}).`,
  }),
};

type PixelFinding = FindingOf<typeof indicators>;

/** The pixel-consistency check. */
export const pixelConsistency = defineCheck({
  name: 'pixel consistency',
  subjects: ['pdf', 'image'],
  order: 210,
  indicators,
  run(ctx) {
    if (ctx.pictures.length === 0) return {};
    const findings: PixelFinding[] = [];
    const notRun: string[] = [];
    let analysed = false;
    for (const picture of ctx.pictures) {
      if (!('report' in picture.pixels)) {
        notRun.push(pictureReason(picture, picture.pixels.notAnalysed));
        continue;
      }
      analysed = true;
      for (const f of picture.pixels.report.findings) {
        if (f.kind === 'noise_inconsistency')
          findings.push({ code: 'noise_inconsistency', ...placedOn(picture, f.boxes), regions: f.regions, cells: f.cells, level: f.level });
        else if (f.kind === 'sharpness_inconsistency')
          findings.push({
            code: 'print_sharper_than_capture',
            ...placedOn(picture, f.boxes),
            areas: f.boxes.length,
            threshold: f.threshold,
            typical: f.typical,
          });
      }
    }
    return analysed ? { findings, notRun } : { notRun };
  },
});
