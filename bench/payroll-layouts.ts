// Layouts no fixture family prints, as payroll services, utilities, card issuers and banks lay
// them out (a summary across the page, deductions listed as negatives with no total, totals side by
// side, an invoice with quantity, unit price and line total, a statement listing movements without
// a running balance, a ledger under a summary across the page), rendered from HTML by WeasyPrint and
// LibreOffice Writer (and the WeasyPrint page scanned, read by OCR), each genuine and with its
// edits: one figure re-printed changed (the sums broken), or several changed together so the
// printed sums still hold. Part of `bench:accuracy`; `bench/tools/layouts-only.ts` runs it alone.
import type { DocumentResult } from '@loupe/core';
import { imageOnlyPdf, scanOf } from '@loupe/fixtures/captures';
import { produce } from '@loupe/fixtures/statement-families';
import { type createNodeEngine, createPdfJsRaster } from '@loupe/node';

type Engine = ReturnType<typeof createNodeEngine>;
const m = (c: number): string => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const css =
  "body{font-family:'Liberation Sans',Arial;font-size:9pt} table{border-collapse:collapse;width:100%} td,th{padding:1px 4px} .r{text-align:right} th{text-align:left} h1{font-size:14pt}";

/** The figures an edit sets (in cents, or flags), by name; the genuine document sets none. */
type Edit = Record<string, number>;

/** A layout: its HTML for a set of edited figures, and its edits by name. */
interface LayoutTemplate {
  name: string;
  /** Written after the checks were tuned on the others, and never tuned on: reported apart. */
  heldOut?: boolean;
  edits: Record<string, Edit>;
  html: (e: Edit) => string;
}

const adp: LayoutTemplate = {
  name: 'adp-stub',
  edits: { regular: { regular: 2_300_00 }, net: { net: 1_724_17 }, fit: { fit: 136_50 } },
  html: (e) => {
    const regular = e.regular ?? 2_000_00;
    const ot = 150_00;
    const gross = 2_000_00 + ot;
    const taxes: [string, number, number][] = [
      ['Federal Income Tax', e.fit ?? 236_50, 4_356_00],
      ['Social Security Tax', 133_30, 2_455_20],
      ['Medicare Tax', 31_18, 574_20],
      ['CA State Income Tax', 86_00, 1_584_00],
      ['CA SDI Tax', 19_35, 356_40],
    ];
    const vol: [string, number, number][] = [
      ['401K', 107_50, 1_980_00],
      ['Dental', 12_00, 228_00],
    ];
    // the federal tax edit keeps net pay as printed before it
    const net = e.net ?? gross - [...taxes, ...vol].reduce((n, [, c]) => n + c, 0) - (e.fit ? 236_50 - e.fit : 0);
    const row = (l: string, c: number, y: number) => `<tr><td>${l}</td><td></td><td></td><td class=r>-${m(c)}</td><td class=r>${m(y)}</td></tr>`;
    return `<h1>Lakeview Medical Partners</h1><p>Earnings Statement<br>Period Beginning: 10/01/2026 &nbsp; Period Ending: 10/14/2026 &nbsp; Pay Date: 10/18/2026</p>
    <p>JORDAN A RIVERA<br>1452 Oak Crest Dr, Fresno CA 93720</p>
    <table><tr><th>Earnings</th><th class=r>rate</th><th class=r>hours</th><th class=r>this period</th><th class=r>year to date</th></tr>
    <tr><td>Regular</td><td class=r>25.0000</td><td class=r>80.00</td><td class=r>${m(regular)}</td><td class=r>38,000.00</td></tr>
    <tr><td>Overtime</td><td class=r>37.5000</td><td class=r>4.00</td><td class=r>${m(ot)}</td><td class=r>1,200.00</td></tr>
    <tr><td>Holiday</td><td></td><td></td><td></td><td class=r>400.00</td></tr>
    <tr><td><b>Gross Pay</b></td><td></td><td></td><td class=r><b>$${m(gross)}</b></td><td class=r>39,600.00</td></tr>
    <tr><td><b>Statutory Deductions</b></td><td></td><td></td><td class=r>this period</td><td class=r>year to date</td></tr>
    ${taxes.map(([l, c, y]) => row(l, c, y)).join('')}
    <tr><td><b>Voluntary Deductions</b></td><td></td><td></td><td></td><td></td></tr>
    ${vol.map(([l, c, y]) => row(l, c, y)).join('')}
    <tr><td><b>Net Pay</b></td><td></td><td></td><td class=r><b>$${m(net)}</b></td><td></td></tr>
    <tr><td>Checking 1</td><td></td><td></td><td class=r>-${m(net)}</td><td></td></tr>
    <tr><td>Net Check</td><td></td><td></td><td class=r>$0.00</td><td></td></tr></table>
    <p>Your federal taxable wages this period are $2,042.50</p>`;
  },
};

