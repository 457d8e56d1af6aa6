// Documents of one loan that must agree because one follows the other. Of one party (the same
// header words: issuer, holder or employee and their addresses; and, where both headers print
// account numbers, one in common):
// - a statement's closing balance is the opening balance of the statement of the next period (the
//   periods meet within three days);
// - a pay stub's year-to-date gross and net pay are the previous stub's plus this period's (the
//   pay periods meet, within one calendar year), or the previous stub's where a payroll prints the
//   year to date before this period;
// of one record whose figures carry (an account's balance, a payroll's year to date, to the cent)
// and one issuer, the headers name the same people and addresses (a name or an address changed on
// one, not more than six words either side);
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
import { employmentConflicts } from './employment.js';
import { moneyText } from './loan-figures.js';

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

/** True when `word` is made of `words` run together ("creditbalance": a producer that sets no space between them). */
function runTogether(word: string, words: readonly string[]): boolean {
  const ends = [true, ...Array.from({ length: word.length }, () => false)];
  for (let i = 0; i < word.length; i++) if (ends[i]) for (const w of words) if (word.startsWith(w, i)) ends[i + w.length] = true;
  return ends[word.length]!;
}

/** The header words each of `a` and `b` prints that the other does not (words run together in one and apart in the other are the same). */
function partyDifference(a: DocumentFacts, b: DocumentFacts): [string[], string[]] {
  const only = (x: DocumentFacts, y: DocumentFacts): string[] =>
    x.party.filter(
      (w) => !y.party.includes(w) && !runTogether(w, y.party) && !y.party.some((v) => v.length > w.length && v.includes(w) && runTogether(v, x.party)),
    );
  return [only(a, b), only(b, a)];
}

/** True when `a` and `b` are documents of one party: the same header words and, where both print account numbers, one in common. */
function sameParty(a: DocumentFacts, b: DocumentFacts): boolean {
  const [onlyA, onlyB] = partyDifference(a, b);
  if (a.party.length < MIN_PARTY_WORDS || onlyA.length + onlyB.length > 0) return false;
  return !(a.accounts.length && b.accounts.length && !a.accounts.some((x) => b.accounts.includes(x)));
}

const value = (document: string, label: string, figure: LoanFigure): LoanValue => ({ document, text: `${label} ${figure.text}`, boxes: figure.boxes });
/** A period as its document prints it. */
const spanOf = (period: readonly [LoanDate, LoanDate]): string => `${period[0].text} – ${period[1].text}`;

/** The conflict of two documents on one figure each. */
function conflict(code: LoanConflictCode, keys: string[], label: string, values: LoanValue[], summary: string): LoanConflict {
  return { code, documents: values.map((v) => v.document), keys, differences: [{ label, values }], summary };
}

/** True when `a` and `b` come from one issuer: the same first line. */
const sameIssuer = (a: DocumentFacts, b: DocumentFacts): boolean => a.issuer.length > 0 && a.issuer.join(' ') === b.issuer.join(' ');

/** True when `a` and `b` come from one issuer about one account (an account number of both headers in common). */
const sameAccount = (a: DocumentFacts, b: DocumentFacts): boolean => sameIssuer(a, b) && a.accounts.some((x) => b.accounts.includes(x));

/** Most header words on either side of a name or address changed (a changed notice or greeting changes a sentence). */
const MAX_PARTY_CHANGE = 6;

/**
 * Two documents of one record (one account whose balance carries, one payroll whose year to date
 * carries) whose headers name different people or addresses: the words each prints that the other
 * does not, boxed; undefined when the headers differ in more words than a name and an address.
 */
function partyDiffers(a: DocumentFacts, b: DocumentFacts, record: string, keys: string[]): LoanConflict | undefined {
  const [onlyA, onlyB] = partyDifference(a, b);
  if (onlyA.length + onlyB.length === 0 || onlyA.length > MAX_PARTY_CHANGE || onlyB.length > MAX_PARTY_CHANGE) return undefined;
  const side = (d: DocumentFacts, words: string[]): LoanValue => ({
    document: d.id,
    text: words.join(' '),
    boxes: words.flatMap((w) => d.partyBoxes.get(w) ?? []),
  });
  return conflict(
    'loan_party_differs',
    keys,
    'holder, employee or address',
    [side(a, onlyA), side(b, onlyB)],
    `${record}, yet their headers name different people or addresses: "${onlyA.join(' ') || '(nothing)'}" against "${onlyB.join(' ') || '(nothing)'}".`,
  );
}

