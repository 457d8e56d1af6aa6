// Pay stated for several periods in prose (an employment verification letter, an offer letter):
// "an annual base salary of $78,000.00, paid bi-weekly at $3,000.00" states one pay twice, and the
// two must agree once each is brought to a year (weekly × 52, bi-weekly × 26, semi-monthly × 24,
// monthly × 12, hourly × 52 × the hours a week the document states). A figure takes the period
// word after it on its line, else the one before; lines about something else than the base pay (a
// bonus, an allowance, overtime, a deduction) are not read. A letter whose annual salary was
// raised and whose per-period pay was not is reported, on both figures.
import { parseAmount } from '../../../../tables/amounts.js';
import { type Decimal, formatMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, placeOf } from '../../../readers/figures.js';
import { CONFIDENT_FIGURE, misreadings } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';

/** Periods a year, by the words naming them (checked in this order: "semi-monthly" before "monthly"). */
const PERIODS: [RegExp, number, string][] = [
  [/^(semi-?monthly|semimonthly)$/i, 24, 'semi-monthly'],
  [/^(bi-?weekly|fortnightly|fortnight)$/i, 26, 'bi-weekly'],
  [/^(annual|annually|yearly|year|annum|yr)$/i, 1, 'annual'],
  [/^(monthly|month|mo)$/i, 12, 'monthly'],
  [/^(weekly|week|wk)$/i, 52, 'weekly'],
];
const PAY = /\b(salary|salaried|wages?|pay|paid|income|earn(s|ed|ing|ings)?|compensation)\b/i;
/** Lines about another amount than the base pay. */
const OTHER =
  /\b(bonus|bonuses|commissions?|allowances?|overtime|benefits?|reimburse\w*|rent|deductions?|contributions?|withh\w*|insurance|401k|stipend|incentives?|total compensation|ytd|year[\s-]+to[\s-]+date)\b/i;
/** Brought to a year, the figures may differ by this share (rounding of a per-period figure). */
const TOLERANCE = 0.01;

interface StatedPay {
  figure: Figure;
  perYear: number;
  period: string;
  annual: Decimal;
}

/** The amounts of a line of prose: a figure may end its sentence or clause ("… is $3,000.00."), its currency a word of its own. */
function proseFigures(row: Row): Figure[] {
  const out: Figure[] = [];
  row.words.forEach((w, i) => {
    const currency = i > 0 && /^[$€£]$/.test(row.words[i - 1]!.text) ? row.words[i - 1]! : undefined;
    const text = `${currency?.text ?? ''}${w.text.replace(/[.,;:!?)]+$/, '')}`;
    // whole currency units with thousands separators ("$48,000"), which a table's reader leaves ambiguous
    const whole = /^[$€£]\d{1,3}(,\d{3})+$/.test(text) ? parseAmount(`${text}.00`) : undefined;
    const amount = parseAmount(text) ?? (whole && { ...whole, raw: text });
    if (!amount) return;
    out.push({ amount, ...placeOf(currency ? [currency, w] : [w]) });
  });
  return out;
}

/** The period a word names ("two weeks" read with the word before it). */
function periodWord(row: Row, i: number, hoursAWeek: number | undefined): [number, string] | undefined {
  const token = row.words[i]!.text.toLowerCase().replace(/^[^a-z]+|[^a-z-]+$/g, '');
  if (token === 'weeks' && /^(two|2)$/i.test(row.words[i - 1]?.text ?? '')) return [26, 'bi-weekly'];
  // an hourly rate is a year's pay only with the hours a week the document states
  if (/^(hour|hourly|hr)$/.test(token)) return hoursAWeek === undefined ? undefined : [52 * hoursAWeek, 'hourly'];
  const found = PERIODS.find(([re]) => re.test(token));
  return found && [found[1], found[2]];
}

/** The hours a week the document states ("40 hours per week", "37.5 hours a week"), when it states one figure. */
function hoursAWeekOf(rows: Row[]): number | undefined {
  const stated = new Set<number>();
  for (const row of rows) for (const m of row.text.matchAll(/\b(\d{1,2}(?:\.\d{1,2})?)\s+hours\s+(?:per|a|each|every)\s+week\b/gi)) stated.add(Number(m[1]));
  return stated.size === 1 ? [...stated][0] : undefined;
}

