// Arithmetic consistency of bank statements: rows rebuilt from the interpreter's positioned words,
// amounts read exactly, and every balance recomputed with decimal arithmetic — each transaction
// row's balance from the previous balance and its amount, the opening balance of each page from
// the balance carried from the page before, and the closing balance from the last row. A
// contradiction is reported only inside a statement that otherwise adds up (at least two rows
// agree and no more than a quarter disagree), so a table whose columns are read differently yields
// nothing rather than false alarms. Rounding below one cent is not a failure. On a scan or photo
// a contradiction resting on a figure OCR was unsure of, or one that a single misread digit (a
// confused, dropped or doubled digit) would explain, is unverified: neither agreement nor evidence.
import { parseAmount, type Amount } from '../../tables/amounts.js';
import { add, decimal, formatMoney, sameMoney, subtract, type Decimal } from '../../tables/decimal.js';
import { buildRows, type Row, type Word } from '../../tables/rows.js';
import type { Check, TableContext } from '../context.js';
import type { Finding, PageBox } from '../findings.js';

/** A row that states an opening or carried-in balance. */
export const OPENING = /\b(opening|beginning|previous|starting)\s+balance\b|\bbalance\s+(brought\s+)?forward\b/i;
/** A row that states a closing or carried-out balance. */
export const CLOSING = /\b(closing|ending|new|final)\s+balance\b|\bbalance\s+carried\s+(forward|over)\b/i;
/** The first word of a transaction row: a date. */
export const DATE = /^(\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\s?[A-Z][a-z]{2}|[A-Z][a-z]{2}\.?)$/;
const CURRENCY_WORD = /^([$€£¥₹]|USD|EUR|GBP|CAD|AUD|CHF)$/i;
const MAX_FINDINGS = 10;

/** An amount printed on a page, and where (and, read by OCR, how surely: the least sure of its words). */
export interface Figure {
  amount: Amount;
  box: PageBox;
  confidence?: number;
}

/** OCR confidence a figure needs before a contradiction resting on it counts. */
export const CONFIDENT_FIGURE = 0.85;

/** Digits OCR confuses with each other. */
const CONFUSABLE: Record<string, string> = { '0': '689', '1': '74', '2': '7', '3': '8', '4': '19', '5': '68', '6': '058', '7': '12', '8': '0356', '9': '04' };

/** The values a figure would have had with one plausible misreading: a confused, dropped or doubled digit. */
export function misreadings(amount: Amount): Decimal[] {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(formatMoney(amount.value).replace(/,/g, ''));
  if (!m) return [];
  const [, sign, whole, cents] = m;
  const digits = `${whole}${cents}`;
  const variants = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    for (const c of CONFUSABLE[digits[i]!] ?? '') variants.add(digits.slice(0, i) + c + digits.slice(i + 1));
    variants.add(digits.slice(0, i) + digits.slice(i + 1)); // dropped
    variants.add(digits.slice(0, i) + digits[i] + digits.slice(i)); // doubled
  }
  variants.delete(digits);
  return [...variants].filter((v) => v.length >= 3).map((v) => decimal(`${sign}${v.slice(0, -2)}.${v.slice(-2)}`));
}

