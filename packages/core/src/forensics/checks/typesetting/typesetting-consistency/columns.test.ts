// A figure rewritten in place ends off its right-aligned column; a column centred or left-aligned,
// a figure of another column, a total set in a larger size and a column of one width are not judged.
import { describe, expect, it } from 'vitest';
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { summaryOf } from '../../../catalogue.js';
import { figureColumnFindings } from './columns.js';
import { fontFamily } from './figure-words.js';

/** Helvetica-like digits: 5.56 pt per character at 10 pt. */
const CHAR = 5.56;
/** A word of `text` at 10 pt whose right edge is at `right` (or left edge at `left`) on baseline `y`. */
function word(text: string, y: number, at: { right?: number; left?: number; size?: number; font?: string }): PaintEvent {
  const size = at.size ?? 10;
  const width = (text.length * CHAR * size) / 10;
  const x0 = at.left ?? at.right! - width;
  return { kind: 'text', box: [x0, y - 0.2 * size, x0 + width, y + 0.8 * size], text, visible: true, font: at.font ?? 'QWERTY+Helvetica' };
}

const AMOUNTS = ['1,250.00', '88.10', '12,004.75', '310.00', '5.25', '742.18'];
const column = (edge: number): PaintEvent[] => AMOUNTS.map((a, i) => word(a, 700 - 14 * i, { right: edge }));