/**
 * The period of a figure: the first period word after it within three words ("$3,000.00 per
 * pay period bi-weekly", "$57,600.00 a year"), else the nearest before it within eight ("annual
 * salary of $78,000.00"), never across another figure.
 */
function periodOf(row: Row, figure: Figure, isFigure: (i: number) => boolean, hoursAWeek: number | undefined): [number, string] | undefined {
  const at = row.words.findIndex((w) => w.x1 >= figure.box.x1 - 0.5);
  for (let i = at + 1; i < row.words.length && i <= at + 3 && !isFigure(i); i++) {
    const period = periodWord(row, i, hoursAWeek);
    if (period) return period;
  }
  for (let i = at - 1; i >= 0 && i >= at - 8 && !isFigure(i); i--) {
    const period = periodWord(row, i, hoursAWeek);
    if (period) return period;
  }
  return undefined;
}

/** True when two annual figures agree within the rounding of a per-period one. */
function agree(a: Decimal, b: Decimal): boolean {
  const larger = a.gt(b) ? a : b;
  return a.minus(b).abs().lte(larger.times(TOLERANCE));
}

/** True when OCR could explain the disagreement: a figure read unsurely, or one plausible misreading of either. */
function misreadingExplains(a: StatedPay, b: StatedPay): boolean {
  if ([a, b].some((p) => (p.figure.confidence ?? 0) < CONFIDENT_FIGURE)) return true;
  return (
    misreadings(a.figure.amount).some((v) => agree(v.times(a.perYear), b.annual)) ||
    misreadings(b.figure.amount).some((v) => agree(v.times(b.perYear), a.annual))
  );
}

/**
 * Base pay stated for different periods that does not agree once brought to a year; on pages read
 * by OCR (`fromOcr`) only when OCR could not explain it.
 */
export function statedPay(rows: Row[], fromOcr: (page: number) => boolean = () => false): SumFinding[] {
  const stated: StatedPay[] = [];
  const hoursAWeek = hoursAWeekOf(rows);
  for (const row of rows) {
    if (!PAY.test(row.text) || OTHER.test(row.text)) continue;
    const amounts = proseFigures(row);
    const isFigure = (i: number): boolean => amounts.some((f) => f.box.x1 === row.words[i]!.x1 && f.box.y0 <= row.words[i]!.y0);
    for (const figure of amounts) {
      if (figure.amount.value.lte(0) || !/[$€£]|\.\d{2}$/.test(figure.amount.raw)) continue;
      const period = periodOf(row, figure, isFigure, hoursAWeek);
      if (period) stated.push({ figure, perYear: period[0], period: period[1], annual: figure.amount.value.times(period[0]) });
    }
  }
  const findings: SumFinding[] = [];
  for (let i = 0; i < stated.length; i++) {
    for (let j = i + 1; j < stated.length; j++) {
      const [a, b] = [stated[i]!, stated[j]!];
      if (a.perYear === b.perYear || agree(a.annual, b.annual)) continue;
      if ((fromOcr(a.figure.box.page) || fromOcr(b.figure.box.page)) && misreadingExplains(a, b)) continue;
      const [annual, other] = a.perYear === 1 ? [a, b] : b.perYear === 1 ? [b, a] : [a, b];
      findings.push({
        code: 'stated_pay_inconsistent',
        rule: 'stated pay',
        period: annual.period,
        pay: annual.figure.amount.raw,
        otherPeriod: other.period,
        otherPay: other.figure.amount.raw,
        otherAnnual: formatMoney(other.annual),
        basis: 'stated pay',
        page: annual.figure.box.page,
        boxes: [annual.figure.box, other.figure.box],
        math: {
          formula: `${annual.period} pay = ${other.period} pay × ${other.perYear}${annual.perYear === 1 ? '' : ` ÷ ${annual.perYear}`}`,
          computed: formatMoney(other.annual.dividedBy(annual.perYear)),
          stated: annual.figure.amount.raw,
          ok: false,
          note: `${other.period[0]!.toUpperCase()}${other.period.slice(1)} pay ${other.figure.amount.raw}.`,
        },
      });
      return findings; // one contradiction says it; the others repeat it
    }
  }
  return findings;
}
