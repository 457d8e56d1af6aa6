// Labelled lines of tax forms (1040 and its schedules, and forms written the same way): a line's
// entry is the amount printed right after its line number ("9  84,210.00"), and a line whose
// label says how it is computed — "Add lines 1z, 2b, 3b and 8", "Add lines 12 and 13",
// "Subtract line 10 from line 9" — must equal that sum or difference of the entries it names.
// Only instructions whose every operand has an entry are checked; a line number stated twice
// with different amounts (two forms in one file) makes that line unusable.
import { add, type Decimal, decimal, formatMoney, sameMoney, subtract } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import type { TableContext } from '../../../contexts.js';
import { type Figure, figures, rowsOf } from '../../../readers/figures.js';
import { CONFIDENT_FIGURE } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';
import { payrollTaxes } from './payroll-taxes.js';

const LINE_NUMBER = /^(\d{1,2}[a-z]?)$/;
/** "Add lines 12 and 13", "Add lines 1z, 2b, 3b, 7, and 8": numbers joined by commas or "and" (a form repeating its line number after the label, "13 14", does not join it). */
const ADD = /\badd lines? ((?:\d{1,2}[a-z]?(?:, (?:and )?|,| and ))+\d{1,2}[a-z]?)\b/i;
const SUBTRACT = /\bsubtract line (\d{1,2}[a-z]?) from line (\d{1,2}[a-z]?)\b/i;

interface Entry {
  figure: Figure;
  row: Row;
}

/** Line number → entry, from "number amount" pairs on every row; undefined for a number stated twice differently. */
function entries(rows: Row[]): Map<string, Entry | undefined> {
  const map = new Map<string, Entry | undefined>();
  for (const row of rows) {
    const figs = figures(row);
    for (const figure of figs) {
      const at = row.words.findIndex((w) => w.x0 >= figure.box.x0 - 0.01);
      const label = row.words[at - 1];
      const number = label && LINE_NUMBER.exec(label.text)?.[1]?.toLowerCase();
      if (!number) continue;
      if (!map.has(number)) map.set(number, { figure, row });
      else {
        const known = map.get(number);
        if (known && !sameMoney(known.figure.amount.value, figure.amount.value)) map.set(number, undefined);
      }
    }
  }
  return map;
}

/** The entry on the same row as an instruction: the last numbered amount of the row. */
function entryOf(row: Row, map: Map<string, Entry | undefined>): [string, Entry] | undefined {
  let found: [string, Entry] | undefined;
  for (const [number, entry] of map) if (entry?.row === row) found = [number, entry];
  return found;
}

/** Contradictions between the labelled lines of a tax form, read from its `rows`. */
export function taxLines(ctx: TableContext, rows: Row[]): SumFinding[] {
  const map = entries(rows);
  const findings: SumFinding[] = [];
  for (const row of rows) {
    const add_ = ADD.exec(row.text);
    const sub = SUBTRACT.exec(row.text);
    if (!add_ && !sub) continue;
    const target = entryOf(row, map);
    if (!target) continue;
    const operands = add_
      ? add_[1]!
          .split(/,? and |, ?|,/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
      : [sub![2]!.toLowerCase(), sub![1]!.toLowerCase()];
    if (operands.includes(target[0])) continue;
    const parts = operands.map((n) => map.get(n));
    if (parts.some((p) => !p)) continue;
    let computed: Decimal;
    if (add_) computed = parts.reduce((s, p) => add(s, p!.figure.amount.value), decimal('0'));
    else computed = subtract(parts[0]!.figure.amount.value, parts[1]!.figure.amount.value);
    const stated = target[1].figure;
    // a form prints a negative difference as zero
    if (sub && computed.isNegative() && stated.amount.value.isZero()) continue;
    if (sameMoney(computed, stated.amount.value)) continue;
    const formula = add_
      ? `line ${target[0]} = ${operands.map((n) => `line ${n}`).join(' + ')}`
      : `line ${target[0]} = line ${operands[0]} − line ${operands[1]}`;
    findings.push({
      code: 'tax_form_lines_mismatch',
      rule: 'tax form line',
      line: target[0],
      stated: stated.amount.raw,
      computed: formatMoney(computed),
      basis: 'stated total',
      ocr: ctx.fromOcr(stated.box.page),
      page: stated.box.page,
      boxes: [stated.box, ...parts.map((p) => p!.figure.box)],
      math: {
        formula,
        computed: formatMoney(computed),
        stated: stated.amount.raw,
        ok: false,
        note: operands.map((n, i) => `line ${n} ${parts[i]!.figure.amount.raw}`).join(', '),
      },
    });
  }
  return findings;
}

/** The labelled lines of a tax form, and the payroll taxes of wage statements. */
export function taxForm(ctx: TableContext): SumFinding[] {
  if (ctx.category !== 'tax_form') return [];
  const rows = rowsOf(ctx);
  // read by OCR, a figure not read surely decides nothing
  const unsure = (f: Figure): boolean => ctx.fromOcr(f.box.page) && (f.confidence ?? 0) < CONFIDENT_FIGURE;
  return [...taxLines(ctx, rows), ...payrollTaxes(rows, unsure)];
}
