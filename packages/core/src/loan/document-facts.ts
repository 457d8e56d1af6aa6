// What a loan compares across its documents, read from one document's words (`LoanWord`s, as the
// loan keeps them): the party it is about (the words of its header: issuer, holder or employee,
// addresses, title), the account numbers its header prints, a statement's period and its opening
// and closing balances, a pay stub's pay date, pay period, gross and net pay (this period's and
// year to date), the credits its ledger lists by date, and every amount it prints. Each is a
// reading the document corroborates or nothing: balances only from a summary whose lines lead from
// the one to the other, pay figures only where the year to date is at least this period's, a
// ledger date only within the statement's period. A fact left unread is never compared, so an
// unreadable document can make the loan miss a disagreement but never invent one.

import { findLabelled, GROSS, NET } from '../forensics/checks/arithmetic/arithmetic-consistency/document-totals.js';
import { RANGE, stubDates } from '../forensics/checks/arithmetic/arithmetic-consistency/pay-dates.js';
import { readAcross } from '../forensics/checks/arithmetic/arithmetic-consistency/summary-across.js';
import { BALANCE_CONVENTIONS, type ChainSummary, readBlocks, readSummary } from '../forensics/checks/arithmetic/arithmetic-consistency/summary-block.js';
import { moneyFigures } from '../forensics/readers/figures.js';
import { datesIn, daysBetween } from '../tables/dates.js';
import { buildRows, type Row, type Word } from '../tables/rows.js';
import type { LoanBox } from './conflict.js';
import {
  type EmploymentLetter,
  readEmploymentLetter,
  readStubPay,
  readWageStatement,
  type StubTerms,
  scheduleOfPeriod,
  type WageStatement,
} from './employment-facts.js';
import { asBox, asWord, cents, type LoanDate, type LoanFigure, loanDate, loanFigure } from './loan-figures.js';
import type { LoanWord } from './loan-words.js';
import { type LoanDocumentWords, WORDY } from './versions.js';

export type { LoanDate, LoanFigure } from './loan-figures.js';

/** A pay figure: this period's and, when printed, the year to date. */
export interface PayFigure {
  current: LoanFigure;
  ytd?: LoanFigure;
}

/** One dated row of a statement's ledger: its day, its words and its amounts. */
export interface LedgerCredit {
  iso: string;
  /** Its words of letters, lower-cased. */
  words: string[];
  amounts: LoanFigure[];
}

/** What one document says that other documents of its loan can contradict. */
export interface DocumentFacts {
  id: string;
  /** The words of its header (the rows of its first page above its first amount), lower-cased, sorted, without month names. */
  party: string[];
  /** Where each word of `party` is printed. */
  partyBoxes: ReadonlyMap<string, LoanBox[]>;
  /** The words of its first line (the issuer's name, as most documents start), lower-cased. */
  issuer: string[];
  /** The account numbers its header prints (masked or of six digits or more). */
  accounts: string[];
  /** Its period (a statement's or a pay period), first and last day. */
  period?: [LoanDate, LoanDate];
  /** A statement's opening and closing balances, from the one summary whose lines lead from the first to the second. */
  balances?: { opening: LoanFigure; closing: LoanFigure };
  /** A pay stub's pay date, its gross and net pay, and its schedule and pay (`terms`). */
  pay?: { date?: LoanDate; gross: PayFigure; net?: PayFigure; terms: StubTerms };
  /** A letter of employment's statements. */
  letter?: EmploymentLetter;
  /** A W-2's statements. */
  wageStatement?: WageStatement;
  /** A statement's ledger rows dated within its period. */
  ledger: LedgerCredit[];
  /** Every amount it prints, in cents (magnitudes). */
  amounts: Set<number>;
}

/** The rows of `words`, page by page. */
function rowsOf(words: readonly LoanWord[]): Row[] {
  const pages = new Map<number, Word[]>();
  for (const w of words) {
    const page = pages.get(w.page);
    if (page) page.push(asWord(w));
    else pages.set(w.page, [asWord(w)]);
  }
  return [...pages.keys()].sort((a, b) => a - b).flatMap((p) => buildRows(pages.get(p)!));
}

