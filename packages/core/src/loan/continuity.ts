// Documents of one loan that must agree because one follows the other. Of one party (the same
// header words: issuer, holder or employee and their addresses; and, where both headers print
// account numbers, one in common):
// - a statement's closing balance is the opening balance of the statement of the next period (the
//   periods meet within three days);
// - a pay stub's year-to-date gross and net pay are the previous stub's plus this period's (the
//   pay periods meet, within one calendar year), or the previous stub's where a payroll prints the
//   year to date before this period;
// and a stub's net pay is what a statement of the same person (two words of the stub's header,
// the employee's name, in the statement's) covering its pay date records from that employer (a
// ledger row within days of the pay date that says it pays wages, names no debit, and names a
// word of the stub's first line, the employer's name, the statement's header does not print) —
// unless the statement records the net pay on some row of those days,
// or the deposit is an amount the stub prints (a split deposit).
// Every figure compared comes from a reading its document corroborates (`document-facts.ts`). A
// disagreement names both documents and the figures, with a box on each; a document that
// disagrees with both its neighbours is the suspect.
import { daysBetween } from '../tables/dates.js';
import type { LoanConflict, LoanConflictCode, LoanValue } from './conflict.js';
import type { DocumentFacts, LoanDate, LoanFigure, PayFigure } from './document-facts.js';

/** Fewest header words that make a party (a header of a few words names too little). */
const MIN_PARTY_WORDS = 4;
/** Most days between one statement's last day and the next one's first. */
const MAX_STATEMENT_GAP = 3;
/** Days around a pay date within which its deposit is recorded. */
const DEPOSIT_WINDOW: readonly [before: number, after: number] = [3, 5];
/** Words of any stub or payroll deposit, which name no employer. */
const GENERIC = new Set(
  (
    'pay payroll paycheck deposit deposits direct credit salary wages transfer from payment mobile online ppd employer employee ' +
    'earnings statement advice period date frequency weekly biweekly monthly semi net gross inc llc ltd corp company the and regular ' +
    'check number account bank savings checking total amount'
  ).split(' '),
);

/** A ledger row that says it pays wages, and one that says money went out (a withdrawal at a street named like the employer). */
const PAY_WORDS = /\b(payroll|salary|paycheck|wages|direct dep(osit)?|dir dep|deposit|pay)\b/;
const DEBIT_WORDS = /\b(withdrawal|purchase|debit|atm|pos|check|card|fee)\b/;

/** True when `a` and `b` are documents of one party: the same header words and, where both print account numbers, one in common. */
function sameParty(a: DocumentFacts, b: DocumentFacts): boolean {
  if (a.party.length < MIN_PARTY_WORDS || a.party.join(' ') !== b.party.join(' ')) return false;
  return !(a.accounts.length && b.accounts.length && !a.accounts.some((x) => b.accounts.includes(x)));
}

const value = (document: string, label: string, figure: LoanFigure): LoanValue => ({ document, text: `${label} ${figure.text}`, boxes: figure.boxes });
const dated = (d: LoanDate): string => d.text;

/** The conflict of two documents on one figure each. */
function conflict(code: LoanConflictCode, keys: string[], label: string, values: LoanValue[], summary: string): LoanConflict {
  return { code, documents: values.map((v) => v.document), keys, differences: [{ label, values }], summary };
}

/** Statements of one party whose next statement does not open at their closing balance. */
function balancesNotCarried(statements: readonly DocumentFacts[]): LoanConflict[] {
  const out: LoanConflict[] = [];
  for (const a of statements) {
    for (const b of statements) {
      const [aEnd, bStart] = [a.period![1], b.period![0]];
      const gap = daysBetween(aEnd.iso, bStart.iso);
      if (a === b || gap < 0 || gap > MAX_STATEMENT_GAP || !sameParty(a, b)) continue;
      const [closing, opening] = [a.balances!.closing, b.balances!.opening];
      if (Math.abs(closing.cents) === Math.abs(opening.cents)) continue;
      out.push(
        conflict(
          'loan_balance_not_carried',
          [`${dated(a.period![0])} – ${dated(aEnd)}`, `${dated(bStart)} – ${dated(b.period![1])}`, ...a.accounts.filter((x) => b.accounts.includes(x))],
          'closing balance → next opening balance',
          [value(a.id, 'closing balance', closing), value(b.id, 'opening balance', opening)],
          `The statement ending ${dated(aEnd)} closes at ${closing.text}; the same account's next statement, from ${dated(bStart)}, opens at ${opening.text}.`,
        ),
      );
    }
  }
  return out;
}

/** The year-to-date identity one pay figure of `b` breaks against the previous stub `a`, or undefined when it holds (or cannot be judged). */
function ytdBroken(a: PayFigure | undefined, b: PayFigure | undefined): { computed: number } | undefined {
  if (!a?.ytd || !b?.ytd) return undefined;
  const [before, now, ytd] = [Math.abs(a.ytd.cents), Math.abs(b.current.cents), Math.abs(b.ytd.cents)];
  // this period added, or a payroll that prints the year to date before this period
  return ytd === before + now || ytd === before ? undefined : { computed: before + now };
}

