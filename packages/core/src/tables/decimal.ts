// Exact decimal arithmetic for money: the core's own mathjs instance with BigNumber numbers
// (built from the few functions it needs), so sums of figures never suffer binary rounding.
import { addDependencies, type BigNumber as BigNumberType, bignumberDependencies, create, type FactoryFunctionMap, subtractDependencies } from 'mathjs';

// mathjs types its dependency maps as possibly undefined; they are always defined at run time
const math = create({ bignumberDependencies, addDependencies, subtractDependencies } as FactoryFunctionMap, { number: 'BigNumber', precision: 64 });

/** An exact decimal. */
export type Decimal = BigNumberType;

/** Parses a plain decimal string (`-1234.56`). */
export const decimal = (text: string): Decimal => math.bignumber(text);
/** a + b. */
export const add = (a: Decimal, b: Decimal): Decimal => math.add(a, b) as Decimal;
/** a − b. */
export const subtract = (a: Decimal, b: Decimal): Decimal => math.subtract(a, b) as Decimal;
/** True when |a − b| is below one minor unit (0.01). */
export const sameMoney = (a: Decimal, b: Decimal): boolean => (math.subtract(a, b) as Decimal).abs().lt(0.01);
/** Formats with two decimals and thousands separators, e.g. `-1,234.56`. */
export function formatMoney(a: Decimal): string {
  const fixed = a.toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
