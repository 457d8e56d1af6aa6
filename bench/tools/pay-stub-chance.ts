// How often genuine pay stubs whose pay or withholding changed during the year meet the
// year-to-date rules (ytd-multiples.ts, stub-payroll-taxes.ts) by chance: `node --import tsx
// bench/tools/pay-stub-chance.ts [STUBS]` simulates STUBS (default 3,000) stubs a scenario, 3 to
// 26 periods into the year, each period's taxes computed from its own pay, and counts the stubs
// carrying each year-to-date finding; then the two edits that keep every sum (a tax lowered; pay
// raised with social security, Medicare and the 401(k) computed again) on stubs paid the same
// every period. Seeded: the same figures every run.

import { documentTotals } from '../../packages/core/src/forensics/checks/arithmetic/arithmetic-consistency/document-totals.js';
import { loadDecimals } from '../../packages/core/src/tables/decimal.js';
import type { Word } from '../../packages/core/src/tables/rows.js';
import { type Cell, tableContext, tableWords } from '../../packages/core/src/testing/table-words.js';

const STUBS = Number(process.argv[2] ?? 3000);
const CODES = ['paystub_ytd_departure', 'paystub_ytd_other_figure', 'paystub_withholding_periods_mismatch', 'payroll_tax_mismatch'];

/** mulberry32: an integer below `k`. */
let state = 7;
function rand(k: number): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * k);
}

type Period = Record<string, number>;
const EARNINGS = new Set(['Regular', 'Overtime']);
const right = (text: string, x1: number): Cell => [text, x1 - 5 * text.length];
const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The words of a stub whose periods 1..n are `period(i)`: current figures of period n (or `printed`), years to date summed. */
function stubOf(n: number, period: (i: number) => Period, printed?: (now: Period) => Period): Word[] {
  const periods = Array.from({ length: n }, (_, i) => period(i + 1));
  const labels = Object.keys(periods[0]!);
  const sum = (label: string): number => periods.reduce((a, p) => a + p[label]!, 0);
  const row = (label: string, current: number, ytd: number, x: number): Cell[] => [[label, 50], right(money(current), x), right(money(ytd), x + 120)];
  const now = printed ? printed(periods[n - 1]!) : periods[n - 1]!;
  const earnings = labels.filter((l) => EARNINGS.has(l));
  const deductions = labels.filter((l) => !EARNINGS.has(l));
  /** The lines' total this period and year to date. */
  const totals = (lines: string[]) => [lines.reduce((a, l) => a + now[l]!, 0), lines.reduce((a, l) => a + sum(l), 0)] as const;
  const [gross, deducted] = [totals(earnings), totals(deductions)];
  return tableWords(
    1,
    [['Earnings', 50], right('Current', 380), right('Year to date', 500)],
    ...earnings.map((l) => row(l, now[l]!, sum(l), 380)),
    row('Gross pay', gross[0], gross[1], 380),
    [['Deductions', 50], right('Current', 330), right('Year to date', 450)],
    ...deductions.map((l) => row(l, now[l]!, sum(l), 330)),
    row('Total deductions', deducted[0], deducted[1], 330),
    row('Net pay', gross[0] - deducted[0], gross[1] - deducted[1], 330),
  );
}

/** Every line computed from the period's gross pay; a health and a dental plan fixed. */
const deductionsOf = (gross: number, federalShare: number): Period => ({
  'Federal income tax': Math.round(gross * federalShare),
  'Social Security': Math.round(gross * 0.062),
  Medicare: Math.round(gross * 0.0145),
  'State income tax': Math.round(gross * 0.04),
  '401(k)': Math.round(gross * 0.05),
  'Health plan': 12_000,
  'Dental plan': 1_550,
});
const hourlyRate = (): number => 2000 + rand(3000);
/** A period of an earlier period: 2..n−1. */
const earlier = (n: number): number => 2 + rand(Math.max(1, n - 2));