const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Stubs of one party whose year to date is not the previous stub's plus this period's. */
function ytdNotCarried(stubs: readonly DocumentFacts[]): LoanConflict[] {
  const out: LoanConflict[] = [];
  for (const a of stubs) {
    for (const b of stubs) {
      const gap = daysBetween(a.period![1].iso, b.period![0].iso);
      if (a === b || gap < 1 || gap > 2 || a.period![1].iso.slice(0, 4) !== b.period![1].iso.slice(0, 4) || !sameParty(a, b)) continue;
      for (const [name, pa, pb] of [
        ['gross pay', a.pay!.gross, b.pay!.gross],
        ['net pay', a.pay!.net, b.pay!.net],
      ] as const) {
        const broken = ytdBroken(pa, pb);
        if (!broken || !pa?.ytd || !pb?.ytd) continue;
        out.push(
          conflict(
            'loan_ytd_not_carried',
            [`${dated(a.period![0])} – ${dated(a.period![1])}`, `${dated(b.period![0])} – ${dated(b.period![1])}`],
            `year-to-date ${name} → next stub's year to date`,
            [value(a.id, `year-to-date ${name}`, pa.ytd), { ...value(b.id, `year-to-date ${name}`, pb.ytd), boxes: [...pb.ytd.boxes, ...pb.current.boxes] }],
            `The stub for ${dated(b.period![0])} – ${dated(b.period![1])} prints year-to-date ${name} of ${pb.ytd.text}; the previous stub's ${pa.ytd.text} plus this period's ${pb.current.text} is ${money(broken.computed)}.`,
          ),
        );
        break;
      }
    }
  }
  return out;
}

/** Stubs whose net pay is not the deposit a statement of their pay date records from their employer. */
function netPayNotDeposited(stubs: readonly DocumentFacts[], statements: readonly DocumentFacts[]): LoanConflict[] {
  const out: LoanConflict[] = [];
  for (const s of stubs) {
    const [net, paid] = [s.pay!.net?.current, s.pay!.date ?? s.period?.[1]];
    if (!net || !paid) continue;
    for (const t of statements) {
      if (daysBetween(t.period![0].iso, paid.iso) < 0 || daysBetween(paid.iso, t.period![1].iso) < 0) continue;
      const within = t.ledger.filter((r) => {
        const days = daysBetween(paid.iso, r.iso);
        return days >= -DEPOSIT_WINDOW[0] && days <= DEPOSIT_WINDOW[1];
      });
      // the same person: two words of the stub's header (the employee's name) in the statement's
      const shared = s.party.filter((w) => !GENERIC.has(w) && t.party.includes(w));
      if (shared.length < 2) continue;
      // the employer: a word of the stub's first line that the statement's header does not print
      const names = s.issuer.filter((w) => w.length >= 4 && !GENERIC.has(w) && !t.party.includes(w));
      const deposit = within.find((r) => r.words.some((w) => names.includes(w)) && PAY_WORDS.test(r.words.join(' ')) && !DEBIT_WORDS.test(r.words.join(' ')));
      if (!deposit || within.some((r) => r.amounts.some((f) => Math.abs(f.cents) === Math.abs(net.cents)))) continue;
      const [amount] = deposit.amounts;
      if (!amount || s.amounts.has(Math.abs(amount.cents))) continue;
      const employer = deposit.words.filter((w) => names.includes(w)).join(' ');
      out.push(
        conflict(
          'loan_net_pay_not_deposited',
          [dated(paid), employer],
          'net pay → payroll deposit',
          [value(s.id, 'net pay', net), value(t.id, `deposit of ${deposit.iso}`, amount)],
          `The stub paid ${dated(paid)} prints net pay of ${net.text}; the statement records the deposit from ${employer.toUpperCase()} of ${deposit.iso} as ${amount.text}, and no amount of those days is the net pay.`,
        ),
      );
    }
  }
  return out;
}

/** The document of a two-document conflict that disagrees with both its neighbours: in two conflicts or more where the other is in one. */
function withSuspects(conflicts: readonly LoanConflict[]): LoanConflict[] {
  const count = new Map<string, number>();
  for (const c of conflicts) for (const d of new Set(c.documents)) count.set(d, (count.get(d) ?? 0) + 1);
  return conflicts.map((c) => {
    const suspects = c.documents.filter((d) => (count.get(d) ?? 0) >= 2);
    return suspects.length === 1 ? { ...c, suspect: suspects[0]! } : c;
  });
}

/** Disagreements between documents of one loan that follow one another (statements, pay stubs) or record one another (net pay and its deposit). */
export function continuityConflicts(facts: readonly DocumentFacts[]): LoanConflict[] {
  const statements = facts.filter((f) => f.balances && f.period);
  const stubs = facts.filter((f) => f.pay);
  return withSuspects([...balancesNotCarried(statements), ...ytdNotCarried(stubs.filter((f) => f.period)), ...netPayNotDeposited(stubs, statements)]);
}
