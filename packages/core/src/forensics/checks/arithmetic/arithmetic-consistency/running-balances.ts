// Arithmetic consistency of bank statements: rows rebuilt from the interpreter's positioned words,
// amounts read exactly, and every printed balance recomputed with decimal arithmetic from the
// balance before it and the movements between them — transaction rows, the opening balance of
// each page (a line printed before the page's first transaction) against the balance carried
// from the page before, carried-forward lines, and the closing balance. Only rows of the ledger are read (`ledger-segments.ts`: the summary boxes and
// date/balance grids printed around it are not transactions). The table's layout is read from the document: with a header row naming the
// balance and movement columns (one amount column, or debit and credit columns) every figure is
// taken from its column, rows without a balance accumulate until the next one, and undated rows
// of the same day count; without one, a dated row's last figure is the balance and the one before
// it the movement. A contradiction is reported only inside a statement that otherwise adds up (at
// least two balances agree and no more than a quarter disagree), so a table read differently
// yields nothing rather than false alarms. Rounding below one cent is not a failure. On a scan or
// photo a contradiction resting on a figure OCR was unsure of, or one that a single misread digit
// (a confused, dropped or doubled digit) would explain, is unverified: neither agreement nor evidence.
// The walk down the ledger is a `BalanceWalk`: the balance carried, the movements since it and the
// steps judged, in one place.

import { parseAmount } from '../../../../tables/amounts.js';
import { add, type Decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import { buildRows, type Row, rowOf } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { type Figure, figureLabelled, figures, moneyFigures } from '../../../readers/figures.js';
import { CLOSING, columnAt, type LedgerColumns, OPENING, SUBTOTAL, startsWithDate } from '../../../readers/ledger-layout.js';
import { LedgerSegments } from '../../../readers/ledger-segments.js';
import { acceptsMisreading, type Misreading } from '../../../readers/misreading-trial.js';
import { misreadings, OCR_CENTS, unsure } from '../../../readers/misreadings.js';
import { joinWrappedDates } from '../../../readers/wrapped-dates.js';
import type { SumFinding } from './indicators.js';

const MAX_FINDINGS = 10;
/** A line of column totals ("Totals", "Total for this period"). */
const TOTALS_LINE = /^\s*(grand\s+)?totals?\b/i;

/**
 * Transaction rows whose description wraps, with the figures on a line of their own: a dated
 * line without its amount and balance (no amount with cents), followed by up to three undated lines without figures and
 * then an undated line that carries them, is one row. A balance line (an opening or closing
 * balance: one figure is all it has) is whole, and a line of totals carries no movement of its own.
 */
export function joinWrappedRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  const plain = (row: Row | undefined): boolean =>
    !!row && !startsWithDate(row) && !OPENING.test(row.text) && !CLOSING.test(row.text) && !TOTALS_LINE.test(row.text);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let end = i + 1;
    // a dated line that prints an amount with cents has a figure of its own (its balance, or one OCR broke beside it): it carries no one else's
    const opens = startsWithDate(row) && figures(row).length < 2 && moneyFigures(row).length === 0;
    if (opens && !OPENING.test(row.text) && !CLOSING.test(row.text)) {
      while (end < i + 4 && plain(rows[end]) && figures(rows[end]!).length === 0) end++;
    }
    const carrier = rows[end];
    if (end > i && opens && plain(carrier) && figures(carrier!).length >= 2) {
      out.push(
        rowOf(
          row.page,
          rows.slice(i, end + 1).flatMap((r) => r.words),
        ),
      );
      i = end;
    } else out.push(row);
  }
  return out;
}

/** A movement between two balances, and which way it goes. */
interface Movement {
  figure: Figure;
  /** `signed`: as printed; `credit`/`debit`: by its column; `either`: an unsigned amount whose direction is unknown. */
  direction: 'signed' | 'credit' | 'debit' | 'either';
}

/** Unknown directions tried at most: 2^4 sums. */
const MAX_EITHER = 4;

