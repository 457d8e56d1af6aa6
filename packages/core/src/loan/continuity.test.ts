// Documents of a loan that follow one another: a statement's closing balance carried to the next
// statement of the account, a stub's year to date carried to the next stub, net pay against the
// payroll deposit; each disagreement boxed on both documents, the document that disagrees with
// both neighbours named; documents of other accounts, people or periods, summaries that do not
// reconcile, and withdrawals that name the employer never compared.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../tables/decimal.js';
import { continuityConflicts } from './continuity.js';
import { documentFacts } from './document-facts.js';
import { loanConflicts } from './loan-conflicts.js';
import type { LoanWord } from './loan-words.js';

/** Words of `lines`, one line per row; cells split by two spaces or more sit 30% apart, words 5% apart within a cell. */
function wordsOf(lines: readonly string[]): LoanWord[] {
  return lines.flatMap((line, row) =>
    line
      .split(/ {2,}/)
      .flatMap((cell, c) => cell.split(' ').map((text, k): LoanWord => ({ text, page: 1, box: { x: 4 + c * 30 + k * 5, y: 4 + row * 2.5, w: 4.5, h: 1.8 } }))),
  );
}

const HOLDER = ['JANE DOE', '12 ELM STREET', 'SPRINGFIELD IL 62704'];

function statement(period: string, [open, credits, debits, close]: string[], ledger: string[] = [], account = 'XXXXXX4417'): string[] {
  return [
    'First Harbor Bank',
    'Checking Account Statement',
    `Account Number  ${account}`,
    `Statement Period  ${period}`,
    ...HOLDER,
    'Account Summary',
    `Beginning Balance  ${open}`,
    `Deposits and Credits  ${credits}`,
    `Withdrawals and Debits  ${debits}`,
    `Ending Balance  ${close}`,
    'Date  Description  Amount  Balance',
    ...ledger,
  ];
}

const MARCH = statement('03/01/2026 - 03/31/2026', ['1,000.00', '500.00', '200.00', '1,300.00']);
const APRIL = statement('04/01/2026 - 04/30/2026', ['1,300.00', '700.00', '100.00', '1,900.00']);
const MAY = statement('05/01/2026 - 05/31/2026', ['1,900.00', '50.00', '50.00', '1,900.00']);

function stub(period: string, payDate: string, [gross, grossYtd]: string[], [net, netYtd]: string[], employee = 'JANE DOE'): string[] {
  return [
    'Acme Widgets Inc',
    '400 Industrial Parkway',
    'Earnings Statement',
    `Pay Period  ${period}`,
    `Pay Date  ${payDate}`,
    employee,
    '12 ELM STREET',
    'Earnings  Current  Year to Date',
    `Gross Pay  ${gross}  ${grossYtd}`,
    `Net Pay  ${net}  ${netYtd}`,
  ];
}

beforeAll(loadDecimals);

const doc = (id: string, lines: readonly string[]) => ({ id, words: wordsOf(lines) });
const conflictsOf = (...docs: { id: string; words: LoanWord[] }[]) => continuityConflicts(docs.map(documentFacts));

