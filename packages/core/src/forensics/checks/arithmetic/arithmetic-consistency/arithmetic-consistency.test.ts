// The arithmetic check over whole pages (the core interpreter's words, as a scan reads them): a
// statement's running balances and stated totals in two layouts, a pay stub's net pay and year to
// date, a tax return's lines, a bill's line items; each genuine page adds up, each edited figure
// is found with the MathCheck it breaks, and a page it cannot read says so.
import { makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { linesPdf, type PageCell } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { arithmeticConsistency } from './arithmetic-consistency.js';

const run = async (bytes: Uint8Array) => runCheck(arithmeticConsistency, await checkContext(bytes));
const formulas = async (bytes: Uint8Array) => (await run(bytes)).findings.map((f) => f.math?.formula);

describe('running balances', () => {
  it('finds a balance that contradicts its transactions, with the figures it rests on and where they are', async () => {
    const { findings, summaries } = await run(await makeStatement({ pages: 1, rowsPerPage: 10, seed: 8, misprint: { row: 4, delta: 10_000 } }));
    const step = findings.find((f) => f.code === 'running_balance_mismatch');
    expect(step).toMatchObject({
      rule: 'running balance',
      basis: 'running balance',
      ocr: false,
      math: { ok: false, formula: expect.stringContaining('previous balance') },
    });
    // balances are printed at x 480 on a 612-point page
    expect(step?.boxes?.[0]?.x0).toBeCloseTo(480, -1);
    expect(summaries[findings.indexOf(step!)]).toMatch(/^Page 1: after [\d,.-]+ and [\d,.-]+ the balance should be [\d,.-]+/);
  });

  it('reads nothing into a consistent statement, nor into a table no rule explains', async () => {
    expect((await run(await makeStatement({ pages: 2, rowsPerPage: 12, seed: 9 }))).findings).toEqual([]);
    const lines = Array.from({ length: 8 }, (_, i): PageCell[] => [{ x: 50, text: `03/0${i + 1}/2024 Item ${i} ${i * 37 + 1}.00 ${i * 91 + 5}.50` }]);
    expect((await run(linesPdf(lines))).findings).toEqual([]);
  });
});

describe('statement totals', () => {
  const amounts = [120_000, -4_550, -23_199, 8_000, -61_010, 2_575, -1_999];
  const header: PageCell[][] = [
    [{ x: 40, text: 'First Example Bank checking account statement' }],
    [{ x: 40, text: 'Statement period 03/01/2024 to 03/31/2024' }],
  ];
  const row = (label: string, figure: string): PageCell[] => [
    { x: 40, text: label },
    { right: 560, text: figure },
  ];
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

  /** Withdrawals and Deposits columns with a running balance; `raise` adds cents to the first deposit and every balance after it. */
  const columnar = (raise = 0): Uint8Array => {
    let balance = 250_000;
    const lines: PageCell[][] = [
      ...header,
      ['Date', 'Description', 'Withdrawals', 'Deposits', 'Balance'].map((text, i) => ({ x: [40, 110, 320, 410, 500][i]!, text })),
      row('Opening balance', money(balance)),
    ];
    amounts.forEach((a, i) => {
      const shown = i === 0 ? a + raise : a;
      balance += shown;
      lines.push([
        { x: 40, text: `03/0${i + 2}/2024` },
        { x: 110, text: `Item ${i + 1}` },
        { right: a < 0 ? 380 : 460, text: money(Math.abs(shown)) },
        { right: 560, text: money(balance) },
      ]);
    });
    const credits = sum(amounts.filter((a) => a > 0));
    const debits = -sum(amounts.filter((a) => a < 0));
    lines.push(row('Closing balance', money(balance)), row('Total deposits', money(credits)), row('Total withdrawals', money(debits)));
    return linesPdf(lines);
  };

  /** Deposits and withdrawals listed in sections under a summary; `edit` adds cents to the first deposit only. */
  const sectioned = (edit = 0): Uint8Array => {
    const deposits = amounts.filter((a) => a > 0);
    const withdrawals = amounts.filter((a) => a < 0).map((a) => -a);
    return linesPdf([
      ...header,
      row('Beginning balance', money(250_000)),
      row('Deposits and additions', money(sum(deposits))),
      row('Withdrawals and subtractions', money(sum(withdrawals))),
      row('Ending balance', money(250_000 + sum(deposits) - sum(withdrawals))),
      [{ x: 40, text: 'DEPOSITS AND ADDITIONS' }],
      ...deposits.map((a, i): PageCell[] => [
        { x: 40, text: `03/1${i}` },
        { x: 110, text: 'Payroll deposit' },
        { right: 560, text: money(i === 0 ? a + edit : a) },
      ]),
      row('Total Deposits and Additions', money(sum(deposits))),
      [{ x: 40, text: 'WITHDRAWALS' }],
      ...withdrawals.flatMap((a, i): PageCell[][] => [
        [
          { x: 40, text: `03/2${i}` },
          { x: 110, text: 'Card purchase' },
          { right: 560, text: money(a) },
        ],
        ...(i === 1 ? [[{ x: 110, text: 'continued description' }]] : []),
      ]),
      row('Total Withdrawals and Subtractions', money(sum(withdrawals))),
    ]);
  };

  it('passes consistent statements of either layout', async () => {
    for (const bytes of [columnar(), sectioned()]) {
      const ctx = await checkContext(bytes);
      expect(ctx.category).toBe('bank_statement');
      expect(await runCheck(arithmeticConsistency, ctx)).toMatchObject({ ran: true, findings: [], notRun: [] });
    }
  });

  it('catches a deposit raised with every balance after it, by the stated totals', async () => {
    const { findings } = await run(columnar(100_000));
    expect(findings.map((f) => f.code)).not.toContain('running_balance_mismatch');
    const deposits = findings.find((f) => f.math?.formula.startsWith('total credits'));
    expect(deposits).toMatchObject({ code: 'statement_totals_mismatch', math: { computed: '2,305.75', stated: '1,305.75' } });
    const all = findings.map((f) => f.math?.formula);
    expect(all).toContain('closing balance = opening balance + total credits − total debits');
    // withdrawals were untouched, so their total is not reported
    expect(all.some((f) => f?.startsWith('total debits'))).toBe(false);
  });

  it('catches an edited entry of a sectioned list', async () => {
    expect((await run(sectioned(50_000))).findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'total credits (deposits) = sum of the credits (deposits) listed', computed: '1,805.75', stated: '1,305.75' }),
    ]);
  });
});