/** The balances `from` may lead to after `movements` (each direction tried for an unsigned amount), or undefined when too many are unknown. */
function reachable(from: Decimal, movements: readonly Movement[], value = (m: Movement): Decimal => m.figure.amount.value): Decimal[] | undefined {
  let sums = [from];
  let unknown = 0;
  for (const m of movements) {
    const v = value(m);
    if (m.direction === 'either') {
      if (++unknown > MAX_EITHER) return undefined;
      sums = sums.flatMap((s) => [add(s, v), subtract(s, v)]);
    } else sums = sums.map((s) => (m.direction === 'signed' ? add(s, v) : m.direction === 'credit' ? add(s, v.abs()) : subtract(s, v.abs())));
  }
  return sums;
}

/** What one row of a statement table contributes. */
interface RowReading {
  /** An opening, carried or closing balance line. */
  label?: 'opening' | 'closing';
  movements: Movement[];
  balance?: Figure | undefined;
  /** A transaction line (dated, or an undated line of movements under a header). */
  transaction: boolean;
  /** Figures the row carries that were read as neither movement nor balance. */
  unread: Figure[];
}

/** Reads a row by its table's columns when a header named them, else by position. */
function readRow(row: Row, figs: Figure[], columns: LedgerColumns | undefined): RowReading {
  const label = OPENING.test(row.text) ? 'opening' : CLOSING.test(row.text) ? 'closing' : undefined;
  const dated = startsWithDate(row);
  if (!columns) {
    if (label) return { label, movements: [], balance: figureLabelled(row, figs, label === 'opening' ? OPENING : CLOSING), transaction: false, unread: [] };
    if (figs.length < 2 || !dated) return { movements: [], transaction: false, unread: figs };
    const amount = figs[figs.length - 2]!;
    return {
      movements: [{ figure: amount, direction: amount.amount.signed ? 'signed' : 'either' }],
      balance: figs[figs.length - 1],
      transaction: true,
      unread: [],
    };
  }
  const movements: Movement[] = [];
  const unread: Figure[] = [];
  let balance: Figure | undefined;
  for (const f of figs) {
    const column = columnAt(columns, f.box.x0, f.box.x1);
    if (column === 'balance') balance = f;
    else if (column === 'debit' || column === 'credit') movements.push({ figure: f, direction: f.amount.signed ? 'signed' : column });
    else if (column === 'amount') movements.push({ figure: f, direction: f.amount.signed ? 'signed' : 'either' });
    else unread.push(f);
  }
  if (label) return { label, movements: [], balance: balance ?? figs[figs.length - 1], transaction: false, unread: [] };
  if (!dated && SUBTOTAL.test(row.text)) return { movements: [], transaction: false, unread: [] };
  return { movements, balance, transaction: movements.length > 0, unread };
}

/** Words that look like a figure (three digits or more, money punctuation) but do not read as an amount: `346264`, `292.16)`, `(23472)`. */
const GARBLED_FIGURE = /^[(\-−–—]?\d[\d.,]*\d[)-]?$/;

/**
 * A dated line OCR could not read as a transaction: it carries a word that looks like a garbled
 * figure and lacks the figures a transaction needs (a balance under a header, two figures without).
 */
function unreadableTransaction(row: Row, figs: Figure[], columns: LedgerColumns | undefined): boolean {
  if (!startsWithDate(row) || OPENING.test(row.text) || CLOSING.test(row.text)) return false;
  const garbled = row.words.some((w) => GARBLED_FIGURE.test(w.text) && (w.text.match(/\d/g)?.length ?? 0) >= 3 && !parseAmount(w.text));
  if (!garbled) return false;
  const hasBalance = columns ? figs.some((f) => columnAt(columns, f.box.x0, f.box.x1) === 'balance') : figs.length >= 2;
  return !hasBalance;
}

/** One balance judged against the balance before it and the movements since. */
interface Step {
  ok: boolean;
  finding?: SumFinding;
  /** A contradiction OCR could explain (a low-confidence figure, or one plausible misreading): neither agreement nor evidence. */
  unverified?: true;
}

/** Where a printed balance stands: after a transaction row, opening a page, or closing the statement. */
type BalanceKind = 'row' | 'opening' | 'closing';

/** The balance lines a page opens or a statement closes with: the rule each breaks, and its MathCheck. */
const BALANCE_LINES = {
  opening: {
    rule: 'opening balance',
    formula: 'opening balance = balance carried from the previous page',
    note: (stated: string, expected: string) => `The page opens at ${stated}; the rows before it end at ${expected}.`,
  },
  closing: {
    rule: 'closing balance',
    formula: 'closing balance = balance after the last transaction',
    note: (stated: string, expected: string) => `The statement closes at ${stated}; its transactions lead to ${expected}.`,
  },
} as const;