describe('figures off their column', () => {
  it('reports a figure whose start stayed where a shorter one began, past the column edge', () => {
    const paint = [...column(500)];
    // "214.07" right-aligned at 500 began at 500 - 6 chars; "1,293.26" was written from there
    paint.push(word('1,293.26', 700 - 14 * 6, { left: 500 - 6 * CHAR }));
    const findings = figureColumnFindings(1, paint);
    expect(findings.map((f) => f.code)).toEqual(['figure_off_column']);
    expect(summaryOf(findings[0]!)).toContain('1,293.26');
    expect(findings[0]!.boxes![0]!.x1).toBeCloseTo(500 + 2 * CHAR, 1);
  });

  it('reports one that ends short of the edge', () => {
    // "1,293.26" began at 500 - 8 chars; "293.26" was written from there
    const paint = [...column(500), word('293.26', 616, { left: 500 - 8 * CHAR })];
    expect(figureColumnFindings(1, paint).map((f) => f.code)).toEqual(['figure_off_column']);
  });

  it('passes a figure off the edge by what no change of characters makes (a converter that set the text again)', () => {
    const paint = [...column(500), word('166.88', 616, { right: 500 + 1.3 }), word('9.48', 602, { right: 500 + 0.7 * CHAR })];
    expect(figureColumnFindings(1, paint)).toEqual([]);
  });

  it('passes a right-aligned column whose every figure meets the edge', () => {
    expect(figureColumnFindings(1, [...column(500), word('1,293.26', 600, { right: 500 })])).toEqual([]);
  });

  it('passes centred and left-aligned columns', () => {
    const centred = AMOUNTS.map((a, i) => word(a, 700 - 14 * i, { left: 450 - (a.length * CHAR) / 2 }));
    const left = AMOUNTS.map((a, i) => word(a, 500 - 14 * i, { left: 300 }));
    expect(figureColumnFindings(1, [...centred, ...left])).toEqual([]);
  });

  it('passes a flush-left column whose longest figures happen to end on one edge with another figure', () => {
    // an office table's cells set flush left: the 8-character figures end together, and a wider
    // figure of the row above ends there too, which makes the edge look like a right alignment
    const flush = ['1,161.12', '1,594.62', '959.16', '0.00', '3,714.90'].map((a, i) => word(a, 600 - 14 * i, { left: 300 }));
    const paint = [word('12,004.75', 614, { right: 300 + 8 * CHAR }), ...flush];
    expect(figureColumnFindings(1, paint)).toEqual([]);
    // a figure rewritten in place in a right-aligned column still shares its start only with figures of the old width
    expect(figureColumnFindings(1, [...column(500), word('293.26', 616, { left: 500 - 8 * CHAR })]).map((f) => f.code)).toEqual(['figure_off_column']);
  });

  it('passes a figure of the next column, a larger total, and figures far from the column rows', () => {
    const paint = [
      ...column(500),
      word('4,000.00', 700, { right: 580 }), // the balance column beside it
      word('2,409.28', 600, { right: 503, size: 14 }), // a total in a larger size
      word('77.00', 200, { left: 480 }), // another table far below
    ];
    expect(figureColumnFindings(1, paint)).toEqual([]);
  });

  it('passes a figure ending a sentence, and a summary line of its own table under the column', () => {
    // "Taxable wages this period are 2,042.50", a word's space before the figure, a digit short of the column's edge
    const prose = [word('are', 602, { right: 500 - 9 * CHAR - 2.5 }), word('2,042.50', 602, { right: 500 - CHAR })];
    expect(figureColumnFindings(1, [...column(500), ...prose])).toEqual([]);
    // "Gross pay 1,860.50  Total deductions 461.90  Net pay 1,398.60" a row under the column, none of its figures on a column's edge
    const summary = ['1,860.50', '461.90', '1,398.60'].map((a, i) => word(a, 700 - 14 * 7, { right: [300, 420, 500 - CHAR][i]! }));
    expect(figureColumnFindings(1, [...column(500), ...summary])).toEqual([]);
    // the same figure off the edge inside the column is still reported
    expect(figureColumnFindings(1, [...column(500), word('1,398.60', 700 - 14 * 3 - 7, { right: 500 - CHAR })])).toHaveLength(1);
  });

  it('passes a total followed by its currency sign, which ends where the column ends', () => {
    const total = word('41.375,53', 602, { right: 500 - 2 * CHAR });
    expect(figureColumnFindings(1, [...column(500), total]).map((f) => f.code)).toEqual(['figure_off_column']);
    expect(figureColumnFindings(1, [...column(500), total, word('€', 602, { left: 500 - 2 * CHAR + 3 })])).toEqual([]);
  });

  it('passes a column of one width (no alignment to judge by) and hidden text', () => {
    const same = ['100.00', '200.00', '300.00', '400.00'].map((a, i) => word(a, 700 - 14 * i, { right: 500 }));
    const hidden = { ...word('1,293.26', 600, { left: 500 - 6 * CHAR }), visible: false } as PaintEvent;
    expect(figureColumnFindings(1, [...same, word('1,293.26', 640, { left: 500 - 6 * CHAR })])).toEqual([]);
    expect(figureColumnFindings(1, [...column(500), hidden])).toEqual([]);
  });

  it('reports a figure set in another font family than its column, not a total in the bold of the same family', () => {
    const paint = [...column(500), word('2,409.28', 616, { right: 500, font: 'Helvetica-Bold' }), word('77.00', 602, { right: 500, font: 'CourierNewPSMT' })];
    const findings = figureColumnFindings(1, paint);
    expect(findings.map((f) => f.code)).toEqual(['figure_font_mismatch']);
    expect(summaryOf(findings[0]!)).toContain('77.00');
  });

  it('reports several figures in another family that also miss the column edge (a forger keeping the sums)', () => {
    const retyped = ['242.86', '733.01', '2,210.81'].map((a, i) => word(a, 616 - 7 * i, { left: 470, font: 'Helvetica' }));
    const column = AMOUNTS.map((a, i) => word(a, 700 - 14 * i, { right: 500, font: 'DejaVuSans' }));
    expect(figureColumnFindings(1, [...column, ...retyped]).filter((f) => f.code === 'figure_font_mismatch')).toHaveLength(3);
  });

  it('passes a column that mixes families by design (three or more figures in another, on the edge)', () => {
    const mixed = AMOUNTS.map((a, i) => word(a, 700 - 14 * i, { right: 500, font: i % 2 ? 'Helvetica' : 'Courier' }));
    expect(figureColumnFindings(1, mixed)).toEqual([]);
  });

  it('reports a figure set a little larger than its column, not a total set apart nor a rounding', () => {
    const paint = [...column(500), word('242.86', 616, { right: 500, size: 10.3 })];
    const findings = figureColumnFindings(1, paint);
    expect(findings.map((f) => f.code)).toEqual(['figure_font_mismatch']);
    expect(summaryOf(findings[0]!)).toContain('"242.86" is set at 10.30 pt');
    expect(figureColumnFindings(1, [...column(500), word('242.86', 616, { right: 500, size: 12 }), word('7.77', 602, { right: 500, size: 10.02 })])).toEqual(
      [],
    );
  });

  it('passes a row set apart by design, its label set like its figure (the document’s own vocabulary), not a figure alone at that size', () => {
    const netPay = (labelSize: number) => [
      ...column(500),
      word('Net', 616, { left: 60, size: labelSize }),
      word('pay', 616, { left: 82, size: labelSize }),
      word('2,409.28', 616, { right: 500, size: 10.8 }),
    ];
    expect(figureColumnFindings(1, netPay(10.8))).toEqual([]);
    // the label in another face than the figure still sets the row's size
    const courier = netPay(10.8).map((w, i, all) => (i === all.length - 1 ? ({ ...w, font: 'Courier' } as PaintEvent) : w));
    expect(figureColumnFindings(1, courier).filter((f) => 'by' in f && f.by === 'size')).toEqual([]);
    expect(figureColumnFindings(1, netPay(10)).map((f) => f.code)).toEqual(['figure_font_mismatch']);
    const bold = (labelFont: string) => [
      ...column(500),
      word('Total', 616, { left: 60, font: labelFont }),
      word('77.00', 616, { right: 500, font: 'Courier-Bold' }),
    ];
    expect(figureColumnFindings(1, bold('Courier-Bold'))).toEqual([]);
    expect(figureColumnFindings(1, bold('QWERTY+Helvetica')).map((f) => f.code)).toEqual(['figure_font_mismatch']);
  });

  describe('figures shown through a font dictionary of their own', () => {
    const through = (e: PaintEvent, fontObject: number): PaintEvent => ({ ...e, fontObject }) as PaintEvent;
    const column = AMOUNTS.map((a, i) => through(word(a, 700 - 14 * i, { right: 500, font: 'Helvetica' }), 1));
    const labels = ['Gross', 'Federal', 'Net'].map((t, i) => through(word(t, 700 - 14 * i, { left: 60, font: 'Helvetica' }), 1));
    const retyped = ['242.86', '733.01', '2,210.81'].map((a, i) => through(word(a, 616 - 7 * i, { right: 500, font: 'Helvetica' }), 2));

    it('reports figures on the edge in the same Helvetica added for them (a library retyping, the sums kept)', () => {
      const findings = figureColumnFindings(1, [...column, ...labels, ...retyped]);
      expect(findings.map((f) => f.code)).toEqual(['figure_font_mismatch', 'figure_font_mismatch', 'figure_font_mismatch']);
      expect(summaryOf(findings[0]!)).toContain('through a font that shows nothing else on the page');
    });

    it('reports them in a font of the same metrics (a Helvetica beside a Liberation Sans), not bold totals through a dictionary of their own', () => {
      const liberation = AMOUNTS.map((a, i) => through(word(a, 700 - 14 * i, { right: 500, font: 'ABCDEF+LiberationSans' }), 1));
      expect(figureColumnFindings(1, [...liberation, ...labels, ...retyped]).map((f) => f.code)).toEqual(Array(3).fill('figure_font_mismatch'));
      const totals = retyped.map((e) => ({ ...e, font: 'Helvetica-Bold' }) as PaintEvent);
      expect(figureColumnFindings(1, [...column, ...labels, ...totals])).toEqual([]);
    });

    it("passes a generator's second dictionary of the font that shows words too", () => {
      const words = [...column, ...labels, ...retyped, through(word('Total', 600, { left: 60, font: 'Helvetica' }), 2)];
      expect(figureColumnFindings(1, words)).toEqual([]);
    });

    it('reports them however many there are (a forger keeping every sum types most of a column), off any column', () => {
      const halves = AMOUNTS.map((a, i) => through(word(a, 700 - 14 * i, { right: 500, font: 'Helvetica' }), 1 + (i % 2)));
      expect(figureColumnFindings(1, [...halves, ...labels]).map((f) => f.text)).toEqual(['88.10', '310.00', '742.18']);
      // typed from the old figure's start in a narrower font: no edge is shared, the font still tells
      const scattered = ['2,617.60', '8,693.61', '652.02'].map((a, i) => through(word(a, 600 - 14 * i, { left: 300 + 3 * i, font: 'Helvetica' }), 3));
      const kept = ['6,076.01', '32.65'].map((a, i) => through(word(a, 560 - 14 * i, { right: 340, font: 'ABCDEF+DejaVuSerif' }), 4));
      const invoiceLabels = ['Subtotal', 'Shipping'].map((t, i) => through(word(t, 600 - 14 * i, { left: 60, font: 'ABCDEF+DejaVuSerif' }), 4));
      const findings = figureColumnFindings(1, [...scattered, ...kept, ...invoiceLabels]);
      expect(findings.map((f) => f.text)).toEqual(['2,617.60', '8,693.61', '652.02']);
      expect(summaryOf(findings[0]!)).toContain(
        'in Helvetica through a font that shows nothing else on the page; 2 other amounts of its tables are in DejaVuSerif',
      );
    });

    it('reports every amount of a page typed again in a standard font not embedded, where the words are all in embedded fonts', () => {
      const embedded = (e: PaintEvent, yes: boolean): PaintEvent => ({ ...e, embedded: yes }) as PaintEvent;
      const words = labels.map((l) => embedded({ ...l, font: 'ABCDEF+DejaVuSans' } as PaintEvent, true));
      const typed = AMOUNTS.map((a, i) => embedded(through(word(a, 700 - 14 * i, { left: 300, font: 'Helvetica' }), 2), false));
      const findings = figureColumnFindings(1, [...words, ...typed]);
      expect(findings).toHaveLength(AMOUNTS.length);
      expect(summaryOf(findings[0]!)).toContain('"1,250.00" is set in Helvetica, not embedded, through a font that shows nothing else on the page');
      // a producer that embeds no font (standard fonts for words and amounts alike), or amounts in an embedded font of their own
      expect(figureColumnFindings(1, [...words.map((w) => embedded(w, false)), ...typed])).toEqual([]);
      expect(figureColumnFindings(1, [...words, ...typed.map((t) => embedded(t, true))])).toEqual([]);
    });

    it('passes amounts set in a font of their own by design, beside amounts of the words font in sentences only', () => {
      const mono = AMOUNTS.map((a, i) => through(word(a, 700 - 14 * i, { right: 500, font: 'Courier' }), 2));
      const sentence = [through(word('Payment', 500, { left: 60, font: 'Helvetica' }), 1), through(word('1,250.00', 500, { left: 60 + 7 * CHAR + 2 }), 1)];
      expect(figureColumnFindings(1, [...mono, ...labels, ...sentence])).toEqual([]);
      // the same amount in a table's cell, not after a word: the monospace amounts are the odd ones
      const cell = [sentence[0]!, through(word('1,250.00', 500, { left: 200 }), 1)];
      expect(figureColumnFindings(1, [...mono, ...labels, ...cell]).length).toBe(AMOUNTS.length);
    });
  });

  it('names families without subset prefix, style or MT/PS suffix', () => {
    expect(['ABCDEF+Helvetica-Bold', 'Helvetica', 'Helvetica,BoldItalic'].map(fontFamily)).toEqual(['helvetica', 'helvetica', 'helvetica']);
    expect(['TimesNewRomanPSMT', 'TimesNewRomanPS-BoldMT', 'NimbusRomanBold', 'NimbusRomanRegular'].map(fontFamily)).toEqual([
      'timesnew',
      'timesnew',
      'nimbus',
      'nimbus',
    ]);
    expect(fontFamily('ArialMT')).not.toBe(fontFamily('Helvetica'));
  });
});