describe('statements of one account', () => {
  it('reads the balances only from a summary that reconciles, with the period', () => {
    const facts = documentFacts(doc('march', MARCH));
    expect(facts.balances?.opening.cents).toBe(100_000);
    expect(facts.balances?.closing.cents).toBe(130_000);
    expect(facts.period?.map((d) => d.iso)).toEqual(['2026-03-01', '2026-03-31']);
    expect(facts.accounts).toEqual(['4417']);
    const broken = statement('03/01/2026 - 03/31/2026', ['1,000.00', '500.00', '200.00', '1,350.00']);
    expect(documentFacts(doc('broken', broken)).balances).toBeUndefined();
  });

  it('finds nothing where each statement opens at the previous one closing', () => {
    expect(conflictsOf(doc('march', MARCH), doc('april', APRIL), doc('may', MAY))).toEqual([]);
  });

  it('names the statement that does not open at the previous closing balance, boxed on both', () => {
    const april = statement('04/01/2026 - 04/30/2026', ['1,350.00', '700.00', '100.00', '1,950.00']);
    const [conflict, ...rest] = conflictsOf(doc('march', MARCH), doc('april', april));
    expect(rest).toEqual([]);
    expect(conflict!.code).toBe('loan_balance_not_carried');
    expect(conflict!.documents).toEqual(['march', 'april']);
    expect(conflict!.differences[0]!.values.map((v) => v.text)).toEqual(['closing balance 1,300.00', 'opening balance 1,350.00']);
    for (const v of conflict!.differences[0]!.values) expect(v.boxes).toHaveLength(1);
    expect(conflict!.suspect).toBeUndefined();
  });

  it('names the one statement that disagrees with both its neighbours the suspect', () => {
    const april = statement('04/01/2026 - 04/30/2026', ['1,350.00', '700.00', '100.00', '1,950.00']);
    const conflicts = conflictsOf(doc('march', MARCH), doc('april', april), doc('may', MAY));
    expect(conflicts).toHaveLength(2);
    expect(conflicts.map((c) => c.suspect)).toEqual(['april', 'april']);
  });

  it('never compares another account, another holder, or statements whose periods do not meet', () => {
    const otherAccount = statement('04/01/2026 - 04/30/2026', ['5.00', '700.00', '100.00', '605.00'], [], 'XXXXXX9999');
    const otherHolder = statement('04/01/2026 - 04/30/2026', ['5.00', '700.00', '100.00', '605.00']).map((l) => (l === 'JANE DOE' ? 'JOHN ROE' : l));
    const june = statement('06/01/2026 - 06/30/2026', ['5.00', '700.00', '100.00', '605.00']);
    expect(conflictsOf(doc('march', MARCH), doc('other account', otherAccount), doc('other holder', otherHolder), doc('june', june))).toEqual([]);
  });
});

describe('names and addresses of one record', () => {
  it('names consecutive statements of one account whose balance carries but whose holder differs, the changed words boxed', () => {
    const renamed = APRIL.map((l) => (l === 'JANE DOE' ? 'JOHN ROE' : l));
    const [conflict, ...rest] = conflictsOf(doc('march', MARCH), doc('april', renamed));
    expect(rest).toEqual([]);
    expect(conflict!.code).toBe('loan_party_differs');
    expect(conflict!.differences[0]!.values.map((v) => v.text)).toEqual(['doe jane', 'john roe']);
    expect(conflict!.differences[0]!.values.map((v) => v.boxes.length)).toEqual([2, 2]);
  });

  it('names consecutive stubs of one payroll whose year to date carries but whose employee differs', () => {
    const first = stub('03/01/2026 - 03/15/2026', '03/20/2026', ['2,000.00', '10,000.00'], ['1,500.00', '7,500.00']);
    const renamed = stub('03/16/2026 - 03/31/2026', '04/05/2026', ['2,000.00', '12,000.00'], ['1,500.00', '9,000.00'], 'JANE ROE');
    expect(conflictsOf(doc('first', first), doc('renamed', renamed)).map((c) => [c.code, c.differences[0]!.values.map((v) => v.text)])).toEqual([
      ['loan_party_differs', ['doe', 'roe']],
    ]);
  });

  it('reads words one producer runs together as the words another sets apart', () => {
    const together = APRIL.map((l) => (l === 'Checking Account Statement' ? 'CheckingAccount Statement' : l));
    expect(conflictsOf(doc('march', MARCH), doc('april', together))).toEqual([]);
  });

  it('compares no header whose figures do not carry, nor headers that differ in more than a name and an address', () => {
    const other = statement('04/01/2026 - 04/30/2026', ['5.00', '700.00', '100.00', '605.00']).map((l) => (l === 'JANE DOE' ? 'JOHN ROE' : l));
    const notice = [...APRIL.slice(0, 7), 'Your new overdraft terms take effect next month please read the enclosed notice', ...APRIL.slice(7)];
    expect(conflictsOf(doc('march', MARCH), doc('other', other))).toEqual([]);
    expect(conflictsOf(doc('march', MARCH), doc('notice', notice))).toEqual([]);
  });
});

