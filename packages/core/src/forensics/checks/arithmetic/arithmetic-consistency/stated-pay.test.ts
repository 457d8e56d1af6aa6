// Pay stated in prose for more than one period agrees once brought to a year, with rounding
// allowed; bonuses, allowances and figures of one period are not compared.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { tableWords } from '../../../../testing/table-words.js';
import { statedPay } from './stated-pay.js';

beforeAll(loadDecimals);

const prose = (...lines: string[]) => buildRows(tableWords(1, ...lines.map((l) => [[l, 72] as [string, number]])));

describe('pay stated for several periods', () => {
  it('agrees within the rounding of a per-period figure', () => {
    expect(statedPay(prose('Her annual salary is $85,000.00.', 'She earns $7,083.33 per month before taxes.'))).toEqual([]);
    expect(statedPay(prose('Base pay: $2,400.00 semi-monthly, $57,600.00 a year.'))).toEqual([]);
    expect(statedPay(prose('Wages are paid every two weeks: $1,846.15 each pay, or $48,000 per year.'))).toEqual([]);
  });

  it('reports figures that disagree, on both, the annual one first', () => {
    const [finding, ...rest] = statedPay(prose('Her annual salary is $95,000.00.', 'She earns $7,083.33 per month before taxes.'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'stated_pay_inconsistent',
      math: { formula: 'annual pay = monthly pay × 12', computed: '84,999.96', stated: '$95,000.00' },
    });
    expect(finding!.boxes).toHaveLength(2);
    expect(finding!.boxes![0]!.y0).toBeGreaterThan(finding!.boxes![1]!.y0); // the annual figure, on the first line
    expect(statedPay(prose('Base pay: $2,600.00 semi-monthly, $57,600.00 a year.'))).toHaveLength(1);
    expect(statedPay(prose('Wages are paid every two weeks: $1,946.15 each pay, or $48,000 per year.'))).toHaveLength(1);
  });

  it('brings an hourly rate to a year with the hours a week the document states', () => {
    const letter = (annual: string) => prose('She is paid $40.87 per hour for 40 hours per week.', `Her annual pay is ${annual}.`);
    expect(statedPay(letter('$85,009.60'))).toEqual([]);
    expect(statedPay(letter('$95,000.00'))).toMatchObject([{ math: { formula: 'annual pay = hourly pay × 2080', computed: '85,009.60' } }]);
    // without the hours a week, an hourly rate is no year's pay
    expect(statedPay(prose('She is paid $40.87 per hour.', 'Her annual pay is $95,000.00.'))).toEqual([]);
  });

  it('on a page read by OCR, reports only what no misreading explains', () => {
    const ocr = (confidence: number) => (annual: string) =>
      buildRows(
        tableWords(1, [[`Her annual salary is ${annual}.`, 72]], [['She earns $7,083.33 per month before taxes.', 72]]).map((w) => ({ ...w, confidence })),
      );
    const sure = ocr(0.97);
    expect(statedPay(sure('$120,000.00'), () => true)).toHaveLength(1);
    expect(statedPay(sure('$35,000.00'), () => true)).toEqual([]); // 8 read as 3
    expect(statedPay(ocr(0.6)('$120,000.00'), () => true)).toEqual([]);
  });

  it('leaves bonuses, allowances, hourly rates and two figures of one period alone', () => {
    expect(statedPay(prose('Her annual salary is $85,000.00.', 'An annual bonus of $9,000.00 is paid in March.'))).toEqual([]);
    expect(statedPay(prose('Her annual salary is $85,000.00.', 'A housing allowance of $900.00 per month is paid with her salary.'))).toEqual([]);
    expect(statedPay(prose('Her annual salary is $85,000.00.', 'Her pay rate is $40.87 per hour.'))).toEqual([]);
    expect(statedPay(prose('Annual salary $85,000.00; annual pay $90,000.00 with overtime.'))).toEqual([]);
  });
});
