// A statement's daily ending balance grid against its ledger: each date/balance pair printed side
// by side (`ledger-segments.ts` tells grid rows from ledger rows) must be the balance the ledger
// shows at the end of that day (the last balance printed on or under that date, a date set on a
// line of its own in the ledger's date column, above its entry's figures, included). Dates are
// compared as month and day, whatever their form (03/05, 03/05/2024, Mar 5, 5 Mar 2024, ISO); a
// numeric date is month first unless the document prints a first part above 12 (or separates with
// dots). The grid is judged only when it is a daily balance grid of this ledger: at least two of
// its pairs agree with the ledger and no more than a quarter disagree. A disagreeing pair points
// at the grid's figure and the ledger's. Pages read by OCR are not judged: a misread date pairs a
// grid figure with another day.
import { formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { type Figure, figures, rowsOf } from '../../../readers/figures.js';
import { columnAt, dateStarts, startsWithDate } from '../../../readers/ledger-layout.js';
import { isGridRow, LedgerSegments } from '../../../readers/ledger-segments.js';
import { joinWrappedDates } from '../../../readers/wrapped-dates.js';
import type { SumFinding } from './indicators.js';

/** How far (points) a date line may start from the ledger's dates and still be in their column. */
const DATE_COLUMN = 3;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Month and day of a date as printed, or undefined; `dayFirst` decides numeric dates. */
export function monthDay(text: string, dayFirst: boolean): string | undefined {
  const t = text.trim().toLowerCase();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(t);
  if (m) return `${Number(m[2])}-${Number(m[3])}`;
  m = /^(\d{1,2})([-/.])(\d{1,2})/.exec(t);
  if (m) return dayFirst || m[2] === '.' ? `${Number(m[3])}-${Number(m[1])}` : `${Number(m[1])}-${Number(m[3])}`;
  m = /^(\d{1,2})(?:[ -]|\. ?)?([a-zé]{3})/.exec(t);
  if (m && MONTHS.includes(m[2]!)) return `${MONTHS.indexOf(m[2]!) + 1}-${Number(m[1])}`;
  m = /^([a-zé]{3})[a-zé]*\.? (\d{1,2})\b/.exec(t);
  if (m && MONTHS.includes(m[1]!)) return `${MONTHS.indexOf(m[1]!) + 1}-${Number(m[2])}`;
  return undefined;
}

/** The text of the date starting at word `i` (up to three words). */
const dateText = (row: Row, i: number): string =>
  row.words
    .slice(i, i + 3)
    .map((w) => w.text)
    .join(' ');

/** Contradictions between a statement's daily balance grid and its ledger. */
export function dailyBalances(ctx: TableContext): SumFinding[] {
  if (ctx.category !== 'bank_statement') return [];
  const rows = joinWrappedDates(rowsOf(ctx));
  const dayFirst = rows.some((r) => /^(1[3-9]|2\d|3[01])[/-]\d{1,2}\b/.test(r.text));
  const segments = new LedgerSegments();
  const dayEnd = new Map<string, Figure>();
  const grid: { day: string; figure: Figure }[] = [];
  let day: string | undefined;
  /** Where the ledger's dated rows start their date: its date column. */
  const ledgerDateX: number[] = [];
  for (const row of rows) {
    const figs = figures(row);
    if (isGridRow(row, figs)) {
      // each date of the row and the first figure after it
      for (const i of dateStarts(row)) {
        const key = monthDay(dateText(row, i), dayFirst);
        const after = figs.find((f) => f.box.x0 >= row.words[i]!.x1);
        if (key && after) grid.push({ day: key, figure: after });
      }
    }
    const { inLedger, columns } = segments.place(row, figs);
    // a date on a line of its own in the ledger's date column (any in the ledger before its first
    // dated entry says where that is) opens the entry whose figures follow (a date cell wrapped
    // above its row); one elsewhere (a summary's "Beginning balance on" date) does not
    const dateColumn =
      startsWithDate(row) && figs.length === 0 && (ledgerDateX.length ? ledgerDateX.some((x) => Math.abs(x - row.words[0]!.x0) <= DATE_COLUMN) : inLedger);
    if (startsWithDate(row) && ((inLedger && figs.length > 0) || dateColumn)) day = monthDay(row.text, dayFirst);
    if (inLedger && startsWithDate(row) && figs.length > 0) ledgerDateX.push(row.words[0]!.x0);
    if (!inLedger || figs.length === 0) continue;
    const balance = columns ? figs.find((f) => columnAt(columns, f.box.x0, f.box.x1) === 'balance') : figs.length >= 2 ? figs.at(-1) : undefined;
    if (day && balance) dayEnd.set(day, balance);
  }
  const compared = grid.filter((g) => dayEnd.has(g.day));
  const disagree = compared.filter((g) => !sameMoney(g.figure.amount.value, dayEnd.get(g.day)!.amount.value));
  const agree = compared.length - disagree.length;
  if (agree < 2 || disagree.length > Math.max(1, compared.length / 4)) return [];
  const findings: SumFinding[] = [];
  for (const g of disagree) {
    const ledger = dayEnd.get(g.day)!;
    // read by OCR, a misread date pairs a grid figure with another day: not judged
    if (ctx.fromOcr(g.figure.box.page) || ctx.fromOcr(ledger.box.page)) continue;
    findings.push({
      code: 'statement_balance_mismatch',
      rule: 'daily balance',
      grid: g.figure.amount.raw,
      ledger: ledger.amount.raw,
      basis: 'stated total',
      page: g.figure.box.page,
      boxes: [g.figure.box, ledger.box],
      math: {
        formula: "daily ending balance = the ledger's balance at the end of that day",
        computed: formatMoney(ledger.amount.value),
        stated: g.figure.amount.raw,
        ok: false,
        note: `${agree} other days of the grid agree with the ledger.`,
      },
    });
  }
  return findings;
}
