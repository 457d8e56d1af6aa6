// The indicators of the arithmetic check, and the sentences its findings are summarised by. Every
// finding of the check carries the same facts: the rule it read (which sentence says it), the
// figures as the page prints them, what its reading rests on (`basis`: the scoring policy weighs a
// running balance whose chain agrees above a stated total, a stated total above an aligned
// column, a rate or a count of periods below them) and whether OCR read its figures (`ocr`).
import { type FindingOf, type IndicatorDefinition, indicator } from '../../../check.js';
import type { ReadingFacts } from '../../../readers/readings.js';
import copy from './copy.json' with { type: 'json' };

/** What a contradiction rests on: how the figures it contradicts were read. */
export type SumBasis =
  /** A running balance whose other steps agree. */
  | 'running balance'
  /** A total or balance the document states, against the figures it states it of. */
  | 'stated total'
  /** Figures aligned in one column under a header, summed to a total below them. */
  | 'aligned column'
  /** The dates a pay stub prints, against each other and its year-to-date figures. */
  | 'pay dates'
  /** A tax computed at its statutory rate from the wages the document prints. */
  | 'statutory rate'
  /** Two taxes on the same wages, one the other's statutory multiple. */
  | 'tax ratio'
  /** Gross pay's year to date against a Medicare tax's equal periods. */
  | 'equal periods'
  /** Gross pay's year to date against an income tax's equal periods, within a withholding bracket. */
  | 'withholding periods'
  /** Year-to-date figures that every other line holds as exact periods. */
  | 'year to date'
  /** Pay stated in prose for two periods. */
  | 'stated pay';

/** A line of a pay stub as a year-to-date finding names it. */
interface YtdLine {
  label: string;
  current: string;
  ytd: string;
}