describe('pay stubs of one job', () => {
  const first = stub('03/01/2026 - 03/15/2026', '03/20/2026', ['2,000.00', '10,000.00'], ['1,500.00', '7,500.00']);
  const second = stub('03/16/2026 - 03/31/2026', '04/05/2026', ['2,000.00', '12,000.00'], ['1,500.00', '9,000.00']);

  it('finds nothing where each year to date carries the previous one', () => {
    expect(conflictsOf(doc('first', first), doc('second', second))).toEqual([]);
  });

  it('finds a year to date that does not carry the previous stub, with both figures boxed', () => {
    // the rate raised on every period of the year: six periods of 2,500.00
    const raised = stub('03/16/2026 - 03/31/2026', '04/05/2026', ['2,500.00', '15,000.00'], ['1,900.00', '11,400.00']);
    const [conflict, ...rest] = conflictsOf(doc('first', first), doc('raised', raised));
    expect(rest).toEqual([]);
    expect(conflict!.code).toBe('loan_ytd_not_carried');
    expect(conflict!.summary).toContain('10,000.00 plus this period');
    expect(conflict!.differences[0]!.values.map((v) => v.boxes.length)).toEqual([1, 2]);
  });

  it('never compares two employees, stubs whose periods do not meet, or two years', () => {
    // (a coworker's year to date does not carry this stub's to the cent)
    const coworker = stub('03/16/2026 - 03/31/2026', '04/05/2026', ['2,500.00', '13,000.00'], ['1,900.00', '9,400.00'], 'JOHN ROE');
    const later = stub('04/16/2026 - 04/30/2026', '05/05/2026', ['2,500.00', '19,500.00'], ['1,900.00', '9,400.00']);
    const december = stub('12/16/2025 - 12/31/2025', '01/05/2026', ['2,000.00', '48,000.00'], ['1,500.00', '36,000.00']);
    const january = stub('01/01/2026 - 01/15/2026', '01/20/2026', ['2,000.00', '2,000.00'], ['1,500.00', '1,500.00']);
    expect(conflictsOf(doc('first', first), doc('coworker', coworker), doc('later', later), doc('december', december), doc('january', january))).toEqual([]);
  });
});

describe('net pay against the payroll deposit', () => {
  const paid = stub('03/01/2026 - 03/15/2026', '03/05/2026', ['2,000.00', '10,000.00'], ['1,500.00', '7,500.00']);
  const withDeposit = (row: string) =>
    statement('03/01/2026 - 03/31/2026', ['1,000.00', '500.00', '200.00', '1,300.00'], ['03/02  ATM WITHDRAWAL  200.00  800.00', row]);

  it('finds nothing where the statement records the net pay from the employer', () => {
    expect(conflictsOf(doc('stub', paid), doc('statement', withDeposit('03/05  ACH CREDIT ACME WIDGETS PAYROLL  1,500.00  2,300.00')))).toEqual([]);
  });

  it('finds a deposit from the employer that is not the net pay, boxed on both', () => {
    const [conflict, ...rest] = conflictsOf(doc('stub', paid), doc('statement', withDeposit('03/06  ACH CREDIT ACME WIDGETS PAYROLL  1,250.00  2,050.00')));
    expect(rest).toEqual([]);
    expect(conflict!.code).toBe('loan_net_pay_not_deposited');
    expect(conflict!.documents).toEqual(['stub', 'statement']);
    expect(conflict!.differences[0]!.values.map((v) => v.text)).toEqual(['net pay 1,500.00', 'deposit of 2026-03-06 1,250.00']);
  });

  it('finds nothing for a withdrawal naming the employer, a deposit the stub prints (a split), or a deposit outside the days of the pay date', () => {
    expect(conflictsOf(doc('stub', paid), doc('statement', withDeposit('03/05  POS PURCHASE ACME WIDGETS OUTLET  42.00  758.00')))).toEqual([]);
    const split = [...paid, 'Direct Deposit  Savings  250.00'];
    expect(conflictsOf(doc('stub', split), doc('statement', withDeposit('03/05  ACH CREDIT ACME WIDGETS PAYROLL  250.00  1,050.00')))).toEqual([]);
    expect(conflictsOf(doc('stub', paid), doc('statement', withDeposit('03/25  ACH CREDIT ACME WIDGETS PAYROLL  1,250.00  2,050.00')))).toEqual([]);
  });

  it('never compares the stub of another person with the statement', () => {
    const coworker = stub('03/01/2026 - 03/15/2026', '03/05/2026', ['2,000.00', '10,000.00'], ['1,500.00', '7,500.00'], 'JOHN ROE').map((l) =>
      l === '12 ELM STREET' ? '9 OAK AVENUE' : l,
    );
    expect(conflictsOf(doc('stub', coworker), doc('statement', withDeposit('03/06  ACH CREDIT ACME WIDGETS PAYROLL  1,250.00  2,050.00')))).toEqual([]);
  });

  it('is one of the loan conflicts, after the versions', async () => {
    const codes = (await loanConflicts([doc('stub', paid), doc('statement', withDeposit('03/06  ACH CREDIT ACME WIDGETS PAYROLL  1,250.00  2,050.00'))])).map(
      (c) => c.code,
    );
    expect(codes).toEqual(['loan_net_pay_not_deposited']);
  });
});