const gusto: LayoutTemplate = {
  name: 'gusto-stub',
  edits: { gross: { gross: 3_400_00 }, net: { net: 2_602_66 }, tax: { ss: 178_40 } },
  html: (e) => {
    const gross = e.gross ?? 3_200_00;
    const pre = 160_00;
    const taxes: [string, number, number][] = [
      ['Federal Income Tax', 305_12, 6_102_40],
      ['Social Security', e.ss ?? 198_40, 3_968_00],
      ['Medicare', 46_40, 928_00],
      ['State Tax - CO', 62_42, 1_248_40],
    ];
    const taxTotal = 612_34;
    const post = 25_00;
    const net = e.net ?? 3_200_00 - pre - taxTotal - post;
    return `<h1>Pay Stub</h1><p>Summit Trail Outfitters, 88 Canyon Rd, Boulder CO<br>Employee: Casey Morgan &nbsp; Pay period: Oct 1, 2026 - Oct 15, 2026 &nbsp; Check date: Oct 20, 2026</p>
    <table><tr><th></th><th class=r>Gross Earnings</th><th class=r>Pre-Tax Deductions</th><th class=r>Employee Taxes</th><th class=r>Post-Tax Deductions</th><th class=r>Net Pay</th></tr>
    <tr><td>Current</td><td class=r>$${m(gross)}</td><td class=r>$${m(pre)}</td><td class=r>$${m(taxTotal)}</td><td class=r>$${m(post)}</td><td class=r>$${m(net)}</td></tr>
    <tr><td>YTD</td><td class=r>$64,000.00</td><td class=r>$3,200.00</td><td class=r>$12,246.80</td><td class=r>$500.00</td><td class=r>$48,053.20</td></tr></table>
    <h3>Employee Gross Earnings</h3>
    <table><tr><th>Description</th><th class=r>Rate</th><th class=r>Hours</th><th class=r>Current</th><th class=r>YTD</th></tr>
    <tr><td>Salary</td><td></td><td></td><td class=r>$${m(gross)}</td><td class=r>$64,000.00</td></tr></table>
    <h3>Employee Taxes Withheld</h3>
    <table><tr><th>Description</th><th class=r>Current</th><th class=r>YTD</th></tr>
    ${taxes.map(([l, c, y]) => `<tr><td>${l}</td><td class=r>$${m(c)}</td><td class=r>$${m(y)}</td></tr>`).join('')}</table>
    <h3>Employee Deductions</h3>
    <table><tr><th>Description</th><th>Type</th><th class=r>Current</th><th class=r>YTD</th></tr>
    <tr><td>401(k)</td><td>Pre-Tax</td><td class=r>$160.00</td><td class=r>$3,200.00</td></tr>
    <tr><td>Roth IRA</td><td>Post-Tax</td><td class=r>$25.00</td><td class=r>$500.00</td></tr></table>`;
  },
};

const sideBySide: LayoutTemplate = {
  name: 'side-by-side-stub',
  edits: { regular: { regular: 1_840_00 }, net: { net: 1_389_44 } },
  html: (e) => {
    const regular = e.regular ?? 1_640_00;
    const earn: [string, string, string, number][] = [
      ['Regular', '20.50', '80.00', 1_640_00],
      ['Overtime', '30.75', '6.00', 184_50],
      ['Shift Diff', '1.50', '24.00', 36_00],
    ];
    const gross = earn.reduce((n, [, , , c]) => n + c, 0);
    const ded: [string, number][] = [
      ['Fed Withholding', 172_04],
      ['FICA - Soc Sec', 115_41],
      ['FICA - Medicare', 26_99],
      ['State Withholding', 74_46],
      ['Medical', 48_00],
      ['Union Dues', 25_00],
    ];
    const dTotal = ded.reduce((n, [, c]) => n + c, 0);
    const net = e.net ?? gross - dTotal;
    const rows = Array.from({ length: 6 }, (_, i) => {
      const a = earn[i];
      const d = ded[i];
      const ea = a
        ? `<td>${a[0]}</td><td class=r>${a[1]}</td><td class=r>${a[2]}</td><td class=r>${m(i === 0 ? regular : a[3])}</td>`
        : '<td></td><td></td><td></td><td></td>';
      const da = d ? `<td>${d[0]}</td><td class=r>${m(d[1])}</td>` : '<td></td><td></td>';
      return `<tr>${ea}<td style="width:30px"></td>${da}</tr>`;
    }).join('');
    return `<h1>Pioneer Valley Manufacturing</h1><p>Check Date 09/26/2026 &nbsp; Period Ending 09/20/2026 &nbsp; Employee: T. Nguyen (#4471)</p>
    <table><tr><th>Description</th><th class=r>Rate</th><th class=r>Hours</th><th class=r>Amount</th><th></th><th>Deduction</th><th class=r>Amount</th></tr>${rows}</table>
    <table style="margin-top:10px"><tr><td>Gross Pay</td><td class=r>${m(gross)}</td><td>Total Deductions</td><td class=r>${m(dTotal)}</td><td>Net Pay</td><td class=r>${m(net)}</td></tr></table>`;
  },
};

