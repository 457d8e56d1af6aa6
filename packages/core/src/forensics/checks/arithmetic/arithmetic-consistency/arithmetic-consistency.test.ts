// The arithmetic check over whole pages (the core interpreter's words, as a scan reads them): a
// statement's running balances and stated totals in two layouts, a pay stub's net pay and year to
// date, a tax return's lines, a bill's line items; each genuine page adds up, each edited figure
// is found with the MathCheck it breaks, and a page it cannot read says so. A photo is one page,
// maybe of many: its account summary is judged on its own lines, never against a ledger that may
// go on past the picture.
import { columnarStatement, payStubPage, sectionedStatement, taxReturnPage, utilityBillPage } from '@loupe/fixtures/loan-pages';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { linesPdf, type PageCell } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { checkContext, pictureContext, runCheck, testPicture } from '../../../../testing/check-context.js';
import { type Cell, tableContext, tableWords } from '../../../../testing/table-words.js';
import { arithmeticConsistency } from './arithmetic-consistency.js';
import { statementTotals } from './statement-totals.js';

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
  it('passes consistent statements of either layout', async () => {
    for (const bytes of [columnarStatement(), sectionedStatement()]) {
      const ctx = await checkContext(bytes);
      expect(ctx.category).toBe('bank_statement');
      expect(await runCheck(arithmeticConsistency, ctx)).toMatchObject({ ran: true, findings: [], notRun: [] });
    }
  });

  it('catches a deposit raised with every balance after it, by the stated totals', async () => {
    const { findings } = await run(columnarStatement(100_000));
    expect(findings.map((f) => f.code)).not.toContain('running_balance_mismatch');
    const deposits = findings.find((f) => f.math?.formula.startsWith('total credits'));
    expect(deposits).toMatchObject({ code: 'statement_totals_mismatch', math: { computed: '2,305.75', stated: '1,305.75' } });
    const all = findings.map((f) => f.math?.formula);
    expect(all).toContain('closing balance = opening balance + total credits − total debits');
    // withdrawals were untouched, so their total is not reported
    expect(all.some((f) => f?.startsWith('total debits'))).toBe(false);
  });

  it('catches an edited entry of a sectioned list', async () => {
    expect((await run(sectionedStatement(50_000))).findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'total credits (deposits) = sum of the credits (deposits) listed', computed: '1,805.75', stated: '1,305.75' }),
    ]);
  });
});

describe('pay stubs', () => {
  it('passes a consistent pay stub, and catches an edited net pay and a year to date below the current figure', async () => {
    expect((await checkContext(payStubPage('3,417.00', '13,668.00'))).category).toBe('paystub');
    expect(await formulas(payStubPage('3,417.00', '13,668.00'))).toEqual([]);
    const { findings, summaries } = await run(payStubPage('5,417.00', '13,668.00'));
    expect(findings[0]).toMatchObject({
      code: 'paystub_totals_mismatch',
      rule: 'net pay',
      math: { formula: 'net pay = gross pay − total deductions (current)', computed: '3,417.00', stated: '5,417.00' },
    });
    expect(summaries[0]).toBe('Net pay 5,417.00 is not gross 4,550.00 less deductions 1,133.00 (3,417.00).');
    expect(await formulas(payStubPage('3,417.00', '3,000.00'))).toContain('year-to-date ≥ current period');
  });
});

describe('tax forms', () => {
  it('passes a consistent return and names the line that does not follow its instruction', async () => {
    expect((await checkContext(taxReturnPage())).category).toBe('tax_form');
    expect(await formulas(taxReturnPage())).toEqual([]);
    // wages raised on line 1z only: total income no longer adds up
    const { findings, summaries } = await run(taxReturnPage({ '1z': '92,400.00' }));
    expect(findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'line 9 = line 1z + line 2b + line 3b + line 7 + line 8', computed: '93,210.00', stated: '73,210.00' }),
    ]);
    expect(summaries).toEqual(['Line 9 reads 73,210.00, but its instruction gives 93,210.00.']);
    expect(await formulas(taxReturnPage({ '15': '36,860.00' }))).toEqual(['line 15 = line 11 − line 14']);
  });
});

