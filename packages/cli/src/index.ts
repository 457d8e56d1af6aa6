// Public surface of @loupe/cli, for embedding the command in other tools and for tests.

export { digestCommand, type Output, type ScanOptions, scanCommand } from './commands.js';
export { DEFAULT_POOL_LIMITS, main, type PoolLimits } from './main.js';
export { formatError, formatReport } from './report.js';
