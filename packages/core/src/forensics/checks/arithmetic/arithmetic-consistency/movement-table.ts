// A statement's movements listed in separate withdrawal and deposit columns with no running
// balance (a header naming one debit and one credit column and no balance): each column summed
// over its dated rows, across pages and repeated headers, against the deposits and withdrawals the
// statement states (a "Total deposits" line, or the cells of its summary across the page). With no
// running balance nothing shows that every movement of the period is in the list, and statements
// list some movements elsewhere (checks in a table of their own): a column summing to less than its
// stated total is not judged. One summing to more holds movements the statement's own total does
// not — a figure raised or a row added in the list.
import { add, type Decimal, decimal, formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { columnAt, type LedgerColumns, movementColumns, startsWithDate } from '../../../readers/ledger-layout.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';

/** Which column a movement sits in. */
export type Side = 'credit' | 'debit';

/** The sum of one column, with the figures summed. */
interface ColumnSum {
  total: Decimal;
  terms: Term[];
}

/** The fewest movements a list needs before its sums are judged. */
const MIN_MOVEMENTS = 3;

/**
 * The sums of the withdrawal and deposit columns of a list of movements without a running
 * balance; undefined when there is no such list, or a row in it cannot be read as one movement in
 * one of the two columns. The list runs from its header to the first row with a figure that opens
 * with no date (its total, the next table) and resumes under a repeated header.
 */
export function movementSums(rows: readonly Row[]): Record<Side, ColumnSum> | undefined {
  const sums: Record<Side, ColumnSum> = { credit: { total: decimal('0'), terms: [] }, debit: { total: decimal('0'), terms: [] } };
  let columns: LedgerColumns | undefined;
  let count = 0;
  for (const row of rows) {
    const header = movementColumns(row, figures(row).length > 0);
    if (header) {
      columns = header;
      continue;
    }
    const money = moneyFigures(row);
    if (!columns || money.length === 0) continue;
    if (!startsWithDate(row)) {
      columns = undefined;
      continue;
    }
    const side = money.length === 1 ? columnAt(columns, money[0]!.box.x0, money[0]!.box.x1) : undefined;
    if (side !== 'credit' && side !== 'debit') return undefined;
    const figure = money[0]!;
    sums[side].total = add(sums[side].total, figure.amount.value.abs());
    sums[side].terms.push({ figure, sign: 1 });
    count++;
  }
  return count >= MIN_MOVEMENTS ? sums : undefined;
}

/**
 * Columns of a list of movements without a running balance that sum to more than the statement's
 * stated total of their side (`stated`: the figures that state it, summed), reported on the
 * stated total.
 */
export function movementsOverStated(rows: readonly Row[], stated: Partial<Record<Side, Figure[]>>, fromOcr: (page: number) => boolean): SumFinding[] {
  const sums = movementSums(rows);
  if (!sums) return [];
  const findings: SumFinding[] = [];
  for (const side of ['credit', 'debit'] as const) {
    const figs = stated[side];
    if (!figs?.length) continue;
    const statedTotal = sumOfMagnitudes(figs);
    const { total, terms } = sums[side];
    const first = figs[0]!;
    if (!total.gt(statedTotal) || sameMoney(total, statedTotal)) continue;
    if (fromOcr(first.box.page) && figs.length === 1 && ocrExplains(first, total, terms)) continue;
    const words = side === 'credit' ? 'credits (deposits)' : 'debits (withdrawals)';
    findings.push({
      code: 'statement_totals_mismatch',
      rule: 'movements over stated',
      side: words,
      listed: formatMoney(total),
      stated: formatMoney(statedTotal),
      basis: 'stated total',
      ocr: fromOcr(first.box.page),
      page: first.box.page,
      boxes: figs.map((f) => f.box),
      math: {
        formula: `total ${words} = sum of the ${words} listed`,
        computed: formatMoney(total),
        stated: figs.map((f) => f.amount.raw).join(' + '),
        ok: false,
        note: `${terms.length} ${side === 'credit' ? 'deposits' : 'withdrawals'} listed without a running balance.`,
      },
    });
  }
  return findings;
}