describe('bills', () => {
  it('sums the line items, and judges nothing when an item in the column cannot be read', async () => {
    expect(await formulas(utilityBillPage('61.32'))).toEqual([]);
    expect((await run(utilityBillPage('81.32'))).findings.map((f) => f.math)).toEqual([
      expect.objectContaining({ formula: 'Subtotal = Energy charge + Delivery charge + Customer charge', computed: '124.73', stated: '104.73' }),
    ]);
    // as OCR misreads a figure: the partial sum of the others is no contradiction, and a misread tax leaves the total unjudged
    expect(await formulas(utilityBillPage('61:32'))).toEqual([]);
    expect(await formulas(utilityBillPage('61.32', '5124'))).toEqual([]);
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

describe('a photo of a statement page', () => {
  /** The first page of a statement: an account summary in categories over the first rows of its ledger. */
  const firstPage = (ending: string): Cell[][] => [
    [
      ['Beginning Balance', 50],
      ['$4,210.55', 300],
    ],
    [
      ['Deposits', 50],
      ['3,200.00', 300],
    ],
    [
      ['Withdrawals', 50],
      ['-845.20', 300],
    ],
    [
      ['Ending Balance', 50],
      [ending, 300],
    ],
    [['Account activity', 50]],
    [
      ['Date', 50],
      ['Description', 100],
      ['Amount', 300],
      ['Balance', 400],
    ],
    [
      ['10/01', 50],
      ['Beginning balance', 100],
      ['4,210.55', 400],
    ],
    [
      ['10/02', 50],
      ['PAYROLL ACME', 100],
      ['1,200.00', 300],
      ['5,410.55', 400],
    ],
    [
      ['10/05', 50],
      ['RENT PAYMENT', 100],
      ['-845.20', 300],
      ['4,565.35', 400],
    ],
    [
      ['10/09', 50],
      ['GROCERY MART', 100],
      ['-312.40', 300],
      ['4,252.95', 400],
    ],
  ];
  const onPhoto = async (ending: string) => {
    const words = tableWords(1, ...firstPage(ending));
    return (await runCheck(arithmeticConsistency, pictureContext([testPicture()], { category: 'bank_statement', words: () => words }))).findings;
  };

  it('judges its account summary on its own lines', async () => {
    await loadDecimals();
    expect(await onPhoto('$6,565.35')).toEqual([]);
    expect(await onPhoto('$7,565.35')).toMatchObject([{ code: 'statement_balance_mismatch', math: { stated: '$7,565.35', computed: '6,565.35' } }]);
  });

  it('never holds the summary against a ledger that may go on past the picture', async () => {
    await loadDecimals();
    // a statement of this one page would end its ledger at the summary's ending balance; a photo's page may be one of many
    const asWholeStatement = statementTotals(tableContext([tableWords(1, ...firstPage('$6,565.35'))], 'bank_statement', true));
    expect(asWholeStatement.map((f) => f.code)).toContain('statement_balance_mismatch');
    expect(await onPhoto('$6,565.35')).toEqual([]);
  });
});

describe('a landscape page drawn turned under /Rotate', () => {
  // an invoice's items as shown on the turned page: Qty, Rate and Amount right-aligned in columns
  const invoice = (rate: string): PageCell[][] => [
    [
      { x: 60, text: 'Description' },
      { right: 420, text: 'Qty' },
      { right: 520, text: 'Rate' },
      { right: 640, text: 'Amount' },
    ],
    ...[
      ['Installation labour', '11', '123.95', '1,363.45'],
      ['Printer toner', '4', '871.60', '3,486.40'],
      ['Annual licence', '16', rate, '1,925.12'],
    ].map(([item, qty, r, amount]): PageCell[] => [
      { x: 60, text: item! },
      { right: 420, text: qty! },
      { right: 520, text: r! },
      { right: 640, text: amount! },
    ]),
    [
      { x: 380, text: 'Total' },
      { right: 640, text: '6,774.97' },
    ],
  ];

  it('reads its rows as they run, and places what it finds back on the page', async () => {
    expect((await run(linesPdf(invoice('120.32'), { landscape: true }))).findings).toEqual([]);
    const { findings } = await run(linesPdf(invoice('220.32'), { landscape: true }));
    expect(findings.map((f) => f.math)).toEqual([expect.objectContaining({ formula: 'amount = quantity × rate', computed: '3,525.12', stated: '1,925.12' })]);
    // the rate, shown right-aligned at x 520 of the turned page on its fourth line (baseline y 518),
    // is drawn up the portrait page: its baseline at x = 612 - 518 = 94, its glyphs (0.8 em up,
    // 0.2 em down, the page's up being -x) from x 86 to 96, from y 520 - 6 characters x 6 to 520
    const rate = findings[0]!.boxes!.find((b) => b.y1 > 500 && b.y1 < 540);
    expect(rate).toMatchObject({ page: 1 });
    for (const [edge, at] of [
      ['x0', 86],
      ['x1', 96],
      ['y0', 484],
      ['y1', 520],
    ] as const)
      expect(rate![edge]).toBeCloseTo(at, 0);
  });
});
