// Pixel consistency: whether a picture's pixels agree with one capture — a region with far less
// sensor noise than the page (pasted from elsewhere, or painted over), print much crisper than the
// rest of the capture (text typed onto the picture). Read from the pixel analysis made before the
// checks (`image/pixel-checks/noise.ts`, `sharpness.ts`); a picture whose pixels could not be
// analysed is named in why the check did not run on it.
import { type CheckResult, defineCheck, type FindingOf, indicator } from '../../../check.js';
import type { PdfCheckContext, PictureCheckContext } from '../../../contexts.js';
import { pagePrefix, pictureReason, placedOn } from '../../../readers/pictures.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  noise_inconsistency: indicator<{ page: number; onPage: boolean; regions: number; cells: number; level: number }>(
    copy.noise_inconsistency,
    'content',
    (f) =>
      `${pagePrefix(f)}${f.regions === 1 ? 'One region has' : `${f.regions} regions have`} less than a third of the page's sensor noise (${f.level.toFixed(1)} grey levels).`,
  ),
  print_sharper_than_capture: indicator<{ page: number; onPage: boolean; areas: number; threshold: number; typical: number }>(
    copy.print_sharper_than_capture,
    'content',
    (f) =>
      `${pagePrefix(f)}${f.areas === 1 ? 'One area of print is' : `${f.areas} areas of print are`} much crisper than the rest of the capture (edge steepness over contrast above ${f.threshold.toFixed(2)}, typical ${f.typical.toFixed(2)}).`,
  ),
};

type PixelFinding = FindingOf<typeof indicators>;

/** Noise and sharpness each analysed picture departs in, and why the others were not analysed. */
function pixelsOf(ctx: PdfCheckContext | PictureCheckContext): CheckResult<FindingOf<typeof indicators>> {
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
}

/** The pixel-consistency check. */
export const pixelConsistency = defineCheck({ name: 'pixel consistency', subjects: ['pdf', 'image'], order: 210, indicators, run: pixelsOf });