/** Each scenario makes, for a stub of n periods, the figures of period i. */
const SCENARIOS: Record<string, (n: number) => (i: number) => Period> = {
  'withholding changed at an earlier period (a new W-4)': (n) => {
    const regular = 80 * hourlyRate();
    const base = deductionsOf(regular, 0.11);
    const [k, changed] = [earlier(n), Math.round(base['Federal income tax']! * (0.6 + rand(80) / 100))];
    return (i) => ({ Regular: regular, ...base, ...(i >= k ? { 'Federal income tax': changed } : {}) });
  },
  'withholding changed at an earlier period by a round extra amount': (n) => {
    const regular = 80 * hourlyRate();
    const base = deductionsOf(regular, 0.11);
    const [k, changed] = [earlier(n), base['Federal income tax']! + 1000 * (1 + rand(10))];
    return (i) => ({ Regular: regular, ...base, ...(i >= k ? { 'Federal income tax': changed } : {}) });
  },
  'overtime varies every period': () => {
    const rate = hourlyRate();
    return () => {
      const [regular, overtime] = [80 * rate, Math.round((rand(1000) * rate * 1.5) / 100)];
      return { Regular: regular, Overtime: overtime, ...deductionsOf(regular + overtime, 0.11) };
    };
  },
  'a raise at an earlier period': (n) => {
    const [rate, k] = [hourlyRate(), earlier(n)];
    return (i) => {
      const regular = 80 * (i >= k ? rate + 250 : rate);
      return { Regular: regular, Overtime: 4_500, ...deductionsOf(regular + 4_500, 0.11) };
    };
  },
  'overtime varies, a fixed-dollar federal withholding elected': () => {
    const [rate, federal] = [hourlyRate(), 30_000 + rand(10_000)];
    return () => {
      const [regular, overtime] = [80 * rate, Math.round((rand(1000) * rate * 1.5) / 100)];
      return { Regular: regular, Overtime: overtime, ...deductionsOf(regular + overtime, 0.11), 'Federal income tax': federal };
    };
  },
};

/** Edits of the printed period of a stub paid the same every period; the years to date kept. */
const EDITS: Record<string, () => (now: Period) => Period> = {
  'edited: federal tax lowered 20-40%, every sum kept': () => {
    const share = 0.6 + rand(20) / 100;
    return (now) => ({ ...now, 'Federal income tax': Math.round(now['Federal income tax']! * share) });
  },
  'edited: pay raised, social security, Medicare and 401(k) computed again': () => {
    const raise = 80 * (200 + rand(400));
    return (now) => {
      const regular = now.Regular! + raise;
      const again = deductionsOf(regular + now.Overtime!, 0.11);
      return { ...now, Regular: regular, 'Social Security': again['Social Security']!, Medicare: again.Medicare!, '401(k)': again['401(k)']! };
    };
  },
};
const samePay = (): ((i: number) => Period) => {
  const regular = 80 * hourlyRate();
  const period = { Regular: regular, Overtime: 4_500, ...deductionsOf(regular + 4_500, 0.11) };
  return () => period;
};

await loadDecimals();
console.log(`| genuine stubs (${STUBS} a scenario, 3 to 26 periods) | ${CODES.map((c) => `\`${c}\``).join(' | ')} |`);
console.log(`|---|${CODES.map(() => '---').join('|')}|`);
/** One table row: the share of STUBS stubs of `stub(n)` carrying each code. */
function tally(name: string, stub: (n: number) => Word[]): void {
  const count = new Map<string, number>();
  for (let t = 0; t < STUBS; t++) {
    for (const code of new Set(documentTotals(tableContext([stub(3 + rand(24))], 'paystub')).map((f) => f.code))) count.set(code, (count.get(code) ?? 0) + 1);
  }
  console.log(`| ${name} | ${CODES.map((c) => `${(((count.get(c) ?? 0) * 100) / STUBS).toFixed(1)}%`).join(' | ')} |`);
}
for (const [scenario, make] of Object.entries(SCENARIOS)) tally(scenario, (n) => stubOf(n, make(n)));
for (const [edit, make] of Object.entries(EDITS)) tally(edit, (n) => stubOf(n, samePay(), make()));
