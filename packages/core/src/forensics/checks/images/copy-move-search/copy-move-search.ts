// Copy-move search: an area of a picture copied onto another place of it (a digit or a signature
// pasted over another), found by the pixel analysis made before the checks
// (`image/pixel-checks/copy-move.ts`, and pixel-for-pixel copies in `exact-copies.ts`). A picture
// with no flat paper to measure its noise on, or too little noise, cannot tell copies from
// repeated print: the search did not run on it.
import { type CheckResult, defineCheck, type FindingOf, indicator } from '../../../check.js';
import type { PdfCheckContext, PictureCheckContext } from '../../../contexts.js';
import { pagePrefix, pictureReason, placedOn } from '../../../readers/pictures.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  copy_move_detected: indicator<
    | { page: number; onPage: boolean; method: 'matched'; blocks: number; distance: number; mad: number; baseline: number; madLimit: number }
    | { page: number; onPage: boolean; method: 'exact'; blocks: number; distance: number }
  >(copy.copy_move_detected, 'content', (f) =>
    f.method === 'exact'
      ? `${pagePrefix(f)}An area of ${f.blocks} 8x8 blocks of print repeats pixel for pixel ${f.distance} pixels away; a scan gives every print its own noise, so one was copied onto the other.`
      : `${pagePrefix(f)}An area of ${f.blocks} overlapping blocks repeats ${f.distance} pixels away, matching ${(f.baseline / Math.max(f.mad, 0.01)).toFixed(1)} times more closely than the page's look-alikes: one was copied onto the other.`,
  ),
};

type CopyFinding = FindingOf<typeof indicators>;

/** Copies found in each picture the search could run on, and why it could not on the others. */
function copiesIn(ctx: PdfCheckContext | PictureCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const findings: CopyFinding[] = [];
  const notRun: string[] = [];
  let searched = false;
  for (const picture of ctx.pictures) {
    if (!('report' in picture.pixels)) continue;
    const { report } = picture.pixels;
    if (report.copyMoveSearch === 'full') searched = true;
    else
      notRun.push(
        pictureReason(
          picture,
          Number.isNaN(report.noiseLevel)
            ? `the image has no flat paper to measure its noise on, so copies cannot be told from repeated print${report.copyMoveSearch === 'exact' ? ' (only pixel-for-pixel copies were searched for)' : ''}`
            : `the image has too little sensor noise (${report.noiseLevel.toFixed(2)} grey levels) to tell copies from repeated print`,
        ),
      );
    for (const f of report.findings) {
      if (f.kind !== 'copy_move') continue;
      const { kind, boxes, ...measured } = f;
      findings.push({ code: 'copy_move_detected', ...placedOn(picture, boxes), ...measured });
    }
  }
  // pixel-for-pixel copies are found even where the full search could not run
  return searched || findings.length > 0 ? { findings, notRun } : { notRun };
}

/** The copy-move search. */
export const copyMoveSearch = defineCheck({ name: 'copy-move search', subjects: ['pdf', 'image'], order: 230, indicators, run: copiesIn });
