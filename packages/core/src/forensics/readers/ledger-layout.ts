// How a statement's transaction table is laid out, read from its own rows rather than assumed:
// which rows open with a date (numeric day-month or month-day with any separator, ISO dates, and
// month names before or after the day, with or without a year), which rows state an opening,
// carried-in, carried-out or closing balance (in English, French and German wordings), which rows
// are subtotals and totals rather than movements, and — from a header row — which column holds
// the running balance and which hold the movements: one amount column (signed), or separate
// debit and credit columns (withdrawals / deposits, paid out / paid in, money out / money in).
import type { Row, Word } from '../../tables/rows.js';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-zé]*\\.?';
/** A date at the start of a row's text. */
export const LEADING_DATE = new RegExp(
  `^(?:\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?|\\d{4}[/.-]\\d{1,2}[/.-]\\d{1,2}|\\d{1,2}(?:[ -]|\\. ?)?${MONTH}(?:[ -]\\d{2,4})?|${MONTH} \\d{1,2}(?:st|nd|rd|th)?,?(?: \\d{4})?)(?=[\\s,]|$)`,
  'i',
);

/** True when the row's text opens with a date: a transaction line. */
export function startsWithDate(row: Row): boolean {
  return LEADING_DATE.test(row.text);
}

/** The indexes of the words of `row` a date starts at (a date spans up to three words). */
export function dateStarts(row: Row): number[] {
  const starts: number[] = [];
  for (let i = 0; i < row.words.length; i++) {
    const text = row.words
      .slice(i, i + 3)
      .map((w) => w.text)
      .join(' ');
    if (LEADING_DATE.test(text)) starts.push(i);
  }
  return starts;
}

/** A row that states an opening or carried-in balance. */
export const OPENING =
  /\b(opening|beginning|previous|starting|initial)\s+balance\b|\bbalance\s+(brought\s+)?forward\b|\bbrought\s+forward\b|\bb\/f\b|\b(ancien\s+solde|solde\s+(pr[ée]c[ée]dent|initial|report[ée]|au\s+\d)|anfangssaldo|alter\s+(kontostand|saldo)|[üu]bertrag)\b/i;
/** A row that states a closing or carried-out balance. */
export const CLOSING =
  /\b(closing|ending|new|final)\s+balance\b|\bbalance\s+carried\s+(forward|over)\b|\bcarried\s+(forward|over)\b|\bc\/f\b|\b(nouveau\s+solde|solde\s+(final|[àa]\s+reporter)|endsaldo|neuer\s+(kontostand|saldo))\b/i;
/** A row that adds up other rows (a section, a page, a month): neither a movement nor a balance. */
export const SUBTOTAL = /\b(sub-?totals?|totals?|sous-total|zwischensumme|summe)\b/i;

/** What a column of a transaction table holds. */
export type LedgerColumn = 'balance' | 'amount' | 'debit' | 'credit';

const HEADER_WORDS: [LedgerColumn, RegExp][] = [
  ['balance', /^(balance|saldo|solde|kontostand)$/i],
  ['amount', /^(amount|betrag|montant|umsatz)$/i],
  ['debit', /^(debits?|withdrawals?|d[ée]bits?|soll|charges|subtractions)$/i],
  ['credit', /^(credits?|deposits?|cr[ée]dits?|haben|lodgements|receipts|additions)$/i],
];
const HEADER_PHRASES: [LedgerColumn, RegExp][] = [
  ['debit', /^(paid|money)\s+out$/i],
  ['credit', /^(paid|money)\s+in$/i],
];

/** One cell of a header row: words close enough to be one label. */
interface HeaderCell {
  column?: LedgerColumn;
  x0: number;
  x1: number;
}

/** The columns of a transaction table, from its header row. */
export interface LedgerColumns {
  cells: HeaderCell[];
  /** True when movements sit in separate debit and credit columns. */
  split: boolean;
}

const letters = (w: Word): string => w.text.replace(/[^\p{L}]/gu, '');

/** The cells of a row: runs of words separated by less than their height. */
export const cellsOf = (row: Row): Word[][] => wordCells(row.words);

/**
 * Words grouped into cells left to right: a word starting less than its height past the right
 * edge of the cell before it joins that cell. Words of several lines (a header whose labels wrap)
 * join the cell they sit under or over.
 */
export function wordCells(words: readonly Word[]): Word[][] {
  const cells: Word[][] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const w of [...words].sort((a, b) => a.x0 - b.x0)) {
    if (cells.length > 0 && w.x0 - right < 0.8 * Math.max(1, w.y1 - w.y0)) cells[cells.length - 1]!.push(w);
    else cells.push([w]);
    right = cells[cells.length - 1]!.length === 1 ? w.x1 : Math.max(right, w.x1);
  }
  return cells;
}

