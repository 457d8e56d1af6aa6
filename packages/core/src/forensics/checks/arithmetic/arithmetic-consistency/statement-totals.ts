// Stated totals of bank statements: "Total deposits" and "Total withdrawals" (and their usual
// wordings) against the rows they sum, and opening balance + total credits − total debits against
// the closing balance. Each transaction is a credit or a debit by the column its header names
// (debit and credit columns as `ledger-layout.ts` reads the header), else by its own sign, else by the way the running
// balance moved. Sectioned statements, which list deposits and withdrawals in separate lists of
// one amount per row, are summed list by list. As in the running-balance check, row sums are only
// judged on a table that otherwise reads consistently, and a document that states different totals
// for the same label (several accounts) yields nothing. Summaries in categories between a
// beginning and an ending balance are read by `summary-block.ts`.
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import { buildRows, type Row } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { notYetJudged, type PageBox } from '../../../findings.js';
import { type Figure, figureLabelled, figures, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { CLOSING, columnAt, OPENING, startsWithDate } from '../../../readers/ledger-layout.js';
import { LedgerSegments } from '../../../readers/ledger-segments.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import { oneRoleEach } from '../../../readers/readings.js';
import { joinWrappedDates } from '../../../readers/wrapped-dates.js';
import { activityTypes } from './activity-types.js';
import { cardSections } from './card-sections.js';
import type { SumFinding } from './indicators.js';
import { mismatch } from './mismatch.js';
import { movementsOverStated, type Side } from './movement-table.js';
import { joinWrappedRows } from './running-balances.js';
import { readAcross } from './summary-across.js';
import { type ChainSummary, depositSides, readBlocks, type SummaryLine, summaryBlocks } from './summary-block.js';

const CREDITS = /\b(total (deposits|credits|additions)|deposits,? (and|&) (other )?(additions|credits)|(deposits|credits) total)\b/i;
const DEBITS =
  /\b(total (withdrawals|debits|subtractions|checks)|(withdrawals|checks),? (and|&) (other )?(subtractions|debits|withdrawals)|(withdrawals|debits) total)\b/i;
/** Right edges within this many points are one column. */
const ALIGN = 3;

/** The rows stating one total: all of them carry the same figure. */
interface Stated {
  figure: Figure;
  /** Indexes of the rows stating it (a summary line and the total under its list, say). */
  indexes: number[];
}

/** A total of another period than the statement's: year to date, this year, last year, annual. */
const OTHER_PERIOD = /\b(year[\s-]+to[\s-]+date|ytd|this\s+year|last\s+year|annual|yearly|depuis\s+le\s+d[ée]but|jahres)/i;

/**
 * The figure stated for a label, or undefined when absent, or 'ambiguous' when stated differently
 * twice. A row of another period, or with several figures (this period beside year to date), is no
 * statement of this period's total.
 */
function statedTotal(rows: Row[], label: RegExp): Stated | 'ambiguous' | undefined {
  let found: Stated | undefined;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (!label.test(row.text) || OTHER_PERIOD.test(row.text)) continue;
    const figs = figures(row);
    if (figs.length !== 1) continue;
    const figure = figs[0]!;
    if (found && !sameMoney(found.figure.amount.value.abs(), figure.amount.value.abs())) return 'ambiguous';
    if (found) found.indexes.push(index);
    else found = { figure, indexes: [index] };
  }
  return found;
}

interface Ledger {
  credits: Decimal;
  debits: Decimal;
  /** The figures summed on each side. */
  terms: Record<Side, Term[]>;
  transactions: number;
  /** Rows whose running balance follows from the previous one and the side assigned. */
  agreements: number;
  disagreements: number;
  /** Rows whose side could not be decided. */
  undecided: number;
  /** The running balance after the last transaction row. */
  lastBalance?: Decimal;
}

