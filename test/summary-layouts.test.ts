// Pay stubs, bills and statements laid out as payroll services, utilities and banks print them
// and no fixture family does: a summary printed across the page (labels in a header, the figures
// under them, a label wrapped onto two lines), a stub that lists its deductions as negatives with
// no total deductions line, totals side by side on one row, an invoice with shipping and a discount
// between its subtotal and its total. Laid out by jsPDF; the genuine documents raise nothing and
// a re-print with one figure changed is reported on the figure the chain ends in.
import type { DocumentResult } from '@loupe/core';
import { createNodeEngine } from '@loupe/node';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false, now: () => new Date('2026-11-22T12:00:00Z') });
afterAll(() => engine.dispose());

const money = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
const dollars = (cents: number): string => `$${money(cents)}`;

/** A text line: its cells as [text, x, right-aligned?]. */
type Line = [text: string, x: number, right?: boolean][];

/** A one-page document of a bold title and lines 16 points apart (a line may be a table row). */
function page(title: string, lines: (Line | { gap: number })[]): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(title, 50, 60);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  let y = 86;
  for (const line of lines) {
    if ('gap' in line) {
      y += line.gap;
      continue;
    }
    for (const [text, x, right] of line) doc.text(text, x, y, right ? { align: 'right' } : {});
    y += 16;
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

const arithmetic = (d: DocumentResult) => d.indicators.filter((i) => i.code.endsWith('_mismatch')).map((i) => i.code);
const scan = (bytes: Uint8Array) => engine.scan(bytes, { name: 'document.pdf' });

/** A payroll service's stub: the summary across the page, its labels on two lines, current and year to date. */
function summaryStub(gross: number, net: number): Uint8Array {
  const edges = [190, 280, 370, 460, 550];
  const cells = (texts: string[]): Line => texts.map((t, i) => [t, edges[i]!, true]);
  return page('Summit Trail Outfitters', [
    [['Pay stub for Casey Morgan, pay period Oct 1, 2026 - Oct 15, 2026, check date Oct 20, 2026', 50]],
    { gap: 10 },
    cells(['Gross', 'Pre-Tax', 'Employee', 'Post-Tax', 'Net']),
    { gap: -5 },
    cells(['Earnings', 'Deductions', 'Taxes', 'Deductions', 'Pay']),
    [['Current', 50], ...cells([dollars(gross), '$160.00', '$612.34', '$25.00', dollars(net)])],
    [['YTD', 50], ...cells(['$64,000.00', '$3,200.00', '$12,246.80', '$500.00', '$48,053.20'])],
  ]);
}

/** A stub in the style of a large payroll processor: deductions printed negative, no total deductions, net pay under them. */
function negativeDeductionsStub(federalTax: number, net: number): Uint8Array {
  const row = (label: string, current: string, ytd = ''): Line => [
    [label, 50],
    [current, 400, true],
    [ytd, 500, true],
  ];
  return page('Lakeview Medical Partners', [
    [['Earnings Statement  Period ending 10/14/2026  Pay date 10/18/2026', 50]],
    [
      ['Earnings', 50],
      ['this period', 400, true],
      ['year to date', 500, true],
    ],
    row('Regular', '2,000.00', '38,000.00'),
    row('Overtime', '150.00', '1,200.00'),
    row('Gross Pay', '$2,150.00', '39,200.00'),
    [
      ['Statutory Deductions', 50],
      ['this period', 400, true],
      ['year to date', 500, true],
    ],
    row('Federal Income Tax', `-${money(federalTax)}`, '4,356.00'),
    row('Social Security Tax', '-133.30', '2,455.20'),
    row('Medicare Tax', '-31.18', '574.20'),
    row('CA State Income Tax', '-86.00', '1,584.00'),
    [['Voluntary Deductions', 50]],
    row('401K', '-107.50', '1,980.00'),
    row('Net Pay', dollars(net)),
  ]);
}

/** A utility bill whose account summary runs across the page. */
function summaryBill(due: number): Uint8Array {
  const edges = [170, 260, 350, 450, 550];
  const cells = (texts: string[]): Line => texts.map((t, i) => [t, edges[i]!, true]);
  return page('Great Plains Utilities', [
    [['Account number 4410-22871-6   Statement date 10/05/2026   Payment due by 10/26/2026', 50]],
    [['Electric service at 418 Larkspur Lane: 612 kWh used from 09/04/2026 to 10/03/2026', 50]],
    cells(['Previous Balance', 'Payments', 'Adjustments', 'Current Charges', 'Amount Due']),
    cells(['$152.30', '-$152.30', '$0.00', '$134.77', dollars(due)]),
  ]);
}

/** A pay stub whose gross pay, total deductions and net pay are printed side by side on one row. */
function sideBySideTotals(net: number): Uint8Array {
  return page('Pioneer Valley Manufacturing', [
    [['Check date 09/26/2026   Period ending 09/20/2026', 50]],
    [
      ['Gross Pay', 50],
      ['1,860.50', 170, true],
      ['Total Deductions', 220],
      ['461.90', 360, true],
      ['Net Pay', 410],
      [money(net), 550, true],
    ],
  ]);
}

/** An invoice with shipping and a discount between its subtotal and its total. */
function invoice(total: number): Uint8Array {
  const row = (label: string, amount: string): Line => [
    [label, 300],
    [amount, 550, true],
  ];
  return page('INVOICE 10422', [
    [['Rivera Hardwood Co.   Date 09/12/2026   Bill to: Anders Home Renovation', 50]],
    [
      ['Item', 50],
      ['Amount', 550, true],
    ],
    [
      ['Oak flooring, 420 sq ft', 50],
      ['2,625.00', 550, true],
    ],
    [
      ['Installation labour, 18 hours', 50],
      ['1,170.00', 550, true],
    ],
    row('Subtotal', '3,795.00'),
    row('Sales tax (8.25%)', '313.09'),
    row('Shipping', '85.00'),
    row('Loyalty discount', '100.00'),
    row('Total due', dollars(total)),
  ]);
}

/** A bank statement: its summary across the page, then its movements in withdrawal and deposit columns with no running balance. */
function statementAcross(payroll: number, ending: number): Uint8Array {
  const edges = [170, 300, 430, 550];
  const cells = (texts: string[]): Line => texts.map((t, i) => [t, edges[i]!, true]);
  const movement = (date: string, what: string, withdrawal: string, deposit: string): Line => [
    [date, 50],
    [what, 110],
    [withdrawal, 450, true],
    [deposit, 550, true],
  ];
  return page('First Prairie Bank', [
    [['Checking account statement   October 1 - October 31, 2026   Account number 000123987', 50]],
    cells(['Beginning Balance', 'Deposits & Credits', 'Withdrawals & Debits', 'Ending Balance']),
    cells(['$4,210.55', '$3,200.00', '$2,007.20', dollars(ending)]),
    { gap: 14 },
    [['Account activity', 50]],
    [
      ['Date', 50],
      ['Description', 110],
      ['Withdrawals', 450, true],
      ['Deposits', 550, true],
    ],
    movement('10/02', 'PAYROLL ACME CORP DIRECT DEP', '', money(payroll)),
    movement('10/05', 'ONLINE TRANSFER RENT PAYMENT', '1,450.00', ''),
    movement('10/09', 'DEBIT CARD GROCERY MART 0412', '312.40', ''),
    movement('10/17', 'ELECTRIC UTILITY AUTOPAY', '244.80', ''),
  ]);
}

/** A ledger from a balance of 4,210.55: its header (`columns` names the debit and credit columns), then each movement with the running balance. */
function ledger(columns: [debits: string, credits: string], movements: [date: string, what: string, cents: number][]): Line[] {
  let balance = 4_210_55;
  const rows = movements.map(([date, what, amount]): Line => {
    balance += amount;
    return [
      [date, 50],
      [what, 100],
      [amount < 0 ? money(-amount) : '', 390, true],
      [amount > 0 ? money(amount) : '', 470, true],
      [money(balance), 550, true],
    ];
  });
  return [
    [
      ['Date', 50],
      ['Description', 100],
      [columns[0], 390, true],
      [columns[1], 470, true],
      ['Balance', 550, true],
    ],
    ...rows,
  ];
}

/** A statement: its summary across the page (deposits and ending balance as given), then a ledger with a running balance whose payroll deposit is `payroll`. */
function statementWithLedger(summaryDeposits: number, summaryEnding: number, payroll = 3_200_00): Uint8Array {
  const edges = [170, 300, 430, 550];
  const cells = (texts: string[]): Line => texts.map((t, i) => [t, edges[i]!, true]);
  return page('First Prairie Bank', [
    [['Checking account statement   October 1 - October 31, 2026   Account number 000123987', 50]],
    cells(['Beginning Balance', 'Deposits & Credits', 'Withdrawals & Debits', 'Ending Balance']),
    cells(['$4,210.55', dollars(summaryDeposits), '$2,007.20', dollars(summaryEnding)]),
    { gap: 14 },
    ...ledger(
      ['Withdrawals', 'Deposits'],
      [
        ['10/02', 'PAYROLL ACME CORP DIRECT DEP', payroll],
        ['10/05', 'ONLINE TRANSFER RENT PAYMENT', -1_450_00],
        ['10/09', 'DEBIT CARD GROCERY MART 0412', -312_40],
        ['10/17', 'ELECTRIC UTILITY AUTOPAY', -244_80],
      ],
    ),
  ]);
}

/** A credit union's statement: a summary listing dividends apart from deposits, then a ledger of signed amounts and balances. */
function creditUnionStatement(newBalance: number): Uint8Array {
  const line = (label: string, amount: string): Line => [
    [label, 50],
    [amount, 250, true],
  ];
  let balance = 2_381_00;
  const movement = (date: string, what: string, amount: number): Line => {
    balance += amount;
    return [
      [date, 50],
      [what, 100],
      [`${amount < 0 ? '-' : ''}${money(Math.abs(amount))}`, 450, true],
      [money(balance), 550, true],
    ];
  };
  return page('Riverbend Federal Credit Union', [
    [['Share draft account 0042-7   Statement period 09/01/2026 - 09/30/2026', 50]],
    line('Previous Balance', '2,381.00'),
    line('Deposits and Credits', '2,500.00'),
    line('Withdrawals and Debits', '1,598.07'),
    line('Dividends', '1.18'),
    line('New Balance', money(newBalance)),
    { gap: 14 },
    [
      ['Date', 50],
      ['Transaction', 100],
      ['Amount', 450, true],
      ['Balance', 550, true],
    ],
    movement('09/03', 'Deposit - Payroll', 2_400_00),
    movement('09/05', 'Withdrawal - ATM', -200_00),
    movement('09/11', 'Withdrawal - ACH Mortgage', -1_310_45),
    movement('09/18', 'Deposit - Transfer from Savings', 100_00),
    movement('09/25', 'Withdrawal - Debit Card Purchase', -87_62),
    movement('09/30', 'Dividend', 1_18),
  ]);
}

/** A statement whose summary lists service charges and interest beside its total deposits and withdrawals, over a ledger of debits, credits and balances. */
function feesStatement(totalDeposits: number, ending: number, payroll = 3_200_00): Uint8Array {
  const line = (label: string, amount: string): Line => [
    [label, 50],
    [amount, 250, true],
  ];
  return page('Lakeside Savings Bank', [
    [['Statement period 10/01/2026 - 10/31/2026   Account 77120045', 50]],
    line('Beginning Balance', '4,210.55'),
    line('Total Deposits', money(totalDeposits)),
    line('Total Withdrawals', '2,007.20'),
    line('Service Charges', '12.00'),
    line('Interest Paid', '1.07'),
    line('Ending Balance', money(ending)),
    { gap: 14 },
    ...ledger(
      ['Debits', 'Credits'],
      [
        ['10/02', 'PAYROLL ACME CORP', payroll],
        ['10/05', 'RENT PAYMENT', -1_450_00],
        ['10/09', 'GROCERY MART', -312_40],
        ['10/17', 'ELECTRIC UTILITY', -244_80],
        ['10/31', 'MONTHLY SERVICE CHARGE', -12_00],
        ['10/31', 'INTEREST PAID', 1_07],
      ],
    ),
  ]);
}

describe('summaries and totals laid out as other producers print them', () => {
  it('pass the genuine documents', async () => {
    for (const bytes of [
      summaryStub(3_200_00, 2_402_66),
      negativeDeductionsStub(236_50, 1_555_52),
      summaryBill(134_77),
      sideBySideTotals(1_398_60),
      invoice(4_093_09),
      statementAcross(3_200_00, 5_403_35),
      statementWithLedger(3_200_00, 5_403_35),
      // its "deposits and credits" leave out the dividends the ledger counts as credits
      creditUnionStatement(3_284_11),
      // its total deposits and withdrawals leave out the interest and service charges listed beside them
      feesStatement(3_200_00, 5_392_42),
    ]) {
      const d = await scan(bytes);
      expect(arithmetic(d), JSON.stringify(d.math_checks)).toEqual([]);
      expect(d.verdict).toBe('CLEAN');
    }
  });

  it('report a payroll summary across the page whose net pay was raised, on the net pay', async () => {
    const d = await scan(summaryStub(3_200_00, 2_602_66));
    expect(arithmetic(d)).toEqual(['paystub_totals_mismatch']);
    expect(d.math_checks?.[0]).toMatchObject({ computed: '2,402.66', stated: '$2,602.66' });
    expect(d.math_checks?.[0]?.formula).toBe('net pay = gross earnings − pre-tax deductions − employee taxes − post-tax deductions (summary across the page)');
    expect(d.regions.some((r) => r.indicator_code === 'paystub_totals_mismatch' && r.x > 80)).toBe(true);
    // gross raised, net kept
    expect(arithmetic(await scan(summaryStub(3_400_00, 2_402_66)))).toEqual(['paystub_totals_mismatch']);
  });

  it('report a stub whose deductions, listed as negatives with no total, do not lead to its net pay', async () => {
    const d = await scan(negativeDeductionsStub(136_50, 1_555_52)); // a tax lowered, net pay kept
    expect(arithmetic(d)).toEqual(['paystub_totals_mismatch']);
    expect(d.math_checks?.find((m) => !m.ok)).toMatchObject({ formula: 'net pay = gross pay − the deductions listed (current)', computed: '1,655.52' });
    expect(arithmetic(await scan(negativeDeductionsStub(236_50, 1_755_52)))).toEqual(['paystub_totals_mismatch']);
  });

  it("report a bill whose amount due across the page is not its summary's, and totals side by side that disagree", async () => {
    expect(arithmetic(await scan(summaryBill(164_77)))).toEqual(['bill_totals_mismatch']);
    expect(arithmetic(await scan(sideBySideTotals(1_389_44)))).toEqual(['paystub_totals_mismatch']);
    expect(arithmetic(await scan(invoice(4_193_09)))).toEqual(['bill_totals_mismatch']);
  });

  it("report a statement whose summary across the page does not reach its ending balance, or whose listed deposits exceed the summary's", async () => {
    expect(arithmetic(await scan(statementAcross(3_200_00, 6_403_35)))).toEqual(['statement_balance_mismatch']);
    const d = await scan(statementAcross(3_700_00, 5_403_35)); // a deposit raised in the list, the summary kept
    expect(arithmetic(d)).toEqual(['statement_totals_mismatch']);
    expect(d.math_checks?.find((m) => !m.ok)).toMatchObject({
      formula: 'total credits (deposits) = sum of the credits (deposits) listed',
      computed: '3,700.00',
    });
  });

  it('report a summary that agrees with itself but not with the ledger, and a ledger edited with every balance after the change', async () => {
    // the summary's deposits and ending balance raised together
    const summary = await scan(statementWithLedger(3_700_00, 5_903_35));
    expect(arithmetic(summary).sort()).toEqual(['statement_balance_mismatch', 'statement_totals_mismatch']);
    expect(summary.math_checks?.filter((m) => !m.ok).map((m) => [m.formula, m.computed, m.stated])).toEqual([
      ['total credits (deposits) = sum of the credits (deposits) listed', '3,200.00', '$3,700.00'],
      ["closing balance = the ledger's last balance", '5,403.35', '$5,903.35'],
    ]);
    // the payroll deposit raised in the ledger, every balance after it carried, the summary kept
    const ledger = await scan(statementWithLedger(3_200_00, 5_403_35, 3_700_00));
    expect(arithmetic(ledger).sort()).toEqual(['statement_balance_mismatch', 'statement_totals_mismatch']);
    expect(ledger.indicators.map((i) => i.code)).not.toContain('running_balance_mismatch');
    // the same with service charges and interest listed beside the summary's totals
    expect(arithmetic(await scan(feesStatement(3_700_00, 5_892_42))).sort(), 'summary').toEqual(['statement_balance_mismatch', 'statement_totals_mismatch']);
    expect(arithmetic(await scan(feesStatement(3_200_00, 5_392_42, 3_700_00))).sort()).toEqual(['statement_balance_mismatch', 'statement_totals_mismatch']);
  });
});
