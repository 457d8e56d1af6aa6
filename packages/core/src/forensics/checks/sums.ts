// The checks of a document's sums: the running balances of a ledger (`arithmetic.ts`), a
// statement's stated totals and summaries (`statement-totals.ts`), and the totals of pay stubs,
// bills and invoices (`totals.ts`). On a scan, a misread digit that would excuse a contradiction of
// one of them is tested against the sums of all three (`misreading-test.ts`): a misreading that
// makes a summary agree with its ledger but breaks the ledger's running balance is no misreading.
import { type Check, onWords, type TableContext } from '../context.js';
import type { Finding } from '../findings.js';
import { statementArithmetic } from './arithmetic.js';
import { testedMisreadings } from './misreading-test.js';
import { statementTotals } from './statement-totals.js';
import { documentTotals } from './totals.js';

/** Every check of the document's sums, for testing a misreading against. */
const EVERY_SUM = [statementArithmetic, statementTotals, documentTotals];

/** A check of sums, its misreadings tested against every sum. */
const sumsCheck = (run: (ctx: TableContext) => Finding[]): Check => ({
  name: 'arithmetic consistency',
  run: (ctx) => onWords(ctx, () => testedMisreadings(ctx, run, EVERY_SUM)),
});

/** The running balances of bank statements. */
export const arithmetic = sumsCheck(statementArithmetic);
/** The stated totals and account summaries of bank statements. */
export const statementTotalsCheck = sumsCheck(statementTotals);
/** The totals of pay stubs, bills and invoices. */
export const totals = sumsCheck(documentTotals);
