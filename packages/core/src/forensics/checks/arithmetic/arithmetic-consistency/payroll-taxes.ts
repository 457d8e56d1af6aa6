// Payroll taxes a wage statement (Form W-2) prints beside the wages they are taken from: social
// security tax withheld (box 4) is 6.2% of social security wages (box 3), and Medicare tax
// withheld (box 6) 1.45% of Medicare wages and tips (box 5), plus 0.9% of what exceeds $200,000.
// Each box's figure is printed after its label on the same line or below it, inside its box; a
// form printed in several copies states every pair again, and each pair is judged. Employers
// withhold per pay period, so the tax may differ from the rate on the year's wages by a few cents
// a period: up to $1.00 or 0.1% of the tax is allowed. Raising the wages of a W-2 without its
// taxes — the usual edit — leaves the pairs apart.
import { type Decimal, formatMoney, shareOrFloor } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures } from '../../../readers/figures.js';
import type { SumFinding } from './indicators.js';

interface Pair {
  wages: RegExp;
  tax: RegExp;
  /** The tax the wages give. */
  due(wages: Decimal): Decimal;
  formula: string;
}

const PAIRS: Pair[] = [
  {
    wages: /\bsocial security wages\b/i,
    tax: /\bsocial security tax withheld\b/i,
    due: (w) => w.times(0.062),
    formula: 'social security tax withheld = 6.2% × social security wages',
  },
  {
    wages: /\bmedicare wages( and tips)?\b/i,
    tax: /\bmedicare tax withheld\b/i,
    due: (w) => (w.gt(200_000) ? w.times(0.0145).plus(w.minus(200_000).times(0.009)) : w.times(0.0145)),
    formula: 'Medicare tax withheld = 1.45% × Medicare wages (+ 0.9% over $200,000)',
  },
];

/** Rows below a label searched for its figure. */
const BELOW = 3;

/** An amount as a form prints money: with its cents (box numbers and counts are no amounts). */
const MONEY = /\.\d{2}$/;

/**
 * The figures printed for a label: after it on its line, before the next label, else the first
 * figure below it, within a few lines, inside the label's box (from the label's start to where the
 * next label on its line starts).
 */
function labelled(rows: Row[], label: RegExp): Figure[] {
  const out: Figure[] = [];
  for (const [index, row] of rows.entries()) {
    const match = label.exec(row.text);
    const figure = match && figureOf(rows, index, match);
    if (figure) out.push(figure);
  }
  return out;
}

const money = (row: Row): Figure[] => figures(row).filter((f) => MONEY.test(f.amount.raw));

/** The figure of the label `match` found on row `index`. */
function figureOf(rows: Row[], index: number, match: RegExpExecArray): Figure | undefined {
  const row = rows[index]!;
  // the label's words: those whose text falls in the match
  let at = 0;
  const starts = row.words.map((w) => {
    const start = row.text.indexOf(w.text, at);
    at = start + w.text.length;
    return start;
  });
  const inLabel = row.words.filter((_, i) => starts[i]! >= match.index && starts[i]! < match.index + match[0].length);
  if (inLabel.length === 0) return undefined;
  const x0 = inLabel[0]!.x0;
  const end = inLabel[inLabel.length - 1]!.x1;
  const after = money(row).find((f) => f.box.x0 >= end);
  // the next label on the line: the first word after this label that is no figure
  const next = row.words.find((w) => w.x0 >= end && !MONEY.test(w.text) && /\p{L}/u.test(w.text));
  if (after && (!next || after.box.x0 < next.x0)) return after;
  // where the next label starts, less the box number printed before it
  const boxEnd = next ? (row.words.filter((w) => w.x1 <= next.x0 && w.x0 >= end).at(-1)?.x0 ?? next.x0) : Number.POSITIVE_INFINITY;
  for (const below of rows.slice(index + 1, index + 1 + BELOW)) {
    if (below.page !== row.page) break;
    const under = money(below).find((f) => f.box.x0 >= x0 - 2 && f.box.x1 <= boxEnd + 2);
    if (under) return under;
  }
  return undefined;
}

/** Payroll taxes that do not follow from the wages printed beside them. */
export function payrollTaxes(rows: Row[], unsure: (f: Figure) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  for (const pair of PAIRS) {
    const wages = labelled(rows, pair.wages);
    const taxes = labelled(rows, pair.tax);
    // copies of the form print the pair again, in the same order
    for (let i = 0; i < Math.min(wages.length, taxes.length); i++) {
      const [w, t] = [wages[i]!, taxes[i]!];
      if (unsure(w) || unsure(t) || w.amount.value.isNegative() || t.amount.value.isNegative()) continue;
      const due = pair.due(w.amount.value);
      const allowed = shareOrFloor(due, '0.001', '1');
      if (due.minus(t.amount.value).abs().lte(allowed)) continue;
      findings.push({
        code: 'payroll_tax_mismatch',
        rule: 'tax withheld',
        withheld: t.amount.raw,
        wages: w.amount.raw,
        computed: formatMoney(due),
        basis: 'statutory rate',
        page: t.box.page,
        boxes: [t.box, w.box],
        math: { formula: pair.formula, computed: formatMoney(due), stated: t.amount.raw, ok: false, note: `Wages ${w.amount.raw}.` },
      });
    }
  }
  return findings;
}
