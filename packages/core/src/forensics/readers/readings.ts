// Readings as hypotheses. What a block of figures means — which figure plays which role, which
// rows are items, which sign each carries, where a wrapped row ends — is read, not known, and a
// reading can be wrong. A check states the readings a block plausibly has (most plausible first)
// and the identities each implies (a total is the sum of its items, a closing balance the opening
// one moved by the period's movements); the block is consistent when any reading makes every
// identity hold. Otherwise the reading under which the most identities hold is the one the block
// is judged on: its failed identities are the contradictions, and the identities that held under
// it corroborate it (a ledger whose other rows follow, a summary whose other lines reconcile). A
// contradiction nothing corroborates is as likely a misreading as an edit: the scoring policy
// weighs it as context. A finding records the reading it rests on, how many readings were tried
// and what corroborates it, so a reviewer sees why it stands.
import { type Decimal, sameMoney } from '../../tables/decimal.js';
import type { Figure, Term } from './figures.js';

/** An identity a block's figures satisfy when read right: the printed `stated` is `computed` from `terms`. */
export interface Identity {
  /** What it says, in words ("total = subtotal + taxes and fees"). */
  says: string;
  stated: Figure;
  computed: Decimal;
  terms: readonly Term[];
  /** Compare magnitudes (a total printed without the sign its items carry). */
  magnitude?: boolean;
}

/** One reading of a block: what it assumes, in words, and the identities it implies. */
export interface Reading<I extends Identity = Identity> {
  assumes: readonly string[];
  identities: readonly I[];
}

/** A block judged on its readings. */
export interface Judgement<I extends Identity = Identity> {
  /** The reading under which the most identities hold (the most plausible of those tied). */
  reading: Reading<I>;
  /** Its identities that fail: the contradictions. */
  failed: I[];
  /** Its identities that hold: what corroborates the reading. */
  held: I[];
  /** How many readings were tried. */
  tried: number;
}

/** The most readings of one block tried (a block's choices multiply). */
export const MAX_READINGS = 4096;

/** True when the identity holds: its stated figure is what it computes (to the cent). */
export function holds(identity: Identity): boolean {
  const stated = identity.stated.amount.value;
  return identity.magnitude ? sameMoney(identity.computed.abs(), stated.abs()) : sameMoney(identity.computed, stated);
}

/**
 * Judges a block on its `readings` (most plausible first): undefined when one makes every identity
 * hold (or there is none), else the reading under which the most hold, with what failed and what
 * corroborates it. At most `MAX_READINGS` are tried. `excused` says when a failed identity may
 * rest on a misread figure (a page read by OCR): a reading whose every failure is excused makes
 * the block consistent as far as it can be read — another reading's contradiction is no evidence
 * while a misread digit would let this one hold.
 */
export function judge<I extends Identity>(readings: Iterable<Reading<I>>, excused: (identity: I) => boolean = () => false): Judgement<I> | undefined {
  let best: Judgement<I> | undefined;
  let tried = 0;
  for (const reading of readings) {
    if (tried++ >= MAX_READINGS) break;
    if (reading.identities.length === 0) continue;
    const held = reading.identities.filter(holds);
    if (held.length === reading.identities.length) return undefined;
    if (reading.identities.every((i) => holds(i) || excused(i))) return undefined;
    if (!best || held.length > best.held.length) best = { reading, held, failed: reading.identities.filter((i) => !holds(i)), tried: 0 };
  }
  return best && { ...best, tried };
}

/** Every combination of one option from each of `choices`, the first options first (an empty list of choices has one: nothing chosen). */
export function* combinations<T>(choices: readonly (readonly T[])[]): Generator<T[]> {
  if (choices.some((c) => c.length === 0)) return;
  const at = choices.map(() => 0);
  for (;;) {
    yield at.map((k, i) => choices[i]![k]!);
    let i = choices.length - 1;
    while (i >= 0 && at[i] === choices[i]!.length - 1) at[i--] = 0;
    if (i < 0) return;
    at[i] = at[i]! + 1;
  }
}

/** True when no figure plays two roles in `figures` (one printed figure is never two things at once). */
export function oneRoleEach(figures: readonly (Figure | undefined)[]): boolean {
  const seen = new Set<string>();
  for (const f of figures) {
    if (!f) continue;
    const key = `${f.box.page}:${f.box.x0.toFixed(1)}:${f.box.y0.toFixed(1)}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** What a finding of a judged block records: the reading it rests on, how many were tried, and what corroborates it. */
export interface ReadingFacts {
  /** What the reading assumed. */
  reading: string[];
  /** How many readings of the block were tried. */
  tried: number;
  /** The identities that held under it; none: the contradiction rests on the reading alone. */
  corroboration: string[];
}

/** The facts a finding about `judgement`'s failed identity records. */
export const readingFacts = (judgement: Judgement): ReadingFacts => ({
  reading: [...judgement.reading.assumes],
  tried: judgement.tried,
  corroboration: judgement.held.map((i) => i.says),
});
