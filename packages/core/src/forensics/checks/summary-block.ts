// A statement's account summary in categories: "Beginning balance", then one line per kind of
// movement ("Deposits and additions", "ATM & debit card withdrawals", "Electronic withdrawals",
// "Checks paid", "Fees"), then "Ending balance". The lines between the two balances must lead from
// one to the other: each adds or subtracts by its label (a deposit, credit or interest adds; a
// withdrawal, check, fee, payment or purchase subtracts) unless printed with its own sign; a card
// or loan account's summary, whose balance is what is owed, is read the other way (purchases, fees
// and interest add, payments and credits subtract), and a summary either reading leads through is
// consistent. A block is judged only when every line in it is a labelled amount of one kind (a
// count, a line of both kinds or of neither, or a total makes it unreadable), so a summary written
// otherwise yields nothing.
import { add, formatMoney, sameMoney } from '../../tables/decimal.js';
import type { Row } from '../../tables/rows.js';
import type { Finding } from '../findings.js';
import { CLOSING, type Figure, figures, OPENING, ocrExplains, type Term } from './arithmetic.js';

/** A deposit account's summary: what adds to the balance and what subtracts from it. */
const ADDS = /\b(deposits?|credits?|additions?|interest|refunds?|dividends?|transfers? in)\b/i;
const SUBTRACTS = /\b(withdrawals?|debits?|checks?|cheques?|fees?|charges?|payments?|purchases?|subtractions?|transfers? out)\b/i;
/** A card or loan account's summary, where the balance is what is owed: purchases add, payments subtract. */
const OWED_ADDS = /\b(purchases?|charges?|fees?|interest|cash advances?|balance transfers?|debits?)\b/i;
const OWED_SUBTRACTS = /\b(payments?|credits?|refunds?|returns?)\b/i;

/** The sign a line takes under one convention: +1, −1, or undefined when its label names both or neither. */
function signOf(text: string, adds: RegExp, subtracts: RegExp): 1 | -1 | undefined {
  const [a, b] = [adds.test(text), subtracts.test(text)];
  return a === b ? undefined : a ? 1 : -1;
}
const MONEY = /\.\d{2}\)?(\s*(CR|DR|-))?$/i;
/** The most lines a summary holds between its balances. */
const MAX_LINES = 10;

/** The one amount of a summary line, or undefined when it has none or several. */
function amountOf(row: Row): Figure | undefined {
  const figs = figures(row).filter((f) => MONEY.test(f.amount.raw));
  return figs.length === 1 ? figs[0] : undefined;
}

/**
 * Summaries in categories that do not lead from their opening to their closing balance;
 * `fromOcr` says which pages were read by OCR (there a misreading may explain the difference).
 */
export function summaryBlocks(rows: Row[], fromOcr: (page: number) => boolean): Finding[] {
  const findings: Finding[] = [];
  for (const [index, row] of rows.entries()) {
    if (!OPENING.test(row.text)) continue;
    const open = amountOf(row);
    const end = rows.findIndex((r, i) => i > index && i <= index + MAX_LINES + 1 && CLOSING.test(r.text));
    if (!open || end < 0) continue;
    const close = amountOf(rows[end]!);
    const lines = rows.slice(index + 1, end);
    if (!close || lines.length < 2 || lines.some((l) => l.page !== row.page)) continue;
    const amounts = lines.map(amountOf);
    if (amounts.some((a) => !a) || lines.some((l) => /\btotal\b/i.test(l.text))) continue;
    // the lines as a deposit account reads them, and as a card or loan account does; a figure printed with its sign keeps it
    const readings = [
      [ADDS, SUBTRACTS],
      [OWED_ADDS, OWED_SUBTRACTS],
    ].map(([adds, subtracts]) => {
      const signs = lines.map((l, i) => (amounts[i]!.amount.value.isNegative() ? -1 : signOf(l.text, adds!, subtracts!)));
      if (signs.some((sign) => sign === undefined)) return undefined;
      const terms: Term[] = amounts.map((figure, i) => ({ figure: figure!, sign: signs[i]! }));
      const computed = terms.reduce((sum, t) => add(sum, t.sign === 1 ? t.figure.amount.value.abs() : t.figure.amount.value.abs().neg()), open.amount.value);
      return { terms, computed };
    });
    const read = readings.filter((r) => r !== undefined);
    if (read.length === 0 || read.some((r) => sameMoney(r.computed, close.amount.value))) continue;
    if (fromOcr(close.box.page) && read.some((r) => ocrExplains(close, r.computed.abs(), [{ figure: open, sign: 1 }, ...r.terms]))) continue;
    const { terms, computed } = read[0]!;
    findings.push({
      code: 'statement_balance_mismatch',
      summary: `The ending balance ${close.amount.raw} is not the beginning balance ${open.amount.raw} with the ${terms.length} lines of the summary (${formatMoney(computed)}).`,
      page: close.box.page,
      boxes: [close.box, open.box],
      confidence: fromOcr(close.box.page) ? 0.7 : 0.85,
      math: {
        formula: 'closing balance = opening balance + additions − subtractions (account summary)',
        computed: formatMoney(computed),
        stated: close.amount.raw,
        ok: false,
        note: terms.map((t) => `${t.sign === 1 ? '+' : '−'} ${t.figure.amount.raw}`).join(' '),
      },
    });
  }
  return findings;
}