/** Sums the running-balance transaction rows by side. */
function readLedger(rows: Row[]): Ledger {
  const ledger: Ledger = {
    credits: decimal('0'),
    debits: decimal('0'),
    terms: { credit: [], debit: [] },
    transactions: 0,
    agreements: 0,
    disagreements: 0,
    undecided: 0,
  };
  const segments = new LedgerSegments();
  let balance: Decimal | undefined;
  for (const row of rows) {
    const figs = figures(row);
    const { inLedger, columns, header } = segments.place(row, figs);
    // a balance printed before the ledger's header (an account summary's) is not the one its first row follows
    if (header) balance = undefined;
    if (!inLedger || figs.length === 0) continue;
    const last = figs[figs.length - 1]!;
    if (OPENING.test(row.text) || CLOSING.test(row.text)) {
      balance = last.amount.value;
      continue;
    }
    if (figs.length < 2 || !startsWithDate(row) || CREDITS.test(row.text) || DEBITS.test(row.text)) continue;
    const amount = figs[figs.length - 2]!;
    const size = amount.amount.value.abs();
    let side: Side | undefined;
    const column = columns?.split ? columnAt(columns, amount.box.x0, amount.box.x1) : undefined;
    if (column === 'credit' || column === 'debit') side = column;
    else if (amount.amount.signed) side = amount.amount.value.isNegative() ? 'debit' : 'credit';
    else if (balance !== undefined) {
      if (sameMoney(add(balance, size), last.amount.value)) side = 'credit';
      else if (sameMoney(subtract(balance, size), last.amount.value)) side = 'debit';
    }
    ledger.transactions++;
    if (!side) ledger.undecided++;
    else {
      if (side === 'credit') ledger.credits = add(ledger.credits, size);
      else ledger.debits = add(ledger.debits, size);
      ledger.terms[side].push({ figure: amount, sign: 1 });
      if (balance !== undefined) {
        const expected = side === 'credit' ? add(balance, size) : subtract(balance, size);
        if (sameMoney(expected, last.amount.value)) ledger.agreements++;
        else ledger.disagreements++;
      }
    }
    balance = last.amount.value;
    ledger.lastBalance = balance;
  }
  return ledger;
}

/** Where a list's amount column is: the edges of a figure in it. */
type Column = Pick<PageBox, 'x0' | 'x1'>;

/** A dated row with a single amount in `column` (flush right with it, or flush left: a column set left): an entry of a sectioned list. */
function listEntry(row: Row | undefined, column: Column): Figure | undefined {
  const figure = row && dated(row);
  return figure && inColumn(figure, column) ? figure : undefined;
}

/** True when `figure` is flush right with `column`, or flush left (a column set left). */
const inColumn = (figure: Figure, column: Column): boolean => Math.abs(figure.box.x1 - column.x1) <= ALIGN || Math.abs(figure.box.x0 - column.x0) <= ALIGN;

/** A dated row's one figure, wherever its column is. */
function dated(row: Row): Figure | undefined {
  const figs = figures(row);
  return startsWithDate(row) && figs.length === 1 ? figs[0] : undefined;
}

/** The most lines without amounts an entry's wrapping puts between two entries. */
const WRAPPED_LINES = 3;
/** A sum of a list's entries read above its total: the entries, and the dated lines among them whose amount was not read. */
interface ListSum {
  sum: Decimal;
  unread: number;
  entries: Figure[];
}

/** The most rows of page furniture (a running head, the column header again) a list runs on across. */
const PAGE_FURNITURE = 12;

/**
 * The sums of the list right above row `index`: dated one-amount rows aligned with its figure,
 * skipping lines without amounts that wrap between two entries (a description's second line, a
 * date's year). A list broken by a page runs on from the previous page's entries across the
 * page's furniture: the sums are read the nearest first, one more each page the list is read back
 * across (which is the list's is a reading; any that adds up holds). A dated line without an
 * amount between two entries is an entry whose amount was not read (OCR lost it), and on a page OCR
 * read a line of one amount in the column between two entries, whose date was not read, is an entry
 * whose date OCR lost (its amount summed): a sum over either counts it in `unread`, and is no
 * evidence against a total on a page OCR read.
 */
