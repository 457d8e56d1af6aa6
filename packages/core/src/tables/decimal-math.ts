// The core's own mathjs instance with BigNumber numbers, built from the three functions money
// needs (their dependency-set factories): a module of its own so it loads with the first scan
// (decimal.ts imports it dynamically), not with the core.
import { addDependencies, bignumberDependencies, create, type FactoryFunctionMap, subtractDependencies } from 'mathjs';

/** The instance (mathjs types its dependency maps as possibly undefined; they are always defined). */
export const math = create({ bignumberDependencies, addDependencies, subtractDependencies } as FactoryFunctionMap, { number: 'BigNumber', precision: 64 });