/**
 * The walk down a statement's ledger: the balance carried (the figure it was read from, which a
 * contradiction involves as much as the next figure), the movements since it, the amounts of rows
 * not read as movements, and — after a contradiction — the balances the rows computed instead (if
 * the next balance follows from them, the printed figure was the odd one). Each printed balance is
 * judged (`judge`) and then carried (`carry`).
 */
class BalanceWalk {
  readonly steps: Step[] = [];
  transactions = 0;
  private balance: Figure | undefined;
  private pending: Movement[] = [];
  private unread: Decimal[] = [];
  private computedInstead: Decimal[] = [];

  constructor(private readonly ctx: TableContext) {}

  /** A page that could not be read: the chain cannot cross it. */
  lose(): void {
    this.balance = undefined;
    this.pending = [];
  }

  /** A transaction line OCR garbled: the chain starts again after it. */
  break(): void {
    this.lose();
    this.unread = [];
    this.computedInstead = [];
  }

  /** A balance printed beside a movement that could not be read: not judged, but the chain goes on from it. */
  restartAt(balance: Figure): void {
    this.break();
    this.balance = balance;
  }

  /** A transaction row's movements, and figures of rows that were read as neither movement nor balance. */
  read(reading: RowReading): void {
    for (const f of reading.unread) this.unread.push(f.amount.value);
    if (!reading.transaction) return;
    this.transactions++;
    this.pending.push(...reading.movements);
  }

  /** Judges a printed balance (a step is recorded when it could be), then carries it. */
  step(page: number, stated: Figure, kind: BalanceKind, judgeable: boolean): void {
    const step = judgeable ? this.judge(page, stated, kind) : undefined;
    if (step) this.steps.push(step);
    this.balance = stated;
    this.pending = [];
    this.unread = [];
  }

  /** The contradictions, when the statement otherwise adds up (a misread layout yields nothing). */
  findings(): SumFinding[] {
    const failures = this.steps.filter((s) => !s.ok && !s.unverified);
    const agreements = this.steps.filter((s) => s.ok).length;
    if (this.transactions < 3 || agreements < 2 || failures.length > Math.max(1, this.steps.length / 4)) return [];
    return failures.slice(0, MAX_FINDINGS).map((s) => s.finding!);
  }

  /** Judges a printed balance against the balance before it and the movements since. */
  private judge(page: number, stated: Figure, kind: BalanceKind): Step | undefined {
    if (this.balance === undefined) return undefined;
    const candidates = reachable(this.balance.amount.value, this.pending);
    if (!candidates) return undefined;
    const printed = stated.amount.value;
    const followsComputed = kind === 'row' && this.computedInstead.some((c) => (reachable(c, this.pending) ?? []).some((n) => sameMoney(n, printed)));
    this.computedInstead = [];
    if (followsComputed) return undefined;
    if (candidates.some((c) => sameMoney(c, printed))) return { ok: true };
    this.computedInstead = candidates;
    // a line between the two balances that was not read as a movement (an unusual layout) may be
    // the movement that explains the difference: then nothing is contradicted
    const missedRow = this.unread.some((u) => candidates.some((c) => sameMoney(add(c, u), printed) || sameMoney(subtract(c, u), printed)));
    if (missedRow || this.explainedByOcr(page, stated, candidates)) return { ok: false, unverified: true };
    return { ok: false, finding: this.contradiction(stated, kind, candidates) };
  }

