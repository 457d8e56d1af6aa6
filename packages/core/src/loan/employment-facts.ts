// What a loan's documents say about a job, read from one document's rows: a letter of employment's
// employee, employer, pay schedule and pay (a salary a pay period or a year, or an hourly rate), as
// its prose states them; a W-2's tax year, employer (box c), employee (box e), wages (box 1) and
// Medicare wages (box 5); and a pay stub's schedule (from its pay period's days) and pay (a salary
// row's current figure, the figures an hourly row prints before its current pay). Each is read or
// left out: a letter whose prose names no employee or no employer, or a W-2 whose boxes c and e are
// not labelled, says nothing a loan compares.
import { findLabelled } from '../forensics/checks/arithmetic/arithmetic-consistency/document-totals.js';
import { figures, moneyFigures } from '../forensics/readers/figures.js';
import { parseAmount } from '../tables/amounts.js';
import { datesIn, daysBetween } from '../tables/dates.js';
import type { Row } from '../tables/rows.js';
import { amountCents, asBox, type LoanDate, type LoanFigure, loanFigure } from './loan-figures.js';

/** How often a job pays. */
export type PaySchedule = 'weekly' | 'biweekly' | 'semi-monthly' | 'monthly';

/** Pay periods a year of each schedule. */
export const PERIODS_A_YEAR: Readonly<Record<PaySchedule, number>> = { weekly: 52, biweekly: 26, 'semi-monthly': 24, monthly: 12 };

/** A schedule as a document states it, and where. */
export interface StatedSchedule {
  schedule: PaySchedule;
  text: string;
  boxes: LoanFigure['boxes'];
}

/** What a letter of employment states. */
export interface EmploymentLetter {
  /** The employee's and the employer's names, as words of letters, lower-cased. */
  employee: string[];
  employer: string[];
  /** The letter's date: the first full date it prints above its prose's figures. */
  date?: LoanDate;
  schedule?: StatedSchedule;
  perPeriod?: LoanFigure;
  annual?: LoanFigure;
  hourly?: LoanFigure;
}

/** What a W-2 states. */
export interface WageStatement {
  year: number;
  employee: string[];
  employer: string[];
  /** Box 1 and box 5. */
  wages?: LoanFigure;
  medicare?: LoanFigure;
}

/** A pay stub's schedule and pay. */
export interface StubTerms {
  schedule?: PaySchedule;
  /** A salary row's figure this period. */
  salary?: LoanFigure;
  /** The figures an hourly row prints before its pay this period (its rate and hours, either order). */
  rates: LoanFigure[];
}

