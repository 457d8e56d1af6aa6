// Arithmetic consistency of bank statements: rows rebuilt from the interpreter's positioned words,
// amounts read exactly, and every printed balance recomputed with decimal arithmetic from the
// balance before it and the movements between them — transaction rows, the opening balance of
// each page against the balance carried from the page before, carried-forward lines, and the
// closing balance. Only rows of the ledger are read (`ledger-segments.ts`: the summary boxes and
// date/balance grids printed around it are not transactions). The table's layout is read from the document: with a header row naming the
// balance and movement columns (one amount column, or debit and credit columns) every figure is
// taken from its column, rows without a balance accumulate until the next one, and undated rows
// of the same day count; without one, a dated row's last figure is the balance and the one before
// it the movement. A contradiction is reported only inside a statement that otherwise adds up (at
// least two balances agree and no more than a quarter disagree), so a table read differently
// yields nothing rather than false alarms. Rounding below one cent is not a failure. On a scan or
// photo a contradiction resting on a figure OCR was unsure of, or one that a single misread digit
// (a confused, dropped or doubled digit) would explain, is unverified: neither agreement nor evidence.

import { defined } from '../../defined.js';
import { type Amount, parseAmount } from '../../tables/amounts.js';
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../tables/decimal.js';
import { buildRows, type Row, type Word } from '../../tables/rows.js';
import type { TableContext } from '../context.js';
import type { Finding, PageBox } from '../findings.js';
import { CLOSING, columnAt, type LedgerColumns, OPENING, SUBTOTAL, startsWithDate } from './ledger-layout.js';
import { LedgerSegments } from './ledger-segments.js';
import { acceptsMisreading, type Misreading, SURE_READING } from './misreading-test.js';

export { CLOSING, OPENING, startsWithDate } from './ledger-layout.js';

const CURRENCY_WORD = /^([$€£¥₹]|USD|EUR|GBP|CAD|AUD|CHF)$/i;
const MAX_FINDINGS = 10;

/** An amount printed on a page, and where (and, read by OCR, how surely: the least sure of its words). */
export interface Figure {
  amount: Amount;
  box: PageBox;
  confidence?: number;
}

/** On a scan or photo, contradictions smaller than this (one currency unit) are unverified. */
const OCR_CENTS = 1;

/** OCR confidence a figure needs before a contradiction resting on it counts. */
export const CONFIDENT_FIGURE = 0.85;

/** Digits OCR confuses with each other. */
const CONFUSABLE: Record<string, string> = { '0': '689', '1': '74', '2': '7', '3': '8', '4': '19', '5': '68', '6': '058', '7': '12', '8': '0356', '9': '04' };

/** Digits OCR reads a currency sign ($) as, in front of a figure. */
const SIGN_READ_AS = '853';

/**
 * The values a figure would have had with one plausible misreading: a confused digit; a digit OCR
 * added (a 1 from a stroke of noise, a doubled digit, a currency sign read as a leading 8, 5 or
 * 3 — not any digit anywhere: 236.50 is no misreading of 36.50); a doubled digit read once; a
 * narrow 1 lost from its whole part.
 */
export function misreadings(amount: Amount): Decimal[] {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(formatMoney(amount.value).replace(/,/g, ''));
  if (!m) return [];
  const [, sign, whole, cents] = m;
  const digits = `${whole}${cents}`;
  const variants = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    for (const c of CONFUSABLE[digits[i]!] ?? '') variants.add(digits.slice(0, i) + c + digits.slice(i + 1));
    // a digit OCR added: a narrow 1 from a stroke of noise, a digit doubled, a currency sign read as a digit
    if (digits[i] === '1' || digits[i] === digits[i - 1] || digits[i] === digits[i + 1] || (i === 0 && SIGN_READ_AS.includes(digits[i]!))) {
      variants.add(digits.slice(0, i) + digits.slice(i + 1));
    }
    variants.add(digits.slice(0, i) + digits[i] + digits.slice(i)); // doubled
  }
  // a narrow 1 OCR lost altogether (16.76 read as 6.76): the figure had one more digit
  for (let i = 0; i <= whole!.length; i++) variants.add(`${digits.slice(0, i)}1${digits.slice(i)}`);
  variants.delete(digits);
  // no figure is printed with a leading zero
  return [...variants].filter((v) => v.length >= 3 && !(v.length > 3 && v.startsWith('0'))).map((v) => decimal(`${sign}${v.slice(0, -2)}.${v.slice(-2)}`));
}

