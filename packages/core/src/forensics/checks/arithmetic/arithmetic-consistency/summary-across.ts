// Summaries printed across the page: a header of labels ("Previous balance | Payments |
// Adjustments | Current charges | Amount due", "Gross earnings | Pre-tax deductions | Employee
// taxes | Net pay") over one to three rows of figures (current, year to date). The header's words
// are grouped into cells by the gaps between them (a label may wrap onto two or three lines, its
// count of items onto a line below it; a title set tight over the labels is tried without them;
// labels set a few points off their figures' left or right edges are cut at every figure), and
// each figure belongs to the one cell over it. From the first cell that opens a chain (a
// previous, beginning or opening balance; gross pay) to the last that closes it (an ending or new
// balance, an amount due; net pay), the cells between must lead from one figure to the other, each
// signed by its label as `summary-block.ts` signs a summary's lines (deductions and taxes subtract
// from gross pay). A header whose cells do not each sit over one figure, or a cell no convention
// signs, is not judged. A pay summary's taxes and deductions cells are also held against the
// sections listing their lines (`sectionsAgainstSummary`). An invoice's totals printed across
// ("Subtotal | Discount | Shipping | VAT | Total", in its own language) lead from the subtotal to
// the total: shipping, fees and taxes add, discounts and amounts paid subtract.
import { formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import type { Row, Word } from '../../../../tables/rows.js';
import { type Figure, figures, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { CLOSING, OPENING, wordCells } from '../../../readers/ledger-layout.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import { NET_BEFORE_TAX } from './bill-blocks.js';
import type { SumFinding } from './indicators.js';
import { BALANCE_CONVENTIONS, type ChainSummary, type Convention, readSummary, type SummaryLine } from './summary-block.js';

const GROSS = /\bgross\b/i;
const NET = /\bnet (pay|amount|earnings|wages|salary|check)\b|^net$/i;
const PREVIOUS = /\bprevious (bill|amount|statement|balance)\b|\b(last|prior) (bill|statement|balance)\b/i;
const DUE = /\b(amount|total|balance|payment) due\b|\bamount to pay\b/i;
/** Pay: every cell between gross and net pay takes from it. */
const PAY: readonly Convention[] = [
  [/(?!)/, /\b(deductions?|tax(es)?|withh\w*|contributions?|benefits?|garnish\w*|insurance|retirement|401\s?\(?k\)?|dues)\b/i],
];
/** An invoice's total with its taxes, or what is left to pay (not a subtotal). */
const INVOICE_TOTAL =
  /^(grand )?total\b(?! (ht|excl|before|net))|\b(total (ttc|incl\w*|due|amount)|amount due|balance due|gesamtbetrag|bruttobetrag|endbetrag|offener betrag|net (à|a) payer|montant d[uû]|totale|totaal)\b/i;
/** An invoice: shipping, fees and taxes add to the subtotal; discounts and amounts paid take from it. */
const INVOICE: readonly Convention[] = [
  [
    /\b(shipping|handling|delivery|freight|postage|carriage|insurance|fees?|charges?|surcharges?|tax(es)?|vat|tva|mwst|ust|iva|btw|gst|hst|versand|porto|frais|port|spedizione|envío)\b/i,
    /\b(discounts?|remise|rabatt|skonto|sconto|descuento|korting|credits?|paid|payments?|deposits?|acompte|anzahlung|less)\b/i,
  ],
];
/** The most figure rows one header heads (current, year to date, a prior period). */
const MAX_FIGURE_ROWS = 3;

interface Cell {
  label: string;
  x0: number;
  x1: number;
}

/** Points within which a label's edge meets its figure's. */
const ALIGNED = 2;

/** Two words on one line of a wrapped label: their middles less than a third of a word's height apart (OCR's boxes follow the ink, descenders and all). */
const sameLine = (a: Word, b: Word): boolean => Math.abs(a.y0 + a.y1 - b.y0 - b.y1) / 2 < Math.min(a.y1 - a.y0, b.y1 - b.y0) / 3;

/** Points a summary's label may be set off its figure's edge (a cell's padding, a currency sign). */
const OFFSET = 4;

/**
 * For each figure, how far the header's word nearest its `edge` (left or right) is set off it, when
 * every figure but one has a word within `OFFSET` points of that edge (the labels are set on that
 * edge of their figures; the one left is 0); undefined when the labels are not set that way.
 */
function setOn(words: readonly Word[], figs: readonly Figure[], edge: 'x0' | 'x1'): number[] | undefined {
  if (figs.length < 3) return undefined;
  const offsets = figs.map((f) => {
    const nearest = words.reduce((a, w) => (Math.abs(w[edge] - f.box[edge]) < Math.abs(a[edge] - f.box[edge]) ? w : a));
    return nearest[edge] - f.box[edge];
  });
  const near = offsets.map((d) => (Math.abs(d) <= OFFSET ? d : 0));
  return offsets.filter((d) => Math.abs(d) <= OFFSET).length >= figs.length - 1 ? near : undefined;
}

/**
 * The header's cells: its words grouped by the gaps between them, each label read top line
 * first. Labels of narrow columns set close together run into one group; it is cut where a
 * figure's column ends under a word's right edge (labels set right like their figures) or starts
 * under a word's left edge (set left); where every figure but one has a label's edge a few points
 * from its own, after or before every figure.
 */
function labelCells(words: readonly Word[], figs: readonly Figure[]): Cell[] {
  const setLeft = (f: Figure): boolean => words.some((w) => Math.abs(w.x0 - f.box.x0) <= ALIGNED);
  const setRight = (f: Figure): boolean => words.some((w) => Math.abs(w.x1 - f.box.x1) <= ALIGNED);
  const [right, left] = [setOn(words, figs, 'x1'), setOn(words, figs, 'x0')];
  const cuts = right
    ? figs.map((f, i) => f.box.x1 + Math.max(0, right[i]!) + ALIGNED)
    : left
      ? figs.map((f, i) => f.box.x0 + Math.min(0, left[i]!) - ALIGNED)
      : figs.flatMap((f) => (setRight(f) ? [f.box.x1 + ALIGNED] : setLeft(f) ? [f.box.x0 - ALIGNED] : []));
  return wordCells(words).flatMap((group) => {
    const parts = new Map<number, Word[]>();
    for (const w of group) {
      const side = cuts.filter((x) => (w.x0 + w.x1) / 2 > x).length;
      parts.set(side, [...(parts.get(side) ?? []), w]);
    }
    return [...parts.values()].map((g) => ({
      label: [...g]
        .sort((a, b) => (sameLine(a, b) ? a.x0 - b.x0 : b.y0 - a.y0))
        .map((w) => w.text)
        .join(' '),
      x0: Math.min(...g.map((w) => w.x0)),
      x1: Math.max(...g.map((w) => w.x1)),
    }));
  });
}

/** For each cell, the figure under it; undefined unless every figure sits under exactly one cell, and no cell right of the first figure is empty. */
function underCells(cells: readonly Cell[], figs: readonly Figure[]): (Figure | undefined)[] | undefined {
  const out: (Figure | undefined)[] = cells.map(() => undefined);
  for (const f of figs) {
    const over = cells.flatMap((c, i) => (Math.min(c.x1, f.box.x1) - Math.max(c.x0, f.box.x0) > 0 ? [i] : []));
    if (over.length !== 1 || out[over[0]!]) return undefined;
    out[over[0]!] = f;
  }
  const first = out.findIndex((f) => f !== undefined);
  return out.slice(first).every((f) => f !== undefined) ? out : undefined;
}

/** A count of items a label prints beside it: "(18)". */
const COUNT = /^\(\d{1,4}\)$/;

/** The most lines a header's labels wrap onto. */
const MAX_HEADER_LINES = 3;

/**
 * The header over the figure row at `index`, line by line from the bottom: the row of labels (no
 * figures) close above it, and the lines above that which may be wrapped parts of the same labels
 * (set tight, each run of words over a word of the lines below or over a figure: a one-line label
 * centred beside two-line ones), or a label's count wrapped below it. A line that passes may still be a title over the labels ("Summary of your
 * account"): `readAcross` tries the header with each number of its lines, the most first.
 */
function headerAbove(rows: readonly Row[], index: number, figs: readonly Figure[]): Word[][] {
  const row = rows[index]!;
  const height = Math.max(...row.words.map((w) => w.y1 - w.y0));
  const lines: Word[][] = [];
  let below = row;
  for (let i = index - 1; i >= 0 && i >= index - MAX_HEADER_LINES; i--) {
    const above = rows[i]!;
    const gap = Math.min(...above.words.map((w) => w.y0)) - Math.max(...below.words.map((w) => w.y1));
    // a label's count wrapped below it ("Total Withdrawals" over "(18)") is a line of the label
    const counts = above.words.every((w) => COUNT.test(w.text));
    const labels = counts || (figures(above).length === 0 && /\p{L}{2}/u.test(above.text));
    if (above.page !== row.page || !labels || gap > (lines.length === 0 ? 3 * height : height / 2)) break;
    // each run of words set tight over a word of the lines below or a figure
    const over = (run: Word[]): boolean => {
      const [x0, x1] = [Math.min(...run.map((w) => w.x0)), Math.max(...run.map((w) => w.x1))];
      return [...lines.flat(), ...figs.map((f) => f.box)].some((o) => Math.min(o.x1, x1) - Math.max(o.x0, x0) > 0);
    };
    if (lines.some((l) => !l.every((w) => COUNT.test(w.text))) && !wordCells(above.words).every(over)) break;
    lines.push([...above.words]);
    below = above;
  }
  return lines;
}

/**
 * The cells of a summary's header over the figures `first`, its kind, the cells that open and close
 * its chain, and whether `first` fits them (a figure under the opening and the closing cell, each
 * figure under one cell); undefined when no cell opens or closes a chain.
 */
function chainCells(
  header: readonly Word[],
  first: readonly Figure[],
): { cells: Cell[]; kind: AcrossSummary['kind']; start: number; end: number; fits: boolean } | undefined {
  const cells = labelCells(header, first);
  const pay = cells.findIndex((c) => GROSS.test(c.label));
  const balance = cells.findIndex((c) => OPENING.test(c.label) || PREVIOUS.test(c.label));
  const kind = pay >= 0 ? 'pay' : balance >= 0 ? 'balance' : 'invoice';
  const start = kind === 'pay' ? pay : kind === 'balance' ? balance : cells.findIndex((c) => NET_BEFORE_TAX.test(c.label));
  const closes = kind === 'pay' ? NET : kind === 'balance' ? new RegExp(`${CLOSING.source}|${DUE.source}`, 'i') : INVOICE_TOTAL;
  let end = -1;
  // the last closing cell (an amount due after the new balance); an invoice's total, the first (the amount paid and the balance due follow it)
  for (let i = start + 1; start >= 0 && i < cells.length && !(kind === 'invoice' && end >= 0); i++) if (closes.test(cells[i]!.label)) end = i;
  if (end < 0) return undefined;
  const under = underCells(cells, first);
  return { cells, kind, start, end, fits: Boolean(under?.[start] && under[end]) };
}

/** One row of figures of a summary across the page: from the figure that opens it to the one that closes it. */
export interface AcrossSummary extends ChainSummary {
  kind: 'pay' | 'balance' | 'invoice';
  /** The index of its figure row. */
  index: number;
  /** The labels of the opening and closing cells. */
  from: string;
  to: string;
}

/** Every figure row of every summary across the page that reads as a chain from an opening to a closing figure. */
export function readAcross(rows: readonly Row[]): AcrossSummary[] {
  const out: AcrossSummary[] = [];
  for (let index = 0; index < rows.length; index++) {
    const first = moneyFigures(rows[index]!);
    if (first.length < 3) continue;
    const lines = headerAbove(rows, index, first);
    // the header with the most lines its first figure row fits, else with all its lines
    const all = lines.length ? chainCells(lines.flat(), first) : undefined;
    let chain = all;
    for (let n = lines.length - 1; n >= 1 && !chain?.fits; n--) chain = chainCells(lines.slice(0, n).flat(), first);
    if (!chain?.fits) chain = all;
    if (!chain) continue;
    const { cells, kind, start, end } = chain;
    // the figure rows under this header: the first and those after it printing as many figures
    let last = index;
    while (last + 1 < rows.length && last + 1 < index + MAX_FIGURE_ROWS && moneyFigures(rows[last + 1]!).length === first.length) last++;
    for (let r = index; r <= last; r++) {
      const under = underCells(cells, moneyFigures(rows[r]!));
      const [open, close] = [under?.[start], under?.[end]];
      if (!under || !open || !close) continue;
      const lines = cells.slice(start + 1, end).map((c, i) => ({ label: c.label, figure: under[start + 1 + i]! }));
      out.push({ kind, index: r, from: cells[start]!.label, to: cells[end]!.label, open, close, lines });
    }
    index = last;
  }
  return out;
}

/**
 * Summaries across the page (`readAcross`) whose cells do not lead from the opening figure to the
 * closing one, reported on the closing figure; `balanceCode` names a balance summary's finding (a
 * statement's or a bill's), `fromOcr` says which pages OCR read (there a misreading may explain it).
 */
export function summariesAcross(
  summaries: readonly AcrossSummary[],
  fromOcr: (page: number) => boolean,
  balanceCode: 'statement_balance_mismatch' | 'bill_totals_mismatch',
): SumFinding[] {
  const findings: SumFinding[] = [];
  // a bill's balance is what is owed: that reading is the one reported
  const conventions = balanceCode === 'statement_balance_mismatch' ? BALANCE_CONVENTIONS : [...BALANCE_CONVENTIONS].reverse();
  for (const { kind, from, to, open, close, lines } of summaries) {
    const read = readSummary(open, lines, close, kind === 'pay' ? PAY : kind === 'invoice' ? INVOICE : conventions);
    if (read === undefined || read === 'consistent') continue;
    if (fromOcr(close.box.page) && read.readings.some((x) => ocrExplains(close, x.computed, [{ figure: open, sign: 1 }, ...x.terms]))) continue;
    const signed = (i: number, text: string): string => `${read.terms[i]!.sign === 1 ? '+' : '−'} ${text}`;
    findings.push({
      code: kind === 'pay' ? 'paystub_totals_mismatch' : kind === 'invoice' ? 'bill_totals_mismatch' : balanceCode,
      rule: 'summary across',
      to,
      closing: close.amount.raw,
      from,
      opening: open.amount.raw,
      lines: lines.length,
      computed: formatMoney(read.computed, close.amount.raw),
      basis: 'stated total',
      ocr: fromOcr(close.box.page),
      tried: read.readings.length,
      reading: [`each line signed as ${kind === 'pay' ? 'pay' : kind === 'invoice' ? 'an invoice' : 'a balance'} reads it`],
      page: close.box.page,
      boxes: [close.box, open.box, ...read.terms.map((t) => t.figure.box)],
      math: {
        formula: `${to.toLowerCase()} = ${from.toLowerCase()} ${lines.map((l, i) => signed(i, l.label.toLowerCase())).join(' ')} (summary across the page)`,
        computed: formatMoney(read.computed, close.amount.raw),
        stated: close.amount.raw,
        ok: false,
        note: `${from} ${open.amount.raw}; ${lines.map((l, i) => signed(i, l.figure.amount.raw.replace(/^[-−]/, ''))).join(' ')}.`,
      },
    });
  }
  return findings;
}

/** What a pay summary's cells and the sections listing their lines are both named by. */
const SECTION_NOUN = /\b(taxes|deductions)\b/i;
/** Sections of another party's figures, not the employee's. */
const ANOTHER_PARTY = /\b(employer|company)\b/i;
/** The most lines a section lists. */
const MAX_SECTION = 20;

/**
 * The lines a section lists under `heading` (a row naming it, without figures): the rows with money
 * figures after it (a column header between them allowed), up to the first row without figures;
 * undefined when a line totals the others (the section has a total of its own) or the lines print
 * different numbers of figures.
 */
function sectionLines(rows: readonly Row[], heading: number): Figure[][] | undefined {
  const lines: Figure[][] = [];
  for (let i = heading + 1; i < rows.length && i <= heading + MAX_SECTION; i++) {
    const row = rows[i]!;
    const figs = moneyFigures(row);
    if (row.page !== rows[heading]!.page) break;
    if (figs.length === 0) {
      if (lines.length > 0 || i > heading + 1) break;
      continue; // the section's column header
    }
    if (/\btotals?\b/i.test(row.text)) return undefined;
    lines.push(figs);
  }
  return lines.length >= 2 && lines.every((l) => l.length === lines[0]!.length) ? lines : undefined;
}

/** Lines a pay summary in a column holds between gross and net pay at most. */
const MAX_COLUMN_LINES = 6;

/**
 * A pay summary printed down a column: gross pay, then rows of one figure each (pre-tax
 * deductions, taxes, post-tax deductions), then net pay, where gross pay less those lines is net
 * pay to the cent (a chain that adds up is a summary; anything else is not read as one).
 */
export function readPayColumn(rows: readonly Row[]): AcrossSummary | undefined {
  for (const [start, row] of rows.entries()) {
    const open = moneyFigures(row);
    if (!GROSS.test(row.text) || open.length !== 1) continue;
    const lines: SummaryLine[] = [];
    for (let i = start + 1; i < rows.length && i <= start + MAX_COLUMN_LINES + 1; i++) {
      const figs = moneyFigures(rows[i]!);
      if (figs.length !== 1 || rows[i]!.page !== row.page) break;
      const label = rows[i]!.words.filter((w) => !/\d/.test(w.text))
        .map((w) => w.text)
        .join(' ');
      if (!NET.test(label)) {
        lines.push({ label, figure: figs[0]! });
        continue;
      }
      const net = subtract(open[0]!.amount.value.abs(), sumOfMagnitudes(lines.map((l) => l.figure)));
      if (lines.length >= 2 && sameMoney(net, figs[0]!.amount.value.abs())) {
        return { kind: 'pay', index: i, from: 'gross', to: 'net', open: open[0]!, close: figs[0]!, lines };
      }
      break;
    }
  }
  return undefined;
}

/**
 * A pay summary (the first of `summaries`: across the page, or down a column) against the sections
 * of `rows` that list its cells' lines: a section headed
 * "Employee taxes withheld" lists the taxes whose sum the summary's "Employee taxes" cell states;
 * one headed "Deductions" the lines of its "Pre-tax deductions" and "Post-tax deductions" cells
 * together (or of one of them). Sections with a total of their own, and another party's (employer
 * taxes), are not read.
 */
export function sectionsAgainstSummary(rows: readonly Row[], summaries: readonly AcrossSummary[], fromOcr: (page: number) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  const pay = summaries.filter((s) => s.kind === 'pay');
  const first = pay[0];
  if (!first) return [];
  // the summary's figure rows in order: this period, then the year to date
  const periods = pay.filter((s) => s.from === first.from && s.to === first.to).slice(0, 2);
  for (let heading = first.index + 1; heading < rows.length; heading++) {
    const row = rows[heading]!;
    const noun = SECTION_NOUN.exec(row.text)?.[1]?.toLowerCase();
    if (!noun || ANOTHER_PARTY.test(row.text) || moneyFigures(row).length > 0) continue;
    const lines = sectionLines(rows, heading);
    if (!lines) continue;
    for (const [column, summary] of periods.entries()) {
      const cells = summary.lines.filter((l) => l.label.toLowerCase().includes(noun)).map((l) => l.figure);
      if (cells.length === 0 || lines.some((l) => !l[column])) continue;
      const listed = sumOfMagnitudes(lines.map((l) => l[column]!));
      const stated = sumOfMagnitudes(cells);
      if ([stated, ...cells.map((f) => f.amount.value.abs())].some((v) => sameMoney(v, listed))) continue;
      const terms = lines.map((l): Term => ({ figure: l[column]!, sign: 1 }));
      if (cells.length === 1 && fromOcr(cells[0]!.box.page) && ocrExplains(cells[0]!, listed, terms)) continue;
      findings.push({
        code: 'paystub_totals_mismatch',
        rule: 'summary section',
        noun,
        stated: formatMoney(stated),
        listed: formatMoney(listed),
        lines: lines.length,
        heading: row.text,
        basis: 'stated total',
        ocr: fromOcr(cells[0]!.box.page),
        page: cells[0]!.box.page,
        boxes: [...cells.map((f) => f.box), ...terms.map((t) => t.figure.box)],
        math: {
          formula: `${noun} (summary) = sum of the ${noun} listed (${column === 0 ? 'current' : 'year-to-date'})`,
          computed: formatMoney(listed),
          stated: cells.map((f) => f.amount.raw).join(' + '),
          ok: false,
          note: `${lines.length} lines under "${row.text}".`,
        },
      });
    }
  }
  return findings;
}
