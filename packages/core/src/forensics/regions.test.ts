import { describe, expect, it } from 'vitest';
import { PdfDict } from '../pdf/objects.js';
import type { PageNode } from '../pdf/pages.js';
import { boxesInOrder, toPercentBox } from './regions.js';

const page = (rotate: number, cropBox: [number, number, number, number] = [0, 0, 200, 100]): PageNode => ({
  number: 1,
  objNum: 1,
  dict: new PdfDict(),
  resources: undefined,
  mediaBox: cropBox,
  cropBox,
  rotate,
});
// a box in the top-left corner of an unrotated 200 x 100 page: x 0-20, y 90-100
const box = { page: 1, x0: 0, y0: 90, x1: 20, y1: 100 };

describe('toPercentBox', () => {
  it('measures from the top-left of the page in percent', () => {
    expect(toPercentBox(page(0), box)).toEqual({ x: 0, y: 0, w: 10, h: 10 });
  });

  it('follows /Rotate (clockwise as displayed)', () => {
    expect(toPercentBox(page(90), box)).toEqual({ x: 90, y: 0, w: 10, h: 10 });
    expect(toPercentBox(page(180), box)).toEqual({ x: 90, y: 90, w: 10, h: 10 });
    expect(toPercentBox(page(270), box)).toEqual({ x: 0, y: 90, w: 10, h: 10 });
  });

  it('measures against the crop box, not the media box, and clamps to it', () => {
    const cropped = page(0, [100, 0, 200, 100]);
    expect(toPercentBox(cropped, { page: 1, x0: 150, y0: 0, x1: 250, y1: 50 })).toEqual({ x: 50, y: 50, w: 50, h: 50 });
  });
});

describe('boxesInOrder', () => {
  const at = (x0: number) => ({ page: 1, x0, y0: 50, x1: x0 + 5, y1: 55 });
  it("puts each finding's own figure first, and keeps one box per indicator", () => {
    const findings = [
      { code: 'table_total_mismatch', boxes: [at(10), at(20), at(30)] },
      { code: 'table_total_mismatch', boxes: [at(40), at(20)] },
      { code: 'figure_off_column', boxes: [at(20)] },
    ];
    const order = boxesInOrder(findings).map(({ finding, box }) => `${finding.code}@${box.x0}`);
    // the three findings' own figures, then the rest; the item both sums rest on once, and the column's finding on it too
    expect(order).toEqual(['table_total_mismatch@10', 'table_total_mismatch@40', 'figure_off_column@20', 'table_total_mismatch@20', 'table_total_mismatch@30']);
  });
});