function columnOfLabel(cell: Word[]): LedgerColumn | undefined {
  if (cell.length > 3) return undefined;
  const phrase = cell.map(letters).join(' ');
  for (const [column, re] of HEADER_PHRASES) if (re.test(phrase)) return column;
  for (const w of cell) for (const [column, re] of HEADER_WORDS) if (re.test(letters(w))) return column;
  return undefined;
}

/** The column one word names on its own. */
const wordColumn = (w: Word): LedgerColumn | undefined => HEADER_WORDS.find(([, re]) => re.test(letters(w)))?.[0];

/**
 * A cell whose words name two different columns or more on their own ("Withdrawals Deposits
 * Balance": labels of narrow columns set so close they read as one cell) cut before each word that
 * names another column than the words before it; other cells whole ("Withdrawals and other debits").
 */
function splitNamed(cell: Word[]): Word[][] {
  const named = cell.map(wordColumn);
  if (new Set(named.filter((c) => c !== undefined)).size < 2) return [cell];
  const parts: Word[][] = [];
  for (const [i, w] of cell.entries()) {
    // a new part at each word naming another column than the part's
    const current = parts[parts.length - 1];
    const currentColumn = current?.map(wordColumn).find((c) => c !== undefined);
    if (!current || (named[i] && currentColumn && named[i] !== currentColumn)) parts.push([w]);
    else current.push(w);
  }
  return parts;
}

/** A header row's cells, each with the column its label names; undefined unless the row has no figures, few words and three cells or more. */
function headerCells(row: Row, hasFigures: boolean): HeaderCell[] | undefined {
  if (hasFigures || row.words.length > 16) return undefined;
  const groups = cellsOf(row).flatMap(splitNamed);
  if (groups.length < 3) return undefined;
  return groups.map((g): HeaderCell => {
    const column = columnOfLabel(g);
    return { ...(column ? { column } : {}), x0: g[0]!.x0, x1: g[g.length - 1]!.x1 };
  });
}

const countOf = (cells: readonly HeaderCell[], c: LedgerColumn): number => cells.filter((cell) => cell.column === c).length;

/**
 * The columns a header row names, or undefined when `row` is not one: at least three separate
 * cells, no figures, exactly one balance column and either an amount column or both a debit and a
 * credit column (a sentence that mentions payments and balances is one long cell, not a header).
 */
export function ledgerColumns(row: Row, hasFigures: boolean): LedgerColumns | undefined {
  const cells = headerCells(row, hasFigures);
  // a row that names an opening balance heads a summary's grid ("Beginning Balance on | Deposits |
  // Withdrawals | Ending Balance on"): its balances are the statement's, not a running balance column
  if (!cells || OPENING.test(row.text)) return undefined;
  const count = (c: LedgerColumn): number => countOf(cells, c);
  if (count('balance') !== 1 || count('debit') > 1 || count('credit') > 1 || count('amount') > 1) return undefined;
  const split = count('debit') === 1 && count('credit') === 1;
  if (!split && count('amount') !== 1) return undefined;
  return { cells, split };
}

/** The columns of a header row naming one debit and one credit column and no balance or amount column: a list of movements without a running balance. */
export function movementColumns(row: Row, hasFigures: boolean): LedgerColumns | undefined {
  const cells = headerCells(row, hasFigures);
  if (!cells) return undefined;
  const count = (c: LedgerColumn): number => countOf(cells, c);
  return count('balance') === 0 && count('amount') === 0 && count('debit') === 1 && count('credit') === 1 ? { cells, split: true } : undefined;
}

/** The column a figure spanning [x0, x1] sits in: the header cell it overlaps most, else the nearest. */
export function columnAt(columns: LedgerColumns, x0: number, x1: number): LedgerColumn | undefined {
  return cellUnder(columns.cells, x0, x1)?.cell.column;
}

/**
 * The cell of a header row that a span [x0, x1] sits under: the one it overlaps most, else the
 * nearest, with that overlap (positive: shared width; negative: the gap between them).
 */
export function cellUnder<C extends { x0: number; x1: number }>(cells: readonly C[], x0: number, x1: number): { cell: C; overlap: number } | undefined {
  let best: { cell: C; overlap: number } | undefined;
  for (const cell of cells) {
    const overlap = Math.min(x1, cell.x1) - Math.max(x0, cell.x0);
    if (!best || overlap > best.overlap) best = { cell, overlap };
  }
  return best;
}

/** A cell of a header row with its label: its words joined, and its span. */
export interface LabelledCell {
  label: string;
  x0: number;
  x1: number;
}

/** A header row's cells (`cellsOf`) with their labels. */
export const labelledCells = (row: Row): LabelledCell[] =>
  cellsOf(row).map((words) => ({ label: words.map((w) => w.text).join(' '), x0: words[0]!.x0, x1: words[words.length - 1]!.x1 }));