const billH: LayoutTemplate = {
  name: 'bill-horizontal',
  edits: { due: { due: 164_77 }, energy: { energy: 106_90 } },
  html: (e) => {
    const energy = e.energy ?? 86_90;
    const items: [string, string, number][] = [
      ['Customer Charge', '', 12_50],
      ['Energy Charge', '612 kWh x $0.1420', 86_90],
      ['Fuel Cost Adjustment', '612 kWh x $0.0210', 12_85],
      ['Franchise Fee', '', 3_36],
    ];
    const electric = items.reduce((n, [, , c]) => n + c, 0);
    const gas = 19_16;
    const current = electric + gas;
    const due = e.due ?? current;
    return `<h1>Great Plains Utilities</h1><p>Account Number 4410-22871-6 &nbsp; Statement Date 10/05/2026 &nbsp; Payment Due By 10/26/2026</p>
    <table><tr><th class=r>Previous Balance</th><th class=r>Payments</th><th class=r>Adjustments</th><th class=r>Current Charges</th><th class=r>Amount Due</th></tr>
    <tr><td class=r>$152.30</td><td class=r>-$152.30</td><td class=r>$0.00</td><td class=r>$${m(current)}</td><td class=r>$${m(due)}</td></tr></table>
    <h3>Electric Service</h3><table>
    ${items.map(([l, u, c], i) => `<tr><td>${l}</td><td>${u}</td><td class=r>${m(i === 1 ? energy : c)}</td></tr>`).join('')}
    <tr><td><b>Total Electric Charges</b></td><td></td><td class=r><b>${m(electric)}</b></td></tr></table>
    <h3>Natural Gas Service</h3><table><tr><td>Customer Charge</td><td></td><td class=r>9.00</td></tr><tr><td>Gas Usage</td><td>8 therms x $1.2700</td><td class=r>10.16</td></tr>
    <tr><td><b>Total Gas Charges</b></td><td></td><td class=r><b>${m(gas)}</b></td></tr></table>
    <p><b>Total Current Charges $${m(current)}</b></p>`;
  },
};

const invoiceQ: LayoutTemplate = {
  name: 'invoice-qty',
  edits: { line: { line: 1_450_00 }, total: { total: 3_402_63 } },
  html: (e) => {
    const lines: [string, number, number][] = [
      ['Oak flooring, sq ft', 420, 6_25],
      ['Installation labour, hours', 18, 65_00],
      ['Underlayment roll', 6, 42_50],
    ];
    const amounts = lines.map(([, q, p]) => q * p);
    const sub = amounts.reduce((a, b) => a + b, 0);
    const tax = Math.round(sub * 0.0825);
    const ship = 85_00;
    const total = e.total ?? sub + tax + ship;
    return `<h1>INVOICE</h1><p>Rivera Hardwood Co. &nbsp; Invoice # 10422 &nbsp; Date: 09/12/2026<br>Bill To: Anders Home Renovation</p>
    <table><tr><th>Item</th><th class=r>Qty</th><th class=r>Unit Price</th><th class=r>Amount</th></tr>
    ${lines.map(([l, q, p], i) => `<tr><td>${l}</td><td class=r>${q}</td><td class=r>$${m(p)}</td><td class=r>$${m(i === 1 && e.line ? e.line : amounts[i]!)}</td></tr>`).join('')}
    <tr><td></td><td></td><td class=r>Subtotal</td><td class=r>$${m(sub)}</td></tr>
    <tr><td></td><td></td><td class=r>Sales Tax (8.25%)</td><td class=r>$${m(tax)}</td></tr>
    <tr><td></td><td></td><td class=r>Shipping</td><td class=r>$${m(ship)}</td></tr>
    <tr><td></td><td></td><td class=r><b>Total Due</b></td><td class=r><b>$${m(total)}</b></td></tr></table>`;
  },
};