/** The sentence of every rule the check reads, by rule. */
const SENTENCES = {
  'running balance': (f: { page: number; previous: string; moved: string; expected: string; alternative?: string; stated: string }) =>
    `Page ${f.page}: after ${f.previous} and ${f.moved} the balance should be ${f.expected}${f.alternative ? ` or ${f.alternative}` : ''}, but it reads ${f.stated}.`,
  'opening balance': (f: { page: number; stated: string; expected: string }) =>
    `Page ${f.page} opens at ${f.stated}, but the previous rows end at ${f.expected}.`,
  'closing balance': (f: { stated: string; expected: string }) => `The closing balance ${f.stated} contradicts the transactions, which lead to ${f.expected}.`,
  'daily balance': (f: { grid: string; ledger: string }) => `The daily balance grid gives ${f.grid} for a day the ledger ends at ${f.ledger}.`,
  'summary chain': (f: { closing: string; opening: string; lines: number; computed: string }) =>
    `The ending balance ${f.closing} is not the beginning balance ${f.opening} with the ${f.lines} lines of the summary (${f.computed}).`,
  'summary across': (f: { to: string; closing: string; from: string; opening: string; lines: number; computed: string }) =>
    `${f.to} ${f.closing} is not ${f.from} ${f.opening} with the ${f.lines} figures printed between them (${f.computed}).`,
  'summary side against ledger': (f: { side: string; stated: string; computed: string }) =>
    `The account summary's ${f.side} ${f.stated} are not the ${f.computed} its ledger lists.`,
  'summary closing against ledger': (f: { stated: string; computed: string }) =>
    `The account summary's closing balance ${f.stated} is not the ${f.computed} its ledger ends on.`,
  'stated total': (f: { stated: string; side: string; computed: string }) =>
    `The stated total ${f.stated} is not the sum of the ${f.side} listed (${f.computed}).`,
  'closing from totals': (f: { closing: string; opening: string; credits: string; debits: string; computed: string }) =>
    `The closing balance ${f.closing} is not the opening balance ${f.opening} plus deposits ${f.credits} less withdrawals ${f.debits} (${f.computed}).`,
  'movements over stated': (f: { side: string; listed: string; stated: string }) =>
    `The ${f.side} listed sum to ${f.listed}, more than the ${f.stated} the statement states.`,
  'tax form line': (f: { line: string; stated: string; computed: string }) => `Line ${f.line} reads ${f.stated}, but its instruction gives ${f.computed}.`,
  'statement line': (f: { label: string; stated: string; computed: string; formula: string }) =>
    `"${f.label}" reads ${f.stated}, but ${f.formula.slice(f.formula.indexOf('=') + 2)} gives ${f.computed}.`,
  'tax withheld': (f: { withheld: string; wages: string; computed: string }) =>
    `The tax withheld ${f.withheld} is not what the wages ${f.wages} give (${f.computed}).`,
  'net pay': (f: { net: string; gross: string; deductions: string; computed: string }) =>
    `Net pay ${f.net} is not gross ${f.gross} less deductions ${f.deductions} (${f.computed}).`,
  'net pay from listed deductions': (f: { net: string; gross: string; deductions: number; computed: string }) =>
    `Net pay ${f.net} is not gross ${f.gross} less the ${f.deductions} deductions listed between them (${f.computed}).`,
  'year to date below current': (f: { ytd: string; current: string }) => `The year-to-date figure ${f.ytd} is below the current ${f.current}.`,
  'line sum': (f: { label: string; stated: string; lines: number; what: string; computed: string; which: string }) =>
    `${f.label} ${f.stated} is not the sum of the ${f.lines} ${f.what} lines (${f.computed}, ${f.which}).`,
  'summary section': (f: { noun: string; stated: string; listed: string; lines: number; heading: string }) =>
    `The summary's ${f.noun} ${f.stated} are not the ${f.listed} the ${f.lines} lines under "${f.heading}" add up to.`,
  'row total': (f: { stated: string; computed: string; parts: string }) =>
    `The row's total ${f.stated} is not its ${f.parts} added (${f.computed}), nor any of them taken off.`,
  'section total': (f: { heading: string; stated: string; listed: string; lines: number }) =>
    `The total ${f.stated} printed under "${f.heading}" is not the ${f.listed} its ${f.lines} lines add up to.`,
  'quantity times rate': (f: { quantity: string; rate: string; computed: string; amount: string; recovered: boolean }) =>
    f.recovered
      ? `${f.quantity} × ${f.rate} is ${f.computed}, but the line's amount, which OCR could not read, is ${f.amount} by the total of its table.`
      : `${f.quantity} × ${f.rate} is ${f.computed}, but the line reads ${f.amount}.`,
  'medicare floor': (f: { tax: string; rate: string; wages: string; least: string }) =>
    `Medicare tax ${f.tax} is less than ${f.rate}% of the least its wages can be, ${f.wages} (${f.least}): pay was raised without its taxes, or the tax was lowered.`,
  'social security ratio': (f: { socialSecurity: string; medicare: string; expected: string }) =>
    `Social security tax ${f.socialSecurity} is not 6.2/1.45 of the Medicare tax ${f.medicare} (${f.expected}), though both are taken from the same wages below the wage base: one of them was changed.`,
  'equal periods': (f: { tax: string; taxFigure: string; periods: string; taxYtd: string; payYtd: string; pay: string; expected: string }) =>
    `The ${f.tax} ${f.taxFigure} is exactly 1/${f.periods} of its year to date ${f.taxYtd} (${f.periods} equal pay periods), but gross pay's year to date ${f.payYtd} is not ${f.periods} times this period's ${f.pay} (${f.expected}).`,
  'period ends before it begins': (f: { start: string; end: string }) => `The pay period ends (${f.end}) before it begins (${f.start}).`,
  'period length': (f: { start: string; end: string; days: number; frequency: string; periodDays: number }) =>
    `The pay period ${f.start} – ${f.end} lasts ${f.days} days, not a ${f.frequency} period.`,
  'paid before the period': (f: { payDate: string; start: string }) => `The pay date ${f.payDate} is before the pay period begins (${f.start}).`,
  'paid long after the period': (f: { payDate: string; days: number; end: string }) =>
    `The pay date ${f.payDate} is ${f.days} days after the pay period ends (${f.end}).`,
  'periods so far': (f: { times: string; paid: string; schedule: string; most: number; ytd: string; current: string }) =>
    `The year-to-date figures are ${f.times} times this period's, but by the pay date ${f.paid} a ${f.schedule} schedule has paid at most ${f.most} times this year.`,
  'year to date of another figure': (f: { periods: number; fitting: number; lines: (YtdLine & { period: string })[] }) =>
    `${ytdContext(f)}; the year to date of ${f.lines.map((l) => `“${l.label}” ${l.current} (year to date ${l.ytd}, ${f.periods} × ${l.period})`).join(', ')} is ${f.periods} periods of another figure, with no room for this period's: the current figure was probably changed after the year to date was printed (a withholding changed at an earlier period rarely divides so evenly).`,
  'year to date departs': (f: { periods: number; fitting: number; lines: YtdLine[] }) =>
    `${ytdContext(f)}, but ${f.lines.map((l) => `“${l.label}” ${l.current} (year to date ${l.ytd})`).join(', ')} ${f.lines.length === 1 ? 'does' : 'do'} not: the current figure was changed, or the withholding changed earlier this year.`,
  'stated pay': (f: { period: string; pay: string; otherPeriod: string; otherPay: string; otherAnnual: string }) =>
    `The ${f.period} pay ${f.pay} and the ${f.otherPeriod} pay ${f.otherPay} (${f.otherAnnual} a year) do not agree.`,
  'block total': (f: { label: string; stated: string; rows: number; computed: string }) =>
    `“${f.label}” ${f.stated} is not what the ${f.rows} row${f.rows === 1 ? '' : 's'} it totals come to (${f.computed}).`,
  'column total': (f: { total: string; items: number; computed: string }) =>
    `The total ${f.total} is not the sum of the ${f.items} figures above it (${f.computed}).`,
};

