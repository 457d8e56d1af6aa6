// A statement's account summary in categories: "Beginning balance", then one line per kind of
// movement ("Deposits and additions", "ATM & debit card withdrawals", "Electronic withdrawals",
// "Checks paid", "Fees"), then "Ending balance". The lines between the two balances must lead from
// one to the other: each adds or subtracts by its label (a deposit, credit or interest adds; a
// withdrawal, check, fee, payment or purchase subtracts) unless printed with its own sign; a card
// or loan account's summary, whose balance is what is owed, is read the other way (purchases, fees
// and interest add, payments and credits subtract), and a summary either reading leads through is
// consistent. A block is judged only when every line in it is a labelled amount of one kind (a
// count, or a line of both kinds or of neither, makes it unreadable), so a summary written
// otherwise yields nothing; a line totalling the lines above it is left out, a total of items
// listed elsewhere ("Total deposits" beside "Service charges") is a line like any other. An
// investment account's summary reads the same way, from its beginning value to its ending value
// (the change in market value signed as printed).
import { add, type Decimal, decimal, formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, moneyFigures, type Term, unreadValueBetween } from '../../../readers/figures.js';
import { CLOSING, OPENING } from '../../../readers/ledger-layout.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';

/** A deposit account's summary: what adds to the balance and what subtracts from it. */
const ADDS = /\b(deposits?|credits?|additions?|interest|refunds?|dividends?|transfers? in)\b/i;
const SUBTRACTS = /\b(withdrawals?|debits?|checks?|cheques?|fees?|charges?|payments?|purchases?|subtractions?|transfers? out)\b/i;
/** A card or loan account's summary, where the balance is what is owed: purchases add, payments subtract. */
const OWED_ADDS = /\b(purchases?|charges?|fees?|interest|cash advances?|balance transfers?|debits?)\b/i;
const OWED_SUBTRACTS = /\b(payments?|credits?|refunds?|returns?)\b/i;

/** A credit or debit mark after a figure, set apart from it or against it (as OCR often reads it off a photo). */
const MARK = /\d\s*(CR|DR)$/i;
/** Lines whose sign is the one they are printed with (an adjustment, a change in market value, adds unless printed negative). */
const AS_PRINTED = /\badjust(ments?|ed)\b|\bchange in (the )?(market |account |portfolio )?value\b/i;
/** An investment account's value at the period's start and end, its summary's opening and closing figures. */
const OPENING_VALUE = /\b(beginning|opening|starting|previous) (account |portfolio |market |total )?value\b/i;
const CLOSING_VALUE = /\b(ending|closing|new) (account |portfolio |market |total )?value\b/i;

/** The sign a line takes under one convention: +1, −1, or undefined when its label names both or neither. */
function signOf(text: string, adds: RegExp, subtracts: RegExp): 1 | -1 | undefined {
  const [a, b] = [adds.test(text), subtracts.test(text)];
  return a === b ? (!a && AS_PRINTED.test(text) ? 1 : undefined) : a ? 1 : -1;
}

/** How the lines of a summary are signed: what adds to the opening figure and what subtracts from it. */
export type Convention = readonly [adds: RegExp, subtracts: RegExp];
/** A deposit account's summary, and a card or loan account's (or a bill's), where the balance is what is owed. */
export const BALANCE_CONVENTIONS: readonly Convention[] = [
  [ADDS, SUBTRACTS],
  [OWED_ADDS, OWED_SUBTRACTS],
];

/** One labelled line of a summary. */
export interface SummaryLine {
  label: string;
  figure: Figure;
}

/** The sign of each line under `convention` (a figure printed with its sign keeps it), or undefined when one line takes none. */
export function signsUnder(lines: readonly SummaryLine[], [adds, subtracts]: Convention): (1 | -1)[] | undefined {
  const signs = lines.map((l) => (l.figure.amount.value.isNegative() ? -1 : signOf(l.label, adds, subtracts)));
  return signs.every((sign) => sign !== undefined) ? (signs as (1 | -1)[]) : undefined;
}

