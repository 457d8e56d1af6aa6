// Findings: what a check reports, as data. A finding names an indicator code, says in one
// sentence what was found, and points at the content it is about (page boxes in PDF user space).
import type { MathCheck } from '../spec/document.js';
import type { IndicatorCode } from './indicators.js';

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

/** One thing a check found. */
export interface Finding {
  code: IndicatorCode;
  /** One sentence about this instance, for display. */
  summary: string;
  page?: number;
  revision?: number;
  /** Where on the page(s) it is. */
  boxes?: PageBox[];
  /** How sure the check is of this instance, 0..1 (default 0.9). */
  confidence?: number;
  /** For an arithmetic contradiction: the spec's MathCheck. */
  math?: MathCheck;
}

/** What a check returns: its findings, or that it could not run (and why). */
export type CheckResult = { findings: Finding[] } | { notRun: string };

/**
 * `more` without the findings about a figure one of `findings` already judged (a finding's first
 * box is the figure it judged): two checks reading the same total report it once.
 */
export function notYetJudged(findings: readonly Finding[], more: readonly Finding[]): Finding[] {
  const judged = new Set(findings.map((f) => JSON.stringify(f.boxes?.[0])));
  return more.filter((f) => !judged.has(JSON.stringify(f.boxes?.[0])));
}