function sectionSums(rows: Row[], index: number, total: Column, fromOcr: (page: number) => boolean): ListSum[] {
  const sums: ListSum[] = [];
  let sum = decimal('0');
  const entries: Figure[] = [];
  let unread = 0;
  // the amount column's edge: another page may set the list's column elsewhere
  let column = total;
  const noAmount = (k: number): boolean => moneyFigures(rows[k]!).length === 0;
  // on a page OCR read, a line of one amount in the column whose date OCR did not read ("Jun28,2026")
  const undated = (k: number): Figure | undefined => {
    const row = rows[k]!;
    const figs = figures(row);
    return fromOcr(row.page) && !startsWithDate(row) && figs.length === 1 && inColumn(figs[0]!, column) ? figs[0] : undefined;
  };
  // an entry right above row `k`, across wrapped lines and entries whose dates were not read
  const entryAbove = (k: number): boolean => {
    for (let a = k - 1; a >= 0 && a >= k - 1 - WRAPPED_LINES; a--) {
      if (listEntry(rows[a], column)) return true;
      if (!noAmount(a) && !undated(a)) return false;
    }
    return false;
  };
  const lostDate = (k: number): Figure | undefined => (entries.length > 0 && entryAbove(k) ? undated(k) : undefined);
  for (let i = index - 1; i >= 0; i--) {
    const entry = listEntry(rows[i], column);
    if (entry) {
      sum = add(sum, entry.amount.value.abs());
      entries.push(entry);
      continue;
    }
    // between two entries, an entry whose date was not read: summed, and no evidence (unread)
    const lost = lostDate(i);
    if (lost) {
      sum = add(sum, lost.amount.value.abs());
      entries.push(lost);
      unread++;
      continue;
    }
    // an entry's wrapped lines (a description's line above its date, its rest below) between two entries
    let k = i;
    while (k > i - WRAPPED_LINES && k >= 0 && noAmount(k)) k--;
    if (k < i && (listEntry(rows[k], column) || lostDate(k))) {
      for (let w = i; w > k; w--) if (startsWithDate(rows[w]!)) unread++;
      i = k + 1;
      continue;
    }
    sums.push({ sum, unread, entries: [...entries] });
    // across a page break: furniture without amounts, then the previous page's last entry (its
    // column where that page sets it)
    let j = i;
    while (j >= 0 && j > i - PAGE_FURNITURE && noAmount(j)) j--;
    const previous = j >= 0 ? dated(rows[j]!) : undefined;
    if (!previous || rows[j]!.page >= rows[i + 1]!.page || entries.length === 0) return sums;
    column = previous.box;
    i = j + 1;
  }
  sums.push({ sum, unread, entries });
  return sums;
}

/** The most lines a summary holds between its balances. */
const SUMMARY_LINES = 10;

/**
 * What a summary lists beside its stated totals, by side (each line signed by its label as a
 * deposit account's summary is): the one-amount lines between the opening balance above the totals
 * and the closing balance below them ("Service charges", "Interest paid" beside "Total deposits"
 * and "Total withdrawals"). Zero on both sides when the totals sit in no such summary, or a line
 * in it has no single amount or no side.
 */
function besideTotals(rows: Row[], stated: readonly (Stated | 'ambiguous' | undefined)[]): Record<Side, Decimal> {
  const none = { credit: decimal('0'), debit: decimal('0') };
  const indexes = stated.flatMap((s) => (s && s !== 'ambiguous' ? s.indexes : []));
  if (indexes.length === 0) return none;
  const [top, bottom] = [Math.min(...indexes), Math.max(...indexes)];
  let open = -1;
  for (let i = top - 1; i >= 0 && i >= top - SUMMARY_LINES; i--) if (open < 0 && OPENING.test(rows[i]!.text)) open = i;
  let close = -1;
  for (let i = bottom + 1; i < rows.length && i <= bottom + SUMMARY_LINES; i++) if (close < 0 && CLOSING.test(rows[i]!.text)) close = i;
  if (open < 0 || close < 0) return none;
  const lines: SummaryLine[] = [];
  for (let i = open + 1; i < close; i++) {
    if (indexes.includes(i)) continue;
    const money = moneyFigures(rows[i]!);
    if (money.length !== 1) return none;
    lines.push({ label: rows[i]!.text, figure: money[0]! });
  }
  const sides = depositSides(lines);
  return sides ? { credit: sumOfMagnitudes(sides.credit), debit: sumOfMagnitudes(sides.debit) } : none;
}

