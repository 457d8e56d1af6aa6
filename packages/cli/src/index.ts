// Public surface of @loupe/cli, for embedding the command in other tools and for tests.
export { DEFAULT_POOL_LIMITS, main, type PoolLimits } from './main.js';
export { digestCommand, scanCommand, type Output, type ScanOptions } from './commands.js';
export { formatError, formatReport } from './report.js';
