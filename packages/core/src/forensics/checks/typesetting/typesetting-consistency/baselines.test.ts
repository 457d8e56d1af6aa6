// A figure typed again a fraction of a point off its row's baseline is reported; rows whose words
// disagree among themselves, words of another family or size, superscripts and jittery pages are not.
import { describe, expect, it } from 'vitest';
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { summaryOf } from '../../../catalogue.js';
import { figureBaselineFindings } from './baselines.js';

/** A word at `left` on `baseline`, 10 pt unless told (its box from 0.2 em below the baseline to 0.8 em above). */
function word(text: string, left: number, baseline: number, font = 'Helvetica', size = 10): PaintEvent {
  return { kind: 'text', box: [left, baseline - 0.2 * size, left + 5.56 * text.length * (size / 10), baseline + 0.8 * size], text, visible: true, font };
}

/** A pay stub's rows: a label, the current amount and the year to date, each row on one baseline. */
const ROWS = [
  ['Regular', '2,421.60', '53,275.20'],
  ['Overtime', '522.22', '11,488.84'],
  ['Federal', '323.82', '7,124.04'],
  ['Medicare', '42.69', '939.18'],
  ['Dental', '117.75', '2,590.50'],
  ['Net', '2,129.85', '46,856.70'],
] as const;
const table = (nudge: (row: number, column: number) => number = () => 0): PaintEvent[] =>
  ROWS.flatMap((r, i) => r.map((t, k) => word(t, 60 + 150 * k, 600 - 14 * i + nudge(i, k))));

describe('figures off their row', () => {
  it('reports a figure typed 0.7 pt below the baseline its row shares', () => {
    const findings = figureBaselineFindings(
      1,
      table((row, column) => (row === 2 && column === 1 ? -0.7 : 0)),
    );
    expect(findings.map((f) => f.code)).toEqual(['figure_off_baseline']);
    expect(summaryOf(findings[0]!)).toContain('"323.82" sits 0.70 pt below');
    expect(findings[0]!.boxes).toHaveLength(1);
  });

  it('reports a date typed off its row as it does an amount', () => {
    const paint = table();
    paint.push(word('Pay', 60, 500), word('date', 90, 500), word('05/31/2024', 210, 500 + 0.6), word('Period', 360, 500));
    expect(figureBaselineFindings(1, paint).map(summaryOf)).toEqual([expect.stringContaining('"05/31/2024" sits 0.60 pt above')]);
  });

  it('passes rows set exactly and rounding within 0.1 pt', () => {
    expect(figureBaselineFindings(1, table())).toEqual([]);
    expect(
      figureBaselineFindings(
        1,
        table((row, column) => ((row + column) % 2 === 0 ? 0.05 : 0)),
      ),
    ).toEqual([]);
  });

  it('passes a figure whose row is in another family or size, and a superscript-high figure', () => {
    const paint = table();
    paint.push(word('88.10', 210, 400 - 0.7), word('Fee', 60, 400, 'Courier'), word('x', 360, 400, 'Courier'));
    paint.push(word('12.50', 210, 380 - 0.7), word('Small', 60, 380, 'Helvetica', 8), word('print', 360, 380, 'Helvetica', 8));
    paint.push(word('5.25', 210, 360 + 4), word('Raised', 60, 360), word('mark', 360, 360));
    expect(figureBaselineFindings(1, paint)).toEqual([]);
  });

  it('passes words turned a quarter (their boxes are an em wide; the bottom of a box is no baseline)', () => {
    // three words of five characters down a landscape table's lines, starting 0.5 pt apart
    const turned = (text: string, x: number, y: number): PaintEvent => ({
      kind: 'text',
      box: [x, y, x + 10, y + 27.8],
      text,
      visible: true,
      font: 'Helvetica',
    });
    expect(figureBaselineFindings(1, [...table(), turned('Gross', 100, 300), turned('Taxes', 140, 300), turned('12.50', 180, 300.5)])).toEqual([]);
  });

  it('passes a page where more than a fifth of the figures are off their rows (a generator that jitters)', () => {
    const jittery = table((row, column) => (column === 1 && row % 2 === 0 ? -0.5 : 0));
    expect(figureBaselineFindings(1, jittery)).toEqual([]);
  });
});