/** A summary's lines by side as a deposit account reads them (what adds to the balance is a credit), or undefined when a line has no side. */
export function depositSides(lines: readonly SummaryLine[]): Record<'credit' | 'debit', Figure[]> | undefined {
  const signs = signsUnder(lines, BALANCE_CONVENTIONS[0]!);
  if (!signs) return undefined;
  return {
    credit: lines.filter((_, i) => signs[i] === 1).map((l) => l.figure),
    debit: lines.filter((_, i) => signs[i] === -1).map((l) => l.figure),
  };
}

/**
 * The lines of a summary read from `open` under each convention that signs every line (a figure
 * printed with its sign keeps it): `consistent` when one reading leads to `close`, else the first
 * reading's sum and terms; undefined when no convention reads every line.
 */
export function readSummary(
  open: Figure,
  lines: readonly SummaryLine[],
  close: Figure,
  conventions: readonly Convention[],
): 'consistent' | { computed: Decimal; terms: Term[]; readings: { computed: Decimal; terms: Term[] }[] } | undefined {
  // a line signed as printed with a CR or DR mark may mean either way (a credit to a deposit
  // account, or a credit against what is owed): both are read
  const marked = lines.flatMap((l, i) => (AS_PRINTED.test(l.label) && MARK.test(l.figure.amount.raw) ? [i] : []));
  const read = conventions.flatMap((convention) => {
    const signs = signsUnder(lines, convention);
    if (!signs) return [];
    const flipped = signs.map((sign, i) => (marked.includes(i) ? (-sign as 1 | -1) : sign));
    return (marked.length ? [signs, flipped] : [signs]).map((chosen) => {
      const terms: Term[] = lines.map((l, i) => ({ figure: l.figure, sign: chosen[i]! }));
      const computed = terms.reduce((sum, t) => add(sum, t.sign === 1 ? t.figure.amount.value.abs() : t.figure.amount.value.abs().neg()), open.amount.value);
      return { terms, computed };
    });
  });
  if (read.length === 0) return undefined;
  if (read.some((r) => sameMoney(r.computed, close.amount.value))) return 'consistent';
  return { ...read[0]!, readings: read };
}

/** The most lines a summary holds between its balances. */
const MAX_LINES = 10;

/**
 * The labelled figures of a summary row, left to right: a row of one figure is one line labelled
 * by its whole text; a row of several (a summary set as a grid: "Beginning value $154,707.15
 * Deposits 2,183.22") is a line per figure, labelled by the words between it and the figure
 * before it. Undefined when a row of several has a figure without words of its own before it, or
 * words after its last figure: it is no grid of pairs; and when a label's words hold a value read
 * as no money followed by another label (a line of the grid went unread).
 */
function linesOf(row: Row): SummaryLine[] | undefined {
  const figs = moneyFigures(row);
  if (figs.length === 0) return undefined;
  const lines: SummaryLine[] = [];
  let from = Number.NEGATIVE_INFINITY;
  for (const figure of figs) {
    const words = row.words.filter((w) => w.x0 >= from - 0.5 && w.x1 <= figure.box.x0 + 0.5);
    const label = words.map((w) => w.text).join(' ');
    if (figs.length > 1 && !/\p{L}{2}/u.test(label)) return undefined;
    // a value read as no money, then another label ("Fees Charged 39 Interest Charged 59.75"): a line went unread
    const unread = words.findIndex((w) => unreadValueBetween(row, w.x0, w.x1));
    if (unread >= 0 && words.slice(unread + 1).some((w) => /\p{L}{2}/u.test(w.text))) return undefined;
    if (figs.length === 1) return [{ label: row.text, figure }];
    lines.push({ label, figure });
    from = figure.box.x1;
  }
  return row.words.some((w) => w.x0 >= from - 0.5 && /\p{L}{2}/u.test(w.text)) ? undefined : lines;
}

