// A pay stub's dates against each other and against its year-to-date figures: the pay period's
// start and end, the pay date, the pay frequency (printed, or read from the period's length), and
// how many pay periods the year-to-date figures hold. Dates are read after their labels on the
// same line ("Pay period 03/01/2024 - 03/15/2024   Pay date 03/20/2024") or under a header
// cell naming them. A stub re-dated into another period keeps year-to-date figures that count
// more pay periods than its pay date allows; edited dates also leave a period that ends before
// it starts, a pay date before the period, or a period whose length is not the printed frequency.
import { datesIn, daysBetween } from '../../../../tables/dates.js';
import type { Row, Word } from '../../../../tables/rows.js';
import type { PageBox } from '../../../findings.js';
import { type Figure, placeOf } from '../../../readers/figures.js';
import type { SumFinding, SumSentence } from './indicators.js';

/** A date printed on the page, and the words it was read from. */
export interface PrintedDate {
  iso: string;
  text: string;
  box: PageBox;
  confidence?: number;
}

const PAY_DATE = /\b(pay ?date|check date|pay ?day|payment date|deposit date|advice date|date paid|paid on)\b/i;
const PERIOD = /\b(pay period|period)\b/i;
const PERIOD_START = /\b((pay )?period (begin(ning|s)?|start(ing|s)?|from)|(period )?(begin|start) date)\b/i;
const PERIOD_END = /\b((pay )?period (end(ing|s|ed)?|to|through)|(period )?end date|week ending)\b/i;
const FREQUENCY_LABEL = /\b(pay )?(frequency|cycle|schedule)\b/i;
const FREQUENCIES: [RegExp, Frequency][] = [
  [/\bbi-?weekly|fortnightly\b/i, 'biweekly'],
  [/\bsemi-?monthly\b/i, 'semi-monthly'],
  [/\bweekly\b/i, 'weekly'],
  [/\bmonthly\b/i, 'monthly'],
];
/** A range between two dates. */
export const RANGE = /^\s*(-|–|—|to|through|thru)\s*$/i;

type Frequency = 'weekly' | 'biweekly' | 'semi-monthly' | 'monthly';

/** Days a pay period of each frequency lasts (inclusive), with a day's slack either side. */
const PERIOD_DAYS: Record<Frequency, [number, number]> = {
  weekly: [6, 8],
  biweekly: [13, 15],
  'semi-monthly': [12, 17],
  monthly: [27, 32],
};

/** Year-to-date figures may hold this many times the periods the pay date allows (plus one) before they contradict it: partial periods and cuts leave room. */
const YTD_SLACK = 1.5;
/** A pay date this long after its period's end is not a pay date of that period. */
const MAX_PAY_DELAY_DAYS = 62;

/** A current figure and its year-to-date total (gross pay, net pay). */
export interface YearToDate {
  current: Figure;
  ytd: Figure;
}

/** The words of `row` that characters [from, to) of its text span. */
function wordsSpanning(row: Row, from: number, to: number): Word[] {
  const words: Word[] = [];
  let at = 0;
  for (const w of row.words) {
    const end = at + w.text.length;
    if (end > from && at < to) words.push(w);
    at = end + 1;
  }
  return words;
}

function printed(row: Row, from: number, to: number, iso: string): PrintedDate {
  return { iso, text: row.text.slice(from, to), ...placeOf(wordsSpanning(row, from, to)) };
}

/**
 * The dates a label introduces: on the label's line, the dates after it up to the next label
 * (`count` of them: 2 for a period, its two ends joined by a dash or "to"); or, when the label's
 * line holds no date, the dates of the next line under the label's words (a header cell).
 */
