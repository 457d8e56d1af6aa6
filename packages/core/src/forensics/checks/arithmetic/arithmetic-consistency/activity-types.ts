// A statement's summary lines against its activity listed by type: an investment or card account
// lists its period's activity in a table with a "Type" column (Deposit, Dividend, Withdrawal,
// Interest, Fee) and sums each kind in its summary ("Deposits", "Dividends and Interest"; the
// summary as `summary-block.ts` and `summary-across.ts` read it, down the rows, on a grid or across). A
// summary line whose label names only types must be the sum of the activity rows of those types.
// Readings: a type named in the singular or the plural, a label naming several types, rows of a
// type no summary line names (a transfer) counted in a line or not; a line is judged only when the
// activity lists a row of a type it names. A contradiction is corroborated by
// the summary's other lines that add up (else it is context: the activity may not be the whole
// period's).
import { add, formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { labelledCells } from '../../../readers/ledger-layout.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import { combinations } from '../../../readers/readings.js';
import type { SumFinding } from './indicators.js';
import type { ChainSummary } from './summary-block.js';

/** The header cell of the column naming each row's type. */
const TYPE_CELL = /^(transaction |activity )?type$/i;
/** The header cell of the column of amounts. */
const AMOUNT_CELL = /^(net )?amount$/i;
/** The types an activity table names, singular. */
const TYPES = /^(deposit|withdrawal|dividend|interest|fee|contribution|distribution|purchase|payment|credit|transfer)$/;
/** The most rows of types no summary line names that are tried in a line's sum (2^n readings). */
const MAX_UNNAMED = 8;
/** The most rows an activity table lists. */
const MAX_ROWS = 200;

/** A type as the summary and the table both name it: lower case, singular. */
const typeOf = (word: string): string =>
  word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');

/** The types a summary label names, when it names nothing else ("Dividends and Interest"), and the label without its figure; undefined otherwise. */
function labelTypes(label: string): { types: Set<string>; name: string } | undefined {
  // the label's words (a summary line's label may carry its figure: "Deposits 1,252.86")
  const words = label
    .trim()
    .split(/\s+|,/)
    .filter((w) => w && !/\d/.test(w) && !/^(and|&|[$€£+−-])$/i.test(w));
  const types = words.map(typeOf);
  if (words.length === 0 || words.length > 3 || !types.every((t) => TYPES.test(t))) return undefined;
  return { types: new Set(types), name: label.replace(/\s*[-−+$€£(]*\d[\d.,\s]*\)?\s*(CR|DR)?\s*$/i, '').trim() };
}

/** A span of a header row. */
interface Span {
  x0: number;
  x1: number;
}

/** The activity rows under a header naming a type and an amount column: each row's type and amount. */
function activityAt(rows: readonly Row[], index: number): { type: string; amount: Figure }[] | undefined {
  const cells = labelledCells(rows[index]!);
  const type = cells.find((c) => TYPE_CELL.test(c.label));
  const amount = cells.find((c) => AMOUNT_CELL.test(c.label));
  if (!type || !amount || type.x1 >= amount.x0) return undefined;
  const under = (span: Span, x0: number, x1: number): boolean => Math.min(x1, span.x1) - Math.max(x0, span.x0) > 0;
  const next = cells.find((c) => c.x0 > type.x1);
  const out: { type: string; amount: Figure }[] = [];
  for (let i = index + 1; i < rows.length && i <= index + MAX_ROWS; i++) {
    const row = rows[i]!;
    const figs = moneyFigures(row);
    if (figs.length === 0) {
      if (out.length > 0 && !/\d/.test(row.text)) break;
      continue;
    }
    const figure = figs.find((f) => under(amount, f.box.x0, f.box.x1) || Math.abs(f.box.x1 - amount.x1) <= 3);
    // the type: the row's first word in the type column (it ends before the next column begins)
    const word = row.words.find((w) => w.x0 >= type.x0 - 3 && (!next || w.x1 <= next.x0));
    if (!figure || !word || !TYPES.test(typeOf(word.text))) return undefined;
    out.push({ type: typeOf(word.text), amount: figure });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * The summary lines that are not the sum of the activity of their types; `fromOcr` says which
 * pages OCR read (a misreading that explains the difference leaves a line unverified).
 */
export function activityTypes(rows: readonly Row[], summaries: readonly ChainSummary[], fromOcr: (page: number) => boolean): SumFinding[] {
  // the summary's lines whose labels name only types
  const typed = summaries.flatMap((s) =>
    s.lines.flatMap((line) => {
      const read = labelTypes(line.label);
      return read ? [{ figure: line.figure, types: read.types, label: read.name }] : [];
    }),
  );
  if (typed.length === 0) return [];
  for (const [index, row] of rows.entries()) {
    if (moneyFigures(row).length > 0 || !row.words.some((w) => TYPE_CELL.test(w.text))) continue;
    const activity = activityAt(rows, index);
    if (!activity) continue;
    const judged: { finding?: SumFinding; says: string }[] = [];
    // rows of a type no summary line names (a transfer) may be counted in any line: each subset is a reading
    const unnamed = activity.filter((a) => !typed.some((line) => line.types.has(a.type))).slice(0, MAX_UNNAMED);
    for (const line of typed) {
      const listed = activity.filter((a) => line.types.has(a.type));
      if (listed.length === 0) continue;
      const sum = sumOfMagnitudes(listed.map((a) => a.amount));
      const says = `${line.label.toLowerCase()} (summary) = sum of the activity of ${[...line.types].join(' and ')} type`;
      const readings = [...combinations(unnamed.map((a) => [undefined, a]))].map((extra) =>
        add(sum, sumOfMagnitudes(extra.flatMap((a) => (a ? [a.amount] : [])))),
      );
      if (readings.some((r) => sameMoney(r, line.figure.amount.value.abs()))) {
        judged.push({ says });
        continue;
      }
      const terms = listed.map((a): Term => ({ figure: a.amount, sign: 1 }));
      const ocr = fromOcr(line.figure.box.page);
      if (ocr && ocrExplains(line.figure, sum, terms)) continue;
      judged.push({
        says,
        finding: {
          code: 'statement_totals_mismatch',
          rule: 'summary section',
          noun: line.label.toLowerCase(),
          stated: formatMoney(line.figure.amount.value.abs(), line.figure.amount.raw),
          listed: formatMoney(sum, line.figure.amount.raw),
          lines: listed.length,
          heading: `the activity of ${[...line.types].join(' and ')} type`,
          basis: 'stated total',
          ocr,
          tried: readings.length,
          reading: [`the ${listed.length} activity rows typed ${[...line.types].join(' or ')} (singular or plural)`],
          page: line.figure.box.page,
          boxes: [line.figure.box, ...listed.map((a) => a.amount.box)],
          math: {
            formula: says,
            computed: formatMoney(sum, line.figure.amount.raw),
            stated: line.figure.amount.raw,
            ok: false,
            note: `${listed.length} activity rows of ${[...line.types].join(' and ')} type.`,
          },
        },
      });
    }
    // corroborated by the summary's other lines that add up
    const held = judged.filter((j) => !j.finding).map((j) => j.says);
    return judged.flatMap((j) => (j.finding ? [{ ...j.finding, corroboration: held }] : []));
  }
  return [];
}