  /** The finding of a balance the walk contradicts. */
  private contradiction(stated: Figure, kind: BalanceKind, candidates: Decimal[]): SumFinding {
    const balance = this.balance!;
    const expected = formatMoney(candidates[0]!);
    const raw = stated.amount.raw;
    const at = {
      page: stated.box.page,
      boxes: [stated.box, balance.box, ...this.pending.map((m) => m.figure.box)],
      basis: 'running balance' as const,
      ocr: this.ctx.fromOcr(stated.box.page),
    };
    const math = (formula: string, note: string) => ({ formula, computed: expected, stated: raw, ok: false as const, note });
    if (kind !== 'row') {
      const line = BALANCE_LINES[kind];
      return { code: 'statement_balance_mismatch', rule: line.rule, ...at, stated: raw, expected, math: math(line.formula, line.note(raw, expected)) };
    }
    const previous = formatMoney(balance.amount.value);
    const moved = this.pending.map((m) => m.figure.amount.raw).join(', ');
    const sign = this.pending.every((m) => m.direction !== 'either') ? '+' : '±';
    return {
      code: 'running_balance_mismatch',
      rule: 'running balance',
      ...at,
      previous,
      moved,
      expected,
      ...(candidates.length > 1 ? { alternative: formatMoney(candidates[1]!) } : {}),
      stated: raw,
      math: math(`balance = previous balance ${sign} amount`, `Previous balance ${previous}, amount ${moved}.`),
    };
  }

  /** On a scan or photo: the printed balance or a movement is unsure, or one misread digit would make the figures agree. */
  private explainedByOcr(page: number, stated: Figure, candidates: Decimal[]): boolean {
    const balance = this.balance;
    if (!this.ctx.fromOcr(page) || balance === undefined) return false;
    // a difference of cents is what a misread cent digit or a lost sign mark leaves, not an edit worth making
    if (candidates.some((c) => subtract(c, stated.amount.value).abs().lt(OCR_CENTS))) return true;
    if (unsure(stated) || this.pending.some((m) => unsure(m.figure)) || unsure(balance)) return true;
    // every misreading that would explain it is offered (a test of them collects them all)
    const offered: Misreading[] = misreadings(stated.amount)
      .filter((v) => candidates.some((c) => sameMoney(c, v)))
      .map((value) => ({ figure: stated, value }));
    // the balance carried from the row before may be the misread figure
    for (const value of misreadings(balance.amount)) {
      if ((reachable(value, this.pending) ?? []).some((c) => sameMoney(c, stated.amount.value))) offered.push({ figure: balance, value });
    }
    for (const target of this.pending) {
      for (const value of misreadings(target.figure.amount)) {
        const sums = reachable(balance.amount.value, this.pending, (m) => (m === target ? value : m.figure.amount.value)) ?? [];
        if (sums.some((c) => sameMoney(c, stated.amount.value))) offered.push({ figure: target.figure, value });
      }
    }
    return offered.filter((m) => acceptsMisreading(m)).length > 0;
  }
}

/** Contradictions between the balances of a statement. */
export function statementArithmetic(ctx: TableContext): SumFinding[] {
  const walk = new BalanceWalk(ctx);
  const segments = new LedgerSegments();
  for (const page of ctx.pages) {
    const words = ctx.words(page);
    if (!words) {
      walk.lose(); // a page we cannot read breaks the chain
      continue;
    }
    let pageTransactions = 0;
    for (const row of joinWrappedRows(joinWrappedDates(buildRows(words)))) {
      const figs = figures(row);
      const { inLedger, columns } = segments.place(row, figs);
      if (!inLedger) continue;
      if (ctx.fromOcr(page.number) && unreadableTransaction(row, figs, columns)) {
        walk.break(); // a transaction line whose figures OCR garbled: the chain cannot cross it
        continue;
      }
      if (figs.length === 0) continue;
      const reading = readRow(row, figs, columns);
      walk.read(reading);
      if (reading.transaction) pageTransactions++;
      if (!reading.balance) continue;
      // a page's opening balance opens it: one printed after this page's transactions belongs to
      // an account summary set after the ledger (or opens another account's ledger), whose lines
      // are not steps of this walk — the chain starts again after it, neither judged nor carried
      if (reading.label === 'opening' && pageTransactions > 0) {
        walk.lose();
        continue;
      }
      if (!reading.label && !reading.transaction) {
        // a balance printed beside a movement that could not be read (a misread or missing
        // figure): the step cannot be judged, but the chain goes on from the printed balance
        if (columns && !SUBTOTAL.test(row.text)) walk.restartAt(reading.balance);
        continue;
      }
      // a closing figure before any transaction belongs to a summary box, not to the running balance
      if (reading.label === 'closing' && walk.transactions === 0) continue;
      walk.step(page.number, reading.balance, reading.label ?? 'row', reading.label ? walk.transactions > 0 : true);
    }
  }
  return walk.findings();
}