function boxOf(words: Word[]): PageBox {
  return {
    page: words[0]!.page,
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/** The amounts of a row, joining currency symbols and CR/DR marks to their figure. */
export function figures(row: Row): Figure[] {
  const out: Figure[] = [];
  const w = row.words;
  for (let i = 0; i < w.length; i++) {
    const withCurrency = i + 1 < w.length && CURRENCY_WORD.test(w[i]!.text);
    const start = withCurrency ? i + 1 : i;
    const word = w[start];
    if (!word) continue;
    const mark = w[start + 1] && /^(CR|DR)$/i.test(w[start + 1]!.text) ? w[start + 1] : undefined;
    const amount = parseAmount(mark ? `${word.text} ${mark.text}` : word.text);
    if (!amount) continue;
    const used = w.slice(i, start + 1 + (mark ? 1 : 0));
    const read = used.map((u) => u.confidence).filter((c): c is number => c !== undefined);
    out.push({ amount, box: boxOf(used), ...(read.length ? { confidence: Math.min(...read) } : {}) });
    i = start + (mark ? 1 : 0);
  }
  return out;
}

interface Step {
  ok: boolean;
  finding?: Finding;
  /** A contradiction OCR could explain (a low-confidence figure, or one plausible misreading): neither agreement nor evidence. */
  unverified?: true;
}

/** The arithmetic check (bank statements). */
export const arithmetic: Check = {
  name: 'arithmetic consistency',
  run: (ctx) => ({ findings: statementArithmetic(ctx) }),
};

/**
 * Transaction rows whose description wraps, with the figures on a line of their own: a dated
 * line without its amount and balance, followed by an undated line that carries them, is one row.
 */
export function joinWrappedRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1];
    const dated = DATE.test(row.words[0]?.text ?? '') && figures(row).length < 2;
    const carries = next && !DATE.test(next.words[0]?.text ?? '') && !OPENING.test(next.text) && !CLOSING.test(next.text) && figures(next).length >= 2;
    if (dated && carries) {
      const words = [...row.words, ...next.words];
      out.push({ page: row.page, words, text: words.map((w) => w.text).join(' ') });
      i++;
    } else out.push(row);
  }
  return out;
}

/** True when OCR read a figure without enough confidence to rest a contradiction on it. */
const unsure = (figure: Figure): boolean => figure.confidence !== undefined && figure.confidence < CONFIDENT_FIGURE;

