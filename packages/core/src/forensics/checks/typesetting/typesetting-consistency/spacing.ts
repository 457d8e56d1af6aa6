// Spacing of figures (amounts, and dates written in figures) against the figures of their page: a
// generator sets them the same way every time — glyph after glyph at the font's widths, or with
// its own fixed character spacing or scaling — so the extent of each, divided by the widths of its
// glyphs, is one number for all of them. An editor that types a figure again and fits it to the
// old one's room (horizontal scaling, character spacing, glyphs placed one by one from another
// font's metrics) leaves that figure wider or narrower than its glyphs make it, while the others
// are not. Judged only where the page's figures of one font family and size agree among
// themselves (a generator that kerns or justifies its figures is not judged) and only when few of
// them stand out.
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { pageBox } from '../../../findings.js';
import { figureThatMatters, fontFamily, heightOf, horizontal, type TextEvent } from './figure-words.js';
import type { TypesettingFinding } from './indicators.js';

/** Fewest figures of one family and size that make the spacing a figure is held against. */
const MIN_PEERS = 5;
/** Peers agree when their spacing is within this share of their median. */
const PEER_AGREEMENT = 0.005;
/** Share of the peers that must agree before any is judged. */
const AGREEING_SHARE = 0.8;
/** Smallest departure (share of the figure's width) that is reported: 2 %, a tenth of an em on a figure of nine characters. */
const OFF_SPACING = 0.02;
/**
 * Smallest departure in em: a figure of another length fitted into the room of the old one moves
 * by about a glyph (half an em); a kerned pair (a digit beside a period or comma in a serif face a
 * browser kerns) by a tenth.
 */
const MIN_OFF_EM = 0.25;
/** Largest departure: a figure twice as wide as its glyphs is laid out otherwise (a spaced-out form field), not fitted. */
const MAX_OFF_SPACING = 0.5;
/** Share of a group's figures that may stand out before the page counts as set unevenly. */
const MAX_OFF_SHARE = 0.2;
/** Two figures' sizes within this share are one size. */
const SAME_SIZE = 0.02;

/** A figure's extent over the plain widths of its glyphs: 1 when set glyph after glyph. */
const spacingOf = (e: TextEvent): number => (e.box[2] - e.box[0]) / heightOf(e) / e.advance!;

/** Figures grouped by font family, then by size (a group's sizes within 2 % of its smallest). */
function bySize(figures: readonly TextEvent[]): TextEvent[][] {
  const sorted = [...figures].sort((a, b) => fontFamily(a.font!).localeCompare(fontFamily(b.font!)) || heightOf(a) - heightOf(b));
  const groups: TextEvent[][] = [];
  for (const f of sorted) {
    const group = groups[groups.length - 1];
    const first = group?.[0];
    if (first && fontFamily(first.font!) === fontFamily(f.font!) && heightOf(f) - heightOf(first) <= SAME_SIZE * heightOf(first)) group.push(f);
    else groups.push([f]);
  }
  return groups;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Figures of a page set wider or narrower than their glyphs, where the page's other figures are not. */
export function figureSpacingFindings(page: number, paint: readonly PaintEvent[]): TypesettingFinding[] {
  const figures = paint.filter(
    (e): e is TextEvent => e.kind === 'text' && e.visible && e.font !== undefined && (e.advance ?? 0) > 0 && horizontal(e) && figureThatMatters(e.text.trim()),
  );
  const findings: TypesettingFinding[] = [];
  for (const group of bySize(figures)) {
    if (group.length < MIN_PEERS + 1) continue;
    const spacings = group.map(spacingOf);
    const usual = median(spacings);
    const departures = spacings.map((s) => (s - usual) / usual);
    if (departures.filter((d) => Math.abs(d) <= PEER_AGREEMENT).length < AGREEING_SHARE * group.length) continue;
    const off = group
      .map((f, i) => ({ f, d: departures[i]! }))
      .filter(({ f, d }) => Math.abs(d) >= OFF_SPACING && Math.abs(d) <= MAX_OFF_SPACING && Math.abs(d) * usual * f.advance! >= MIN_OFF_EM);
    if (off.length === 0 || off.length > MAX_OFF_SHARE * group.length) continue;
    for (const { f, d } of off)
      findings.push({
        code: 'figure_spacing_mismatch',
        page,
        text: f.text.trim(),
        departure: d,
        peers: group.length - off.length,
        boxes: [pageBox(page, f.box)],
      });
  }
  return findings;
}
