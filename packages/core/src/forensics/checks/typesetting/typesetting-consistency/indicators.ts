// The indicators of the typesetting check: a figure set apart from the figures and words around it
// — off its column's edge, in another font or size, off its row's baseline, spaced otherwise,
// drawn another way, or (on a scan or photo) printed otherwise.
import { type FindingOf, indicator } from '../../../check.js';

/** How a figure's font sets it apart from its column: another family, a font dictionary of its own, or another size. */
type FontApart = { page: number; text: string; columnFigures: number } & (
  | { by: 'family'; font: string; columnFont: string }
  | { by: 'dictionary'; font: string; columnFont: string }
  | { by: 'size'; size: number; columnSize: number }
);

function fontApart(f: FontApart): string {
  const head = `Page ${f.page}: "${f.text}" is set`;
  if (f.by === 'family') return `${head} in ${f.font}; the ${f.columnFigures} other figures of its column in ${f.columnFont}.`;
  if (f.by === 'dictionary')
    return `${head} in ${f.font} through a font of its own; the ${f.columnFigures} other figures of its column through the page's ${f.columnFont}.`;
  return `${head} at ${f.size.toFixed(2)} pt; the ${f.columnFigures} other figures of its column at ${f.columnSize.toFixed(2)} pt.`;
}

function drawnApart(f: { page: number; text: string; drawnBy?: string; usualWay: string; decimals?: number; usualDecimals: number }): string {
  const reasons = [
    f.drawnBy !== undefined
      ? `drawn with "${f.drawnBy}", which draws nothing but figures in the document (most of its other amounts and dates: "${f.usualWay}")`
      : '',
    f.decimals !== undefined ? `placed by numbers written to ${f.decimals} decimals, where the page's other words use at most ${f.usualDecimals}` : '',
  ].filter(Boolean);
  return `Page ${f.page}: "${f.text}" is ${reasons.join(' and ')}.`;
}

function printedApart(f: { page: number; text: string; size?: { percent: number; peers: number }; baselineOff?: number }): string {
  const reasons = [
    f.size ? `its digits are ${f.size.percent}% of the height of the ${f.size.peers} figures in its column and line` : '',
    f.baselineOff !== undefined
      ? `it sits ${Math.abs(f.baselineOff).toFixed(1)} pt ${f.baselineOff > 0 ? 'above' : 'below'} the baseline of the other words of its line`
      : '',
  ].filter(Boolean);
  return `Page ${f.page}: "${f.text}" is printed unlike the figures around it: ${reasons.join(', and ')}.`;
}

/** The indicators of the typesetting check. */
export const indicators = {
  figure_off_column: indicator<{ page: number; text: string; off: number; columnFigures: number }>({
    title: 'A figure ends off its column',
    severity: 'medium',
    evidence: 'content',
    what_it_is: 'An amount ends off the right edge that every other amount of its column ends on, to a fraction of a point.',
    what_it_means:
      "The figure was probably rewritten in place in the content stream: the new string kept the old one's start, so a wider or narrower figure no longer meets the column's edge.",
    how_detected:
      'Right-aligned columns were found as four or more amounts of different widths ending on one edge; an amount of the same size among their rows that ends off that edge (and on no edge another amount shares) was reported.',
    summary: (f) =>
      `Page ${f.page}: "${f.text}" ends ${Math.abs(f.off).toFixed(1)} pt ${f.off > 0 ? 'past' : 'short of'} the edge its column's ${f.columnFigures} other figures end on.`,
  }),
  figure_font_mismatch: indicator<FontApart>({
    title: 'A figure is set in another font than its column',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'One or two amounts of a column are set in another font family than all its other amounts, or amounts are shown in the same font through a font dictionary added for them alone.',
    what_it_means: 'The figure was probably removed and typed again by an editor or a PDF library, which set it in a font of its own.',
    how_detected:
      'The base fonts of the amounts of each right-aligned column were compared by family (subset prefix and style left out, so a bold total is the same family), and the font dictionaries they are shown through: a dictionary of the column font that shows nothing on the page but a few of its amounts was added for them.',
    summary: fontApart,
  }),
  figure_off_baseline: indicator<{ page: number; text: string; off: number; rowWords: number }>({
    title: 'A figure sits off the baseline of its row',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'An amount or a date sits a fraction of a point above or below the baseline that the other words of its row, in its font and size, share exactly.',
    what_it_means:
      'The figure was probably removed and typed again by an editor or a PDF library, which placed it from where it read the old one; a generator sets a row on one baseline.',
    how_detected:
      "Each amount and date was held against the other words of its row in the same font family and size; where those agree within 0.1 pt, one off them by 0.3 pt or more was reported, unless more than a fifth of the page's amounts and dates were.",
    summary: (f) =>
      `Page ${f.page}: "${f.text}" sits ${Math.abs(f.off).toFixed(2)} pt ${f.off < 0 ? 'below' : 'above'} the baseline the ${f.rowWords} other words of its row share.`,
  }),
  figure_spacing_mismatch: indicator<{ page: number; text: string; departure: number; peers: number }>({
    title: 'A figure is spaced unlike the other figures of its page',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'An amount or a date takes more or less room than its glyphs do (character spacing, horizontal scaling or glyphs placed one by one), while the other amounts and dates of the page in its font and size are all spaced alike.',
    what_it_means: 'The figure was probably typed again and fitted to the room of the one it replaced; a generator spaces every figure of a page the same way.',
    how_detected:
      'The extent of each amount and date was divided by the widths of its glyphs in its font; where at least five others of the page in the same font family and size agreed within 0.5 %, one 2 % or more away from them was reported, unless more than a fifth of them were.',
    summary: (f) =>
      `Page ${f.page}: "${f.text}" takes ${(Math.abs(f.departure) * 100).toFixed(1)}% ${f.departure > 0 ? 'more' : 'less'} room than its glyphs do in the spacing that the page's ${f.peers} other amounts and dates in its font and size share.`,
  }),
  figure_operator_mismatch: indicator<{ page: number; text: string; drawnBy?: string; usualWay: string; decimals?: number; usualDecimals: number }>({
    title: 'A figure is drawn unlike the other figures of its page',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'An amount or a date is drawn by content-stream operators that draw nothing but figures anywhere in the document (another operator placing it, another show operator, strings in another form, the font set elsewhere), or placed by numbers written to more decimals than any other word of its page.',
    what_it_means:
      'The figure was probably written again by an editor or a PDF library, which emits the text it changes in a text object of its own style; a generator draws every figure of a page through one code path.',
    how_detected:
      "Each word was tagged with how the content stream drew it. On a page with at least six amounts and dates, one drawn in a way that draws no word other than a figure anywhere in the document was reported; so was a figure placed by numbers of four or more decimals on a page whose twenty or more other words use at least two fewer; unless more than a fifth of the page's figures stood out.",
    summary: drawnApart,
  }),
  figure_print_mismatch: indicator<{ page: number; text: string; size?: { percent: number; peers: number }; baselineOff?: number }>({
    title: 'A figure on a scan is printed unlike the figures around it',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'On a scanned or photographed page, an amount whose digits are taller or shorter than those of the figures in its column and line, or that sits off the baseline of its line.',
    what_it_means: 'The figure was probably typed anew onto the picture by an image editor, at a size or position that does not match the print it replaced.',
    how_detected:
      'The ink band of every word OCR read (the rows from its baseline to the top of its letters or digits) was measured on the page image, and each amount compared with the amounts of its column and line and with the baseline of its line.',
    summary: printedApart,
  }),
};

/** A finding of the typesetting check. */
export type TypesettingFinding = FindingOf<typeof indicators>;
