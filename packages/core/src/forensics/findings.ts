// Findings: what a check reports, as data. A finding names an indicator code, carries the facts
// its indicator's summary and the scoring policy read (the figures and the reading it rests on),
// and points at the content it is about (page boxes in PDF user space). Its sentence is rendered
// from the catalogue and its weight and confidence come from the policy: a check writes neither.
import type { MathCheck } from '../spec/document.js';

/**
 * A page as findings are placed on it: its number, the visible box (a PDF's crop box, a
 * picture's pixel frame) in the coordinates of the findings' boxes, and its clockwise turn in
 * degrees. A PDF `PageNode` is one; a photo is a single frame of its own pixel size.
 */
export interface PageFrame {
  number: number;
  cropBox: [number, number, number, number];
  rotate: number;
}

/** A rectangle on a page in PDF user space (points, origin bottom-left). */
export interface PageBox {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A box drawn on a page (x0, y0, x1, y1, as paint events give it) as a PageBox. */
export const pageBox = (page: number, [x0, y0, x1, y1]: readonly [number, number, number, number]): PageBox => ({ page, x0, y0, x1, y1 });

/** Where a finding is, and for an arithmetic contradiction the spec's MathCheck. */
export interface Placement {
  page?: number;
  revision?: number;
  /** Where on the page(s) it is; the first box is what it judged. */
  boxes?: PageBox[];
  /** For an arithmetic contradiction: the spec's MathCheck. */
  math?: MathCheck;
}

/** Any finding, as one check reads another's or a helper handles them without knowing its code. */
export type AnyFinding = { code: string } & Placement;

/**
 * `more` without the findings about a figure one of `findings` already judged (a finding's first
 * box is the figure it judged): two checks reading the same total report it once.
 */
export function notYetJudged<F extends AnyFinding>(findings: readonly AnyFinding[], more: readonly F[]): F[] {
  const judged = new Set(findings.map((f) => JSON.stringify(f.boxes?.[0])));
  return more.filter((f) => !judged.has(JSON.stringify(f.boxes?.[0])));
}