describe('pay stubs', () => {
  /** A pay stub with current figures right-aligned at x 300 and year to date at 420. */
  const stub = (net: string, ytdNet: string) => {
    const rows: [string, string, string?][] = [
      ['Earnings', ''],
      ['Regular', '4,200.00', '16,800.00'],
      ['Overtime', '350.00', '1,400.00'],
      ['Gross pay', '4,550.00', '18,200.00'],
      ['Total deductions', '1,133.00', '4,532.00'],
      ['Net pay', net, ytdNet],
    ];
    return linesPdf([
      [{ x: 40, text: 'ACME Inc. Earnings Statement' }],
      [{ x: 40, text: 'Pay date 05/31/2024 Employee 1042 Federal tax Social security YTD' }],
      ...rows.map(([label, cur, ytd]): PageCell[] => [
        { x: 40, text: label },
        ...(cur ? [{ right: 300, text: cur }] : []),
        ...(ytd ? [{ right: 420, text: ytd }] : []),
      ]),
    ]);
  };

  it('passes a consistent pay stub, and catches an edited net pay and a year to date below the current figure', async () => {
    expect((await checkContext(stub('3,417.00', '13,668.00'))).category).toBe('paystub');
    expect(await formulas(stub('3,417.00', '13,668.00'))).toEqual([]);
    const { findings, summaries } = await run(stub('5,417.00', '13,668.00'));
    expect(findings[0]).toMatchObject({
      code: 'paystub_totals_mismatch',
      rule: 'net pay',
      math: { formula: 'net pay = gross pay − total deductions (current)', computed: '3,417.00', stated: '5,417.00' },
    });
    expect(summaries[0]).toBe('Net pay 5,417.00 is not gross 4,550.00 less deductions 1,133.00 (3,417.00).');
    expect(await formulas(stub('3,417.00', '3,000.00'))).toContain('year-to-date ≥ current period');
  });
});

