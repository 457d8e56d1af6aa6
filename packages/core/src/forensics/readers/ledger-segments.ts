// Which rows of a statement belong to its transaction ledger. Statements print other tables around
// the ledger — an account summary, a daily ending balance grid of date/balance pairs side by side,
// interest and fees with this-period and year-to-date columns, a year-to-date box — and a reader
// that took every dated row with figures for a transaction line found contradictions among figures
// that all agree. A ledger opens at a header row naming its balance and movement columns
// (`ledger-layout.ts`) or, without one, at a dated row with a movement and a balance. It closes at
// the header of another table (two or more short labels and no figures or digits: "Date Balance
// Date Balance", "This period Year to date"; not a description broken into short pieces where
// descriptions are printed), at a grid row (a date printed after a figure: pairs
// side by side are a grid, never a transaction line), and after its closing balance (a
// carried-forward line keeps it open for the next page). A closed ledger resumes where its header
// is repeated, or at a dated row whose figures all sit in its columns with one in the balance
// column. Before the first ledger, an opening-balance line opens one (a ledger without a header
// row). Rows outside a ledger are not read as transactions or balances.
import type { Row } from '../../tables/rows.js';
import type { PageBox } from '../findings.js';
import { CLOSING, cellsOf, dateStarts, type LedgerColumns, ledgerColumns, OPENING, startsWithDate } from './ledger-layout.js';

/** A closing line that carries the balance on to the next page, keeping the ledger open. */
const CARRIED = /\bcarried\s+(forward|over)\b|\bc\/f\b|\b[àa]\s+reporter\b|\b[üu]bertrag\b/i;

/** A figure of a row: where it is printed. */
type Figure = { box: PageBox };

/** Where a row stands in the ledger structure. */
export interface LedgerPlace {
  /** True when the row is part of a ledger: a header, a transaction, a balance line or a wrapped description. */
  inLedger: boolean;
  /** The columns of the ledger the row is in, when a header named them. */
  columns: LedgerColumns | undefined;
  /** True when the row is a ledger's header (a ledger opens or resumes under it). */
  header?: true;
}

/**
 * True when a date follows a figure on the row: date/amount pairs printed side by side (a daily
 * balance grid, a pay history), which no transaction line prints.
 */
export function isGridRow(row: Row, figs: readonly Figure[]): boolean {
  if (figs.length === 0) return false;
  const firstFigureEnd = Math.min(...figs.map((f) => f.box.x1));
  const inFigure = (i: number): boolean => figs.some((f) => row.words[i]!.x0 >= f.box.x0 - 0.5 && row.words[i]!.x1 <= f.box.x1 + 0.5);
  return dateStarts(row).some((i) => !inFigure(i) && row.words[i]!.x0 > firstFigureEnd);
}

/** The header of another table: two or more short labels, no figure and no digit, not the ledger's header. */
export function isOtherHeader(row: Row, figs: readonly Figure[]): boolean {
  if (figs.length > 0 || /\d/.test(row.text) || row.words.length > 16) return false;
  const cells = cellsOf(row);
  return cells.length >= 2 && cells.every((c) => c.length <= 4) && !ledgerColumns(row, false);
}

/** True when every figure of the row sits in a column of `columns` (overlapping its header) and one in the balance column. */
function fitsColumns(columns: LedgerColumns, figs: readonly Figure[]): boolean {
  let balance = false;
  for (const f of figs) {
    const cell = columns.cells.find((c) => c.column && Math.min(f.box.x1, c.x1) - Math.max(f.box.x0, c.x0) > 0);
    if (!cell) return false;
    if (cell.column === 'balance') balance = true;
  }
  return balance;
}

/**
 * True when every word of the row sits between the ledger's first column and its first figure
 * column — where descriptions are printed: a description wrapped over lines, or one OCR broke into
 * short pieces ("Rede | Water and Sewer services"), never the header of another table, whose
 * labels start at the left of the table.
 */
function describes(row: Row, columns: LedgerColumns): boolean {
  const first = columns.cells[0];
  const figuresFrom = Math.min(...columns.cells.filter((c) => c.column).map((c) => c.x0));
  return first !== undefined && !first.column && row.words.every((w) => w.x0 >= first.x1 && w.x1 <= figuresFrom);
}

/** Reads a document's rows in order (across pages) and tells which belong to a ledger. */
export class LedgerSegments {
  private open = false;
  private columns: LedgerColumns | undefined;
  /** The columns of the last ledger that closed, for a continuation without a repeated header. */
  private lastColumns: LedgerColumns | undefined;
  /** True once a ledger has opened: an opening-balance line opens a ledger only before the first. */
  private seen = false;

  /** Places the next row, given its figures. */
  place(row: Row, figs: readonly Figure[]): LedgerPlace {
    const header = ledgerColumns(row, figs.length > 0);
    if (header) {
      this.open = this.seen = true;
      this.columns = header;
      return { inLedger: true, columns: header, header: true };
    }
    if (isGridRow(row, figs) || (isOtherHeader(row, figs) && !(this.open && this.columns && describes(row, this.columns)))) {
      this.close();
      return { inLedger: false, columns: undefined };
    }
    if (!this.open) {
      const dated = startsWithDate(row) && figs.length >= 2;
      if (dated && this.lastColumns && fitsColumns(this.lastColumns, figs)) this.columns = this.lastColumns;
      else if ((dated && !this.lastColumns) || (!this.seen && figs.length > 0 && OPENING.test(row.text))) this.columns = undefined;
      else return { inLedger: false, columns: undefined };
      this.open = this.seen = true;
    }
    const place = { inLedger: true, columns: this.columns };
    if (figs.length > 0 && CLOSING.test(row.text) && !CARRIED.test(row.text)) this.close();
    return place;
  }

  private close(): void {
    if (this.open && this.columns) this.lastColumns = this.columns;
    this.open = false;
    this.columns = undefined;
  }
}
