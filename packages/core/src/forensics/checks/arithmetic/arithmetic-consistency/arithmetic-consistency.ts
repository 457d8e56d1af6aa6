// Arithmetic consistency: the sums a document's figures must satisfy, each read from the page's
// words with exact decimal arithmetic — a statement's running balances (`running-balances.ts`),
// its stated totals and summaries (`statement-totals.ts`) and daily balance grid
// (`daily-balances.ts`); the totals of pay stubs, bills, invoices and any table
// (`document-totals.ts`); the labelled lines and payroll taxes of tax forms (`tax-lines.ts`). On a
// scanned PDF, a misread digit that would excuse a contradiction of one of the three sums is tested
// against all three (`readers/misreading-trial.ts`): a misreading that makes a summary agree with
// its ledger but breaks the ledger's running balance is no misreading. A photo is one page, maybe
// of many: its running balances, its account summaries on their own lines and its document totals
// are read (no total is held against a ledger that may go on past the picture), and a misreading
// that would excuse one is tested against all three, by a photo's rules (`misreading-trial.ts`).
// Figures a spreadsheet printed in its General format are read as money (`spreadsheet-figures.ts`).
import { defineCheck, onWords } from '../../../check.js';
import { testedMisreadings } from '../../../readers/misreading-trial.js';
import { withSpreadsheetFigures } from '../../../readers/spreadsheet-figures.js';
import { dailyBalances } from './daily-balances.js';
import { documentTotals } from './document-totals.js';
import { indicators } from './indicators.js';
import { statementArithmetic } from './running-balances.js';
import { statementSummaries, statementTotals } from './statement-totals.js';
import { taxForm } from './tax-lines.js';

/** Every sum a misreading is tested against. */
const EVERY_SUM = [statementArithmetic, statementTotals, documentTotals];
/** The sums a photo is judged on: one page, maybe of many, so no total against a ledger that may go on past it. */
const PHOTO_SUMS = [statementArithmetic, statementSummaries, documentTotals];

/** The arithmetic check. */
export const arithmeticConsistency = defineCheck({
  name: 'arithmetic consistency',
  subjects: ['pdf', 'image'],
  order: 110,
  indicators,
  run: (checked) => {
    // figures a spreadsheet printed without a number format are read as the money they are
    const ctx = withSpreadsheetFigures(checked);
    return onWords(ctx, () =>
      ctx.subject === 'image'
        ? PHOTO_SUMS.flatMap((sums) => testedMisreadings(ctx, sums, PHOTO_SUMS, true))
        : [
            ...testedMisreadings(ctx, statementArithmetic, EVERY_SUM),
            ...testedMisreadings(ctx, statementTotals, EVERY_SUM),
            ...dailyBalances(ctx),
            ...testedMisreadings(ctx, documentTotals, EVERY_SUM),
            ...taxForm(ctx),
          ],
    );
  },
});