describe('tax forms', () => {
  /** A 1040-like page: line number and amount in the right column, instructions in the labels; `overrides` replaces entries. */
  const form = (overrides: Record<string, string> = {}): Uint8Array => {
    const lines: [string, string, string][] = [
      ['1z', 'Add lines 1a through 1h', '72,400.00'],
      ['2b', 'Taxable interest', '310.00'],
      ['3b', 'Ordinary dividends', '1,250.00'],
      ['7', 'Capital gain or (loss)', '(750.00)'],
      ['8', 'Additional income from Schedule 1, line 10', '0.00'],
      ['9', 'Add lines 1z, 2b, 3b, 7, and 8. This is your total income', '73,210.00'],
      ['10', 'Adjustments to income from Schedule 1, line 26', '2,500.00'],
      ['11', 'Subtract line 10 from line 9. This is your adjusted gross income', '70,710.00'],
      ['12', 'Standard deduction or itemized deductions', '13,850.00'],
      ['13', 'Qualified business income deduction', '0.00'],
      ['14', 'Add lines 12 and 13', '13,850.00'],
      ['15', 'Subtract line 14 from line 11. This is your taxable income', '56,860.00'],
    ];
    return linesPdf([
      [{ x: 40, text: 'Form 1040 U.S. Individual Income Tax Return 2023' }],
      [{ x: 40, text: 'Department of the Treasury - Internal Revenue Service' }],
      ...lines.map(([n, label, amount]): PageCell[] => [
        { x: 40, text: n },
        { x: 70, text: label },
        { x: 470, text: n },
        { right: 580, text: overrides[n] ?? amount },
      ]),
    ]);
  };

  it('passes a consistent return and names the line that does not follow its instruction', async () => {
    expect((await checkContext(form())).category).toBe('tax_form');
    expect(await formulas(form())).toEqual([]);
    // wages raised on line 1z only: total income no longer adds up
    const { findings, summaries } = await run(form({ '1z': '92,400.00' }));
    expect(findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'line 9 = line 1z + line 2b + line 3b + line 7 + line 8', computed: '93,210.00', stated: '73,210.00' }),
    ]);
    expect(summaries).toEqual(['Line 9 reads 73,210.00, but its instruction gives 93,210.00.']);
    expect(await formulas(form({ '15': '36,860.00' }))).toEqual(['line 15 = line 11 − line 14']);
  });
});

describe('bills', () => {
  const bill = (energy: string, tax = '5.24'): Uint8Array =>
    linesPdf([
      [{ x: 40, text: 'Riverside Electric Utility' }],
      [{ x: 40, text: 'Bill date 04/02/2024 Due date 04/23/2024 Service address 12 Main Street' }],
      [{ x: 40, text: 'Meter 5531 usage 511 kWh billing period 03/01/2024 to 03/31/2024' }],
      ...[
        ['Energy charge', energy],
        ['Delivery charge', '31.41'],
        ['Customer charge', '12.00'],
        ['Subtotal', '104.73'],
        ['State tax', tax],
        ['Total amount due', '109.97'],
      ].map(([label, figure]): PageCell[] => [
        { x: 40, text: label! },
        { right: 520, text: figure! },
      ]),
    ]);

  it('sums the line items, and judges nothing when an item in the column cannot be read', async () => {
    expect(await formulas(bill('61.32'))).toEqual([]);
    expect((await run(bill('81.32'))).findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'subtotal = sum of the line items', computed: '124.73', stated: '104.73' }),
    ]);
    // as OCR misreads a figure: the partial sum of the others is no contradiction, and a misread tax leaves the total unjudged
    expect(await formulas(bill('61:32'))).toEqual([]);
    expect(await formulas(bill('61.32', '5124'))).toEqual([]);
  });
});

describe('pages without words', () => {
  it('does not run on a page whose text could not be read (an image-only page without OCR)', async () => {
    const image = linesPdf([]);
    expect(await runCheck(arithmeticConsistency, await checkContext(image))).toMatchObject({
      ran: false,
      notRun: [expect.stringMatching(/no words were read/)],
    });
  });
});
