// The figures and dates a loan compares, and the geometry between a loan's words (boxed in percent
// of their page) and the rows the engine's readers build (points on a letter page).
import type { PrintedDate } from '../forensics/checks/arithmetic/arithmetic-consistency/pay-dates.js';
import type { PageBox } from '../forensics/findings.js';
import type { Figure } from '../forensics/readers/figures.js';
import type { Amount } from '../tables/amounts.js';
import type { Word } from '../tables/rows.js';
import type { LoanBox } from './conflict.js';
import type { LoanWord } from './loan-words.js';

/** A figure a loan compares: as printed, in cents, and where. */
export interface LoanFigure {
  text: string;
  cents: number;
  boxes: LoanBox[];
}

/** A date a loan compares: the day (ISO) and where it is printed. */
export interface LoanDate {
  iso: string;
  text: string;
  boxes: LoanBox[];
}

/** The words' percent boxes are read as a letter page in points (rows are built with point tolerances). */
const [PT_X, PT_Y] = [6.12, 7.92];

/** A loan's word as the engine's readers take it. */
export const asWord = (w: LoanWord): Word => ({
  text: w.text,
  page: w.page,
  x0: w.box.x * PT_X,
  x1: (w.box.x + w.box.w) * PT_X,
  y0: (100 - w.box.y - w.box.h) * PT_Y,
  y1: (100 - w.box.y) * PT_Y,
});

/** A reader's box as a loan's. */
export const asBox = (b: PageBox): LoanBox => ({ page: b.page, x: b.x0 / PT_X, y: 100 - b.y1 / PT_Y, w: (b.x1 - b.x0) / PT_X, h: (b.y1 - b.y0) / PT_Y });

/** An amount in cents. */
export const amountCents = (a: Amount): number => Math.round(a.value.toNumber() * 100);
/** A figure's amount in cents. */
export const cents = (f: Figure): number => amountCents(f.amount);
/** A reader's figure as a loan's. */
export const loanFigure = (f: Figure): LoanFigure => ({ text: f.amount.raw, cents: cents(f), boxes: [asBox(f.box)] });
/** A reader's date as a loan's. */
export const loanDate = (d: PrintedDate): LoanDate => ({ iso: d.iso, text: d.text, boxes: [asBox(d.box)] });

/** Cents as money is printed in the loan's sentences ("1,234.50"). */
export const moneyText = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