function labelled(rows: readonly Row[], label: RegExp, count: 1 | 2, otherLabels: readonly RegExp[]): PrintedDate[] | undefined {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const m = label.exec(row.text);
    if (!m) continue;
    const after = m.index + m[0].length;
    const nextLabel = Math.min(
      ...otherLabels.map((l) => {
        const o = new RegExp(l.source, 'gi');
        o.lastIndex = after;
        return o.exec(row.text)?.index ?? row.text.length;
      }),
    );
    const dates = datesIn(row.text).filter((d) => d.index >= after && d.end <= nextLabel);
    if (dates.length > 0) {
      const chosen = dates.slice(0, count);
      if (count === 2 && (chosen.length < 2 || !RANGE.test(row.text.slice(chosen[0]!.end, chosen[1]!.index)))) continue;
      return chosen.map((d) => printed(row, d.index, d.end, d.iso));
    }
    if (datesIn(row.text).length > 0) continue;
    // a header cell: the dates of the next line on the same page that lie under the label
    const under = wordsSpanning(row, m.index, after);
    const next = rows[i + 1];
    if (!next || next.page !== row.page || under.length === 0) continue;
    const [x0, x1] = [Math.min(...under.map((w) => w.x0)), Math.max(...under.map((w) => w.x1))];
    const below = datesIn(next.text)
      .map((d) => printed(next, d.index, d.end, d.iso))
      .filter((d) => d.box.x1 > x0 - 20 && d.box.x0 < x1 + 20);
    if (below.length >= count) return below.slice(0, count);
  }
  return undefined;
}

/** The printed pay frequency, when a line labels one. */
function printedFrequency(rows: readonly Row[]): Frequency | undefined {
  for (const row of rows) {
    if (!FREQUENCY_LABEL.test(row.text)) continue;
    for (const [re, frequency] of FREQUENCIES) if (re.test(row.text)) return frequency;
  }
  return undefined;
}

/** The frequencies a period of `days` (inclusive) can belong to. */
function frequenciesOfLength(days: number): Frequency[] {
  return (Object.keys(PERIOD_DAYS) as Frequency[]).filter((f) => days >= PERIOD_DAYS[f][0] && days <= PERIOD_DAYS[f][1]);
}

/** The most pay dates a `frequency` schedule can have had in the calendar year of `iso`, up to and including it. */
export function mostPayDates(frequency: Frequency, iso: string): number {
  const [, month, day] = iso.split('-').map(Number) as [number, number, number];
  const dayOfYear = daysBetween(`${iso.slice(0, 4)}-01-01`, iso) + 1;
  switch (frequency) {
    case 'weekly':
      return Math.ceil(dayOfYear / 7);
    case 'biweekly':
      return Math.ceil(dayOfYear / 14);
    case 'semi-monthly':
      return 2 * (month - 1) + (day >= 15 ? 2 : 1);
    case 'monthly':
      return month;
  }
}

/** The rules of a pay stub's dates, with what a finding of each prints. */
type DateSentence = Extract<SumSentence, { rule: keyof typeof DATE_MATH }>;

/** The MathCheck of each date rule, from what its finding carries (`computed`: what the other dates allow; `stated`: what the stub prints). */
const DATE_MATH = {
  'period ends before it begins': (f: { start: string; end: string }) =>
    math('pay period end ≥ pay period start', `on or after ${f.start}`, f.end, 'A pay period ends on or after its first day.'),
  'period length': (f: { days: number; frequency: string; periodDays: number }) =>
    math('pay period length = pay frequency', `${f.periodDays} days`, `${f.days} days`, `The stub prints a ${f.frequency} pay frequency.`),
  'paid before the period': (f: { payDate: string; start: string }) =>
    math('pay date ≥ pay period start', `on or after ${f.start}`, f.payDate, 'Wages are paid for a period once it has begun.'),
  'paid long after the period': (f: { payDate: string; end: string }) =>
    math(
      'pay date within the pay period’s pay cycle',
      `within ${MAX_PAY_DELAY_DAYS} days of ${f.end}`,
      f.payDate,
      `A pay date follows its period within ${MAX_PAY_DELAY_DAYS} days.`,
    ),
  'periods so far': (f: { times: string; most: number; ytd: string; current: string }) =>
    math(
      'year-to-date ÷ current ≤ pay dates so far this year',
      `at most ${f.most}`,
      f.times,
      `Year to date ${f.ytd} against ${f.current} this period; the stub was probably re-dated.`,
    ),
};

function math(formula: string, computed: string, stated: string, note: string) {
  return { formula, computed, stated, ok: false as const, note };
}

