// Summaries printed across the page: labels in a header, figures under them. Gross pay less the
// deductions and taxes between it and net pay; a previous balance with payments, adjustments and
// charges to the amount due; a statement's beginning balance with its deposits and withdrawals to
// its ending balance. Headers wrapped onto two lines and labels run together are read; a header
// with a cell of no kind is not judged.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import { buildRows, type Row } from '../../../../tables/rows.js';
import { type Cell, tableWords } from '../../../../testing/table-words.js';
import { readAcross, readPayColumn, sectionsAgainstSummary, summariesAcross } from './summary-across.js';

beforeAll(loadDecimals);
const never = () => false;
/** The summaries across the page of `rows`, judged. */
const judge = (rows: Row[], fromOcr: (page: number) => boolean, balanceCode: Parameters<typeof summariesAcross>[2]) =>
  summariesAcross(readAcross(rows), fromOcr, balanceCode);
/** The pay summary of `rows` against its sections. */
const sections = (rows: Row[]) => sectionsAgainstSummary(rows, readAcross(rows), never);

/** A cell of `text` whose right edge is at `x1` (5 points a character, 3 between words). */
const right = (text: string, x1: number): Cell => [text, x1 - (5 * text.length - 2 * (text.split(' ').length - 1))];
/** A header over rows of figures, each cell right-aligned on the edges `edges`. */
const across = (header: string[], edges: number[], ...rows: [string, ...string[]][]) =>
  buildRows(
    tableWords(
      1,
      header.map((h, i) => right(h, edges[i]!)),
      ...rows.map(([label, ...figs]): Cell[] => [[label, 40], ...figs.map((f, i) => right(f, edges[i]!))]),
    ),
  );

const PAY_EDGES = [170, 270, 360, 460, 540];
const pay = (net: string, netYtd = '$48,053.20') =>
  across(
    ['Gross Earnings', 'Pre-Tax Deductions', 'Employee Taxes', 'Post-Tax Deductions', 'Net Pay'],
    PAY_EDGES,
    ['Current', '$3,200.00', '$160.00', '$612.34', '$25.00', net],
    ['YTD', '$64,000.00', '$3,200.00', '$12,246.80', '$500.00', netYtd],
  );

