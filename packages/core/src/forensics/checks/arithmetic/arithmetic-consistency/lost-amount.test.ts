// Hours × rate on a scanned pay stub whose line amount OCR broke ("52222)"): the amount is
// recovered as gross pay less the other earnings lines when those were read surely, so a changed
// number of hours is still reported, on the hours; a genuine line passes, and nothing is
// recovered when another term of the sum was read unsurely.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import { summaryOf } from '../../../catalogue.js';
import { documentTotals } from './document-totals.js';

beforeAll(loadDecimals);

/** A cell whose right edge is at `right` (as tableWords lays words: 5 points a character, 3 between words). */
const r = (text: string, right: number): Cell => [text, right - (5 * text.replace(/ /g, '').length + 3 * (text.split(' ').length - 1))];

/** A scanned stub's earnings table: OCR confidences on every word, the overtime amount read broken. */
function scannedStub(overtimeHours: string, regularConfidence = 0.99): Word[] {
  const words = tableWords(
    1,
    [['Earnings statement', 50]],
    [['Earnings', 50], r('Hours', 250), r('Rate', 320), r('Current', 420), r('Year to date', 520)],
    [['Regular', 50], r('80.00', 250), r('30.27', 320), r('2,421.60', 420), r('53,275.20', 520)],
    [['Overtime', 50], r(overtimeHours, 250), r('45.41', 320), r('52222)', 420), r('11,488.84', 520)],
    [['Gross pay', 50], r('2,943.82', 420), r('64,764.04', 520)],
  );
  return words.map((w) => ({ ...w, confidence: w.text === '52222)' ? 0.36 : w.text === '2,421.60' ? regularConfidence : 0.99 }));
}

const hoursFindings = (words: Word[]) => documentTotals(tableContext([words], 'paystub', true)).filter((f) => f.math?.formula === 'amount = quantity × rate');

describe('an amount OCR could not read, recovered from its sum', () => {
  it('reports hours that do not give the recovered amount, on the hours and the rate', () => {
    const found = hoursFindings(scannedStub('16.50'));
    expect(found).toHaveLength(1);
    expect(summaryOf(found[0]!)).toContain('522.22');
    // the hours and the rate first (the recovered amount agrees with its total), then the amount OCR could not read
    expect(found[0]!.boxes).toHaveLength(3);
  });

  it('passes a genuine line (11.50 × 45.41 = 522.22) and recovers nothing from an unsure term', () => {
    expect(hoursFindings(scannedStub('11.50'))).toEqual([]);
    expect(hoursFindings(scannedStub('16.50', 0.8))).toEqual([]);
  });
});
