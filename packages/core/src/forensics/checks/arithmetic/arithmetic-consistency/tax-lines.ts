// Labelled lines of tax forms (1040 and its schedules, and forms written the same way): a line's
// entry is the amount printed right after its line number ("9  84,210.00"), and a line whose
// label says how it is computed — "Add lines 1z, 2b, 3b and 8", "Add lines 12 and 13",
// "Subtract line 10 from line 9", "Add lines 8 through 27a" — must equal that sum or difference of
// the entries it names (of a range, the lines the form prints an entry for: a blank line is zero).
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
/** "Add lines 8 through 27a": every line the form prints an entry for from the first to the last (a line left blank is zero). */
const RANGE = /\badd lines (\d{1,2}[a-z]?) through (\d{1,2}[a-z]?)\b/i;

/** A line number's number and letter ("27a": 27, "a"). */
const lineOf = (n: string): [number, string] => [Number.parseInt(n, 10), n.replace(/^\d+/, '')];

/** True when line `n` lies from line `first` to line `last` (a last line without a letter takes all of its letters). */
function within(n: string, first: string, last: string): boolean {
  const [[num, letter], [a, aLetter], [b, bLetter]] = [lineOf(n), lineOf(first), lineOf(last)];
  const fromFirst = num > a || (num === a && letter >= aLetter);
  const toLast = num < b || (num === b && (!bLetter || (letter !== '' && letter <= bLetter)));
  return fromFirst && toLast;
}

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

/** Each row's entry: the last numbered amount the row prints, with its line number. */
function entriesByRow(map: Map<string, Entry | undefined>): Map<Row, [string, Entry]> {
  const byRow = new Map<Row, [string, Entry]>();
  for (const [number, entry] of map) if (entry) byRow.set(entry.row, [number, entry]);
  return byRow;
}

/** An instruction a line's label states: the line numbers it takes, and whether it adds them. */
interface Instruction {
  operands: string[];
  adding: boolean;
}

/** The instruction `text` states, its operands named for a form whose entries are `map` (a range: the lines printed in it); undefined when none. */
function instructionOf(text: string, map: Map<string, Entry | undefined>, target: string): Instruction | undefined {
  const range = RANGE.exec(text);
  if (range) {
    const [first, last] = [range[1]!.toLowerCase(), range[2]!.toLowerCase()];
    return { operands: [...map.keys()].filter((n) => n !== target && within(n, first, last)), adding: true };
  }
  const sum = ADD.exec(text);
  if (sum)
    return {
      operands: sum[1]!
        .split(/,? and |, ?|,/)
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean),
      adding: true,
    };
  const difference = SUBTRACT.exec(text);
  return difference ? { operands: [difference[2]!.toLowerCase(), difference[1]!.toLowerCase()], adding: false } : undefined;
}

/** Orders line numbers as a form prints them (9 before 10, 24a before 24b). */
const compareLines = (a: string, b: string): number => {
  const [[x, xl], [y, yl]] = [lineOf(a), lineOf(b)];
  return x !== y ? x - y : xl < yl ? -1 : xl > yl ? 1 : 0;
};

/**
 * The text of the label of the line on `rows[i]` with the lines it wraps onto: the rows without
 * figures directly above and below it (two at most each side), around the words of its own row
 * before its entry's repeated line number.
 */
function wrappedLabel(rows: readonly Row[], i: number, entry: Entry): string {
  const figureless = (k: number): boolean => k >= 0 && k < rows.length && rows[k]!.page === rows[i]!.page && figures(rows[k]!).length === 0;
  const above: string[] = [];
  for (let k = i - 1; k >= i - 2 && figureless(k); k--) above.unshift(rows[k]!.text);
  const below: string[] = [];
  for (let k = i + 1; k <= i + 2 && figureless(k); k++) below.push(rows[k]!.text);
  const words = entry.row.words;
  const repeated = words.findIndex((w) => w.x0 >= entry.figure.box.x0 - 0.01) - 1;
  const own = words.slice(LINE_NUMBER.test(words[0]?.text ?? '') ? 1 : 0, Math.max(0, repeated)).map((w) => w.text);
  return [...above, ...own, ...below].join(' ');
}

/** The end of an instruction cut short: a conjunction, a comma or a preposition still waiting for its line. */
const DANGLING = /(\b(and|or|through|to|from|plus|minus|of)|,)\s*$/i;

/** Contradictions between the labelled lines of a tax form, read from its `rows`. */
export function taxLines(ctx: TableContext, rows: Row[]): SumFinding[] {
  const map = entries(rows);
  const byRow = entriesByRow(map);
  const printed = [...map.keys()].sort(compareLines);
  const findings: SumFinding[] = [];
  for (const [i, row] of rows.entries()) {
    const target = byRow.get(row);
    if (!target) continue;
    let instruction = instructionOf(row.text, map, target[0]);
    if (!instruction) {
      // a label wrapped onto lines of its own ("… Add lines 8" above the entry, "through 27a" under
      // it): a form computes a line from earlier ones, so the instruction is the line's only when it
      // is the first line printed after every line the instruction takes
      const label = wrappedLabel(rows, i, target[1]);
      // a label that ends mid-instruction ("Add lines 1z, 2b, 3b, 7, and") goes on under the next line's number: it is that line's
      const wrapped = DANGLING.test(label) ? undefined : instructionOf(label, map, target[0]);
      const last = wrapped?.operands.reduce((a, b) => (compareLines(a, b) >= 0 ? a : b));
      const next = last && printed.find((n) => compareLines(n, last) > 0);
      if (wrapped && next === target[0]) instruction = wrapped;
    }
    if (!instruction) continue;
    const { operands, adding } = instruction;
    if (operands.length === 0 || operands.includes(target[0])) continue;
    const parts = operands.map((n) => map.get(n));
    if (parts.some((p) => !p)) continue;
    const computed: Decimal = adding
      ? parts.reduce((s, p) => add(s, p!.figure.amount.value), decimal('0'))
      : subtract(parts[0]!.figure.amount.value, parts[1]!.figure.amount.value);
    const stated = target[1].figure;
    // a form prints a negative difference as zero
    if (!adding && computed.isNegative() && stated.amount.value.isZero()) continue;
    if (sameMoney(computed, stated.amount.value)) continue;
    const formula = adding
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