/** Where `words` are printed (their joint box) and, read by OCR, how surely (the least sure of them). */
export function placeOf(words: readonly Word[]): { box: PageBox; confidence?: number } {
  const read = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  return {
    box: {
      page: words[0]!.page,
      x0: Math.min(...words.map((w) => w.x0)),
      y0: Math.min(...words.map((w) => w.y0)),
      x1: Math.max(...words.map((w) => w.x1)),
      y1: Math.max(...words.map((w) => w.y1)),
    },
    ...(read.length ? { confidence: Math.min(...read) } : {}),
  };
}

/**
 * Words of a figure printed with spaces between its thousands groups (`1 234 567,89`), joined:
 * a group of one to three digits followed, a space's width away, by groups of three.
 */
function joinDigitGroups(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    const gap = last ? word.x0 - last.x1 : Number.POSITIVE_INFINITY;
    if (last && /^[-−(]?\d{1,3}(?: \d{3})*$/.test(last.text) && /^\d{3}(?:[ ,.]\d{2,3})*[-)]?$/.test(word.text) && gap < 0.7 * Math.max(1, word.y1 - word.y0)) {
      const confidence = last.confidence === undefined ? word.confidence : Math.min(last.confidence, word.confidence ?? last.confidence);
      out[out.length - 1] = {
        ...last,
        text: `${last.text} ${word.text}`,
        x1: word.x1,
        y0: Math.min(last.y0, word.y0),
        y1: Math.max(last.y1, word.y1),
        ...defined({ confidence }),
      };
    } else out.push(word);
  }
  return out;
}

/** The amounts of a row, joining currency symbols, CR/DR marks and space-separated digit groups to their figure. */
export function figures(row: Row): Figure[] {
  const out: Figure[] = [];
  const w = joinDigitGroups(row.words);
  for (let i = 0; i < w.length; i++) {
    const withCurrency = i + 1 < w.length && CURRENCY_WORD.test(w[i]!.text);
    const start = withCurrency ? i + 1 : i;
    const word = w[start];
    if (!word) continue;
    const mark = w[start + 1] && /^(CR|DR)$/i.test(w[start + 1]!.text) ? w[start + 1] : undefined;
    const amount = parseAmount(mark ? `${word.text} ${mark.text}` : word.text);
    if (!amount) continue;
    out.push({ amount, ...placeOf(w.slice(i, start + 1 + (mark ? 1 : 0))) });
    i = start + (mark ? 1 : 0);
  }
  return out;
}

/**
 * The part of `row` that `label` heads: from the word the label starts in to the next word of
 * letters after its figures. A row may print several labelled totals side by side ("Gross pay
 * 1,860.50  Total deductions 461.90  Net pay 1,398.60"), or a figure of another table before
 * the label: only the label's own figures are its current and year-to-date ones.
 */
export function labelSegment(row: Row, label: RegExp): Row {
  const match = label.exec(row.text);
  if (!match) return row;
  let start = 0;
  for (let i = 0, offset = 0; i < row.words.length && offset <= match.index; offset += row.words[i]!.text.length + 1, i++) start = i;
  let end = row.words.length;
  let figureSeen = false;
  for (let i = start + 1; i < row.words.length; i++) {
    const text = row.words[i]!.text;
    if (/\d/.test(text)) figureSeen = true;
    else if (figureSeen && /\p{L}{2}/u.test(text) && !CURRENCY_WORD.test(text) && !/^(CR|DR)$/i.test(text)) {
      end = i;
      break;
    }
  }
  if (start === 0 && end === row.words.length) return row;
  const words = row.words.slice(start, end);
  return { page: row.page, words, text: words.map((w) => w.text).join(' ') };
}