/** Statements of one account whose next statement does not open at their closing balance, or names another holder though it does. */
function balancesNotCarried(statements: readonly DocumentFacts[]): LoanConflict[] {
  const out: LoanConflict[] = [];
  for (const a of statements) {
    for (const b of statements) {
      const [aEnd, bStart] = [a.period![1], b.period![0]];
      const gap = daysBetween(aEnd.iso, bStart.iso);
      if (a === b || gap < 0 || gap > MAX_STATEMENT_GAP) continue;
      const [closing, opening] = [a.balances!.closing, b.balances!.opening];
      const carried = Math.abs(closing.cents) === Math.abs(opening.cents);
      const keys = [spanOf(a.period!), spanOf(b.period!), ...a.accounts.filter((x) => b.accounts.includes(x))];
      if (!sameParty(a, b)) {
        const differs = carried && sameAccount(a, b) && partyDiffers(a, b, `Consecutive statements of one account carry the balance ${closing.text}`, keys);
        if (differs) out.push(differs);
        continue;
      }
      if (carried) continue;
      out.push(
        conflict(
          'loan_balance_not_carried',
          keys,
          'closing balance → next opening balance',
          [value(a.id, 'closing balance', closing), value(b.id, 'opening balance', opening)],
          `The statement ending ${aEnd.text} closes at ${closing.text}; the same account's next statement, from ${bStart.text}, opens at ${opening.text}.`,
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

/** Stubs of one party whose year to date is not the previous stub's plus this period's. */
function ytdNotCarried(stubs: readonly DocumentFacts[]): LoanConflict[] {
  const out: LoanConflict[] = [];
  for (const a of stubs) {
    for (const b of stubs) {
      const gap = daysBetween(a.period![1].iso, b.period![0].iso);
      if (a === b || gap < 1 || gap > 2 || a.period![1].iso.slice(0, 4) !== b.period![1].iso.slice(0, 4)) continue;
      const keys = [spanOf(a.period!), spanOf(b.period!)];
      if (!sameParty(a, b)) {
        // one payroll record (the year to date carries to the cent) naming another employee
        const [pa, pb] = [a.pay!.gross, b.pay!.gross];
        const carries = pa.ytd && pb.ytd && pb.current.cents !== 0 && Math.abs(pb.ytd.cents) === Math.abs(pa.ytd.cents) + Math.abs(pb.current.cents);
        const differs =
          carries && sameIssuer(a, b) && partyDiffers(a, b, `Consecutive stubs of one payroll carry the year-to-date gross ${pa.ytd!.text}`, keys);
        if (differs) out.push(differs);
        continue;
      }
      for (const [name, pa, pb] of [
        ['gross pay', a.pay!.gross, b.pay!.gross],
        ['net pay', a.pay!.net, b.pay!.net],
      ] as const) {
        const broken = ytdBroken(pa, pb);
        if (!broken || !pa?.ytd || !pb?.ytd) continue;
        out.push(
          conflict(
            'loan_ytd_not_carried',
            keys,
            `year-to-date ${name} → next stub's year to date`,
            [value(a.id, `year-to-date ${name}`, pa.ytd), { ...value(b.id, `year-to-date ${name}`, pb.ytd), boxes: [...pb.ytd.boxes, ...pb.current.boxes] }],
            `The stub for ${spanOf(b.period!)} prints year-to-date ${name} of ${pb.ytd.text}; the previous stub's ${pa.ytd.text} plus this period's ${pb.current.text} is ${moneyText(broken.computed)}.`,
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
          [paid.text, employer],
          'net pay → payroll deposit',
          [value(s.id, 'net pay', net), value(t.id, `deposit of ${deposit.iso}`, amount)],
          `The stub paid ${paid.text} prints net pay of ${net.text}; the statement records the deposit from ${employer.toUpperCase()} of ${deposit.iso} as ${amount.text}, and no amount of those days is the net pay.`,
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

/**
 * Disagreements between documents of one loan that follow one another (statements, pay stubs),
 * record one another (net pay and its deposit) or state one job (a letter of employment, a W-2 and
 * the stubs: `employment.ts`).
 */
export function continuityConflicts(facts: readonly DocumentFacts[]): LoanConflict[] {
  const statements = facts.filter((f) => f.balances && f.period);
  const stubs = facts.filter((f) => f.pay);
  return withSuspects([
    ...balancesNotCarried(statements),
    ...ytdNotCarried(stubs.filter((f) => f.period)),
    ...netPayNotDeposited(stubs, statements),
    ...employmentConflicts(facts),
  ]);
}
