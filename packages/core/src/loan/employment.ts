// Documents of one loan about one job that must agree: a letter of employment and a W-2 against the
// pay stubs of the same employee and employer. A letter names the employee and employer its stubs
// print (every word of the employee's name in the stub's header, every word of the employer's name
// that names anyone in the stub's first line or header); a W-2 names them in its boxes c and e and
// covers the year the stub was paid in. Then:
// - the letter's pay schedule is the one the stubs' pay periods keep, its salary a pay period the
//   stubs' salary (its annual salary that, times the periods of a year, to a cent a period), its
//   hourly rate one the stubs' hourly row prints; against the stubs paid from two months before the
//   letter's date to a month after (a letter speaks of the present; an undated one is not judged),
//   and only while every one of them agrees (a raise between them is not judged);
// - the W-2's wages (box 1 and box 5) are at least the net pay a stub of its year paid so far, and,
//   against the year's last stub (the next pay date falls in the next year), box 5 is at most its
//   year-to-date gross with 2% of room (taxable fringe benefits a stub may not print).
// A disagreement names both documents with a box on each figure; a document that disagrees with two
// others is the suspect (`continuity.ts`'s `withSuspects`).
import { daysBetween } from '../tables/dates.js';
import type { LoanBox, LoanConflict, LoanValue } from './conflict.js';
import type { DocumentFacts } from './document-facts.js';
import { type PaySchedule, PERIODS_A_YEAR } from './employment-facts.js';
import { moneyText } from './loan-figures.js';

/** Words of a company's name that name nobody. */
const COMPANY_WORDS = new Set(['inc', 'llc', 'ltd', 'corp', 'co', 'company', 'the', 'and', '&', 'group', 'plc', 'llp', 'lp']);

/** True when the stub's header prints every word of `employee` and its first line or header every word of `employer` that names anyone. */
function sameJob(stub: DocumentFacts, employee: readonly string[], employer: readonly string[]): boolean {
  const naming = employer.filter((w) => !COMPANY_WORDS.has(w) && w.length >= 2);
  const printed = new Set([...stub.party, ...stub.issuer]);
  return employee.length >= 2 && naming.length > 0 && employee.every((w) => stub.party.includes(w)) && naming.every((w) => printed.has(w));
}

/** Days before and after a letter's date within which a stub is paid on the terms the letter states (a letter speaks of the present). */
const CURRENT: readonly [before: number, after: number] = [62, 31];

/** Room a year's last stub leaves a W-2's Medicare wages for taxable fringe benefits it may not print. */
const FRINGE_ROOM = 0.02;

const value = (document: string, text: string, boxes: readonly LoanBox[]): LoanValue => ({ document, text, boxes: [...boxes] });

/** One value every stub of a job prints, or undefined when they print none or differ. */
function agreed<T>(
  stubs: readonly DocumentFacts[],
  of: (s: DocumentFacts) => T | undefined,
  key: (t: T) => string,
): { value: T; stub: DocumentFacts } | undefined {
  const read = stubs.flatMap((s) => {
    const v = of(s);
    return v === undefined ? [] : [{ value: v, stub: s }];
  });
  return read.length && new Set(read.map((r) => key(r.value))).size === 1 ? read[read.length - 1] : undefined;
}

