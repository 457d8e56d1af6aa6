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
/** Formats with two decimals and thousands separators, e.g. `-1,234.56`. */
export function formatMoney(a: Decimal): string {
  const fixed = a.toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
