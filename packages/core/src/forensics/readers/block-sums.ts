// Blocks read down one column: rows of one figure each (charges and their total, an invoice's
// subtotal, discounts, taxes and total, a bill's or a statement's account summary), where every row
// is an item added or taken away, or a total of the rows above it — all of them since the block
// began (a running total: a subtotal, a balance forward) or since the last total (a section's) —
// and the last row is the block's total (in a grid of totals, a total may open the block: its items
// are printed elsewhere, and the sums go on from it). Which role and which sign a row has is a reading: the
// check gives each row the roles its label allows, most plausible first, and `blockReadings`
// yields every combination with the identities it implies, for `judge` (readings.ts) to weigh.
import { add, decimal } from '../../tables/decimal.js';
import type { Figure, Term } from './figures.js';
import { combinations, type Identity, type Reading } from './readings.js';

/** A row of a block: its label and its one figure. */
export interface BlockRow {
  label: string;
  figure: Figure;
}

/** What a row is in a reading. */
export type Role =
  /** Added (+1) or taken away (−1), whatever sign it is printed with. */
  | { as: 'item'; sign: 1 | -1 }
  /** Added with the sign it is printed with. */
  | { as: 'signed item' }
  /** The sum of everything since the block began (a total printed above it standing for the rows it totals); the sums below go on from it. */
  | { as: 'running total' }
  /** The sum of the items since the block began or the last total; the sums below count it instead of them. */
  | { as: 'section total' }
  /** Not part of the sum (a figure printed beside the block's arithmetic). */
  | { as: 'aside' };

/** An identity of a block: a total row against the rows it sums under the reading. */
export interface BlockIdentity extends Identity {
  /** The total row's label. */
  label: string;
  /** How many rows it sums. */
  count: number;
  /** The identity written out: the total's label = its rows' labels, signed ("Total = Subtotal + Sales tax − Discount"). */
  formula: string;
}

const roleWords = (row: BlockRow, role: Role): string =>
  role.as === 'item'
    ? `"${row.label}" ${role.sign === 1 ? 'added' : 'taken away'}`
    : role.as === 'signed item'
      ? `"${row.label}" added as printed`
      : `"${row.label}" ${role.as === 'aside' ? 'set aside' : `a ${role.as}`}`;

/** The most rows a formula names one by one. */
const NAMED = 6;

/** The identities of `rows` read with `roles` (one per row), the last row the block's total; undefined when a total would sum nothing (no reading). */
function identitiesOf(rows: readonly BlockRow[], roles: readonly Role[], opensWithTotal: boolean): BlockIdentity[] | undefined {
  const identities: BlockIdentity[] = [];
  // what the next total sums: every term since the block began (a total printed above stands for the terms it summed)
  let all: { term: Term; label: string }[] = [];
  let section: typeof all = [];
  for (const [i, row] of rows.entries()) {
    const role = i === rows.length - 1 ? { as: 'running total' as const } : roles[i]!;
    if (role.as === 'aside') continue;
    const magnitude = (t: Term) => (t.sign === 1 ? t.figure.amount.value.abs() : t.figure.amount.value.abs().neg());
    if (role.as === 'running total' || role.as === 'section total') {
      const summed = role.as === 'running total' ? all : section;
      // a total opening the block stands for items printed elsewhere (a subtotal over a grid of the invoice's totals): the sums go on from it
      if (i === 0 && opensWithTotal) {
        all = [{ term: { figure: row.figure, sign: row.figure.amount.value.isNegative() ? -1 : 1 }, label: row.label }];
        continue;
      }
      if (summed.length === 0) return undefined;
      const terms = summed.map((s) => s.term);
      const named =
        summed.length <= NAMED
          ? summed.map((s, k) => `${k === 0 ? (s.term.sign === 1 ? '' : '− ') : s.term.sign === 1 ? '+ ' : '− '}${s.label}`).join(' ')
          : `the ${summed.length} rows above`;
      identities.push({
        says: `${row.label} = ${role.as === 'running total' ? 'the rows above it' : 'the rows of its section'}`,
        label: row.label,
        stated: row.figure,
        computed: terms.reduce((sum, t) => add(sum, magnitude(t)), decimal('0')),
        terms,
        count: terms.length,
        magnitude: true,
        formula: `${row.label} = ${named}`,
      });
      // the sums below go on from the printed total, not from the rows it totals
      const printed = { term: { figure: row.figure, sign: row.figure.amount.value.isNegative() ? -1 : 1 } as Term, label: row.label };
      all = [...all.filter((s) => !summed.includes(s)), printed];
      section = [];
      continue;
    }
    // a term adds or takes away its figure's magnitude: by the reading's sign, or by the sign it is printed with
    const sign: 1 | -1 = role.as === 'item' ? role.sign : row.figure.amount.value.isNegative() ? -1 : 1;
    const entry = { term: { figure: row.figure, sign }, label: row.label };
    all = [...all, entry];
    section = [...section, entry];
  }
  return identities;
}

/**
 * Every reading of `rows` (the last is the block's total), each row taking one of the roles
 * `roles` gives it (most plausible first; the total row's are ignored), the most plausible
 * combinations first; `opensWithTotal` when a total may open the block (a grid of totals whose
 * subtotal's items are printed elsewhere).
 */
export function* blockReadings(
  rows: readonly BlockRow[],
  roles: (row: BlockRow, index: number) => readonly Role[],
  opensWithTotal = false,
): Generator<Reading<BlockIdentity>> {
  const options = rows.map((row, i) => (i === rows.length - 1 ? [{ as: 'running total' } as Role] : roles(row, i)));
  for (const chosen of combinations(options)) {
    const identities = identitiesOf(rows, chosen, opensWithTotal);
    if (!identities) continue;
    const assumes = rows.slice(0, -1).flatMap((row, i) => (options[i]!.length > 1 ? [roleWords(row, chosen[i]!)] : []));
    yield { assumes, identities };
  }
}
