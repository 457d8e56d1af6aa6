// Exact decimal arithmetic for money: the core's own mathjs instance with BigNumber numbers
// (decimal-math.ts), so sums of figures never suffer binary rounding. mathjs is loaded by
// `loadDecimals()`, which every scan awaits before reading figures (a page that only imports the
// core never downloads it: 162 KB minified); the functions below are synchronous and need it loaded.
import type { BigNumber as BigNumberType } from 'mathjs';
import { onDemand } from '../on-demand.js';

const mathjs = /* @__PURE__ */ onDemand<typeof import('./decimal-math.js')>('Decimal arithmetic is', 'loadDecimals', 'decimals_not_loaded');
const loaded = () => mathjs.get().math;

/** Loads the decimal arithmetic (once); `parseAmount` and the arithmetic checks need it loaded. */
export const loadDecimals = (): Promise<void> => mathjs.load(() => import('./decimal-math.js'));

/** An exact decimal. */
export type Decimal = BigNumberType;

/** Parses a plain decimal string (`-1234.56`). */
export const decimal = (text: string): Decimal => loaded().bignumber(text);
/** a + b. */
export const add = (a: Decimal, b: Decimal): Decimal => loaded().add(a, b) as Decimal;
/** a − b. */
export const subtract = (a: Decimal, b: Decimal): Decimal => loaded().subtract(a, b) as Decimal;
/** `share` of `amount`, or `floor` when that is more (a tolerance of "$1 or 0.1%, whichever is more"). */
export function shareOrFloor(amount: Decimal, share: string, floor: string): Decimal {
  const part = amount.times(share);
  return part.gt(floor) ? part : decimal(floor);
}
/** True when |a − b| is below one minor unit (0.01). */
export const sameMoney = (a: Decimal, b: Decimal): boolean => (loaded().subtract(a, b) as Decimal).abs().lt(0.01);
/** A figure printed in the continental way: a comma before its cents. */
const COMMA_CENTS = /\d,\d{2}(?!\d)/;
/** The character grouping a continental figure's thousands (a dot, a space of any width, or none). */
function continentalGrouping(like: string): string {
  const group = /\d([.\u00a0\u202f ])\d{3}(?!\d)/.exec(like);
  if (group) return group[1]!;
  return /\d{4},\d{2}/.test(like) ? '' : '.';
}

/**
 * Formats with two decimals and thousands separators, e.g. `-1,234.56`; given `like` (a figure as
 * the document prints it), in its number format: `-1.234,56`, `-1 234,56`, `-1234,56`.
 */
export function formatMoney(a: Decimal, like?: string): string {
  const fixed = a.toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  const continental = like !== undefined && COMMA_CENTS.test(like);
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, continental ? continentalGrouping(like) : ',');
  return `${negative ? '-' : ''}${grouped}${continental ? ',' : '.'}${cents}`;
}