const card: LayoutTemplate = {
  name: 'card-across',
  edits: { purchases: { purchases: 586_13 }, balance: { balance: 566_13 } },
  html: (e) => {
    const purchases = e.purchases ?? 486_13;
    const balance = e.balance ?? 1_020_00 - 1_020_00 + 486_13 + 39_00 + 0;
    return `<h1>Meridian Rewards Visa</h1><p>Statement closing date 10/21/2026 &nbsp; Account ending 4471</p>
    <table><tr><th class=r>Previous Balance</th><th></th><th class=r>Payments &amp; Credits</th><th></th><th class=r>Purchases</th><th></th><th class=r>Fees Charged</th><th></th><th class=r>Interest Charged</th><th></th><th class=r>New Balance</th></tr>
    <tr><td class=r>$1,020.00</td><td>-</td><td class=r>$1,020.00</td><td>+</td><td class=r>$${m(purchases)}</td><td>+</td><td class=r>$39.00</td><td>+</td><td class=r>$0.00</td><td>=</td><td class=r>$${m(balance)}</td></tr></table>
    <p>Minimum Payment Due $35.00 &nbsp; Payment Due Date 11/15/2026</p>
    <h3>Transactions</h3><table><tr><th>Date</th><th>Description</th><th class=r>Amount</th></tr>
    <tr><td>09/25</td><td>PAYMENT THANK YOU</td><td class=r>-1,020.00</td></tr>
    <tr><td>09/28</td><td>CORNER GROCERY 0412</td><td class=r>86.13</td></tr>
    <tr><td>10/03</td><td>CITY FUEL 22</td><td class=r>${m(purchases - 86_13 - 150_00)}</td></tr>
    <tr><td>10/11</td><td>HARBOR BOOKS</td><td class=r>150.00</td></tr>
    <tr><td>10/12</td><td>LATE FEE</td><td class=r>39.00</td></tr></table>`;
  },
};

const bankAcross: LayoutTemplate = {
  name: 'bank-across',
  edits: { ending: { ending: 6_403_35 }, deposit: { deposit: 3_700_00 } },
  html: (e) => {
    const deposit = e.deposit ?? 3_200_00;
    const ending = e.ending ?? 4_210_55 + 3_200_00 - 2_007_20;
    const rows: [string, string, number, number][] = [
      ['10/02', 'PAYROLL ACME CORP', 0, deposit],
      ['10/05', 'RENT PAYMENT', 1_450_00, 0],
      ['10/09', 'GROCERY MART', 312_40, 0],
      ['10/17', 'ELECTRIC UTILITY', 244_80, 0],
    ];
    return `<h1>First Prairie Bank</h1><p>Account statement &nbsp; October 1 - October 31, 2026 &nbsp; Account 000123987</p>
    <table><tr><th class=r>Beginning Balance</th><th class=r>Deposits &amp; Credits</th><th class=r>Withdrawals &amp; Debits</th><th class=r>Ending Balance</th></tr>
    <tr><td class=r>$4,210.55</td><td class=r>$3,200.00</td><td class=r>$2,007.20</td><td class=r>$${m(ending)}</td></tr></table>
    <h3>Account activity</h3><table><tr><th>Date</th><th>Description</th><th class=r>Withdrawals</th><th class=r>Deposits</th></tr>
    ${rows.map(([d, t, w, c]) => `<tr><td>${d}</td><td>${t}</td><td class=r>${w ? m(w) : ''}</td><td class=r>${c ? m(c) : ''}</td></tr>`).join('')}</table>`;
  },
};

