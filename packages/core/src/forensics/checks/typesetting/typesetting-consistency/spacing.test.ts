// A figure squeezed or spread to the room of the one it replaced is reported against the page's
// other amounts; pages whose amounts are spaced unevenly, or set with one spacing of their own, are not.
import { describe, expect, it } from 'vitest';
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { summaryOf } from '../../../catalogue.js';
import { figureSpacingFindings } from './spacing.js';

/** Helvetica's digit, comma and period widths (em). */
const width = (text: string): number => [...text].reduce((sum, c) => sum + (/\d/.test(c) ? 0.556 : 0.278), 0);

/** An amount on row `row`, `spacing` times as wide as its glyphs, 10 pt unless told. */
function figure(text: string, row: number, spacing = 1, font = 'Helvetica', size = 10): PaintEvent {
  const left = 300;
  const baseline = 700 - 14 * row;
  const advance = width(text);
  return { kind: 'text', box: [left, baseline - 0.2 * size, left + advance * size * spacing, baseline + 0.8 * size], text, visible: true, font, advance };
}

const AMOUNTS = ['2,421.60', '522.22', '323.82', '42.69', '117.75', '2,129.85', '1,204.10', '88.00'];
const page = (spacing: (row: number) => number = () => 1): PaintEvent[] => AMOUNTS.map((t, i) => figure(t, i, spacing(i)));

describe('figures spaced unlike their page', () => {
  it('reports a figure squeezed by horizontal scaling and one spread by character spacing', () => {
    const squeezed = figureSpacingFindings(
      1,
      page((row) => (row === 2 ? 0.9 : 1)),
    );
    expect(squeezed.map((f) => f.code)).toEqual(['figure_spacing_mismatch']);
    expect(summaryOf(squeezed[0]!)).toContain('"323.82" takes 10.0% less room');
    expect(squeezed[0]!.boxes).toHaveLength(1);
    const spread = figureSpacingFindings(
      1,
      page((row) => (row === 5 ? 1.1 : 1)),
    );
    expect(spread.map(summaryOf)).toEqual([expect.stringContaining('"2,129.85" takes 10.0% more room')]);
  });

  it('holds a date against the amounts and dates of its page', () => {
    const paint = [...page(), figure('03/15/2024', 9), figure('2024-03-31', 10)];
    expect(figureSpacingFindings(1, paint)).toEqual([]);
    paint.push(figure('04/01/2024', 11, 0.93));
    expect(figureSpacingFindings(1, paint).map(summaryOf)).toEqual([expect.stringContaining('"04/01/2024" takes 7.0% less room')]);
  });

  it("passes amounts set alike, with the generator's own spacing, rounding under 2 % and a kerned pair", () => {
    expect(figureSpacingFindings(1, page())).toEqual([]);
    expect(
      figureSpacingFindings(
        1,
        page(() => 1.06),
      ),
    ).toEqual([]);
    expect(
      figureSpacingFindings(
        1,
        page((row) => (row === 2 ? 1.012 : 1)),
      ),
    ).toEqual([]);
    // one kerned pair (a digit beside the period in a serif face): 3.5% of a short figure, a tenth of an em
    expect(
      figureSpacingFindings(
        1,
        page((row) => (row === 3 ? 0.965 : 1)),
      ),
    ).toEqual([]);
  });

  it('judges nothing where the amounts are kerned or justified unevenly, or too few', () => {
    // a generator that kerns its figures: every amount a little off the others
    expect(
      figureSpacingFindings(
        1,
        page((row) => [1, 0.98, 1.01, 0.97, 1.02, 1, 0.99, 1.03][row]!),
      ),
    ).toEqual([]);
    expect(figureSpacingFindings(1, page((row) => (row === 2 ? 0.9 : 1)).slice(0, 5))).toEqual([]);
  });

  it('holds a figure against amounts of its own family and size only', () => {
    const paint = page();
    // a bold total in the same family is a peer (its spacing is its glyphs'); a smaller or Courier figure is not
    paint.push(figure('9,999.99', 9, 1, 'Helvetica-Bold'), figure('12.50', 10, 0.85, 'Helvetica', 8), figure('77.10', 11, 0.85, 'Courier'));
    expect(figureSpacingFindings(1, paint)).toEqual([]);
    paint.push(figure('64.00', 12, 0.85, 'Helvetica-Bold'));
    expect(figureSpacingFindings(1, paint).map(summaryOf)).toEqual([expect.stringContaining('"64.00"')]);
  });
});
