// A business's profit and loss statement read down its sections, each column on its own (quarters
// and their year to date, a month and its year, this year and the last): gross profit is total
// income less the total cost of goods sold; net operating income is gross profit (or total income,
// where no cost of goods sold is printed) less total expenses; and net income is net operating
// income with the lines printed between them (other income, other expenses, taxes) added or taken
// off. Each line is found by its label at the start of its row; a column is read only where every
// line of the identity prints a figure ending where the others do. Readings: the figures as
// printed (a loss in parentheses or with a minus), or by magnitude; between operating and net
// income, each line added or taken off. A line is contradicted only when no reading makes it hold.
import { add, type Decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures, type Term } from '../../../readers/figures.js';
import { combinations } from '../../../readers/readings.js';
import type { SumFinding } from './indicators.js';
import { mismatch } from './mismatch.js';

const TOTAL_INCOME = /^total (income|revenues?|sales)\b(?! (and|&))/i;
const TOTAL_COGS = /^total cost of (goods sold|sales|revenues?)\b/i;
const GROSS_PROFIT = /^gross (profit|margin)\b/i;
const TOTAL_EXPENSES = /^total (operating )?expenses\b/i;
const OPERATING = /^((net )?operating (income|profit)|income from operations)\b/i;
const NET_INCOME = /^net (income|profit|earnings)\b/i;
/** Lines between operating and net income read as added or taken off, at most this many. */
const MAX_BETWEEN = 4;
/** Right edges of one column, within this many points. */
const ALIGN = 3;

/** A line of the statement: its row, where it is, and its figures. */
interface Line {
  row: Row;
  index: number;
  figures: Figure[];
}

/** The first row labelled `label` that prints figures, from row `from` on. */
function line(rows: readonly Row[], label: RegExp, from = 0): Line | undefined {
  for (let index = from; index < rows.length; index++) {
    const row = rows[index]!;
    if (!label.test(row.text)) continue;
    const figs = figures(row);
    if (figs.length > 0) return { row, index, figures: figs };
  }
  return undefined;
}

/** The words of a line before its first figure: its label. */
const labelOf = (l: Line): string =>
  l.row.words
    .filter((w) => w.x1 <= l.figures[0]!.box.x0)
    .map((w) => w.text)
    .join(' ');

/** The figure of `row` in the column ending at `x1`, if one. */
const inColumn = (figs: readonly Figure[], x1: number): Figure | undefined => figs.find((f) => Math.abs(f.box.x1 - x1) <= ALIGN);

/** `first` with each of `others` added or taken off by `signs`: as printed, or by magnitude. */
const combined = (first: Figure, others: readonly Figure[], signs: readonly number[], magnitude: boolean): Decimal => {
  const value = (f: Figure): Decimal => (magnitude ? f.amount.value.abs() : f.amount.value);
  return others.reduce((sum, f, i) => (signs[i] === 1 ? add(sum, value(f)) : subtract(sum, value(f))), value(first));
};

/** True when `stated` is `first` with each of `others` added or taken off by `signs`, as printed or by magnitude. */
const holds = (stated: Figure, first: Figure, others: readonly Figure[], signs: readonly number[]): boolean =>
  sameMoney(combined(first, others, signs, false), stated.amount.value) || sameMoney(combined(first, others, signs, true).abs(), stated.amount.value.abs());

/** One identity of the statement: its line, what it is computed from and how. */
interface Identity {
  formula: string;
  stated: Line;
  first: Line;
  /** The lines added to or taken off `first`, each with the signs it may take. */
  others: { line: Line; signs: number[] }[];
}

/** The identities the statement prints the lines of. */
function identities(rows: readonly Row[]): Identity[] {
  const income = line(rows, TOTAL_INCOME);
  const cogs = line(rows, TOTAL_COGS);
  const gross = line(rows, GROSS_PROFIT);
  const expenses = line(rows, TOTAL_EXPENSES);
  const operating = line(rows, OPERATING);
  const net = operating && line(rows, NET_INCOME, operating.index + 1);
  const out: Identity[] = [];
  if (income && cogs && gross && income.index < cogs.index && cogs.index < gross.index)
    out.push({ formula: 'gross profit = total income − total cost of goods sold', stated: gross, first: income, others: [{ line: cogs, signs: [-1] }] });
  const before = gross ?? (cogs ? undefined : income);
  if (before && expenses && operating && before.index < expenses.index && expenses.index < operating.index)
    out.push({
      formula: `net operating income = ${gross ? 'gross profit' : 'total income'} − total expenses`,
      stated: operating,
      first: before,
      others: [{ line: expenses, signs: [-1] }],
    });
  if (operating && net) {
    const between = rows.slice(operating.index + 1, net.index).flatMap((row, k) => {
      const figs = figures(row);
      return figs.length > 0 ? [{ line: { row, index: operating.index + 1 + k, figures: figs }, signs: [1, -1] }] : [];
    });
    if (between.length <= MAX_BETWEEN)
      out.push({ formula: 'net income = net operating income ± the lines between them', stated: net, first: operating, others: between });
  }
  return out;
}

/**
 * The lines of a profit and loss statement that their sections do not make, each pointing at the
 * line and the figures it was computed from; `unverified` says when OCR could explain the difference.
 */
export function profitLoss(rows: readonly Row[], unverified: (stated: Figure, computed: Decimal, terms: readonly Term[]) => boolean): SumFinding[] {
  const findings: SumFinding[] = [];
  for (const identity of identities(rows)) {
    for (const stated of identity.stated.figures) {
      const x1 = stated.box.x1;
      const first = inColumn(identity.first.figures, x1);
      const others = identity.others.map((o) => inColumn(o.line.figures, x1));
      // a column not every line prints a figure in is not read
      if (!first || others.some((o) => !o)) continue;
      const parts = others as Figure[];
      if ([...combinations(identity.others.map((o) => o.signs))].some((signs) => holds(stated, first, parts, signs))) continue;
      const signs = identity.others.map((o) => o.signs[0]!);
      const computed = combined(first, parts, signs, false);
      const terms: Term[] = [{ figure: first, sign: 1 }, ...parts.map((figure, i): Term => ({ figure, sign: signs[i] === 1 ? 1 : -1 }))];
      if (unverified(stated, computed, terms)) continue;
      findings.push(
        mismatch(
          'table_total_mismatch',
          identity.formula,
          computed,
          stated,
          {
            rule: 'statement line',
            label: labelOf(identity.stated),
            stated: stated.amount.raw,
            computed: formatMoney(computed, stated.amount.raw),
            formula: identity.formula,
          },
          `${[identity.first, ...identity.others.map((o) => o.line)].map((l, i) => `${labelOf(l)} ${(i === 0 ? first : parts[i - 1]!).amount.raw}`).join(', ')}.`,
          [first, ...parts],
        ),
      );
    }
  }
  return findings;
}