/** Contradictions between the balances of a statement. */
export function statementArithmetic(ctx: TableContext): Finding[] {
  const steps: Step[] = [];
  let balance: Decimal | undefined;
  /** Where the current balance was printed: a contradiction involves it as much as the next figure. */
  let balanceAt: PageBox | undefined;
  /** After a contradiction, the balance the rows computed: if the next row follows it, the printed figure was the odd one. */
  let computedInstead: Decimal[] = [];
  let transactions = 0;
  /** Amounts of rows since the last balance that were not read as transactions (a line we could not parse). */
  let unread: Decimal[] = [];
  const fail = (code: Finding['code'], formula: string, computed: Decimal, stated: Figure, note: string, summary: string): Step => ({
    ok: false,
    finding: {
      code,
      summary,
      page: stated.box.page,
      boxes: balanceAt ? [stated.box, balanceAt] : [stated.box],
      confidence: ctx.fromOcr(stated.box.page) ? 0.7 : 0.9,
      math: { formula, computed: formatMoney(computed), stated: stated.amount.raw, ok: false, note },
    },
  });
  /** On a scan or photo: the stated figure is unsure, or one misread digit would make it the expected value. */
  const explainedByOcr = (page: number, stated: Figure, expected: Decimal): boolean =>
    ctx.fromOcr(page) && (unsure(stated) || misreadings(stated.amount).some((v) => sameMoney(v, expected)));
  for (const page of ctx.pages) {
    const words = ctx.words(page);
    if (!words) {
      balance = undefined; // a page we cannot read breaks the chain
      balanceAt = undefined;
      continue;
    }
    for (const row of joinWrappedRows(buildRows(words))) {
      const figs = figures(row);
      if (figs.length === 0) continue;
      const last = figs[figs.length - 1]!;
      if (OPENING.test(row.text)) {
        if (balance !== undefined && transactions > 0) {
          const ok = sameMoney(balance, last.amount.value);
          steps.push(
            ok
              ? { ok }
              : explainedByOcr(page.number, last, balance)
                ? { ok: false, unverified: true }
                : fail(
                    'statement_balance_mismatch',
                    'opening balance = balance carried from the previous page',
                    balance,
                    last,
                    `The page opens at ${last.amount.raw}; the rows before it end at ${formatMoney(balance)}.`,
                    `Page ${page.number} opens at ${last.amount.raw}, but the previous rows end at ${formatMoney(balance)}.`,
                  ),
          );
        }
        balance = last.amount.value;
        balanceAt = last.box;
        unread = [];
        continue;
      }
      if (CLOSING.test(row.text)) {
        if (balance !== undefined && transactions > 0) {
          const ok = sameMoney(balance, last.amount.value);
          steps.push(
            ok
              ? { ok }
              : explainedByOcr(page.number, last, balance)
                ? { ok: false, unverified: true }
                : fail(
                    'statement_balance_mismatch',
                    'closing balance = balance after the last transaction',
                    balance,
                    last,
                    `The statement closes at ${last.amount.raw}; its transactions lead to ${formatMoney(balance)}.`,
                    `The closing balance ${last.amount.raw} contradicts the transactions, which lead to ${formatMoney(balance)}.`,
                  ),
          );
        }
        balance = last.amount.value;
        balanceAt = last.box;
        unread = [];
        continue;
      }
      if (figs.length < 2 || !DATE.test(row.words[0]!.text)) {
        for (const f of figs) unread.push(f.amount.value);
        continue;
      }
      transactions++;
      const amount = figs[figs.length - 2]!.amount;
      const next = (from: Decimal): Decimal[] => (amount.signed ? [add(from, amount.value)] : [add(from, amount.value), subtract(from, amount.value)]);
      const followsComputed = computedInstead.some((c) => next(c).some((n) => sameMoney(n, last.amount.value)));
      computedInstead = [];
      if (balance !== undefined && !followsComputed) {
        const candidates = next(balance);
        const ok = candidates.some((c) => sameMoney(c, last.amount.value));
        if (!ok) computedInstead = candidates;
        const amountFigure = figs[figs.length - 2]!;
        // on a scan or photo, a contradiction that a misread digit or an unsure figure explains is not evidence
        const byOcr =
          !ok &&
          ctx.fromOcr(page.number) &&
          (unsure(last) ||
            unsure(amountFigure) ||
            misreadings(last.amount).some((v) => candidates.some((c) => sameMoney(c, v))) ||
            misreadings(amount).some((v) =>
              (amount.signed ? [add(balance!, v)] : [add(balance!, v), subtract(balance!, v)]).some((c) => sameMoney(c, last.amount.value)),
            ));
        // a row between the two balances that was not read as a transaction (an unusual layout)
        // may be the movement that explains the difference: then nothing is contradicted
        const missedRow =
          !ok && unread.some((u) => candidates.some((c) => sameMoney(add(c, u), last.amount.value) || sameMoney(subtract(c, u), last.amount.value)));
        const explained = byOcr || missedRow;
        steps.push(
          ok
            ? { ok }
            : explained
              ? { ok: false, unverified: true }
              : fail(
                  'running_balance_mismatch',
                  `balance = previous balance ${amount.signed ? '+' : '±'} amount`,
                  candidates[0]!,
                  last,
                  `Previous balance ${formatMoney(balance)}, amount ${amount.raw}.`,
                  `Page ${page.number}: after ${formatMoney(balance)} and ${amount.raw} the balance should be ${formatMoney(candidates[0]!)}${candidates.length > 1 ? ` or ${formatMoney(candidates[1]!)}` : ''}, but it reads ${last.amount.raw}.`,
                ),
        );
      }
      balance = last.amount.value;
      balanceAt = last.box;
      unread = [];
    }
  }
  const failures = steps.filter((s) => !s.ok && !s.unverified);
  const agreements = steps.filter((s) => s.ok).length;
  // only a statement that otherwise adds up is judged: a misread layout yields nothing
  if (transactions < 3 || agreements < 2 || failures.length > Math.max(1, steps.length / 4)) return [];
  return failures.slice(0, MAX_FINDINGS).map((s) => s.finding!);
}