/**
 * The figures stating a statement's deposits and withdrawals: its total lines, else the cells of
 * its summary across the page (read as a deposit account's: what adds to the balance is a deposit).
 */
function statedSides(
  across: readonly ChainSummary[],
  credits: Stated | 'ambiguous' | undefined,
  debits: Stated | 'ambiguous' | undefined,
): Partial<Record<Side, Figure[]>> {
  const lines: Partial<Record<Side, Figure[]>> = {};
  if (credits && credits !== 'ambiguous') lines.credit = [credits.figure];
  if (debits && debits !== 'ambiguous') lines.debit = [debits.figure];
  if (lines.credit || lines.debit) return lines;
  return (across[0] && depositSides(across[0].lines)) ?? lines;
}

/**
 * Account summaries (in categories, or across the page) against the ledger, when every ledger row
 * follows from the one before and the ledger runs from the summary's opening balance through its
 * movements (so it is this account's whole ledger): the summary's deposits and withdrawals must be
 * the ledger's sums, its closing balance the ledger's last balance. A summary edited to agree with
 * itself, or a ledger edited with every balance after the change, still contradicts the other.
 */
function summariesAgainstLedger(ctx: TableContext, summaries: readonly ChainSummary[], ledger: Ledger): SumFinding[] {
  const last = ledger.lastBalance;
  if (last === undefined || ledger.transactions < 3 || ledger.undecided > 0 || ledger.agreements < 2 || ledger.disagreements > 0) return [];
  const findings: SumFinding[] = [];
  const unverified = (stated: Figure, computed: Decimal, terms: Term[]): boolean => ctx.fromOcr(stated.box.page) && ocrExplains(stated, computed, terms);
  for (const summary of summaries) {
    const sides = depositSides(summary.lines);
    if (!sides || !sameMoney(add(summary.open.amount.value, subtract(ledger.credits, ledger.debits)), last)) continue;
    for (const side of ['credit', 'debit'] as const) {
      const cells = sides[side];
      const stated = sumOfMagnitudes(cells);
      const computed = side === 'credit' ? ledger.credits : ledger.debits;
      if (cells.length === 0 || sameMoney(stated, computed) || (cells.length === 1 && unverified(cells[0]!, computed, ledger.terms[side]))) continue;
      const words = side === 'credit' ? 'credits (deposits)' : 'debits (withdrawals)';
      const finding = mismatch(
        'statement_totals_mismatch',
        `total ${words} = sum of the ${words} listed`,
        computed,
        cells[0]!,
        { rule: 'summary side against ledger', side: words, stated: formatMoney(stated), computed: formatMoney(computed) },
        `${ledger.terms[side].length} ledger rows summed; the ledger runs from the summary's opening balance.`,
        [...cells.slice(1), ...ledger.terms[side].map((t) => t.figure)],
        ctx.fromOcr(cells[0]!.box.page),
      );
      findings.push({ ...finding, math: { ...finding.math!, stated: cells.map((f) => f.amount.raw).join(' + ') } });
    }
    if (!sameMoney(summary.close.amount.value, last) && !unverified(summary.close, last.abs(), [])) {
      findings.push(
        mismatch(
          'statement_balance_mismatch',
          "closing balance = the ledger's last balance",
          last,
          summary.close,
          { rule: 'summary closing against ledger', stated: summary.close.amount.raw, computed: formatMoney(last) },
          "The ledger's running balance after its last movement.",
          [],
          ctx.fromOcr(summary.close.box.page),
        ),
      );
    }
  }
  return findings;
}