const bankLedger: LayoutTemplate = {
  name: 'bank-ledger',
  edits: {
    summary: { summaryDeposits: 3_700_00, summaryEnding: 5_903_35 },
    ledger: { deposit: 3_700_00 },
    vertical: { vertical: 1, summaryDeposits: 3_700_00, summaryEnding: 5_903_35 },
  },
  html: (e) => {
    const deposit = e.deposit ?? 3_200_00;
    const moves: [string, string, number][] = [
      ['10/02', 'PAYROLL ACME CORP', deposit],
      ['10/05', 'RENT PAYMENT', -1_450_00],
      ['10/09', 'GROCERY MART', -312_40],
      ['10/17', 'ELECTRIC UTILITY', -244_80],
    ];
    let bal = 4_210_55;
    const rows = moves.map(([d, t, a]) => {
      bal += a;
      return `<tr><td>${d}</td><td>${t}</td><td class=r>${a < 0 ? m(-a) : ''}</td><td class=r>${a > 0 ? m(a) : ''}</td><td class=r>${m(bal)}</td></tr>`;
    });
    const dep = e.summaryDeposits ?? 3_200_00;
    const end = e.summaryEnding ?? 5_403_35;
    const summary = e.vertical
      ? `<table style="width:50%"><tr><td>Beginning balance</td><td class=r>$4,210.55</td></tr><tr><td>Deposits and other credits</td><td class=r>${m(dep)}</td></tr><tr><td>Withdrawals and other debits</td><td class=r>-2,007.20</td></tr><tr><td>Ending balance</td><td class=r>$${m(end)}</td></tr></table>`
      : `<table><tr><th class=r>Beginning Balance</th><th class=r>Deposits &amp; Credits</th><th class=r>Withdrawals &amp; Debits</th><th class=r>Ending Balance</th></tr>
    <tr><td class=r>$4,210.55</td><td class=r>$${m(dep)}</td><td class=r>$2,007.20</td><td class=r>$${m(end)}</td></tr></table>`;
    return `<h1>First Prairie Bank</h1><p>Account statement &nbsp; October 1 - October 31, 2026 &nbsp; Account 000123987</p>${summary}
    <h3>Account activity</h3><table><tr><th>Date</th><th>Description</th><th class=r>Withdrawals</th><th class=r>Deposits</th><th class=r>Balance</th></tr>
    <tr><td>10/01</td><td>Beginning balance</td><td></td><td></td><td class=r>4,210.55</td></tr>
    ${rows.join('')}
    <tr><td>10/31</td><td>Ending balance</td><td></td><td></td><td class=r>${m(bal)}</td></tr></table>`;
  },
};

const invoiceLine: LayoutTemplate = {
  name: 'invoice-linetotal',
  edits: { line: { line: 1_470_00, keepTotal: 1 } },
  html: (e) => {
    const lines: [number, string, number][] = [
      [12, 'Conduit, 10 ft', 8_75],
      [3, 'Breaker panel 200A', 389_00],
      [14, 'Electrician labour (hours)', 95_00],
    ];
    const amounts = lines.map(([q, , p]) => q * p);
    if (e.line) amounts[2] = e.line;
    const sub = e.keepTotal ? lines.reduce((n, [q, , p]) => n + q * p, 0) + (e.line! - 14 * 95_00) : amounts.reduce((a, b) => a + b, 0);
    return `<h1>Volt Brothers Electric</h1><p>Invoice 2291 &nbsp; 08/30/2026</p>
    <table><tr><th class=r>Qty</th><th>Description</th><th class=r>Unit Price</th><th class=r>Line Total</th></tr>
    ${lines.map(([q, d, p], i) => `<tr><td class=r>${q}</td><td>${d}</td><td class=r>${m(p)}</td><td class=r>${m(amounts[i]!)}</td></tr>`).join('')}
    <tr><td></td><td></td><td class=r>Subtotal</td><td class=r>${m(sub)}</td></tr>
    <tr><td></td><td></td><td class=r>Total</td><td class=r>${m(sub)}</td></tr></table>`;
  },
};

const paychex: LayoutTemplate = {
  name: 'paychex-stub',
  edits: { inflate: { raise: 1_000_00 }, inflateYtd: { raise: 1_000_00, ytd: 1 } },
  html: (e) => {
    const raise = e.raise ?? 0;
    const salary = 2_884_62 + raise;
    const taxes: [string, number][] = [
      ['Fed Income Tax', 301_45],
      ['Social Security', 178_85],
      ['Medicare', 41_83],
      ['NY Income Tax', 139_90],
      ['NY SDI', 1_20],
    ];
    const deductions: [string, number][] = [
      ['Medical Pre-Tax', 96_15],
      ['401k', 144_23],
    ];
    const tt = taxes.reduce((n, [, c]) => n + c, 0);
    const td = deductions.reduce((n, [, c]) => n + c, 0);
    const net = salary - tt - td;
    const n = 20;
    const ytd = (c: number, raised = 0) => m(c * n + (e.ytd ? raised : 0));
    return `<h1>Hudson River Analytics</h1><p>Pay Date 10/16/2026 &nbsp; Period 10/01/2026 - 10/15/2026 &nbsp; Employee Avery Chen</p>
    <table><tr><th>Earnings</th><th class=r>Hours</th><th class=r>This Period</th><th class=r>YTD</th></tr>
    <tr><td>Salary</td><td class=r>86.67</td><td class=r>${m(salary)}</td><td class=r>${ytd(2_884_62, raise)}</td></tr>
    <tr><td><b>Gross Pay</b></td><td></td><td class=r>${m(salary)}</td><td class=r>${ytd(2_884_62, raise)}</td></tr></table>
    <table><tr><th>Taxes</th><th class=r>This Period</th><th class=r>YTD</th></tr>
    ${taxes.map(([l, c]) => `<tr><td>${l}</td><td class=r>${m(c)}</td><td class=r>${ytd(c)}</td></tr>`).join('')}
    <tr><td><b>Total Taxes</b></td><td class=r>${m(tt)}</td><td class=r>${ytd(tt)}</td></tr></table>
    <table><tr><th>Deductions</th><th class=r>This Period</th><th class=r>YTD</th></tr>
    ${deductions.map(([l, c]) => `<tr><td>${l}</td><td class=r>${m(c)}</td><td class=r>${ytd(c)}</td></tr>`).join('')}
    <tr><td><b>Total Deductions</b></td><td class=r>${m(td)}</td><td class=r>${ytd(td)}</td></tr></table>
    <p><b>Net Pay ${m(net)}</b></p>`;
  },
};

