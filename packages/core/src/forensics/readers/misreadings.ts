// OCR misreadings of figures: the values a figure would have had with one plausible misread digit,
// whether OCR read a figure surely enough to rest a contradiction on it, and whether a misreading
// (tested by `misreading-trial.ts`) would explain a contradiction on a scan or photo.
import type { Amount } from '../../tables/amounts.js';
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../tables/decimal.js';
import type { Figure, Term } from './figures.js';
import { acceptsMisreading, SURE_READING } from './misreading-trial.js';

/** On a scan or photo, contradictions smaller than this (one currency unit) are unverified. */
export const OCR_CENTS = 1;

/** OCR confidence a figure needs before a contradiction resting on it counts. */
export const CONFIDENT_FIGURE = 0.85;

/** Digits OCR confuses with each other. */
const CONFUSABLE: Record<string, string> = { '0': '689', '1': '74', '2': '7', '3': '8', '4': '19', '5': '68', '6': '058', '7': '12', '8': '0356', '9': '04' };

/** Digits OCR reads a currency sign ($) as, in front of a figure. */
const SIGN_READ_AS = '853';

/**
 * The values a figure would have had with one plausible misreading: a confused digit; a digit OCR
 * added (a 1 from a stroke of noise, a doubled digit, a currency sign read as a leading 8, 5 or
 * 3 — not any digit anywhere: 236.50 is no misreading of 36.50); a doubled digit read once; a
 * narrow 1 lost from its whole part.
 */
export function misreadings(amount: Amount): Decimal[] {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(formatMoney(amount.value).replace(/,/g, ''));
  if (!m) return [];
  const [, sign, whole, cents] = m;
  const digits = `${whole}${cents}`;
  const variants = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    for (const c of CONFUSABLE[digits[i]!] ?? '') variants.add(digits.slice(0, i) + c + digits.slice(i + 1));
    // a digit OCR added: a narrow 1 from a stroke of noise, a digit doubled, a currency sign read as a digit
    if (digits[i] === '1' || digits[i] === digits[i - 1] || digits[i] === digits[i + 1] || (i === 0 && SIGN_READ_AS.includes(digits[i]!))) {
      variants.add(digits.slice(0, i) + digits.slice(i + 1));
    }
    variants.add(digits.slice(0, i) + digits[i] + digits.slice(i)); // doubled
  }
  // a narrow 1 OCR lost altogether (16.76 read as 6.76): the figure had one more digit
  for (let i = 0; i <= whole!.length; i++) variants.add(`${digits.slice(0, i)}1${digits.slice(i)}`);
  variants.delete(digits);
  // no figure is printed with a leading zero
  return [...variants].filter((v) => v.length >= 3 && !(v.length > 3 && v.startsWith('0'))).map((v) => decimal(`${sign}${v.slice(0, -2)}.${v.slice(-2)}`));
}

/**
 * True when OCR could explain why `stated` is not `computed` (the signed sum of `terms`, judged by
 * magnitude against the stated figure): a difference of cents, a figure OCR was unsure of, or one
 * plausible misreading of any one figure. Such a contradiction on a scan or photo is unverified,
 * neither agreement nor evidence.
 */
export function ocrExplains(stated: Figure, computed: Decimal, terms: readonly Term[]): boolean {
  const target = stated.amount.value.abs();
  if (subtract(computed.abs(), target).abs().lt(OCR_CENTS)) return true;
  if (unsure(stated) || terms.some((t) => unsure(t.figure))) return true;
  // the sum moves by what a misreading changes of each term; the stated figure may be the misread one
  const read = (f: Figure): Decimal => f.amount.value.abs();
  const moved = (value: (f: Figure) => Decimal): Decimal =>
    terms.reduce(
      (sum, t) => (t.sign === 1 ? add(sum, subtract(value(t.figure), read(t.figure))) : subtract(sum, subtract(value(t.figure), read(t.figure)))),
      computed,
    );
  return misreadingRestores([stated, ...terms.map((t) => t.figure)], (value) => sameMoney(moved(value).abs(), value(stated)));
}

/**
 * True when reading one of `figs` as one of its plausible misreadings satisfies `holds` (given
 * each figure's value, by magnitude), and the misreading is accepted (`misreading-test.ts`).
 */
export function misreadingRestores(figs: readonly Figure[], holds: (value: (f: Figure) => Decimal) => boolean): boolean {
  let restored = false;
  for (const target of figs) {
    for (const v of misreadings(target.amount)) {
      if (holds((f) => (f === target ? v.abs() : f.amount.value.abs())) && acceptsMisreading({ figure: target, value: v })) restored = true;
    }
  }
  return restored;
}

/** True when OCR read a figure without enough confidence to rest a contradiction on it. */
export const unsure = (figure: Figure): boolean => figure.confidence !== undefined && figure.confidence < CONFIDENT_FIGURE;

/** True when a figure was read from the file's text, or by OCR with every character at `SURE_READING` or more (a misread one never was). */
export const readSurely = (figure: Figure): boolean => figure.confidence === undefined || figure.confidence >= SURE_READING;