const MONTH_WORD =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|(mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
/** An account number in a header: masked but for its last digits, or six digits and more. */
const ACCOUNT = /^(?:[Xx*\u2022]{2,}[-\s]?)+\d{2,6}$|^\d[\d-]{5,}\d$/;

/** The words of letters among `words` (a name, a description), lower-cased, their edges' punctuation dropped. */
const wordsOfLetters = (words: readonly Word[]): string[] =>
  words.map((w) => w.text.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')).filter((t) => WORDY.test(t));

/** A table's column headings ("Date Description Amount"): what follows is no header, whatever line its rows' words wrap onto. */
const COLUMN_HEADINGS = /\bdate\b.*\b(description|amount|balance|debits?|credits?|withdrawals?|deposits?|transactions?)\b/i;

/** True when `row` ends the header: it prints an amount, starts with a date (a ledger's row, its amount wrapped), or heads a table's columns. */
const endsHeader = (row: Row): boolean =>
  moneyFigures(row).length > 0 || datesIn(row.text)[0]?.index === 0 || monthAndDay(row) !== undefined || COLUMN_HEADINGS.test(row.text);

/** The header's words and account numbers: the rows of the first page above its first amount (or its first ledger row, or a table's column headings). */
function headerOf(rows: readonly Row[]): Pick<DocumentFacts, 'party' | 'partyBoxes' | 'issuer' | 'accounts'> {
  const header: Row[] = [];
  for (const row of rows) {
    if (row.page !== rows[0]?.page || endsHeader(row)) break;
    header.push(row);
  }
  const partyBoxes = new Map<string, LoanBox[]>();
  const words = header.flatMap((r) =>
    r.words.map((w) => {
      const text = w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (WORDY.test(text) && !MONTH_WORD.test(text)) partyBoxes.set(text.toLowerCase(), [...(partyBoxes.get(text.toLowerCase()) ?? []), asBox(w)]);
      return text;
    }),
  );
  const party = [...partyBoxes.keys()].sort();
  const accounts = [...new Set(words.filter((t) => ACCOUNT.test(t) && !datesIn(t).length).map((t) => t.replace(/^\D+/, '')))];
  const issuer = wordsOfLetters(header[0]?.words ?? []);
  return { party, partyBoxes, issuer, accounts };
}

/** Most lines of a summary whose every signing is tried. */
const MAX_SIGNED_LINES = 6;

/**
 * True when the summary's lines lead from its opening to its closing figure: signed as their labels
 * say, or, for a summary of a few lines whose labels name their side in words the conventions do
 * not know ("Money in", "Money out"), signed some way (a chance match of every cent is remote).
 */
function reconciles(c: ChainSummary): boolean {
  if (readSummary(c.open, c.lines, c.close, BALANCE_CONVENTIONS) === 'consistent') return true;
  if (c.lines.length > MAX_SIGNED_LINES) return false;
  const lines = c.lines.map((l) => Math.abs(cents(l.figure)));
  for (let signs = 0; signs < 1 << lines.length; signs++) {
    const sum = lines.reduce((n, v, i) => n + (signs & (1 << i) ? -v : v), cents(c.open));
    if (sum === cents(c.close)) return true;
  }
  return false;
}

/** The one opening and closing balance pair the document's summaries agree on, read only from a summary that reconciles. */
function balancesOf(rows: readonly Row[]): DocumentFacts['balances'] {
  const chains = [...readBlocks(rows), ...readAcross(rows).filter((s) => s.kind === 'balance')];
  const reconciled = chains.filter(reconciles);
  const pairs = new Map(reconciled.map((c) => [`${cents(c.open)} ${cents(c.close)}`, c]));
  if (pairs.size !== 1) return undefined;
  const [only] = pairs.values();
  return { opening: loanFigure(only!.open), closing: loanFigure(only!.close) };
}

/** The period a document states: after a period label, else the first row of its first page printing two dates joined as a range. */
function periodOf(rows: readonly Row[]): [LoanDate, LoanDate] | undefined {
  const labelled = stubDates(rows).period;
  if (labelled) return [loanDate(labelled[0]), loanDate(labelled[1])];
  for (const row of rows) {
    if (row.page !== rows[0]?.page) break;
    const dates = datesIn(row.text);
    for (let i = 0; i + 1 < dates.length; i++) {
      const [a, b] = [dates[i]!, dates[i + 1]!];
      const days = daysBetween(a.iso, b.iso);
      if (!RANGE.test(row.text.slice(a.end, b.index)) || days < 5 || days > 100) continue;
      const at = (d: typeof a): LoanDate => ({ iso: d.iso, text: row.text.slice(d.index, d.end), boxes: [] });
      return [at(a), at(b)];
    }
  }
  return undefined;
}

/** The figures a label heads, as this period's and the year to date, when the second is not below the first. */
function payFigure(rows: readonly Row[], label: RegExp, exclude?: RegExp): PayFigure | undefined {
  const found = findLabelled(rows, label, exclude);
  const [current, ytd] = found?.figures ?? [];
  if (!current) return undefined;
  if (ytd?.amount.value.abs().lt(current.amount.value.abs())) return undefined;
  return { current: loanFigure(current), ...(ytd ? { ytd: loanFigure(ytd) } : {}) };
}

/** Net pay from a pay summary across the page (Gross | Taxes | Deductions | Net, a row for this period and one for the year). */
function netAcross(rows: readonly Row[]): PayFigure | undefined {
  const pay = readAcross(rows).filter((s) => s.kind === 'pay');
  const current = pay.find((s) => !/\b(year to date|ytd)\b/i.test(rows[s.index]!.text));
  const ytd = pay.find((s) => /\b(year to date|ytd)\b/i.test(rows[s.index]!.text));
  if (!current) return undefined;
  return { current: loanFigure(current.close), ...(ytd ? { ytd: loanFigure(ytd.close) } : {}) };
}

const SHORT_DATE = /^(\d{1,2})[/.-](\d{1,2})$/;
/** A month's name and a day, either way round, the year left off (or wrapped to the next line). */
const NAMED_DAY = /^(?:([A-Za-z]{3,9})\.?\s+(\d{1,2})\b|(\d{1,2})\s+([A-Za-z]{3,9})\b)/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The month and day a ledger row starts with when it prints no year, or undefined. */
function monthAndDay(row: Row): [number, number] | undefined {
  const short = SHORT_DATE.exec(row.words[0]?.text ?? '');
  if (short) {
    const [a, b] = [Number(short[1]), Number(short[2])];
    return a > 12 ? [b, a] : [a, b];
  }
  const named = NAMED_DAY.exec(row.text);
  const word = named ? (named[1] ?? named[4])! : '';
  const month = MONTH_WORD.test(word) ? MONTHS.indexOf(word.slice(0, 3).toLowerCase()) : -1;
  return named && month >= 0 ? [month + 1, Number(named[2] ?? named[3])] : undefined;
}

/** The day a ledger row's first word names, its year taken from the statement's period (a date within a week of it). */
function rowDate(row: Row, period: readonly [LoanDate, LoanDate]): string | undefined {
  const full = datesIn(row.text)[0];
  let iso = full && full.index === 0 ? full.iso : undefined;
  const short = iso ? undefined : monthAndDay(row);
  for (const year of short ? new Set([period[1].iso.slice(0, 4), period[0].iso.slice(0, 4)]) : []) {
    const candidate = `${year}-${String(short![0]).padStart(2, '0')}-${String(short![1]).padStart(2, '0')}`;
    if (datesIn(candidate).length && daysBetween(period[0].iso, candidate) >= -7 && daysBetween(candidate, period[1].iso) >= -7) iso = iso ?? candidate;
  }
  if (!iso || daysBetween(period[0].iso, iso) < -7 || daysBetween(iso, period[1].iso) < -7) return undefined;
  return iso;
}

/** The most ledger rows read of one document. */
const MAX_LEDGER_ROWS = 2_000;

/** The rows of a statement's ledger: dated within its period (a date alone on the line above its row counts), carrying an amount. */
function ledgerOf(rows: readonly Row[], period: readonly [LoanDate, LoanDate] | undefined): LedgerCredit[] {
  if (!period) return [];
  const out: LedgerCredit[] = [];
  let pending: string | undefined;
  for (const row of rows) {
    const amounts = moneyFigures(row);
    const own = rowDate(row, period);
    if (amounts.length === 0) {
      // a date wrapped above its row ("Feb 2," over "2026 POS PURCHASE ... 749.97")
      pending = own && row.words.length <= 3 ? own : undefined;
      continue;
    }
    const iso = own ?? pending;
    pending = undefined;
    if (!iso) continue;
    out.push({ iso, words: wordsOfLetters(row.words), amounts: amounts.map(loanFigure) });
    if (out.length >= MAX_LEDGER_ROWS) break;
  }
  return out;
}

/** The facts of one document of a loan, read from its words (the arithmetic's decimals must be loaded: `loanConflicts` does). */
export function documentFacts(document: LoanDocumentWords): DocumentFacts {
  const rows = rowsOf(document.words);
  const { party, partyBoxes, issuer, accounts } = headerOf(rows);
  const period = periodOf(rows);
  const balances = balancesOf(rows);
  const { payDate } = stubDates(rows);
  const gross = payFigure(rows, GROSS);
  const net = payFigure(rows, NET, GROSS) ?? netAcross(rows);
  // pay figures are a stub's: a document that prints no gross pay has none
  const schedule = period && scheduleOfPeriod(period[0].iso, period[1].iso);
  const terms: StubTerms = { ...(schedule ? { schedule } : {}), ...readStubPay(rows) };
  const pay = gross ? { ...(payDate ? { date: loanDate(payDate) } : {}), gross, ...(net ? { net } : {}), terms } : undefined;
  const letter = pay ? undefined : readEmploymentLetter(rows);
  const wageStatement = pay ? undefined : readWageStatement(rows);
  const amounts = new Set(rows.flatMap((r) => moneyFigures(r).map((f) => Math.abs(cents(f)))));
  return {
    id: document.id,
    party,
    partyBoxes,
    issuer,
    accounts,
    ...(period ? { period } : {}),
    ...(balances ? { balances } : {}),
    ...(pay ? { pay } : {}),
    ...(letter ? { letter } : {}),
    ...(wageStatement ? { wageStatement } : {}),
    ledger: balances ? ledgerOf(rows, period) : [],
    amounts,
  };
}