const bankFees: LayoutTemplate = {
  name: 'bank-fees',
  edits: { summary: { deposits: 3_700_00 }, ledger: { payroll: 3_700_00 } },
  html: (e) => {
    const moves: [string, string, number][] = [
      ['10/02', 'PAYROLL ACME CORP', e.payroll ?? 3_200_00],
      ['10/05', 'RENT PAYMENT', -1_450_00],
      ['10/09', 'GROCERY MART', -312_40],
      ['10/17', 'ELECTRIC UTILITY', -244_80],
      ['10/31', 'MONTHLY SERVICE CHARGE', -12_00],
      ['10/31', 'INTEREST PAID', 1_07],
    ];
    let bal = 4_210_55;
    const rows = moves.map(([d, t, a]) => {
      bal += a;
      return `<tr><td>${d}</td><td>${t}</td><td class=r>${a < 0 ? m(-a) : ''}</td><td class=r>${a > 0 ? m(a) : ''}</td><td class=r>${m(bal)}</td></tr>`;
    });
    return `<h1>Lakeside Savings Bank</h1><p>Statement period 10/01/2026 - 10/31/2026 &nbsp; Account 77120045</p>
    <table style="width:50%"><tr><td>Beginning Balance</td><td class=r>4,210.55</td></tr><tr><td>Total Deposits</td><td class=r>${m(e.deposits ?? 3_200_00)}</td></tr>
    <tr><td>Total Withdrawals</td><td class=r>2,007.20</td></tr><tr><td>Service Charges</td><td class=r>12.00</td></tr><tr><td>Interest Paid</td><td class=r>1.07</td></tr><tr><td>Ending Balance</td><td class=r>${m(e.deposits ? bal + 500_00 : e.payroll ? bal - 500_00 : bal)}</td></tr></table>
    <h3>Transactions</h3><table><tr><th>Date</th><th>Description</th><th class=r>Debits</th><th class=r>Credits</th><th class=r>Balance</th></tr>
    <tr><td>10/01</td><td>Beginning Balance</td><td></td><td></td><td class=r>4,210.55</td></tr>${rows.join('')}</table>`;
  },
};

// Held out: written after the checks were tuned on the layouts above, run once before anything was
// changed for them (the credit union statement's false alarm was fixed after that run).

const summaryBoxStub: LayoutTemplate = {
  name: 'summary-box-stub',
  heldOut: true,
  edits: { net: { net: 3_201_88 }, inflate: { raise: 900_00 } },
  html: (e) => {
    const raise = e.raise ?? 0;
    const gross = 4_100_00 + raise;
    const taxes: [string, number][] = [
      ['Federal Withholding', 461_20],
      ['Social Security', 241_49],
      ['Medicare', 56_48],
      ['State Withholding (GA)', 83_95],
    ];
    const taxTotal = taxes.reduce((n, [, c]) => n + c, 0);
    const net = e.net ?? gross - 205_00 - taxTotal - 50_00;
    const row = (l: string, c: number) => `<tr><td>${l}</td><td class=r>$${m(c)}</td></tr>`;
    return `<h1>Brightline Logistics Inc.</h1><p>Employee: Jordan Blake &nbsp; Pay period 10/01/2026 to 10/15/2026 &nbsp; Pay day 10/20/2026</p>
    <table style="width:45%"><tr><th colspan=2>Summary</th></tr>${row('Gross Pay', gross)}${row('Pre-tax Deductions', 205_00)}${row('Taxes', taxTotal)}${row('Post-tax Deductions', 50_00)}${row('Net Pay', net)}</table>
    <h3>Earnings</h3><table><tr><th>Type</th><th class=r>Hours</th><th class=r>Rate</th><th class=r>Current</th></tr>
    <tr><td>Salary</td><td class=r>86.67</td><td class=r>${(gross / 100 / 86.67).toFixed(4)}</td><td class=r>${m(gross)}</td></tr></table>
    <h3>Taxes</h3><table>${taxes.map(([l, c]) => `<tr><td>${l}</td><td class=r>${m(c)}</td></tr>`).join('')}</table>
    <h3>Deductions</h3><table><tr><td>Health Insurance (pre-tax)</td><td class=r>205.00</td></tr><tr><td>Life Insurance (post-tax)</td><td class=r>50.00</td></tr></table>`;
  },
};