describe('summaries across the page', () => {
  it('pass a pay summary whose net pay is gross less the deductions and taxes between them, in each row', () => {
    expect(judge(pay('$2,402.66'), never, 'bill_totals_mismatch')).toEqual([]);
  });

  it('report a net pay the cells do not lead to, on it, row by row', () => {
    const [finding, ...rest] = judge(pay('$2,602.66'), never, 'bill_totals_mismatch');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'paystub_totals_mismatch',
      math: {
        computed: '2,402.66',
        stated: '$2,602.66',
        formula: 'net pay = gross earnings − pre-tax deductions − employee taxes − post-tax deductions (summary across the page)',
      },
    });
    expect(finding!.boxes![0]!.x1).toBe(540);
    expect(judge(pay('$2,402.66', '$49,053.20'), never, 'bill_totals_mismatch')).toHaveLength(1);
  });

  const bill = (due: string, payments = '-$152.30') =>
    across(
      ['Previous Balance', 'Payments', 'Adjustments', 'Current Charges', 'Amount Due'],
      [150, 240, 330, 430, 520],
      ['', '$152.30', payments, '$0.00', '$134.77', due],
    );

  it("read a bill's summary as what is owed: payments and credits subtract, charges add, adjustments keep their sign", () => {
    expect(judge(bill('$134.77'), never, 'bill_totals_mismatch')).toEqual([]);
    expect(judge(bill('$134.77', '$152.30'), never, 'bill_totals_mismatch')).toEqual([]); // payments printed unsigned
    const [finding] = judge(bill('$164.77'), never, 'bill_totals_mismatch');
    expect(finding).toMatchObject({ code: 'bill_totals_mismatch', math: { computed: '134.77', stated: '$164.77' } });
  });

  it("read a statement's summary across, as a deposit account, with the statement's code", () => {
    const statement = (ending: string) =>
      across(
        ['Beginning Balance', 'Deposits and Credits', 'Withdrawals and Debits', 'Ending Balance'],
        [160, 280, 410, 530],
        ['', '4,210.55', '3,200.00', '2,007.20', ending],
      );
    expect(judge(statement('5,403.35'), never, 'statement_balance_mismatch')).toEqual([]);
    expect(judge(statement('6,403.35'), never, 'statement_balance_mismatch')).toMatchObject([{ code: 'statement_balance_mismatch' }]);
  });

  it('read labels wrapped onto a second header line, and labels of narrow columns run together', () => {
    const words = tableWords(
      1,
      [right('Gross', 170), right('Pre-Tax', 240), right('Employee', 310), right('Net', 380)],
      [right('Earnings', 170), right('Deductions', 240), right('Taxes', 310), right('Pay', 380)],
      [['Current', 40], right('3,200.00', 170), right('160.00', 240), right('612.34', 310), right('2,527.66', 380)],
    );
    // the header lines set tight (a wrapped label), not a line's pitch apart
    for (const w of words) if (w.y0 === 740) [w.y0, w.y1] = [730, 739];
    const [finding] = judge(buildRows(words), never, 'bill_totals_mismatch');
    expect(finding).toMatchObject({ code: 'paystub_totals_mismatch', math: { computed: '2,427.66', stated: '2,527.66' } });
    expect(finding!.math!.formula).toContain('pre-tax deductions');
  });

  /** The words of `lines` (cells at their left edges), each line's top at its `y`. */
  const placed = (...lines: [y: number, cells: Cell[]][]) =>
    buildRows(lines.flatMap(([y, cells]) => tableWords(1, cells).map((w) => ({ ...w, y0: y, y1: y + 9 }))));
  const LABELS: Cell[] = [
    ['Opening balance', 82],
    ['Money in', 216],
    ['Money out', 311],
    ['Closing balance', 387],
  ];
  const FIGURES: Cell[] = [
    ['$2,989.01', 82],
    ['23,540.34', 216],
    ['17,245.91', 311],
    ['$9,283.44', 387],
  ];

  it('read a header under a title set tight above it, without the title', () => {
    // the title runs over the middle labels: with it, two figures sit under one cell
    const rows = placed([739, [['Account activity summary', 200]]], [726, LABELS], [712, FIGURES]);
    expect(readAcross(rows)).toMatchObject([
      { kind: 'balance', from: 'Opening balance', to: 'Closing balance', lines: [{ label: 'Money in' }, { label: 'Money out' }] },
    ]);
  });

  it("read labels set left of their figures a few points off (a cell's padding), run together or not", () => {
    // "balance" and "Deposits" set closer than a word's height: one run, cut before each figure
    const rows = placed(
      [
        726,
        [
          ['Beginning balance', 62.5],
          ['Deposits and additions (6)', 152.5],
          ['Withdrawals and subtractions (8)', 292.5],
          ['Ending balance', 472.5],
        ],
      ],
      [
        712,
        [
          ['$17,808.89', 60],
          ['10,893.11', 150],
          ['8,358.09', 290],
          ['$20,343.91', 470],
        ],
      ],
    );
    const [summary] = readAcross(rows);
    expect(summary).toMatchObject({ from: 'Beginning balance', to: 'Ending balance' });
    expect(summary!.lines.map((l) => [l.label, l.figure.amount.raw])).toEqual([
      ['Deposits and additions (6)', '10,893.11'],
      ['Withdrawals and subtractions (8)', '8,358.09'],
    ]);
  });

  it("read a label's count wrapped onto a line of its own below it ('Total Withdrawals' over '(18)')", () => {
    const rows = placed(
      [731, [right('Total Withdrawals', 353)]],
      [726, [right('Previous Balance', 149), right('Total Deposits (8)', 251), right('New Balance', 455)]],
      [721, [right('(18)', 353)]],
      [707, [right('$6,115.15', 149), right('20,549.34', 251), right('13,947.80', 353), right('$12,716.69', 455)]],
    );
    expect(readAcross(rows)).toMatchObject([
      { from: 'Previous Balance', to: 'New Balance', lines: [{ label: 'Total Deposits (8)' }, { label: 'Total Withdrawals (18)' }] },
    ]);
  });

  it("keep a label's words in order when OCR's boxes follow descenders ('Beginning' lower than 'Balance')", () => {
    const words = tableWords(
      1,
      [right('Beginning Balance', 150), right('Deposits', 240), right('Withdrawals', 330), right('Ending Balance', 430)],
      [right('$4,210.55', 150), right('$3,200.00', 240), right('$2,007.20', 330), right('$5,403.35', 430)],
    );
    for (const w of words) if (/^(Beginning|Ending)$/.test(w.text)) [w.y0, w.y1] = [w.y0 - 2, w.y1 - 1];
    const [summary] = readAcross(buildRows(words));
    expect(summary).toMatchObject({ kind: 'balance', from: 'Beginning Balance', to: 'Ending Balance' });
  });

  it("hold a pay summary's taxes and deductions against the sections listing them, not an employer's section", () => {
    const withSections = (socialSecurity: string, employerTax = '198.40') =>
      buildRows(
        tableWords(
          1,
          ...[
            ['Gross Earnings', 'Pre-Tax Deductions', 'Employee Taxes', 'Post-Tax Deductions', 'Net Pay'].map((h, i) => right(h, PAY_EDGES[i]!)),
            [['Current', 40] as Cell, ...['$3,200.00', '$160.00', '$612.34', '$25.00', '$2,402.66'].map((f, i) => right(f, PAY_EDGES[i]!))],
            [['Employee Taxes Withheld', 40] as Cell],
            [['Description', 40] as Cell, right('Current', 460)],
            ...(
              [
                ['Federal Income Tax', '305.12'],
                ['Social Security', socialSecurity],
                ['Medicare', '46.40'],
                ['State Tax', '62.42'],
              ] as const
            ).map(([label, f]): Cell[] => [[label, 40], right(f, 460)]),
            [['Employee Deductions', 40] as Cell],
            [['401(k) Pre-Tax', 40] as Cell, right('160.00', 460)],
            [['Roth IRA Post-Tax', 40] as Cell, right('25.00', 460)],
            [['Employer Taxes', 40] as Cell],
            [['Social Security', 40] as Cell, right(employerTax, 460)],
            [['FUTA', 40] as Cell, right('42.00', 460)],
          ],
        ),
      );
    expect(sections(withSections('198.40'))).toEqual([]);
    expect(sections(withSections('198.40', '298.40'))).toEqual([]);
    const [finding, ...rest] = sections(withSections('178.40'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'paystub_totals_mismatch', math: { computed: '592.34', stated: '$612.34' } });
  });

  it('do not judge a header with a cell of no kind between the balances, nor figures under no header', () => {
    const unknown = across(['Previous Balance', 'Payments', 'Transfers', 'Amount Due'], [150, 240, 330, 430], ['', '100.00', '50.00', '20.00', '90.00']);
    expect(judge(unknown, never, 'bill_totals_mismatch')).toEqual([]);
    const noHeader = buildRows(tableWords(1, [right('1,000.00', 150), right('50.00', 240), right('2,000.00', 330)]));
    expect(judge(noHeader, never, 'bill_totals_mismatch')).toEqual([]);
  });
});