/** A finding of `sentence` on `boxes` (the date that breaks the chain first), with the MathCheck of its rule. */
function finding(sentence: DateSentence, boxes: PageBox[]): SumFinding {
  const rule = DATE_MATH[sentence.rule] as (f: DateSentence) => ReturnType<typeof math>;
  return { code: 'paystub_dates_inconsistent', ...sentence, basis: 'pay dates', page: boxes[0]!.page, boxes, math: rule(sentence) };
}

const sure = (d: PrintedDate, confident: number): boolean => d.confidence === undefined || d.confidence >= confident;

/** A pay stub's pay date and pay period (its first and last day), each as printed after its label, when printed. */
export function stubDates(rows: readonly Row[]): { payDate?: PrintedDate; period?: [PrintedDate, PrintedDate] } {
  const labels = [PAY_DATE, PERIOD_START, PERIOD_END, PERIOD];
  const payDate = labelled(rows, PAY_DATE, 1, labels)?.[0];
  const both = labelled(rows, PERIOD, 2, labels);
  const [start, end] = both ?? [labelled(rows, PERIOD_START, 1, labels)?.[0], labelled(rows, PERIOD_END, 1, labels)?.[0]];
  return { ...(payDate ? { payDate } : {}), ...(start && end ? { period: [start, end] as [PrintedDate, PrintedDate] } : {}) };
}

/**
 * Contradictions between a pay stub's dates and its year-to-date figures. `confident` is the OCR
 * confidence a date needs before it is judged (dates of text read from the file always are).
 */
export function payDateFindings(rows: readonly Row[], yearToDate: readonly YearToDate[], confident: number): SumFinding[] {
  const { payDate, period } = stubDates(rows);
  const dates = [payDate, ...(period ?? [])].filter((d): d is PrintedDate => d !== undefined);
  if (dates.some((d) => !sure(d, confident))) return [];
  const findings: SumFinding[] = [];
  const [start, end] = period ?? [];
  const frequency = printedFrequency(rows);
  if (start && end) {
    const days = daysBetween(start.iso, end.iso) + 1;
    if (days < 1) {
      findings.push(finding({ rule: 'period ends before it begins', start: start.text, end: end.text }, [end.box, start.box]));
    } else if (frequency && !frequenciesOfLength(days).includes(frequency)) {
      const periodDays = PERIOD_DAYS[frequency][0] + 1;
      findings.push(finding({ rule: 'period length', start: start.text, end: end.text, days, frequency, periodDays }, [start.box, end.box]));
    }
    if (payDate && daysBetween(start.iso, payDate.iso) < 0) {
      findings.push(finding({ rule: 'paid before the period', payDate: payDate.text, start: start.text }, [payDate.box, start.box]));
    } else if (payDate && daysBetween(end.iso, payDate.iso) > MAX_PAY_DELAY_DAYS) {
      const late = { rule: 'paid long after the period', payDate: payDate.text, days: daysBetween(end.iso, payDate.iso), end: end.text } as const;
      findings.push(finding(late, [payDate.box, end.box]));
    }
  }
  // how many periods the year-to-date figures hold, against how many the pay date allows
  const paid = payDate ?? end;
  if (!paid || findings.length > 0) return findings;
  const possible = frequency ? [frequency] : start && end ? frequenciesOfLength(daysBetween(start.iso, end.iso) + 1) : [];
  const most = Math.max(...(possible.length ? possible : (['weekly'] as Frequency[])).map((f) => mostPayDates(f, paid.iso)));
  const ratios = yearToDate
    .map(({ current, ytd }) => ({ current, ytd, times: Math.abs(ytd.amount.value.toNumber()) / Math.abs(current.amount.value.toNumber()) }))
    .filter(({ times }) => Number.isFinite(times) && times >= 1);
  if (ratios.length === 0) return findings;
  const least = ratios.reduce((a, b) => (b.times < a.times ? b : a));
  if (least.times > YTD_SLACK * most + 1) {
    const schedule = frequency ?? (possible.length ? possible.join(' or ') : 'weekly');
    const ratio = { times: least.times.toFixed(1), paid: paid.text, schedule, most, ytd: least.ytd.amount.raw, current: least.current.amount.raw };
    findings.push(finding({ rule: 'periods so far', ...ratio }, [paid.box, least.ytd.box]));
  }
  return findings;
}