const waterBill: LayoutTemplate = {
  name: 'water-bill',
  heldOut: true,
  edits: { due: { due: 97_45 }, water: { water: 38_70, keep: 1 } },
  html: (e) => {
    const water = e.water ?? 28_70;
    const current = 28_70 + 36_75 + 12_00 + (e.keep ? water - 28_70 : 0);
    const due = e.due ?? current;
    return `<h1>Cedar Falls Water &amp; Sewer</h1><p>Account 300-1187-02 &nbsp; Bill date 10/03/2026 &nbsp; Due 10/24/2026 &nbsp; Service 9/01/2026 - 9/30/2026</p>
    <table style="width:70%">
    <tr><td>Previous Balance</td><td class=r>$88.40</td></tr>
    <tr><td>Payment Received 09/12 - Thank You</td><td class=r>-$88.40</td></tr>
    <tr><td>Balance Forward</td><td class=r>$0.00</td></tr>
    <tr><td>Water 7 kgal @ $4.10</td><td class=r>${m(water)}</td></tr>
    <tr><td>Sewer 7 kgal @ $5.25</td><td class=r>36.75</td></tr>
    <tr><td>Service Charge</td><td class=r>12.00</td></tr>
    <tr><td>Current Charges</td><td class=r>$${m(current)}</td></tr>
    <tr><td><b>Total Amount Due</b></td><td class=r><b>$${m(due)}</b></td></tr></table>`;
  },
};

const creditUnion: LayoutTemplate = {
  name: 'credit-union-statement',
  heldOut: true,
  edits: { ledger: { deposit: 2_900_00 }, ending: { ending: 3_884_11 } },
  html: (e) => {
    const moves: [string, string, number][] = [
      ['09/03', 'Deposit - Payroll', e.deposit ?? 2_400_00],
      ['09/05', 'Withdrawal - ATM', -200_00],
      ['09/11', 'Withdrawal - ACH Mortgage', -1_310_45],
      ['09/18', 'Deposit - Transfer from Savings', 100_00],
      ['09/25', 'Withdrawal - Debit Card Purchase', -87_62],
      ['09/30', 'Dividend', 1_18],
    ];
    let balance = 2_381_00;
    const rows = moves.map(([d, t, a]) => {
      balance += a;
      return `<tr><td>${d}</td><td>${t}</td><td class=r>${a < 0 ? '-' : ''}${m(Math.abs(a))}</td><td class=r>${m(balance)}</td></tr>`;
    });
    const ending = e.ending ?? 3_284_11;
    return `<h1>Riverbend Federal Credit Union</h1><p>Share Draft Account 0042-7 &nbsp; Statement Period 09/01/2026 - 09/30/2026</p>
    <table style="width:60%">
    <tr><td>Previous Balance</td><td class=r>2,381.00</td></tr>
    <tr><td>Deposits and Credits</td><td class=r>2,500.00</td></tr>
    <tr><td>Withdrawals and Debits</td><td class=r>1,598.07</td></tr>
    <tr><td>Dividends</td><td class=r>1.18</td></tr>
    <tr><td>New Balance</td><td class=r>${m(ending)}</td></tr></table>
    <h3>Transactions</h3><table><tr><th>Date</th><th>Transaction</th><th class=r>Amount</th><th class=r>Balance</th></tr>
    <tr><td>09/01</td><td>Previous Balance</td><td></td><td class=r>2,381.00</td></tr>${rows.join('')}</table>`;
  },
};