describe('a pay summary down a column', () => {
  /** A summary of gross pay, three lines and net pay, then the taxes section listing `taxes`. */
  const column = (net: string, taxes: string[]) =>
    buildRows(
      tableWords(
        1,
        [['Summary', 40]],
        ...(
          [
            ['Gross Pay', '$4,100.00'],
            ['Pre-tax Deductions', '$205.00'],
            ['Taxes', '$843.12'],
            ['Post-tax Deductions', '$50.00'],
            ['Net Pay', net],
          ] as const
        ).map(([label, f]): Cell[] => [[label, 40], right(f, 280)]),
        [['Taxes', 40]],
        ...['Federal Withholding', 'Social Security', 'Medicare', 'State Withholding'].map((label, i): Cell[] => [[label, 40], right(taxes[i]!, 540)]),
      ),
    );
  const listed = (rows: Row[]) => {
    const summary = readPayColumn(rows);
    return summary && sectionsAgainstSummary(rows, [summary], never);
  };

  it('is read when gross pay less its lines is net pay, and held against the sections listing them', () => {
    expect(listed(column('$3,001.88', ['461.20', '241.49', '56.48', '83.95']))).toEqual([]);
    const [finding] = listed(column('$3,001.88', ['461.20', '241.49', '86.48', '83.95'])) ?? [];
    expect(finding).toMatchObject({ code: 'paystub_totals_mismatch', math: { computed: '873.12', stated: '$843.12' } });
  });

  it('is no summary when its lines do not lead to net pay', () => {
    expect(readPayColumn(column('$3,201.88', ['461.20', '241.49', '56.48', '83.95']))).toBeUndefined();
  });
});
