// Arithmetic on templates no check was written for: an invoice and an expense report laid out by
// jsPDF with their own labels ("Line total", "Amount (USD)", "Total"), classified as neither pay
// stub nor bill, and an employment verification letter stating its pay for two periods. A
// re-print with one figure changed and the others kept is reported on the figures; the genuine
// documents raise nothing.
import type { DocumentResult } from '@loupe/core';
import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false, now: () => new Date('2026-11-22T12:00:00Z') });
afterAll(() => engine.dispose());

const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** A one-page document: a heading, lines of text, and a table of label and amount rows with a header. */
function document(title: string, lines: string[], header: [string, string], rows: [string, number][], totals: [string, number][]): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  doc.setFont('times', 'bold');
  doc.setFontSize(16);
  doc.text(title, 56, 70);
  doc.setFont('times', 'normal');
  doc.setFontSize(10);
  for (const [i, l] of lines.entries()) doc.text(l, 56, 96 + 14 * i);
  let y = 110 + 14 * lines.length;
  doc.setFont('times', 'bold');
  doc.text(header[0], 56, y);
  doc.text(header[1], 520, y, { align: 'right' });
  doc.setFont('times', 'normal');
  for (const [label, cents] of [...rows, ...totals]) {
    y += 16;
    doc.text(label, 56, y);
    doc.text(money(cents), 520, y, { align: 'right' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

const invoiceRows: [string, number][] = [
  ['Site survey, 2 days', 180_000],
  ['Structural report', 95_000],
  ['Travel and lodging', 41_250],
];
const invoice = (rows: [string, number][]) =>
  document('INVOICE 2026-114', ['Brightwater Engineering Ltd', 'Bill to: Northfield Homes', 'Issued 14 October 2026'], ['Description', 'Line total'], rows, [
    ['Subtotal', 316_250],
    ['VAT 20%', 63_250],
    ['Total', 379_500],
  ]);
const expenseRows: [string, number][] = [
  ['Flights', 64_820],
  ['Hotel, 3 nights', 51_300],
  ['Meals', 12_740],
  ['Taxis', 8_960],
];
const expenses = (rows: [string, number][]) =>
  document('Expense report', ['Employee: R. Alvarez', 'Trip: client visit, Lisbon'], ['Expense', 'Amount (USD)'], rows, [['Total', 137_820]]);

const arithmetic = (d: DocumentResult) => d.indicators.filter((i) => i.code.endsWith('_totals_mismatch') || i.code === 'table_total_mismatch');

describe('totals on templates no check was written for', () => {
  it('passes the genuine invoice and expense report', async () => {
    for (const bytes of [invoice(invoiceRows), expenses(expenseRows)]) {
      const d = await engine.scan(bytes, { name: 'genuine.pdf' });
      expect(arithmetic(d)).toEqual([]);
      expect(d.checks_passed).toContain('arithmetic consistency');
    }
  });

  it('reports an invoice re-printed with one line changed, with a region on the subtotal', async () => {
    const edited = invoiceRows.map(([label, cents]): [string, number] => [label, label.startsWith('Structural') ? 195_000 : cents]);
    const d = await engine.scan(invoice(edited), { name: 'invoice.pdf' });
    expect(d.category).not.toBe('utility_bill');
    expect(arithmetic(d).map((i) => i.code)).toEqual(['bill_totals_mismatch']);
    expect(d.math_checks?.[0]).toMatchObject({ formula: 'Subtotal = Site survey, 2 days + Structural report + Travel and lodging', stated: '3,162.50' });
    expect(d.regions.some((r) => r.indicator_code === 'bill_totals_mismatch')).toBe(true);
  });

  it('reports an expense report re-printed with one amount changed, with a region on the total', async () => {
    const edited = expenseRows.map(([label, cents]): [string, number] => [label, label === 'Meals' ? 42_740 : cents]);
    const d = await engine.scan(expenses(edited), { name: 'expenses.pdf' });
    expect(arithmetic(d).map((i) => i.code)).toEqual(['table_total_mismatch']);
    expect(d.math_checks?.[0]).toMatchObject({ formula: 'total = sum of the column above it', computed: '1,678.20', stated: '1,378.20' });
    const region = d.regions.find((r) => r.indicator_code === 'table_total_mismatch')!;
    expect(region.x + region.w).toBeGreaterThan(80); // the amount column, at the right
    expect(d.verdict).not.toBe('CLEAN');
  });
});

/** An employment verification letter: prose, one sentence a line. */
function letter(annual: string, perPeriod: string): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  const lines = [
    'Harbour Logistics Inc.',
    '12 November 2026',
    'To whom it may concern,',
    'This letter confirms that Dana Whitfield has been employed full time as a dispatcher since 3 March 2021.',
    `Her current base salary is ${annual} per year, and she is paid bi-weekly.`,
    `Each bi-weekly pay before taxes is ${perPeriod}.`,
    'She is also eligible for an annual bonus of up to $4,000.00, paid each March.',
    'Please contact our payroll office at 555-0142 with any question.',
  ];
  for (const [i, l] of lines.entries()) doc.text(l, 72, 90 + 20 * i);
  return new Uint8Array(doc.output('arraybuffer'));
}

describe('pay stated in a letter', () => {
  it('passes a letter whose annual and bi-weekly pay agree', async () => {
    const d = await engine.scan(letter('$78,000.00', '$3,000.00'), { name: 'letter.pdf' });
    expect(d.indicators.map((i) => i.code)).not.toContain('stated_pay_inconsistent');
    expect(d.checks_passed).toContain('arithmetic consistency');
  });

  it('reports a letter whose annual salary was raised and whose pay per period was not, on both figures', async () => {
    const d = await engine.scan(letter('$98,000.00', '$3,000.00'), { name: 'letter.pdf' });
    expect(d.indicators.map((i) => i.code)).toContain('stated_pay_inconsistent');
    expect(d.math_checks?.find((m) => m.formula.startsWith('annual pay'))).toMatchObject({
      formula: 'annual pay = bi-weekly pay × 26',
      computed: '78,000.00',
      stated: '$98,000.00',
    });
    expect(d.regions.filter((r) => r.indicator_code === 'stated_pay_inconsistent')).toHaveLength(2);
  });
});

/** A statement's first page: its account summary in categories, as some banks print it. */
function statementSummary(ending: string): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(13);
  doc.text('Lakeshore Community Bank', 50, 60);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.text('Checking account statement. Statement period: March 1, 2026 through March 31, 2026. Account number: 000004417', 50, 78);
  doc.setFont('helvetica', 'bold');
  doc.text('CHECKING SUMMARY', 50, 110);
  doc.setFont('helvetica', 'normal');
  const lines: [string, string][] = [
    ['Beginning Balance', '$4,210.55'],
    ['Deposits and Additions', '3,200.00'],
    ['ATM & Debit Card Withdrawals', '-845.20'],
    ['Electronic Withdrawals', '-1,150.00'],
    ['Fees', '-12.00'],
    ['Ending Balance', ending],
  ];
  for (const [i, [label, figure]] of lines.entries()) {
    doc.text(label, 50, 128 + 15 * i);
    doc.text(figure, 330, 128 + 15 * i, { align: 'right' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

describe('an account summary in categories', () => {
  it('passes when its lines lead to the ending balance, and reports an ending balance raised on it', async () => {
    const genuine = await engine.scan(statementSummary('$5,403.35'), { name: 'statement.pdf' });
    expect(genuine.category).toBe('bank_statement');
    expect(genuine.math_checks ?? []).toEqual([]);
    const raised = await engine.scan(statementSummary('$8,403.35'), { name: 'statement.pdf' });
    expect(raised.math_checks?.[0]).toMatchObject({ computed: '5,403.35', stated: '$8,403.35' });
    expect(raised.indicators.map((i) => i.code)).toContain('statement_balance_mismatch');
  });
});

describe('the same documents scanned (read by OCR)', () => {
  const reading = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
  const raster = createPdfJsRaster();
  afterAll(() => reading.dispose());

  it('raise no arithmetic finding when genuine', async () => {
    for (const pdf of [invoice(invoiceRows), expenses(expenseRows), letter('$78,000.00', '$3,000.00')]) {
      const scan = await imageOnlyPdf((await raster.renderPage(pdf, 1, 200)).image);
      const d = await reading.scan(scan, { name: 'scan.pdf' });
      expect(d.capture).toBe('scan');
      expect(arithmetic(d)).toEqual([]);
      expect(d.indicators.map((i) => i.code)).not.toContain('stated_pay_inconsistent');
    }
  }, 60_000);
});