/** A summary from an opening to a closing figure through labelled lines. */
export interface ChainSummary {
  open: Figure;
  close: Figure;
  lines: SummaryLine[];
}

/**
 * The account summaries in categories of `rows`: a beginning balance (or an investment account's
 * beginning value), two lines or more of one amount each, an ending balance, on one page, read
 * down the rows and, on a grid, along each row. A line totalling the lines above it is left out
 * (the items are the summary's lines); a total of items listed elsewhere ("Total deposits") is a
 * line.
 */
export function readBlocks(rows: readonly Row[]): ChainSummary[] {
  const out: ChainSummary[] = [];
  for (const [index, row] of rows.entries()) {
    const value = OPENING_VALUE.test(row.text);
    if (!OPENING.test(row.text) && !value) continue;
    const opening = value ? OPENING_VALUE : OPENING;
    const closing = value ? CLOSING_VALUE : CLOSING;
    // the labelled figures from the opening one on, down the rows of its page, until the closing one
    const chain: SummaryLine[] = [];
    for (let i = index; i < rows.length && rows[i]!.page === row.page && chain.length <= MAX_LINES + 2; i++) {
      const lines = linesOf(rows[i]!);
      if (!lines) break;
      chain.push(...(i === index ? lines.slice(lines.findIndex((l) => opening.test(l.label))) : lines));
      if (lines.some((l) => closing.test(l.label))) break;
    }
    const end = chain.findIndex((l, k) => k > 0 && closing.test(l.label));
    if (chain.length === 0 || !opening.test(chain[0]!.label) || end < 0) continue;
    const [open, close, lines] = [chain[0]!.figure, chain[end]!.figure, chain.slice(1, end)];
    if (lines.length < 2) continue;
    // a total of the lines above it (since the block's start or the last total) is no line of its own
    const kept: SummaryLine[] = [];
    let since = decimal('0');
    let items = 0;
    for (const l of lines) {
      const total = /\btotals?\b/i.test(l.label);
      if (!(total && items >= 2 && sameMoney(since, l.figure.amount.value.abs()))) kept.push(l);
      [since, items] = total ? [decimal('0'), 0] : [add(since, l.figure.amount.value.abs()), items + 1];
    }
    out.push({ open, close, lines: kept });
  }
  return out;
}

/**
 * Summaries in categories (`readBlocks`) that do not lead from their opening to their closing
 * balance; `fromOcr` says which pages were read by OCR (there a misreading may explain the difference).
 */
export function summaryBlocks(blocks: readonly ChainSummary[], fromOcr: (page: number) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  for (const { open, close, lines } of blocks) {
    // the lines as a deposit account reads them, and as a card or loan account does
    const read = readSummary(open, lines, close, BALANCE_CONVENTIONS);
    if (read === undefined || read === 'consistent') continue;
    if (fromOcr(close.box.page) && read.readings.some((r) => ocrExplains(close, r.computed, [{ figure: open, sign: 1 }, ...r.terms]))) continue;
    const { terms, computed } = read;
    findings.push({
      code: 'statement_balance_mismatch',
      rule: 'summary chain',
      closing: close.amount.raw,
      opening: open.amount.raw,
      lines: terms.length,
      computed: formatMoney(computed),
      basis: 'stated total',
      ocr: fromOcr(close.box.page),
      tried: read.readings.length,
      reading: ['each line signed by its label as the account reads it'],
      page: close.box.page,
      boxes: [close.box, open.box, ...terms.map((t) => t.figure.box)],
      math: {
        formula: 'closing balance = opening balance + additions − subtractions (account summary)',
        computed: formatMoney(computed),
        stated: close.amount.raw,
        ok: false,
        note: terms.map((t) => `${t.sign === 1 ? '+' : '−'} ${t.figure.amount.raw}`).join(' '),
      },
    });
  }
  return findings;
}
