import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from './amounts.js';
import { add, decimal, formatMoney, loadDecimals, sameMoney } from './decimal.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

describe('parseAmount', () => {
  it('reads the formats loan files carry, keeping the printed text', () => {
    const cases: [string, string, boolean][] = [
      ['$1,234.56', '1234.56', false],
      ['1.234,56', '1234.56', false],
      ['(1,234.56)', '-1234.56', true],
      ['1,234.56-', '-1234.56', true],
      ['1,234.56 CR', '1234.56', true],
      ['99.10 DR', '-99.1', true],
      ['€ 12,00', '12', false],
      ['USD 5.00', '5', false],
      ['-0.05', '-0.05', true],
      ['1 234,56', '1234.56', false],
      ['1\u202f234,56', '1234.56', false],
      ['\u2212656.20', '-656.2', true],
      ['\u2014656.20', '-656.2', true], // a minus sign OCR read as an em dash
      ['\u2014-537.40', '-537.4', true],
    ];
    for (const [text, value, signed] of cases) {
      const a = parseAmount(text)!;
      expect(a.value.toString(), text).toBe(value);
      expect(a.signed, text).toBe(signed);
      expect(a.raw).toBe(text);
    }
  });

  it('does not read dates, counts or identifiers as money', () => {
    for (const text of ['03/01/2024', '1234', '12.5', '1,234', '2024-03-01', 'ABC', '', '---12.00']) expect(parseAmount(text), text).toBeUndefined();
  });

  it('adds exactly and treats differences below a cent as equal', () => {
    expect(formatMoney(add(decimal('0.1'), decimal('0.2')))).toBe('0.30');
    expect(sameMoney(decimal('10.004'), decimal('10.00'))).toBe(true);
    expect(sameMoney(decimal('10.01'), decimal('10.00'))).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes a sum in the number format of the figure it is set beside', () => {
    const sum = decimal('-45552.12');
    expect(formatMoney(sum)).toBe('-45,552.12');
    expect(formatMoney(sum, '$1,234.56')).toBe('-45,552.12');
    expect(formatMoney(sum, '38.252,67')).toBe('-45.552,12');
    expect(formatMoney(sum, '38\u00a0252,67 €')).toBe('-45\u00a0552,12');
    expect(formatMoney(sum, '38252,67')).toBe('-45552,12');
    expect(formatMoney(sum, '31,44')).toBe('-45.552,12');
  });
});
