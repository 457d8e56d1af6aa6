// The reading frame of a page whose text runs a quarter turn in user space: a landscape page a
// producer draws turned under /Rotate (groff, print drivers), whose words run up or down the
// page's own coordinates. Rows, columns and headers are read left to right and top to bottom, so
// such a page's words are read in the frame the text runs in. Whatever is found on them is placed
// back in user space, the coordinates every finding's box is in.
import type { PaintEvent } from '../pdf/content/text-interpreter.js';

/** A quarter turn, counterclockwise, of a page's text in user space (0: left to right). */
export type Turn = 0 | 90 | 180 | 270;

/** A box with corners `x0, y0` and `x1, y1`. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Share of a page's visible characters one turn must hold to be the page's reading frame. */
const MOST = 2 / 3;

/**
 * The turn the page's visible text (or, `hidden`, its invisible text: an OCR layer) runs in: the
 * one two thirds or more of its characters run in; 0 when most run left to right, or no turn
 * holds that many.
 */
export function readingTurn(paint: readonly PaintEvent[], { hidden = false } = {}): Turn {
  const chars: Record<Turn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  let all = 0;
  for (const e of paint) {
    if (e.kind !== 'text' || e.visible === hidden) continue;
    chars[e.turn ?? 0] += e.text.length;
    all += e.text.length;
  }
  const turn = ([90, 180, 270] as const).find((t) => chars[t] >= MOST * all && chars[t] > 0);
  return turn ?? 0;
}

/**
 * `box` (user space) in the reading frame of text turned by `turn` on a page whose crop box is
 * `crop`: the text runs along x, lines stack down y, within the crop box's own span.
 */
export function intoReadingFrame<B extends Box>(box: B, turn: Turn, crop: readonly [number, number, number, number]): B {
  const [cx0, cy0, cx1, cy1] = crop;
  switch (turn) {
    case 90:
      return { ...box, x0: box.y0, x1: box.y1, y0: cx0 + cx1 - box.x1, y1: cx0 + cx1 - box.x0 };
    case 180:
      return { ...box, x0: cx0 + cx1 - box.x1, x1: cx0 + cx1 - box.x0, y0: cy0 + cy1 - box.y1, y1: cy0 + cy1 - box.y0 };
    case 270:
      return { ...box, x0: cy0 + cy1 - box.y1, x1: cy0 + cy1 - box.y0, y0: box.x0, y1: box.x1 };
    default:
      return box;
  }
}

/** `box` from the reading frame of `turn` back in user space: the inverse of `intoReadingFrame`. */
export function outOfReadingFrame<B extends Box>(box: B, turn: Turn, crop: readonly [number, number, number, number]): B {
  const [cx0, cy0, cx1, cy1] = crop;
  switch (turn) {
    case 90:
      return { ...box, x0: cx0 + cx1 - box.y1, x1: cx0 + cx1 - box.y0, y0: box.x0, y1: box.x1 };
    case 180:
      return intoReadingFrame(box, 180, crop);
    case 270:
      return { ...box, x0: box.y0, x1: box.y1, y0: cy0 + cy1 - box.x1, y1: cy0 + cy1 - box.x0 };
    default:
      return box;
  }
}
