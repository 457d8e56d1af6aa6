// A figure drawn by another writer's operators or number format is reported against its page;
// pages whose figures are drawn several ways, or whose odd way is the generator's own, are not.
import { describe, expect, it } from 'vitest';
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { summaryOf } from '../../../catalogue.js';
import { figureOperatorFindings as findingsOf, waysOfDrawingWords } from './operators.js';

/** The check on one page, the document being that page. */
const figureOperatorFindings = (page: number, paint: PaintEvent[]) => findingsOf(page, paint, waysOfDrawingWords([paint]));

const TABLE = 'Td Tj ()';

/** A word on row `row`, drawn `drawnBy`, placed by numbers of `decimals` decimals. */
function word(text: string, row: number, column: number, drawnBy = TABLE, decimals = 2): PaintEvent {
  const left = 72 + 120 * column;
  const baseline = 700 - 14 * row;
  return {
    kind: 'text',
    box: [left, baseline - 2, left + 6 * text.length, baseline + 8],
    text,
    visible: true,
    font: 'Helvetica',
    advance: 0.5 * text.length,
    drawnBy,
    placeDecimals: decimals,
  };
}

const AMOUNTS = ['2,421.60', '522.22', '323.82', '42.69', '117.75', '2,129.85', '1,204.10', '88.00'];
const LABELS = ['Opening', 'balance', 'Deposits', 'and', 'credits', 'Checks', 'paid', 'Card', 'purchases', 'Fees', 'Interest', 'earned'];

/** A page: a label and an amount on each row, then a paragraph of 20 words; `figure` changes how one amount is drawn. */
function page(figure: (row: number) => Partial<{ drawnBy: string; decimals: number }> = () => ({})): PaintEvent[] {
  const paint: PaintEvent[] = [];
  AMOUNTS.forEach((amount, row) => {
    paint.push(word(LABELS[row]!, row, 0));
    const { drawnBy, decimals } = figure(row);
    paint.push(word(amount, row, 2, drawnBy, decimals));
  });
  for (let i = 0; i < 20; i++) paint.push(word(`word${i}`, 10 + (i >> 2), i & 3, 'Tm Tj () Tf', 1));
  return paint;
}

describe('figures drawn unlike their page', () => {
  it('reports an amount drawn in a text object of another style', () => {
    const found = figureOperatorFindings(
      1,
      page((row) => (row === 3 ? { drawnBy: 'Tm TJ <> Tf' } : {})),
    );
    expect(found.map((f) => f.code)).toEqual(['figure_operator_mismatch']);
    expect(summaryOf(found[0]!)).toContain('"42.69" is drawn with "Tm TJ <> Tf", which draws nothing but figures in the document');
    expect(found[0]!.boxes).toHaveLength(1);
  });

  it('reports an amount placed by numbers written to more decimals than the page writes', () => {
    const found = figureOperatorFindings(
      1,
      page((row) => (row === 5 ? { decimals: 4 } : {})),
    );
    expect(found.map(summaryOf)).toEqual([expect.stringContaining('"2,129.85" is placed by numbers written to 4 decimals')]);
    // in the table's own style and with the page's decimals, one report names both
    const both = figureOperatorFindings(
      1,
      page((row) => (row === 5 ? { drawnBy: 'Tm TJ () Tf', decimals: 6 } : {})),
    );
    expect(both).toHaveLength(1);
    expect(summaryOf(both[0]!)).toMatch(/drawn with .* and placed by numbers written to 6 decimals/);
  });

  it('reports six decimals among words written to four', () => {
    const four = page((row) => (row === 1 ? { decimals: 6 } : {})).map((e) => (e.kind === 'text' && e.placeDecimals === 2 ? { ...e, placeDecimals: 4 } : e));
    expect(figureOperatorFindings(1, four).map(summaryOf)).toEqual([
      expect.stringContaining('"522.22" is placed by numbers written to 6 decimals, where the page\'s other words use at most 4'),
    ]);
  });

  it("passes a page drawn one way, an amount drawn like the page's other words, and a writer that writes full floats", () => {
    expect(figureOperatorFindings(1, page())).toEqual([]);
    // a paragraph's amount is drawn like the paragraph's words
    expect(
      figureOperatorFindings(
        1,
        page((row) => (row === 2 ? { drawnBy: 'Tm Tj () Tf' } : {})),
      ),
    ).toEqual([]);
    // every word placed to six decimals: the writer's own format
    const floats = page().map((e) => (e.kind === 'text' ? { ...e, placeDecimals: 6 } : e));
    expect(figureOperatorFindings(1, floats)).toEqual([]);
    // five decimals among words written to four: one more than the writer's format can be its own
    const four = page((row) => (row === 1 ? { decimals: 5 } : {})).map((e) => (e.kind === 'text' && e.placeDecimals === 2 ? { ...e, placeDecimals: 4 } : e));
    expect(figureOperatorFindings(1, four)).toEqual([]);
    // one amount at three decimals, among words at two: a rounding, not another writer
    expect(
      figureOperatorFindings(
        1,
        page((row) => (row === 1 ? { decimals: 3 } : {})),
      ),
    ).toEqual([]);
  });

  it("holds a page's figures against the ways the whole document draws its words", () => {
    // a re-distiller places the first line of each text object with Tm: on a page where only figures start one, another page shows it is the writer's own
    const figuresOnly = page((row) => (row < 1 ? { drawnBy: 'Tm TJ () Tf' } : {}));
    expect(figureOperatorFindings(1, figuresOnly)).toHaveLength(1);
    const cover = [word('Statement', 0, 0, 'Tm TJ () Tf')];
    expect(findingsOf(2, figuresOnly, waysOfDrawingWords([cover, figuresOnly]))).toEqual([]);
  });

  it('reports the figures a forger keeping every sum typed again, more than a fifth of the page, while fewer than those left', () => {
    const kept = figureOperatorFindings(
      1,
      page((row) => (row % 2 === 1 ? { drawnBy: 'Td Tj () Tf' } : {})),
    );
    expect(kept.map((f) => f.text)).toEqual(['522.22', '42.69', '2,129.85', '88.00']);
    // typed in the generator's own operators, placed by full floats
    const floats = figureOperatorFindings(
      1,
      page((row) => (row % 2 === 1 ? { decimals: 6 } : {})),
    );
    expect(floats.map((f) => f.text)).toEqual(['522.22', '42.69', '2,129.85', '88.00']);
    // shown with Tj where the words are shown with TJ, and placed alike: a generator's choice string by string (cairo kerns with TJ)
    expect(
      figureOperatorFindings(
        1,
        page((row) => (row % 2 === 1 ? { drawnBy: 'Td TJ ()' } : {})),
      ),
    ).toEqual([]);
    // five of eight: more than the amounts left
    expect(
      figureOperatorFindings(
        1,
        page((row) => (row % 2 === 1 || row === 0 ? { drawnBy: 'Td Tj () Tf' } : {})),
      ),
    ).toEqual([]);
  });

  it('does not judge a page whose figures are drawn several ways, or that has too few', () => {
    expect(
      figureOperatorFindings(
        1,
        page((row) => (row < 3 ? { drawnBy: `Tm TJ <> ${row}` } : {})),
      ),
    ).toEqual([]);
    const few = page((row) => (row === 3 ? { drawnBy: 'Tm TJ <> Tf' } : {})).filter((e) => e.kind !== 'text' || !/^(2,421|522|323)/.test(e.text));
    expect(figureOperatorFindings(1, few)).toEqual([]);
  });
});