/** A figure printed with cents (and maybe a credit or debit mark): money, not a count or a year. */
const WITH_CENTS = /\.\d{2}\)?(\s*(CR|DR|-))?$/i;

/** The amounts of a row printed with cents. */
export const moneyFigures = (row: Row): Figure[] => figures(row).filter((f) => WITH_CENTS.test(f.amount.raw));

/** The sum of figures' magnitudes (a sum of lines printed with or without their sign). */
export const sumOfMagnitudes = (figs: readonly Figure[]): Decimal => figs.reduce((sum, f) => add(sum, f.amount.value.abs()), decimal('0'));

/** One figure of a sum, added or subtracted. */
export interface Term {
  figure: Figure;
  sign: 1 | -1;
}

/**
 * True when OCR could explain why `stated` is not `computed` (the sum of `terms` by magnitude):
 * a difference of cents, a figure OCR was unsure of, or one plausible misreading of any one figure.
 * Such a contradiction on a scan or photo is unverified, neither agreement nor evidence.
 */
export function ocrExplains(stated: Figure, computed: Decimal, terms: readonly Term[]): boolean {
  const target = stated.amount.value.abs();
  if (subtract(computed, target).abs().lt(OCR_CENTS)) return true;
  if (unsure(stated) || terms.some((t) => unsure(t.figure))) return true;
  // the sum moves by what a misreading changes of each term; the stated figure may be the misread one
  const read = (f: Figure): Decimal => f.amount.value.abs();
  const moved = (value: (f: Figure) => Decimal): Decimal =>
    terms.reduce(
      (sum, t) => (t.sign === 1 ? add(sum, subtract(value(t.figure), read(t.figure))) : subtract(sum, subtract(value(t.figure), read(t.figure)))),
      computed,
    );
  return misreadingRestores([stated, ...terms.map((t) => t.figure)], (value) => sameMoney(moved(value), value(stated)));
}

/**
 * True when reading one of `figs` as one of its plausible misreadings satisfies `holds` (given
 * each figure's value, by magnitude), and the misreading is accepted (`misreading-test.ts`).
 */
export function misreadingRestores(figs: readonly Figure[], holds: (value: (f: Figure) => Decimal) => boolean): boolean {
  let restored = false;
  for (const target of figs) {
    for (const v of misreadings(target.amount)) {
      if (holds((f) => (f === target ? v.abs() : f.amount.value.abs())) && acceptsMisreading({ figure: target, value: v })) restored = true;
    }
  }
  return restored;
}

/**
 * Transaction rows whose description wraps, with the figures on a line of their own: a dated
 * line without its amount and balance, followed by up to three undated lines without figures and
 * then an undated line that carries them, is one row.
 */
export function joinWrappedRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  const plain = (row: Row | undefined): boolean => !!row && !startsWithDate(row) && !OPENING.test(row.text) && !CLOSING.test(row.text);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let end = i + 1;
    if (startsWithDate(row) && figures(row).length < 2) {
      while (end < i + 4 && plain(rows[end]) && figures(rows[end]!).length === 0) end++;
    }
    const carrier = rows[end];
    if (end > i && startsWithDate(row) && figures(row).length < 2 && plain(carrier) && figures(carrier!).length >= 2) {
      const words = rows.slice(i, end + 1).flatMap((r) => r.words);
      out.push({ page: row.page, words, text: words.map((w) => w.text).join(' ') });
      i = end;
    } else out.push(row);
  }
  return out;
}

/** True when OCR read a figure without enough confidence to rest a contradiction on it. */
export const unsure = (figure: Figure): boolean => figure.confidence !== undefined && figure.confidence < CONFIDENT_FIGURE;

