// A contradicted sum as the arithmetic check reports it: the stated figure first among its boxes
// (the figure it judged), the figures it was computed from after it, and the spec's MathCheck.
import { type Decimal, formatMoney } from '../../../../tables/decimal.js';
import type { Figure } from '../../../readers/figures.js';
import type { SumFinding, SumSentence } from './indicators.js';

/** A stated total `stated` that is not `computed` by `formula`; `ocr` when OCR read the figure. */
export function mismatch(
  code: SumFinding['code'],
  formula: string,
  computed: Decimal,
  stated: Figure,
  sentence: SumSentence,
  note: string,
  others: readonly Figure[] = [],
  ocr?: boolean,
): SumFinding {
  return {
    code,
    ...sentence,
    basis: 'stated total',
    ...(ocr === undefined ? {} : { ocr }),
    page: stated.box.page,
    boxes: [stated.box, ...others.map((o) => o.box)],
    math: { formula, computed: formatMoney(computed, stated.amount.raw), stated: stated.amount.raw, ok: false, note },
  };
}