describe('a letter of employment and a W-2 against the stubs of the job', () => {
  /** A salaried stub of Jane Doe at Acme Widgets: a Salary row, gross and net pay. */
  const salaried = (period: string, payDate: string, salary: string, [grossYtd, net, netYtd]: [string, string, string], employee = 'JANE DOE'): string[] => {
    const lines = stub(period, payDate, [salary, grossYtd], [net, netYtd], employee);
    return [...lines.slice(0, 8), `Salary  ${salary}  ${grossYtd}`, ...lines.slice(8)];
  };
  const MARCH_1 = salaried('03/01/2026 - 03/15/2026', '03/20/2026', '2,000.00', ['10,000.00', '1,500.00', '7,500.00']);
  const MARCH_2 = salaried('03/16/2026 - 03/31/2026', '04/03/2026', '2,000.00', ['12,000.00', '1,500.00', '9,000.00']);
  const letter = (pay: string, employee = 'Jane Doe', employer = 'Acme Widgets Inc.'): string[] => [
    'Acme Widgets Inc',
    'April 6, 2026',
    'Verification of Employment',
    `This letter confirms that ${employee} has been employed by ${employer} since 2019 as a Project`,
    `Manager. ${employee.split(' ')[0]} is paid ${pay}.`,
  ];
  const SAID = 'semi-monthly, $2,000.00 per pay period, an annual salary of $48,000.00';

  it("reads the letter's employee, employer, schedule, pay and date, and the stubs' schedule and salary", () => {
    const said = documentFacts(doc('letter', letter(SAID))).letter!;
    expect([said.employee, said.employer, said.schedule?.schedule, said.date?.iso]).toEqual([
      ['jane', 'doe'],
      ['acme', 'widgets', 'inc'],
      'semi-monthly',
      '2026-04-06',
    ]);
    expect([said.perPeriod?.cents, said.annual?.cents, said.hourly]).toEqual([200_000, 4_800_000, undefined]);
    expect(documentFacts(doc('letter', letter('biweekly at an hourly rate of $31.25.'))).letter?.hourly?.cents).toBe(3_125);
    const terms = documentFacts(doc('stub', MARCH_1)).pay?.terms;
    expect([terms?.schedule, terms?.salary?.cents]).toEqual(['semi-monthly', 200_000]);
  });

  it('finds nothing where the letter states what the stubs pay', () => {
    expect(conflictsOf(doc('s1', MARCH_1), doc('s2', MARCH_2), doc('letter', letter(SAID)))).toEqual([]);
    expect(conflictsOf(doc('s1', MARCH_1), doc('letter', letter('twice a month, an annual salary of $48,000.00')))).toEqual([]);
  });

  it('finds a salary, an annual salary or a schedule the stubs do not pay, boxed on both', () => {
    const [raised, ...none] = conflictsOf(doc('s1', MARCH_1), doc('s2', MARCH_2), doc('letter', letter(SAID.replace('$2,000.00', '$2,600.00'))));
    expect(none).toEqual([]);
    expect(raised?.code).toBe('loan_pay_terms_differ');
    expect(raised?.documents).toEqual(['letter', 's2']);
    expect(raised?.differences[0]?.values.map((v) => [v.text, v.boxes.length > 0])).toEqual([
      ['$2,600.00', true],
      ['2,000.00', true],
    ]);
    const annual = conflictsOf(doc('s1', MARCH_1), doc('letter', letter('semi-monthly, an annual salary of $58,000.00')));
    expect(annual.map((c) => c.differences[0]?.label)).toEqual(['annual salary']);
    const schedule = conflictsOf(doc('s1', MARCH_1), doc('letter', letter('biweekly, $2,000.00 per pay period')));
    expect(schedule.map((c) => [c.differences[0]?.label, c.differences[0]?.values[0]?.text])).toEqual([['pay schedule', 'biweekly']]);
  });

  it('never judges another employee, another employer, or stubs that disagree among themselves (a raise)', () => {
    const other = letter(SAID.replace('$2,000.00', '$2,600.00'), 'John Roe');
    expect(conflictsOf(doc('s1', MARCH_1), doc('letter', other))).toEqual([]);
    expect(conflictsOf(doc('s1', MARCH_1), doc('letter', letter(SAID.replace('$2,000.00', '$2,600.00'), 'Jane Doe', 'Globex Corporation')))).toEqual([]);
    const raise = salaried('04/01/2026 - 04/15/2026', '04/20/2026', '2,600.00', ['14,600.00', '1,950.00', '10,950.00']);
    expect(conflictsOf(doc('s1', MARCH_1), doc('s3', raise), doc('letter', letter(SAID.replace('$2,000.00', '$2,600.00'))))).toEqual([]);
    // a letter speaks of the present: stubs paid months from its date, or a letter with no date, are not judged against it
    const later = letter(SAID.replace('$2,000.00', '$2,600.00')).map((l) => l.replace('April 6, 2026', 'October 6, 2026'));
    expect(conflictsOf(doc('s1', MARCH_1), doc('letter', later))).toEqual([]);
    const undated = letter(SAID.replace('$2,000.00', '$2,600.00')).filter((l) => l !== 'April 6, 2026');
    expect(conflictsOf(doc('s1', MARCH_1), doc('letter', undated))).toEqual([]);
  });

  const W2 = (wages: string, medicare: string, year = '2025', employee = 'JANE DOE'): string[] => [
    `Form W-2 Wage and Tax Statement ${year}`,
    "c Employer's name, address, and ZIP code",
    'Acme Widgets Inc',
    "e Employee's name",
    employee,
    '12 ELM STREET',
    `1 Wages, tips, other compensation  ${wages}  2 Federal income tax withheld  5,000.00`,
    `5 Medicare wages and tips  ${medicare}  6 Medicare tax withheld  754.00`,
  ];
  // the year's last stub: paid December 19, the next pay date (a period later) in January
  const YEAR_END = salaried('12/01/2025 - 12/15/2025', '12/19/2025', '2,125.00', ['51,000.00', '1,600.00', '38,000.00']);
  const NOVEMBER = salaried('11/01/2025 - 11/15/2025', '11/20/2025', '2,125.00', ['42,500.00', '1,600.00', '31,600.00']);

  it('reads the W-2 and finds nothing where its wages are what the stubs of its year paid', () => {
    const form = documentFacts(doc('w2', W2('49,000.00', '51,500.00'))).wageStatement!;
    expect([form.year, form.employer, form.employee, form.wages?.cents, form.medicare?.cents]).toEqual([
      2025,
      ['acme', 'widgets', 'inc'],
      ['jane', 'doe'],
      4_900_000,
      5_150_000,
    ]);
    expect(conflictsOf(doc('nov', NOVEMBER), doc('dec', YEAR_END), doc('w2', W2('49,000.00', '51,500.00')))).toEqual([]);
  });

  it("finds wages below the net pay a stub of the year had paid, and Medicare wages above the year's last gross", () => {
    const below = conflictsOf(doc('dec', YEAR_END), doc('w2', W2('36,000.00', '37,000.00')));
    expect(below.map((c) => [c.code, c.documents, c.differences[0]?.values.map((v) => v.text)])).toEqual([
      ['loan_wages_differ', ['w2', 'dec'], ['36,000.00', '38,000.00']],
    ]);
    const above = conflictsOf(doc('dec', YEAR_END), doc('w2', W2('58,000.00', '60,000.00')));
    expect(above.map((c) => c.differences[0]?.values.map((v) => v.text))).toEqual([['60,000.00', '51,000.00']]);
  });

  it("never judges a stub that is not the year's last against the year's wages, another year, or another employee", () => {
    expect(conflictsOf(doc('nov', NOVEMBER), doc('w2', W2('58,000.00', '60,000.00')))).toEqual([]);
    expect(conflictsOf(doc('dec', YEAR_END), doc('w2', W2('36,000.00', '37,000.00', '2024')))).toEqual([]);
    expect(conflictsOf(doc('dec', YEAR_END), doc('w2', W2('36,000.00', '37,000.00', '2025', 'JOHN ROE')))).toEqual([]);
  });
});
