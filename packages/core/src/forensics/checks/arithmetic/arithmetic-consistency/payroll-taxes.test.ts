// Payroll taxes against the wages beside them: figures after their labels or under them in their
// box, per-paycheck rounding allowed, the additional Medicare tax over $200,000.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows } from '../../../../tables/rows.js';
import { tableWords } from '../../../../testing/table-words.js';
import { payrollTaxes } from './payroll-taxes.js';

beforeAll(loadDecimals);
const sure = () => false;

/** Labels and figures on one line each: "Social security wages 52,000.00". */
const inline = (ssWages: string, ssTax: string, mWages: string, mTax: string) =>
  buildRows(
    tableWords(
      1,
      [
        ['Social security wages', 50],
        [ssWages, 200],
      ],
      [
        ['Social security tax withheld', 50],
        [ssTax, 200],
      ],
      [
        ['Medicare wages and tips', 50],
        [mWages, 200],
      ],
      [
        ['Medicare tax withheld', 50],
        [mTax, 200],
      ],
    ),
  );

describe('payroll taxes', () => {
  it('agree within per-paycheck rounding, with the additional Medicare tax over $200,000', () => {
    expect(payrollTaxes(inline('52,000.00', '3,224.00', '52,000.00', '754.00'), sure)).toEqual([]);
    expect(payrollTaxes(inline('52,000.00', '3,224.26', '52,000.00', '753.87'), sure)).toEqual([]);
    // 1.45% of 250,000 is 3,625.00, and 0.9% of the 50,000 over 200,000 is 450.00
    expect(payrollTaxes(inline('168,600.00', '10,453.20', '250,000.00', '4,075.00'), sure)).toEqual([]);
  });

  it('reports taxes the wages do not give, on the tax and the wages', () => {
    const [finding, ...rest] = payrollTaxes(inline('72,000.00', '3,224.00', '52,000.00', '754.00'), sure);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'payroll_tax_mismatch', math: { computed: '4,464.00', stated: '3,224.00' } });
    expect(finding!.boxes).toHaveLength(2);
  });

  it('leaves figures OCR was unsure of', () => {
    expect(payrollTaxes(inline('72,000.00', '3,224.00', '52,000.00', '754.00'), () => true)).toEqual([]);
  });
});
