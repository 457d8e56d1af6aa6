// Amounts as loan documents print them: `$1,234.56`, `1.234,56`, `1 234,56`, `(1,234.56)`,
// `−1,234.56` (and the dashes OCR reads a minus sign as), `1,234.56-`, `1,234.56 CR` / `DR`,
// currency symbols and codes. Only figures with exactly two decimals are
// read as money (dates, account numbers and counts are not); the original text is kept.
import { type Decimal, decimal } from './decimal.js';

/** A parsed amount. */
export interface Amount {
  value: Decimal;
  /** The text as printed. */
  raw: string;
  /** True when the text carried a sign (minus, parentheses, CR/DR). */
  signed: boolean;
}

const CURRENCY = /^(?:[$€£¥₹]|USD|EUR|GBP|CAD|AUD|CHF|JPY|INR)\s*|\s*(?:[$€£¥₹]|USD|EUR|GBP|CAD|AUD|CHF|JPY|INR)$/i;
const US = /^\d{1,3}(?:,\d{3})*\.\d{2}$|^\d+\.\d{2}$/;
const EU = /^\d{1,3}(?:[.\u00a0\u202f ]\d{3})*,\d{2}$|^\d+,\d{2}$/;

/** Parses `text` as an amount, or returns undefined. */
export function parseAmount(text: string): Amount | undefined {
  let t = text.trim();
  if (!t || t.length > 32) return undefined;
  let negative = false;
  let signed = false;
  const suffix = /\s*(CR|DR)$/i.exec(t);
  if (suffix) {
    signed = true;
    negative = suffix[1]!.toUpperCase() === 'DR';
    t = t.slice(0, suffix.index);
  }
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = signed = true;
    t = t.slice(1, -1);
  }
  for (let i = 0; i < 2; i++) t = t.replace(CURRENCY, '');
  const minus = /^[-−–—‒﹣－]+/.exec(t); // hyphen, minus, and the dashes OCR reads a minus as
  if (minus && minus[0].length <= 2) {
    negative = signed = true;
    t = t.slice(minus[0].length);
  } else if (t.startsWith('+')) {
    signed = true;
    t = t.slice(1);
  }
  if (t.endsWith('-')) {
    negative = signed = true;
    t = t.slice(0, -1);
  }
  for (let i = 0; i < 2; i++) t = t.replace(CURRENCY, '');
  let plain: string;
  if (US.test(t)) plain = t.replace(/,/g, '');
  else if (EU.test(t)) plain = t.replace(/[.\u00a0\u202f ]/g, '').replace(',', '.');
  else return undefined;
  return { value: decimal(negative ? `-${plain}` : plain), raw: text.trim(), signed };
}
