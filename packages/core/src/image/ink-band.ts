// The ink band of a printed word on a page image: the rows between the top of its letters or
// digits and its baseline, where most of its ink lies. Measured from the row profile of the ink
// (pixels darker than halfway between the word's paper and its ink): the rows around the densest
// one that hold at least a tenth of its ink, so thin parts that reach beyond the body (a comma's
// tail, the bar of a dollar sign) and the print of the lines above and below are left out. Two
// figures set in one font and size share their band's height and, on one line, its bottom; a
// figure typed anew at another size or baseline does not.
import type { Plane } from './kernels.js';
import type { PixelBox } from './pixel-checks/types.js';

/** The band of a word, in pixel rows (origin top-left; bottom exclusive). */
export interface InkBand {
  top: number;
  bottom: number;
}

/** Share of the densest row's ink a row needs to belong to the band (a comma's tail or a dollar sign's bar holds less). */
const BAND_SHARE = 0.1;
/** Ink must stand this many grey levels below the paper to be measured. */
const MIN_CONTRAST = 60;
/** Fewest rows a band spans (print smaller than this is not measured). */
const MIN_ROWS = 6;

/** The lightest (paper) and darkest (ink) grey levels of `gray` in the pixels [x0, x1) × [y0, y1). */
export function paperAndInk(gray: Plane, x0: number, y0: number, x1: number, y1: number): { light: number; dark: number } {
  let light = 0;
  let dark = 255;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = gray.data[y * gray.width + x]!;
      if (v > light) light = v;
      if (v < dark) dark = v;
    }
  }
  return { light, dark };
}

/** The ink band of the word in `box` (with a margin of a quarter of its height above and below), or undefined when there is too little contrast or print. */
export function inkBand(gray: Plane, box: PixelBox): InkBand | undefined {
  const margin = Math.ceil((box.y1 - box.y0) / 4);
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(gray.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0) - margin);
  const y1 = Math.min(gray.height, Math.ceil(box.y1) + margin);
  if (x1 - x0 < 2 || y1 - y0 < MIN_ROWS) return undefined;
  const { light, dark } = paperAndInk(gray, x0, y0, x1, y1);
  if (light - dark < MIN_CONTRAST) return undefined;
  const threshold = (light + dark) / 2;
  const rows = new Float64Array(y1 - y0);
  let densest = 0;
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (gray.data[y * gray.width + x]! < threshold) n++;
    rows[y - y0] = n;
    densest = Math.max(densest, n);
  }
  // from the densest row, up and down while rows keep a share of its ink
  let top = rows.indexOf(densest);
  let bottom = top + 1;
  while (top > 0 && rows[top - 1]! >= densest * BAND_SHARE) top--;
  while (bottom < rows.length && rows[bottom]! >= densest * BAND_SHARE) bottom++;
  return bottom - top >= MIN_ROWS ? { top: y0 + top, bottom: y0 + bottom } : undefined;
}