/** Every layout of the run. */
export const LAYOUT_TEMPLATES: readonly LayoutTemplate[] = [
  adp,
  gusto,
  sideBySide,
  billH,
  invoiceQ,
  card,
  bankAcross,
  bankLedger,
  invoiceLine,
  paychex,
  bankFees,
  summaryBoxStub,
  waterBill,
  creditUnion,
];

const weasyprint = (html: string): Promise<Uint8Array> => produce({ 'doc.html': html }, 'doc.pdf', 'weasyprint', ['doc.html', 'doc.pdf']);
const raster = createPdfJsRaster();

/**
 * The producers of the run: WeasyPrint, LibreOffice Writer importing the same HTML, and the
 * WeasyPrint page scanned (rendered at 300 dpi, a flatbed's blur and noise, an image-only PDF read
 * by OCR).
 */
const PRODUCERS: Record<string, (html: string) => Promise<Uint8Array>> = {
  weasyprint,
  'weasyprint-scanned': async (html) => imageOnlyPdf(await scanOf((await raster.renderPage(await weasyprint(html), 1, 300)).image, 7)),
  'libreoffice-writer': (html) =>
    produce({ 'doc.html': html }, 'doc.pdf', 'soffice', [
      '--headless',
      '--norestore',
      '-env:UserInstallation=file://{dir}/profile',
      '--convert-to',
      'pdf:writer_web_pdf_Export',
      '--outdir',
      '{dir}',
      '{dir}/doc.html',
    ]),
};

/** One scanned file of the run. */
export interface LayoutRow {
  template: string;
  heldOut: boolean;
  producer: string;
  /** `genuine`, or the edit's name. */
  edit: string;
  verdict: DocumentResult['verdict'];
  codes: string[];
}

const flagged = (r: LayoutRow): boolean => r.verdict === 'SUSPICIOUS' || r.verdict === 'FORGED';

/** Scans every layout's genuine document and its edits, as each producer renders them. */
export async function scoreLayouts(engine: Engine, producers = Object.keys(PRODUCERS)): Promise<LayoutRow[]> {
  const rows: LayoutRow[] = [];
  for (const producer of producers) {
    for (const t of LAYOUT_TEMPLATES) {
      for (const [edit, e] of [['genuine', {}] as [string, Edit], ...Object.entries(t.edits)]) {
        const html = `<html><head><meta charset=utf-8><style>${css}</style></head><body>${t.html(e)}</body></html>`;
        const d = await engine.scan(await PRODUCERS[producer]!(html), { name: `${t.name}-${edit}.pdf` });
        rows.push({ template: t.name, heldOut: t.heldOut ?? false, producer, edit, verdict: d.verdict, codes: d.indicators.map((i) => i.code) });
      }
    }
  }
  return rows;
}

/** The run as a table: per layout and producer, genuine files flagged and edits found, each split's totals (per producer, then in all), then every miss. */
export function layoutTable(rows: readonly LayoutRow[]): string {
  const lines = ['| split | layout | producer | genuine flagged | edits found |', '|---|---|---|---|---|'];
  const count = (group: readonly LayoutRow[]): string => {
    const genuine = group.filter((r) => r.edit === 'genuine');
    const edits = group.filter((r) => r.edit !== 'genuine');
    return `${genuine.filter(flagged).length} of ${genuine.length} | ${edits.filter(flagged).length} of ${edits.length}`;
  };
  const split = (r: LayoutRow): string => (r.heldOut ? 'held-out' : 'tuning');
  const groups = new Map<string, LayoutRow[]>();
  for (const r of rows) groups.set(`${split(r)}|${r.template}|${r.producer}`, [...(groups.get(`${split(r)}|${r.template}|${r.producer}`) ?? []), r]);
  for (const [key, group] of groups) lines.push(`| ${key.split('|').join(' | ')} | ${count(group)} |`);
  const producers = [...new Set(rows.map((r) => r.producer))];
  for (const name of ['tuning', 'held-out']) {
    for (const producer of producers)
      lines.push(`| **${name}** | **all** | ${producer} | ${count(rows.filter((r) => split(r) === name && r.producer === producer))} |`);
    lines.push(`| **${name}** | **all** | **all** | ${count(rows.filter((r) => split(r) === name))} |`);
  }
  const misses = rows.filter((r) => (r.edit === 'genuine') === flagged(r));
  if (misses.length > 0)
    lines.push(
      '',
      ...misses.map(
        (r) =>
          `- ${r.edit === 'genuine' ? 'false alarm' : 'missed'}: ${r.template} ${r.edit} (${r.producer}, ${split(r)}): ${r.verdict} [${r.codes.join(', ')}]`,
      ),
    );
  return lines.join('\n');
}