/** A statement's rows (wrapped descriptions joined) and its lines as printed, or undefined when a page could not be read. */
function statementRows(ctx: TableContext): { rows: Row[]; lines: Row[] } | undefined {
  const rows: Row[] = [];
  // the lines as printed, wrapped descriptions not joined (a card's activity sections are read on them)
  const lines: Row[] = [];
  for (const page of ctx.pages) {
    const words = ctx.words(page);
    if (!words) return undefined; // totals cannot be judged with a page missing
    const built = joinWrappedDates(buildRows(words));
    lines.push(...built);
    rows.push(...joinWrappedRows(built));
  }
  return { rows, lines };
}

/**
 * The account summaries in categories, each judged on its own lines alone (what a photo's
 * statement is judged on: its page may be one of many, and its ledger go on past it).
 */
export function statementSummaries(ctx: TableContext): SumFinding[] {
  const read = statementRows(ctx);
  return read ? summaryBlocks(readBlocks(read.rows), (page) => ctx.fromOcr(page)) : [];
}

/** Contradictions between a statement's stated totals, its rows and its balances. */
export function statementTotals(ctx: TableContext): SumFinding[] {
  const read = statementRows(ctx);
  if (!read) return [];
  const { rows, lines } = read;
  const credits = statedTotal(rows, CREDITS);
  const debits = statedTotal(rows, DEBITS);
  const ledger = readLedger(rows);
  const inCategories = readBlocks(rows);
  const across = readAcross(rows).filter((s) => s.kind === 'balance');
  const summaries = [...inCategories, ...across];
  // account summaries in categories, judged on their own lines
  const blocks = summaryBlocks(inCategories, (page) => ctx.fromOcr(page));
  // a list of movements without a running balance against the totals stated for it; account
  // summaries against a ledger that runs from their opening balance
  const listed = [
    ...movementsOverStated(rows, statedSides(across, credits, debits), (page) => ctx.fromOcr(page)),
    ...summariesAgainstLedger(ctx, summaries, ledger),
    // a card statement's summary against the activity sections it sums
    ...cardSections(lines, (page) => ctx.fromOcr(page)),
    // an account's summary lines against its activity listed by type
    ...activityTypes(lines, summaries, (page) => ctx.fromOcr(page)),
  ];
  if (credits === 'ambiguous' || debits === 'ambiguous' || (!credits && !debits)) return [...listed, ...notYetJudged(listed, blocks)];
  const totals: SumFinding[] = [];
  const opening = rows.find((r) => OPENING.test(r.text) && figures(r).length > 0);
  const closing = [...rows].reverse().find((r) => CLOSING.test(r.text) && figures(r).length > 0);
  // a row missed or misread (a wrapped description, a layout read differently, OCR) would make the
  // sum wrong, and breaks the running balance there: the sums are judged only when every row follows
  // from the one before (an edited movement is the running-balance check's to report), and only
  // over the whole ledger — its last balance is the stated closing balance (the first page of a
  // statement alone, or a scan of it, holds part of the rows its totals count)
  const whole = !!closing && ledger.lastBalance !== undefined && sameMoney(ledger.lastBalance, figures(closing).at(-1)!.amount.value);
  const tableReads = whole && ledger.transactions >= 3 && ledger.undecided === 0 && ledger.agreements >= 2 && ledger.disagreements === 0;
  // movements a summary lists beside its totals (service charges, interest or dividends paid), which the ledger counts too
  const beside = besideTotals(rows, [credits, debits]);
  // the identities of the statement each side's list total is judged beside: what holds corroborates how a list was read
  const held: string[] = [];
  const listRead: { finding: SumFinding; says: string }[] = [];
  for (const [stated, side] of [
    [credits, 'credit'],
    [debits, 'debit'],
  ] as const) {
    if (!stated) continue;
    const { figure } = stated;
    const words = side === 'credit' ? 'credits (deposits)' : 'debits (withdrawals)';
    let computed: Decimal | undefined;
    let count = 0;
    let unread = 0;
    let tried = 0;
    let terms: Term[] = [];
    if (tableReads) {
      computed = side === 'credit' ? ledger.credits : ledger.debits;
      count = ledger.transactions;
      terms = ledger.terms[side];
    } else if (ledger.transactions === 0) {
      for (const index of stated.indexes) {
        const sections = sectionSums(rows, index, figures(rows[index]!).at(-1)!.box, (page) => ctx.fromOcr(page)).filter((s) => s.entries.length >= 2);
        // any reading of the list's extent that adds up holds; else the nearest is the one reported
        const section = sections.find((s) => sameMoney(s.sum, figure.amount.value.abs())) ?? sections[0];
        if (section)
          [computed, count, unread, tried, terms] = [
            section.sum,
            section.entries.length,
            section.unread,
            tried + sections.length,
            section.entries.map((figure): Term => ({ figure, sign: 1 })),
          ];
      }
    }
    const unverified = computed !== undefined && ctx.fromOcr(figure.box.page) && (unread > 0 || ocrExplains(figure, computed, terms));
    const withBeside = add(figure.amount.value.abs(), beside[side]);
    const says = `total ${words} = sum of the ${words} listed`;
    if (computed !== undefined && (sameMoney(computed, figure.amount.value.abs()) || sameMoney(computed, withBeside))) held.push(says);
    else if (computed !== undefined && !unverified) {
      const finding = mismatch(
        'statement_totals_mismatch',
        says,
        computed,
        figure,
        { rule: 'stated total', stated: figure.amount.raw, side: words, computed: formatMoney(computed) },
        `${count} rows read.`,
        terms.map((t) => t.figure),
        ctx.fromOcr(figure.box.page),
      );
      // a list read above its total: each extent it may run over (back across page breaks) was
      // tried, and the reading is corroborated by what else of the statement holds (below)
      if (tried > 0) listRead.push({ finding: { ...finding, tried, reading: [`the ${count} dated entries listed above it`] }, says });
      else totals.push(finding);
    }
  }
  // each balance by its own label: on a summary grid the row's last figure is another label's
  const [open, close] = [opening && figureLabelled(opening, figures(opening), OPENING), closing && figureLabelled(closing, figures(closing), CLOSING)];
  // a printed figure plays one role: a balance read also as a total is a misreading, not a contradiction
  if (credits && debits && open && close && oneRoleEach([open, credits.figure, debits.figure, close])) {
    const computed = subtract(add(open.amount.value, credits.figure.amount.value.abs()), debits.figure.amount.value.abs());
    const withBeside = subtract(add(computed, beside.credit), beside.debit);
    const terms: Term[] = [
      { figure: open, sign: 1 },
      { figure: credits.figure, sign: 1 },
      { figure: debits.figure, sign: -1 },
    ];
    if (sameMoney(computed, close.amount.value) || sameMoney(withBeside, close.amount.value))
      held.push('closing balance = opening balance + total credits − total debits');
    else if (!(ctx.fromOcr(close.box.page) && ocrExplains(close, computed, terms))) {
      totals.push(
        mismatch(
          'statement_totals_mismatch',
          'closing balance = opening balance + total credits − total debits',
          computed,
          close,
          {
            rule: 'closing from totals',
            closing: close.amount.raw,
            opening: open.amount.raw,
            credits: credits.figure.amount.raw,
            debits: debits.figure.amount.raw,
            computed: formatMoney(computed),
          },
          `Opening ${open.amount.raw}, credits ${credits.figure.amount.raw}, debits ${debits.figure.amount.raw}.`,
          [open, credits.figure, debits.figure],
          ctx.fromOcr(close.box.page),
        ),
      );
    }
  }
  // a list total is corroborated by the statement's other identities that hold (the other side's
  // list, the closing balance from the totals); one nothing corroborates may be a list misread
  for (const { finding, says } of listRead) totals.push({ ...finding, corroboration: held.filter((h) => h !== says) });
  const findings = [...listed, ...notYetJudged(listed, totals)];
  return [...findings, ...notYetJudged(findings, blocks)];
}
