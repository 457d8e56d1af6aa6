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