/** A letter of employment against its job's stubs: schedule, salary a period or a year, hourly rate. */
function letterAgainstStubs(letter: DocumentFacts, stubs: readonly DocumentFacts[]): LoanConflict[] {
  const said = letter.letter!;
  const date = said.date;
  const current = (s: DocumentFacts): boolean => {
    const paid = s.pay!.date ?? s.period?.[1];
    return paid !== undefined && date !== undefined && daysBetween(date.iso, paid.iso) >= -CURRENT[0] && daysBetween(date.iso, paid.iso) <= CURRENT[1];
  };
  const job = stubs.filter((s) => current(s) && sameJob(s, said.employee, said.employer));
  if (!job.length) return [];
  const keys = [said.employee.join(' '), said.employer.join(' ')];
  const out: LoanConflict[] = [];
  const differ = (label: string, stub: DocumentFacts, stated: LoanValue, paid: LoanValue, summary: string): void => {
    out.push({ code: 'loan_pay_terms_differ', documents: [letter.id, stub.id], keys, differences: [{ label, values: [stated, paid] }], summary });
  };
  const schedule = agreed(
    job,
    (s) => s.pay!.terms.schedule,
    (s: PaySchedule) => s,
  );
  if (said.schedule && schedule && said.schedule.schedule !== schedule.value) {
    const period = schedule.stub.period!;
    differ(
      'pay schedule',
      schedule.stub,
      value(letter.id, said.schedule.text, said.schedule.boxes),
      value(schedule.stub.id, `${period[0].text} – ${period[1].text}`, [...period[0].boxes, ...period[1].boxes]),
      `The letter of employment says ${said.schedule.text}; the stubs of ${keys[0]} pay ${schedule.value} (pay period ${period[0].text} – ${period[1].text}).`,
    );
  }
  const salary = agreed(
    job,
    (s) => s.pay!.terms.salary,
    (f) => String(Math.abs(f.cents)),
  );
  const periods = PERIODS_A_YEAR[said.schedule?.schedule ?? schedule?.value ?? 'monthly'];
  if (salary && said.perPeriod && Math.abs(said.perPeriod.cents) !== Math.abs(salary.value.cents)) {
    differ(
      'salary a pay period',
      salary.stub,
      value(letter.id, said.perPeriod.text, said.perPeriod.boxes),
      value(salary.stub.id, salary.value.text, salary.value.boxes),
      `The letter of employment states ${said.perPeriod.text} a pay period; the stubs of ${keys[0]} pay a salary of ${salary.value.text}.`,
    );
  } else if (salary && !said.perPeriod && said.annual && (said.schedule || schedule)) {
    const yearly = Math.abs(salary.value.cents) * periods;
    if (Math.abs(Math.abs(said.annual.cents) - yearly) > periods) {
      differ(
        'annual salary',
        salary.stub,
        value(letter.id, said.annual.text, said.annual.boxes),
        value(salary.stub.id, salary.value.text, salary.value.boxes),
        `The letter of employment states an annual salary of ${said.annual.text}; the stubs pay ${salary.value.text} ${periods} times a year, ${moneyText(yearly)}.`,
      );
    }
  }
  const rates = agreed(
    job,
    (s) => (s.pay!.terms.rates.length ? s.pay!.terms.rates : undefined),
    (r) => r.map((f) => f.cents).join(' '),
  );
  if (rates && said.hourly && !rates.value.some((f) => Math.abs(f.cents) === Math.abs(said.hourly!.cents))) {
    differ(
      'hourly rate',
      rates.stub,
      value(letter.id, said.hourly.text, said.hourly.boxes),
      value(
        rates.stub.id,
        rates.value.map((f) => f.text).join(' '),
        rates.value.flatMap((f) => f.boxes),
      ),
      `The letter of employment states an hourly rate of ${said.hourly.text}; the stubs of ${keys[0]} print ${rates.value.map((f) => f.text).join(' and ')} on their hourly row.`,
    );
  }
  return out;
}

/** True when `stub` is its year's last: the next pay date, a pay period later, falls in the next year. */
function lastOfYear(stub: DocumentFacts): boolean {
  const [paid, period] = [stub.pay!.date, stub.period];
  if (!paid || !period) return false;
  const length = daysBetween(period[0].iso, period[1].iso) + 1;
  const next = new Date(`${paid.iso}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + length);
  return next.getUTCFullYear() > Number(paid.iso.slice(0, 4));
}

/** A W-2 against the stubs of its employee, employer and year. */
function wagesAgainstStubs(form: DocumentFacts, stubs: readonly DocumentFacts[]): LoanConflict[] {
  const said = form.wageStatement!;
  const out: LoanConflict[] = [];
  const keys = [String(said.year), said.employee.join(' '), said.employer.join(' ')];
  for (const stub of stubs) {
    const paid = stub.pay!.date ?? stub.period?.[1];
    if (!paid || Number(paid.iso.slice(0, 4)) !== said.year || !sameJob(stub, said.employee, said.employer)) continue;
    const [net, gross] = [stub.pay!.net?.ytd, stub.pay!.gross.ytd];
    const wages = [said.wages, said.medicare].filter((f) => f !== undefined);
    const below = net && wages.find((w) => Math.abs(w.cents) < Math.abs(net.cents));
    const above =
      gross && said.medicare && lastOfYear(stub) && Math.abs(said.medicare.cents) > Math.abs(gross.cents) * (1 + FRINGE_ROOM) ? said.medicare : undefined;
    const [wage, against, what] = below
      ? [below, net!, 'year-to-date net pay']
      : above
        ? [above, gross!, "year-to-date gross pay of the year's last stub"]
        : [];
    if (!wage || !against || !what) continue;
    out.push({
      code: 'loan_wages_differ',
      documents: [form.id, stub.id],
      keys,
      differences: [{ label: `W-2 wages → ${what}`, values: [value(form.id, wage.text, wage.boxes), value(stub.id, against.text, against.boxes)] }],
      summary: below
        ? `The ${said.year} W-2 reports wages of ${wage.text}, less than the ${against.text} net pay the stub paid ${paid.text} had paid so far that year.`
        : `The ${said.year} W-2 reports Medicare wages of ${wage.text}; the year's last stub, paid ${paid.text}, prints year-to-date gross pay of ${against.text}.`,
    });
  }
  return out;
}

/** Letters of employment and W-2s of a loan against the pay stubs of the same job. */
export function employmentConflicts(facts: readonly DocumentFacts[]): LoanConflict[] {
  const stubs = facts.filter((f) => f.pay);
  return [
    ...facts.filter((f) => f.letter).flatMap((l) => letterAgainstStubs(l, stubs)),
    ...facts.filter((f) => f.wageStatement).flatMap((w) => wagesAgainstStubs(w, stubs)),
  ];
}
