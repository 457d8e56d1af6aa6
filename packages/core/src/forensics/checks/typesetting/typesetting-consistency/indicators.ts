// The indicators of the typesetting check: a figure set apart from the figures and words around it
// — off its column's edge, in another font or size, off its row's baseline, spaced otherwise,
// drawn another way, or (on a scan or photo) printed otherwise.
import { type FindingOf, indicator } from '../../../check.js';
import copy from './copy.json' with { type: 'json' };

/** How a figure's font sets it apart from its column's other figures (`columnFigures`): another family, a font dictionary of its own, another size, or (judged over the page) a font that shows nothing but amounts. */
export type FontSetting = { columnFigures: number } & (
  | { by: 'family'; font: string; columnFont: string }
  | { by: 'dictionary'; font: string; columnFont: string }
  | { by: 'own font'; font: string; columnFont: string }
  | { by: 'not embedded'; font: string; columnFont: string }
  | { by: 'size'; size: number; columnSize: number }
);

/** A figure set apart by its font. */
type FontApart = { page: number; text: string } & FontSetting;

function fontApart(f: FontApart): string {
  const head = `Page ${f.page}: "${f.text}" is set`;
  if (f.by === 'family') return `${head} in ${f.font}; the ${f.columnFigures} other figures of its column in ${f.columnFont}.`;
  if (f.by === 'own font')
    return `${head} in ${f.font} through a font that shows nothing else on the page; ${f.columnFigures} other amounts of its tables are in ${f.columnFont}, the font of the page's words.`;
  if (f.by === 'not embedded')
    return `${head} in ${f.font}, not embedded, through a font that shows nothing else on the page; every word of the page is set in embedded fonts (${f.columnFont}).`;
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
  figure_off_column: indicator<{ page: number; text: string; off: number; columnFigures: number }>(
    copy.figure_off_column,
    'content',
    (f) =>
      `Page ${f.page}: "${f.text}" ends ${Math.abs(f.off).toFixed(1)} pt ${f.off > 0 ? 'past' : 'short of'} the edge its column's ${f.columnFigures} other figures end on.`,
  ),
  figure_font_mismatch: indicator<FontApart>(copy.figure_font_mismatch, 'content', fontApart),
  figure_off_baseline: indicator<{ page: number; text: string; off: number; rowWords: number }>(
    copy.figure_off_baseline,
    'content',
    (f) =>
      `Page ${f.page}: "${f.text}" sits ${Math.abs(f.off).toFixed(2)} pt ${f.off < 0 ? 'below' : 'above'} the baseline the ${f.rowWords} other words of its row share.`,
  ),
  figure_spacing_mismatch: indicator<{ page: number; text: string; departure: number; peers: number }>(
    copy.figure_spacing_mismatch,
    'content',
    (f) =>
      `Page ${f.page}: "${f.text}" takes ${(Math.abs(f.departure) * 100).toFixed(1)}% ${f.departure > 0 ? 'more' : 'less'} room than its glyphs do in the spacing that the page's ${f.peers} other amounts and dates in its font and size share.`,
  ),
  figure_operator_mismatch: indicator<{ page: number; text: string; drawnBy?: string; usualWay: string; decimals?: number; usualDecimals: number }>(
    copy.figure_operator_mismatch,
    'content',
    drawnApart,
  ),
  figure_print_mismatch: indicator<{ page: number; text: string; size?: { percent: number; peers: number }; baselineOff?: number }>(
    copy.figure_print_mismatch,
    'content',
    printedApart,
  ),
};

/** A finding of the typesetting check. */
export type TypesettingFinding = FindingOf<typeof indicators>;