/** How a year-to-date finding opens: the periods gross pay and the other lines hold. */
const ytdContext = (f: { periods: number; fitting: number }): string =>
  `Gross pay and ${f.fitting} other lines hold exactly ${f.periods} periods of this period's figure in their year to date`;

type Sentences = typeof SENTENCES;
/** The rule a finding read, with the figures its sentence names. */
export type SumSentence = { [R in keyof Sentences]: { rule: R } & Parameters<Sentences[R]>[0] }[keyof Sentences];

/**
 * What every finding of the check carries: its rule and figures, what it rests on, whether OCR read
 * its figures, and — for a block judged on its readings (`readers/readings.ts`) — the reading, how
 * many were tried and what corroborates it.
 */
export type SumFacts = SumSentence & { basis: SumBasis; ocr?: boolean } & Partial<ReadingFacts>;

/** What the sentence of a finding whose reading nothing corroborates says (context, not evidence, to the policy). */
export const UNCORROBORATED = 'Nothing else in the block corroborates the reading';

/**
 * What a finding judged on its readings adds to its sentence: how many readings of the block were
 * tried, and what corroborates the one it rests on (or that nothing does: then the policy weighs
 * it as context). A check whose block has no other identity to corroborate it records the
 * readings tried alone.
 */
function readingNote(f: Partial<ReadingFacts>): string {
  if (f.tried === undefined) return '';
  const tried = `No reading of the block makes it hold (${f.tried} tried${f.reading?.length ? `; this one reads ${f.reading.join(', ')}` : ''}).`;
  if (f.corroboration === undefined) return ` ${tried}`;
  const backed = f.corroboration.length
    ? `Under this reading ${f.corroboration.join('; ')} ${f.corroboration.length === 1 ? 'holds' : 'hold'}.`
    : `${UNCORROBORATED}: it may be misread rather than altered.`;
  return ` ${tried} ${backed}`;
}

/** The sentence of a finding. */
const sentence = (f: SumFacts): string => (SENTENCES[f.rule] as (facts: SumFacts) => string)(f) + readingNote(f);

/** The indicators of the arithmetic check: every one is content evidence, and its findings are summarised by the sentence of their rule. */
export const indicators = Object.fromEntries(Object.entries(copy).map(([code, text]) => [code, indicator<SumFacts>(text, 'content', sentence)])) as {
  [C in keyof typeof copy]: IndicatorDefinition<SumFacts>;
};

/** A finding of the arithmetic check. */
export type SumFinding = FindingOf<typeof indicators>;
