// Figures on a scan against the figures around them: one typed anew at a smaller size, or on
// another baseline, is reported on itself; a page of consistent print, a page read from the
// file's text (no ink bands), a figure whose ink was not measured on its own print and a page
// printed in mixed sizes are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { tableContext } from '../../../../testing/table-words.js';
import { summaryOf } from '../../../catalogue.js';
import { figureGlyphFindings } from './glyphs.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

/** A word on line `line` (14 pt apart) whose print fills a 7 pt band on its baseline (raised by `lift`, scaled by `size`). */
function word(text: string, x1: number, line: number, size = 1, lift = 0): Word {
  const y0 = 700 - 14 * line;
  return { text, page: 1, x0: x1 - 5 * text.length, y0: y0 - 2, x1, y1: y0 + 9, confidence: 0.95, ink: { y0: y0 + lift, y1: y0 + lift + 7 * size } };
}

/** A table of five lines: a label, a current and a year-to-date figure each. */
function table(edit?: { size?: number; lift?: number }): Word[] {
  return [0, 1, 2, 3, 4].flatMap((line) => [
    word('Item', 80, line),
    word(`${line + 1}12.40`, 300, line, line === 2 ? (edit?.size ?? 1) : 1, line === 2 ? (edit?.lift ?? 0) : 0),
    word(`${line + 3},512.40`, 420, line),
  ]);
}

const findings = (words: Word[], ocr = true) => figureGlyphFindings(tableContext([words], 'paystub', ocr));

describe('figure print', () => {
  it('passes consistent print, and pages without ink bands', () => {
    expect(findings(table())).toEqual([]);
    expect(findings(table({ size: 0.8 }), false)).toEqual([]);
  });

  it('reports a figure typed at another size, on the figure', () => {
    const [f, ...rest] = findings(table({ size: 0.8 }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ code: 'figure_print_mismatch', boxes: [{ x1: 300, y0: 700 - 28 - 2 }] });
    expect(summaryOf(f!)).toMatch(/80% of the height/);
  });

  it('allows for the pixels a band is measured to: what stands out at 300 dpi does not on a coarse screenshot', () => {
    const at = (px: number) => table({ size: 0.8 }).map((w) => ({ ...w, ink: { ...w.ink!, px } }));
    expect(findings(at(72 / 300))).toHaveLength(1); // 1.4 pt shorter: six pixels
    expect(findings(at(72 / 96))).toEqual([]); // under two pixels
  });

  it('reports a figure off its line’s baseline', () => {
    const [f] = findings(table({ lift: 2 }));
    expect(summaryOf(f!)).toMatch(/2\.0 pt above the baseline/);
  });

  it('measures baselines after the page’s warp: a photo’s tilted lines are not figures off their line', () => {
    // a photo taken at an angle: every line climbs 0.8 pt per 100 pt across the page, so a figure
    // at the far end of its line sits 3.6 pt above the median baseline of the words at its start
    const tilted = (edit?: { lift?: number }) =>
      [0, 1, 2, 3, 4].flatMap((line) =>
        [
          word('Item', 60, line),
          word('Paid', 110, line),
          word('Amount', 160, line),
          word(`${line + 1}12.40`, 560, line, 1, line === 2 ? (edit?.lift ?? 0) : 0),
        ].map((w) => {
          const climb = 0.008 * w.x1;
          return { ...w, y0: w.y0 + climb, y1: w.y1 + climb, ink: { y0: w.ink!.y0 + climb, y1: w.ink!.y1 + climb } };
        }),
      );
    expect(findings(tilted())).toEqual([]);
    const [f, ...rest] = findings(tilted({ lift: 2.5 }));
    expect(rest).toEqual([]);
    expect(summaryOf(f!)).toMatch(/2\.5 pt above the baseline/);
  });

  it('does not judge a figure whose OCR box spans lines, its ink measured elsewhere', () => {
    // a parenthesised figure on a screenshot: OCR boxed it 29 pt tall, and its band fell on the line below
    const words = table().map((w) => (w.text === '312.40' ? { ...w, y0: w.y0 - 9, y1: w.y1 + 9, ink: { y0: w.y0 - 8, y1: w.y0 - 1 } } : w));
    expect(findings(words)).toEqual([]);
  });

  it('judges nothing on a page printed in mixed sizes', () => {
    const mixed = table().map((w, i) => (i % 3 === 1 && i > 3 ? { ...w, ink: { y0: w.ink!.y0, y1: w.ink!.y0 + 7 * (0.6 + 0.1 * i) } } : w));
    expect(findings(mixed)).toEqual([]);
  });
});