/** True when a figure was read from the file's text, or by OCR with every character at `SURE_READING` or more (a misread one never was). */
export const readSurely = (figure: Figure): boolean => figure.confidence === undefined || figure.confidence >= SURE_READING;

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
    if (label) return { label, movements: [], balance: figs[figs.length - 1], transaction: false, unread: [] };
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

interface Step {
  ok: boolean;
  finding?: Finding;
  /** A contradiction OCR could explain (a low-confidence figure, or one plausible misreading): neither agreement nor evidence. */
  unverified?: true;
}

/** Contradictions between the balances of a statement. */
export function statementArithmetic(ctx: TableContext): Finding[] {
  const steps: Step[] = [];
  let balance: Decimal | undefined;
  /** Where the current balance was printed: a contradiction involves it as much as the next figure. */
  let balanceAt: PageBox | undefined;
  /** The figure the current balance was read from. */
  let balanceFigure: Figure | undefined;
  /** After a contradiction, the balances the rows computed: if the next balance follows from them, the printed figure was the odd one. */
  let computedInstead: Decimal[] = [];
  /** Movements since the last balance. */
  let pending: Movement[] = [];
  /** Amounts of rows since the last balance that were not read as movements (a line we could not parse). */
  let unread: Decimal[] = [];
  let transactions = 0;
  const segments = new LedgerSegments();

  /** On a scan or photo: the printed balance or a movement is unsure, or one misread digit would make the figures agree. */
  const explainedByOcr = (page: number, stated: Figure, candidates: Decimal[]): boolean => {
    if (!ctx.fromOcr(page) || balance === undefined) return false;
    // a difference of cents is what a misread cent digit or a lost sign mark leaves, not an edit worth making
    if (candidates.some((c) => subtract(c, stated.amount.value).abs().lt(OCR_CENTS))) return true;
    if (unsure(stated) || pending.some((m) => unsure(m.figure)) || (balanceFigure && unsure(balanceFigure))) return true;
    // every misreading that would explain it is offered (a test of them collects them all)
    const offered: Misreading[] = misreadings(stated.amount)
      .filter((v) => candidates.some((c) => sameMoney(c, v)))
      .map((value) => ({ figure: stated, value }));
    // the balance carried from the row before may be the misread figure
    if (balanceFigure) {
      for (const value of misreadings(balanceFigure.amount)) {
        if ((reachable(value, pending) ?? []).some((c) => sameMoney(c, stated.amount.value))) offered.push({ figure: balanceFigure, value });
      }
    }
    for (const target of pending) {
      for (const value of misreadings(target.figure.amount)) {
        const sums = reachable(balance!, pending, (m) => (m === target ? value : m.figure.amount.value)) ?? [];
        if (sums.some((c) => sameMoney(c, stated.amount.value))) offered.push({ figure: target.figure, value });
      }
    }
    return offered.filter((m) => acceptsMisreading(m)).length > 0;
  };

  /** Judges a printed balance against the balance before it and the movements since. */
  const judge = (page: number, stated: Figure, kind: 'row' | 'opening' | 'closing'): Step | undefined => {
    if (balance === undefined) return undefined;
    const candidates = reachable(balance, pending);
    if (!candidates) return undefined;
    const printed = stated.amount.value;
    const followsComputed = kind === 'row' && computedInstead.some((c) => (reachable(c, pending) ?? []).some((n) => sameMoney(n, printed)));
    computedInstead = [];
    if (followsComputed) return undefined;
    if (candidates.some((c) => sameMoney(c, printed))) return { ok: true };
    computedInstead = candidates;
    // a line between the two balances that was not read as a movement (an unusual layout) may be
    // the movement that explains the difference: then nothing is contradicted
    const missedRow = unread.some((u) => candidates.some((c) => sameMoney(add(c, u), printed) || sameMoney(subtract(c, u), printed)));
    if (missedRow || explainedByOcr(page, stated, candidates)) return { ok: false, unverified: true };
    const expected = formatMoney(candidates[0]!);
    const alternatives = candidates.length > 1 ? ` or ${formatMoney(candidates[1]!)}` : '';
    const moved = pending.map((m) => m.figure.amount.raw).join(', ');
    const [code, formula, note, summary]: [Finding['code'], string, string, string] =
      kind === 'opening'
        ? [
            'statement_balance_mismatch',
            'opening balance = balance carried from the previous page',
            `The page opens at ${stated.amount.raw}; the rows before it end at ${expected}.`,
            `Page ${page} opens at ${stated.amount.raw}, but the previous rows end at ${expected}.`,
          ]
        : kind === 'closing'
          ? [
              'statement_balance_mismatch',
              'closing balance = balance after the last transaction',
              `The statement closes at ${stated.amount.raw}; its transactions lead to ${expected}.`,
              `The closing balance ${stated.amount.raw} contradicts the transactions, which lead to ${expected}.`,
            ]
          : [
              'running_balance_mismatch',
              `balance = previous balance ${pending.every((m) => m.direction !== 'either') ? '+' : '±'} amount`,
              `Previous balance ${formatMoney(balance)}, amount ${moved}.`,
              `Page ${page}: after ${formatMoney(balance)} and ${moved} the balance should be ${expected}${alternatives}, but it reads ${stated.amount.raw}.`,
            ];
    return {
      ok: false,
      finding: {
        code,
        summary,
        page: stated.box.page,
        boxes: balanceAt ? [stated.box, balanceAt] : [stated.box],
        confidence: ctx.fromOcr(stated.box.page) ? 0.7 : 0.9,
        math: { formula, computed: expected, stated: stated.amount.raw, ok: false, note },
      },
    };
  };

  for (const page of ctx.pages) {
    const words = ctx.words(page);
    if (!words) {
      balance = undefined; // a page we cannot read breaks the chain
      balanceAt = undefined;
      balanceFigure = undefined;
      pending = [];
      continue;
    }
    for (const row of joinWrappedRows(buildRows(words))) {
      const figs = figures(row);
      const { inLedger, columns } = segments.place(row, figs);
      if (!inLedger) continue;
      if (ctx.fromOcr(page.number) && unreadableTransaction(row, figs, columns)) {
        // a transaction line whose figures OCR garbled: the chain cannot cross it
        balance = undefined;
        balanceAt = undefined;
        balanceFigure = undefined;
        pending = [];
        unread = [];
        computedInstead = [];
        continue;
      }
      if (figs.length === 0) continue;
      const reading = readRow(row, figs, columns);
      for (const f of reading.unread) unread.push(f.amount.value);
      if (reading.transaction) {
        transactions++;
        pending.push(...reading.movements);
      }
      if (!reading.balance) continue;
      if (!reading.label && !reading.transaction) {
        // a balance printed beside a movement that could not be read (a misread or missing
        // figure): the step cannot be judged, but the chain goes on from the printed balance
        if (columns && !SUBTOTAL.test(row.text)) {
          balance = reading.balance.amount.value;
          balanceAt = reading.balance.box;
          balanceFigure = reading.balance;
          pending = [];
          unread = [];
          computedInstead = [];
        }
        continue;
      }
      // a closing figure before any transaction belongs to a summary box, not to the running balance
      if (reading.label === 'closing' && transactions === 0) continue;
      const judgeable = reading.label ? transactions > 0 : true;
      const step = judgeable ? judge(page.number, reading.balance, reading.label ?? 'row') : undefined;
      if (step) steps.push(step);
      balance = reading.balance.amount.value;
      balanceAt = reading.balance.box;
      balanceFigure = reading.balance;
      pending = [];
      unread = [];
    }
  }
  const failures = steps.filter((s) => !s.ok && !s.unverified);
  const agreements = steps.filter((s) => s.ok).length;
  // only a statement that otherwise adds up is judged: a misread layout yields nothing
  if (transactions < 3 || agreements < 2 || failures.length > Math.max(1, steps.length / 4)) return [];
  return failures.slice(0, MAX_FINDINGS).map((s) => s.finding!);
}