/** Words of letters of `text`, lower-cased, their edges' punctuation dropped. */
export const nameWords = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((w) => /^\p{L}[\p{L}'.&-]*$/u.test(w));

/** The rows' text as one string, with where each row starts. */
function prose(rows: readonly Row[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const row of rows) {
    starts.push(text.length);
    // a word broken at the line's end ("semi-" over "monthly") is one word
    text += /\p{L}-$/u.test(row.text) ? row.text : `${row.text} `;
  }
  return { text, starts };
}

const SCHEDULE_WORDS: readonly [RegExp, PaySchedule][] = [
  [/\b(bi-?weekly|every (two|2) weeks|fortnightly)\b/i, 'biweekly'],
  [/\b(semi-?monthly|twice (a|per|each) month)\b/i, 'semi-monthly'],
  [/\b(weekly|every week)\b/i, 'weekly'],
  [/\b(monthly|once (a|per|each) month|every month)\b/i, 'monthly'],
];

/** The employee a letter's prose confirms ("confirms that Dana Reyes has been employed"). */
const EMPLOYEE =
  /\b(?:confirm|certif|verif)\w*\s+that\s+(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){1,3})\s+(?:has been|is|was|had been)\b/u;
/** The employer it names ("employed by Northwind Logistics Inc. since 2015"). */
const EMPLOYER = /\bemployed (?:by|with|at)\s+(.+?)(?=\s+(?:since|as|from|on|in|for)\b|[,;]|\.(?:\s|$))/;
/** What a figure of the prose is: said just before it or just after. */
const PER_PERIOD_AFTER = /^\s*(?:per|a|each|every) (?:pay ?period|paycheck|pay cheque|period)\b/i;
const ANNUAL_BEFORE = /\b(?:annual|yearly|annualized)(?: base)? (?:salary|pay|compensation|income)(?: of| is)?\s*$/i;
const ANNUAL_AFTER = /^\s*(?:per (?:year|annum)|a year|annually|yearly)\b/i;
const HOURLY_BEFORE = /\bhourly (?:rate|wage|pay)(?: of| is)?\s*$/i;
const HOURLY_AFTER = /^\s*(?:per hour|an hour|\/ ?(?:hr|hour))\b/i;

/** A letter of employment's statements, or undefined when its prose names no employee or no employer. */
export function readEmploymentLetter(rows: readonly Row[]): EmploymentLetter | undefined {
  const { text, starts } = prose(rows);
  const employee = EMPLOYEE.exec(text);
  const employer = EMPLOYER.exec(text);
  if (!employee || !employer) return undefined;
  const letter: EmploymentLetter = { employee: nameWords(employee[1]!), employer: nameWords(employer[1]!) };
  for (const [k, row] of rows.entries()) {
    for (const { figure, at, end } of proseFigures(row)) {
      const [before, after] = [text.slice(Math.max(0, starts[k]! + at - 60), starts[k]! + at), text.slice(starts[k]! + end, starts[k]! + end + 40)];
      if (PER_PERIOD_AFTER.test(after)) letter.perPeriod ??= figure;
      else if (ANNUAL_BEFORE.test(before) || ANNUAL_AFTER.test(after)) letter.annual ??= figure;
      else if (HOURLY_BEFORE.test(before) || HOURLY_AFTER.test(after)) letter.hourly ??= figure;
    }
  }
  // the schedule: "paid biweekly", in the sentence that states the pay
  const paid = /\bpaid\b[^.]{0,60}/i.exec(text.slice(employer.index));
  for (const [re, schedule] of paid ? SCHEDULE_WORDS : []) {
    const m = re.exec(paid![0]);
    if (!m) continue;
    const row = rows.find((r) => r.text.toLowerCase().includes(m[0].toLowerCase()));
    letter.schedule = { schedule, text: m[0], boxes: row ? [asBox(boxOfWords(row, m[0]))] : [] };
    break;
  }
  const dated = rows.slice(0, 6).flatMap((r) => datesIn(r.text).map((d) => ({ d, r })))[0];
  if (dated)
    letter.date = {
      iso: dated.d.iso,
      text: dated.r.text.slice(dated.d.index, dated.d.end),
      boxes: [asBox(boxOfWords(dated.r, dated.r.text.slice(dated.d.index, dated.d.end)))],
    };
  return letter;
}

/** The amounts with cents a row of prose prints (a figure may end its sentence: "$2,150.00."), with where each starts and ends in the row's text. */
function proseFigures(row: Row): { figure: LoanFigure; at: number; end: number }[] {
  const out: { figure: LoanFigure; at: number; end: number }[] = [];
  let from = 0;
  for (const word of row.words) {
    const at = row.text.indexOf(word.text, from);
    if (at < 0) continue;
    from = at + word.text.length;
    const bare = word.text.replace(/^\(/, '').replace(/[.,;:!?)]+$/, '');
    const amount = /[.,]\d{2}$/.test(bare) ? parseAmount(bare) : undefined;
    if (amount) out.push({ figure: { text: bare, cents: amountCents(amount), boxes: [asBox(word)] }, at, end: from });
  }
  return out;
}

/** The box of the words of `row` that print `phrase` (the row's box when they cannot be told). */
function boxOfWords(row: Row, phrase: string): Row['words'][number] {
  const wanted = phrase.toLowerCase().split(/\s+/);
  const words = row.words.filter((w) => wanted.some((p) => w.text.toLowerCase().includes(p)));
  const from = words.length ? words : row.words;
  return {
    text: phrase,
    page: row.page,
    x0: Math.min(...from.map((w) => w.x0)),
    x1: Math.max(...from.map((w) => w.x1)),
    y0: Math.min(...from.map((w) => w.y0)),
    y1: Math.max(...from.map((w) => w.y1)),
  };
}

/** A W-2's title ("Form W-2 Wage and Tax Statement 2025"). */
const W2_TITLE = /\bwage and tax statement\b/i;
/** The words of the row after a box's label (`c Employer's name, address, and ZIP code`): its first line. */
function belowLabel(rows: readonly Row[], label: RegExp): string[] {
  const at = rows.findIndex((r) => label.test(r.text));
  const next = at >= 0 ? rows[at + 1] : undefined;
  return next && !/\b(employer|employee)['’]?s\b/i.test(next.text) ? nameWords(next.text) : [];
}

/** A W-2's statements, or undefined when the document is no W-2 or its boxes c and e are not labelled. */
export function readWageStatement(rows: readonly Row[]): WageStatement | undefined {
  // the tax year: printed with the title, near the top
  const year = /\b(20\d\d)\b/.exec(rows.slice(0, 8).find((r) => W2_TITLE.test(r.text) && /\b20\d\d\b/.test(r.text))?.text ?? '')?.[1];
  const employer = belowLabel(rows, /\bemployer['’]?s name\b/i);
  const employee = belowLabel(rows, /\bemployee['’]?s (first )?name\b/i);
  if (!year || !employer.length || employee.length < 2) return undefined;
  const box = (label: RegExp): LoanFigure | undefined => {
    const found = findLabelled(rows, label)?.figures[0];
    return found ? loanFigure(found) : undefined;
  };
  const wages = box(/\bwages, tips,? (and )?other comp/i);
  const medicare = box(/\bmedicare wages\b/i);
  return { year: Number(year), employer, employee, ...(wages ? { wages } : {}), ...(medicare ? { medicare } : {}) };
}

/** A pay period's schedule, told from its days (first and last day, ISO). */
export function scheduleOfPeriod(first: string, last: string): PaySchedule | undefined {
  const days = daysBetween(first, last);
  const [d0, d1] = [Number(first.slice(8, 10)), Number(last.slice(8, 10))];
  const monthEnd = Number(new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0)).getUTCDate()) === d1;
  if (d0 === 1 && monthEnd && days > 20) return 'monthly';
  if ((d0 === 1 && d1 === 15) || (d0 === 16 && monthEnd)) return 'semi-monthly';
  if (days === 13) return 'biweekly';
  if (days === 6) return 'weekly';
  return undefined;
}

const SALARY_ROW = /^(?:regular |base )?salary\b/i;
const HOURLY_ROW = /^(?:regular(?: pay| earnings| hours)?|hourly(?: pay)?)\b/i;

/** A stub's pay: a salary row's current figure, or the figures an hourly row prints before its current pay. */
export function readStubPay(rows: readonly Row[]): Pick<StubTerms, 'salary' | 'rates'> {
  for (const row of rows) {
    const figs = figures(row);
    if (SALARY_ROW.test(row.text) && figs.length) return { salary: loanFigure(moneyFigures(row)[0] ?? figs[0]!), rates: [] };
    // Regular | rate | hours | current | year to date: the figures before the last two (one, without a year to date)
    if (HOURLY_ROW.test(row.text) && figs.length >= 3) return { rates: figs.slice(0, figs.length >= 4 ? -2 : -1).map(loanFigure) };
  }
  return { rates: [] };
}
