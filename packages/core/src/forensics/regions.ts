// Converts page boxes in PDF user space into the spec's Region coordinates: percentages of the
// rendered page (the crop box, turned by /Rotate), origin top-left, clamped to the page; and orders
// the boxes of a document's findings into its regions.
import type { PageBox, PageFrame } from './findings.js';

/** A box in percent of the rendered page. */
export interface PercentBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
const clamp = (v: number): number => Math.min(1, Math.max(0, v));

/** Maps a user-space box onto the rendered page of `page`, or undefined when it lies outside. */
export function toPercentBox(page: PageFrame, box: PageBox): PercentBox | undefined {
  const [cx0, cy0, cx1, cy1] = page.cropBox;
  const cw = cx1 - cx0;
  const ch = cy1 - cy0;
  if (cw <= 0 || ch <= 0) return undefined;
  // normalised, unrotated, origin top-left
  const corners: [number, number][] = [
    [(box.x0 - cx0) / cw, 1 - (box.y0 - cy0) / ch],
    [(box.x1 - cx0) / cw, 1 - (box.y1 - cy0) / ch],
  ];
  const turned = corners.map(([X, Y]): [number, number] => {
    switch (page.rotate) {
      case 90:
        return [1 - Y, X];
      case 180:
        return [1 - X, 1 - Y];
      case 270:
        return [Y, 1 - X];
      default:
        return [X, Y];
    }
  });
  const xs = turned.map((p) => clamp(p[0]));
  const ys = turned.map((p) => clamp(p[1]));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const w = Math.max(...xs) - x;
  const h = Math.max(...ys) - y;
  if (w <= 0 && h <= 0) return undefined;
  return { x: round2(x * 100), y: round2(y * 100), w: round2(w * 100), h: round2(h * 100) };
}

/**
 * The boxes of `findings` (strongest first) in the order they become regions: every finding's own
 * figure first (a total, the balance it judged), then the figures it rests on, one rank at a time;
 * a box two findings of one indicator share once (the stronger's), while each indicator pointing
 * at a figure keeps its own.
 */
export function boxesInOrder<F extends { code: string; boxes?: readonly PageBox[] }>(findings: readonly F[]): { finding: F; box: PageBox }[] {
  const out: { finding: F; box: PageBox }[] = [];
  const placed = new Set<string>();
  const depth = Math.max(0, ...findings.map((f) => f.boxes?.length ?? 0));
  for (let k = 0; k < depth; k++) {
    for (const finding of findings) {
      const box = finding.boxes?.[k];
      if (!box) continue;
      const key = `${finding.code}|${box.page}|${box.x0}|${box.y0}|${box.x1}|${box.y1}`;
      if (placed.has(key)) continue;
      placed.add(key);
      out.push({ finding, box });
    }
  }
  return out;
}
