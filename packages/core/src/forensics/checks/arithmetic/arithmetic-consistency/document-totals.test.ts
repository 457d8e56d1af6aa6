// Pay stubs and bills add up line by line: hours x rate = current and usage x rate = charge under
// a header naming those columns (with the rounding of the printed quantity and rate allowed), the
// amount due from the previous balance, payments and new charges, the charge lines to their total;
// a changed figure is reported and pointed at, figures that agree are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDecimals } from '../../../../tables/decimal.js';
import type { Word } from '../../../../tables/rows.js';
import { type Cell, right, tableContext, tableWords } from '../../../../testing/table-words.js';
import type { TableContext } from '../../../contexts.js';
import { documentTotals } from './document-totals.js';

beforeAll(loadDecimals); // the arithmetic's mathjs, which a scan loads itself

const lines = (...rows: Cell[][]): Word[] => tableWords(1, ...rows);
const context = (category: TableContext['category'], words: Word[], ocr = false): TableContext => tableContext([words], category, ocr);

/** A pay stub's earnings table; `hours` of overtime as printed. */
const earnings = (overtimeHours: string): [string, number][][] => [
  [
    ['Earnings', 50],
    ['Hours', 200],
    ['Rate', 270],
    ['Current', 340],
    ['Year to date', 420],
  ],
  [
    ['Regular', 50],
    ['80.00', 200],
    ['25.00', 270],
    ['2,000.00', 340],
    ['16,000.00', 420],
  ],
  [
    ['Overtime', 50],
    [overtimeHours, 200],
    ['37.50', 270],
    ['206.25', 340],
    ['1,650.00', 420],
  ],
  [
    ['Gross pay', 50],
    ['2,206.25', 340],
    ['17,650.00', 420],
  ],
];

describe('quantity x rate', () => {
  /** A stub whose "Rate Hours Amount" header is set so close it reads as one run of words. */
  const stub = (amount: string): Word[] =>
    lines(
      [
        ['Description', 50],
        ['Rate', 150],
        ['Hours', 178],
        ['Amount', 211],
      ],
      [['Regular', 50], right('20.50', 170), right('80.00', 205), right(amount, 245)],
    );

  it('agrees on lines whose hours times rate is their amount, and points at the hours when the amounts still add up', () => {
    expect(documentTotals(context('paystub', lines(...earnings('5.50'))))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('paystub', lines(...earnings('9.50'))));
    expect(rest).toEqual([]);
    expect(finding!.code).toBe('paystub_totals_mismatch');
    expect(finding!.math).toMatchObject({ formula: 'amount = quantity × rate', computed: '356.25', stated: '206.25' });
    expect(finding!.boxes![0]!.x0).toBe(200); // the hours: the amounts still sum to the gross
  });

  it('reads headers of narrow columns set close together ("Rate Hours Amount" as one run of words)', () => {
    expect(documentTotals(context('paystub', stub('1,640.00')))).toEqual([]);
    expect(documentTotals(context('paystub', stub('1,840.00'))).map((f) => f.math?.formula)).toEqual(['amount = quantity × rate']);
  });

  it('reads an invoice header whose labels run into their neighbours ("Qty Description", "Unit Price Line Total")', () => {
    const invoice = (amount: string): Word[] =>
      lines(
        [
          ['Qty', 40],
          ['Description', 62],
          ['Unit Price', 200],
          ['Line Total', 252],
        ],
        [right('14', 50), ['Electrician labour', 62], right('95.00', 245), right(amount, 300)],
        [['Subtotal', 200], right(amount, 300)],
      );
    expect(documentTotals(context('other', invoice('1,330.00')))).toEqual([]);
    expect(documentTotals(context('other', invoice('1,470.00'))).map((f) => f.math?.formula)).toEqual(['amount = quantity × rate']);
  });

  it("reads a statement's holdings, quantity times price to market value, a whole count's product exact", () => {
    const holdings = (value: string): Word[] =>
      lines(
        [
          ['Symbol', 50],
          ['Description', 90],
          ['Quantity', 260],
          ['Price', 330],
          ['Market Value', 400],
        ],
        [['MSFT', 50], ['MICROSOFT CORP', 90], right('2', 300), right('355.33', 360), right(value, 460)],
      );
    expect(documentTotals(context('bank_statement', holdings('710.66')))).toEqual([]);
    // one share's worth more than printed: a count is no rounded figure, so half a share is no slack
    expect(documentTotals(context('bank_statement', holdings('810.66')))).toMatchObject([
      { code: 'table_total_mismatch', rule: 'quantity times rate', computed: '710.66', amount: '810.66' },
    ]);
  });

  it('reads a product written out on its line, not a dimension', () => {
    const bill = (energy: string, lumber = '12.00'): Word[] =>
      lines(
        [['Energy charge 612 kWh x $0.1420', 50], right(energy, 400)],
        [['Fuel adjustment 612 kWh @ 0.0210', 50], right('12.85', 400)],
        [['Lumber 2 x 4 studs', 50], right(lumber, 400)],
        [['Total current charges', 50], right('111.75', 400)],
      );
    expect(documentTotals(context('utility_bill', bill('86.90')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('utility_bill', bill('96.90', '2.00')));
    expect(rest).toEqual([]);
    expect(finding!.math).toMatchObject({ formula: 'amount = quantity × rate', computed: '86.90', stated: '96.90' });
  });

  it('judges a line read by OCR when its figures have cents and no misread digit explains it', () => {
    const formulas = (amount: string) => documentTotals(context('paystub', stub(amount), true)).map((f) => f.math?.formula);
    expect(formulas('1,640.00')).toEqual([]);
    expect(formulas('1,940.00')).toEqual(['amount = quantity × rate']);
    // 1,840.00 may be a misread 1,640.00 (taken here; testedMisreadings tries it against the other sums)
    expect(formulas('1,840.00')).toEqual([]);
  });

  it('allows for a rate printed to four decimals, and does not judge such lines read by OCR', () => {
    const bill = (usage: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Usage', 220],
          ['Rate', 300],
          ['Amount', 400],
        ],
        [
          ['Energy charge', 50],
          [`${usage} kWh`, 220],
          ['$0.1237', 300],
          ['63.33', 400],
        ],
      );
    expect(documentTotals(context('utility_bill', bill('512')))).toEqual([]); // 512 x 0.1237 = 63.3344
    expect(documentTotals(context('utility_bill', bill('612'))).map((f) => f.code)).toEqual(['bill_totals_mismatch']);
    expect(documentTotals(context('utility_bill', bill('612'), true))).toEqual([]);
  });
});

describe('a bill', () => {
  const summary = (due: string): [string, number][][] => [
    [
      ['Previous balance', 50],
      ['120.00', 400],
    ],
    [
      ['Payment received 03/02/2024 - thank you', 50],
      ['-120.00', 400],
    ],
    [
      ['Balance forward', 50],
      ['0.00', 400],
    ],
    [
      ['New charges', 50],
      ['98.32', 400],
    ],
    [
      ['Total amount due', 50],
      [due, 400],
    ],
  ];
  const charges: [string, number][][] = [
    [
      ['Description', 50],
      ['Amount', 400],
    ],
    [
      ['Basic service charge', 50],
      ['15.00', 400],
    ],
    [
      ['Energy charge', 50],
      ['66.56', 400],
    ],
    [
      ['Delivery charge', 50],
      ['16.76', 400],
    ],
    [
      ['Total new charges', 50],
      ['98.32', 400],
    ],
  ];

  it('adds up: the amount due from the summary, the charges to their total', () => {
    expect(documentTotals(context('utility_bill', lines(...summary('$98.32'), ...charges)))).toEqual([]);
  });

  it('reports an amount due the summary does not lead to, on the amount due', () => {
    const findings = documentTotals(context('utility_bill', lines(...summary('$198.32'), ...charges)));
    expect(findings.map((f) => f.math?.formula)).toEqual(['Total amount due = Balance forward + New charges']);
    expect(findings[0]!.boxes![0]!.x0).toBe(400);
  });

  it('reads the charges a summary lists between its balance forward and its current charges', () => {
    const listed = (water: string): Word[] =>
      lines(
        [['Previous Balance', 50], right('$88.40', 400)],
        [['Payment Received 09/12 - Thank You', 50], right('-$88.40', 400)],
        [['Balance Forward', 50], right('$0.00', 400)],
        [['Water', 50], right(water, 400)],
        [['Sewer', 50], right('36.75', 400)],
        [['Service Charge', 50], right('12.00', 400)],
        [['Current Charges', 50], right('$77.45', 400)],
        [['Total Amount Due', 50], right('$77.45', 400)],
      );
    expect(documentTotals(context('utility_bill', listed('28.70')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('utility_bill', listed('38.70')));
    expect(rest).toEqual([]);
    // the current charges total the lines listed above them; the amount due, from the balance forward and the current charges, holds
    expect(finding!.math).toMatchObject({ formula: 'Current Charges = Water + Sewer + Service Charge', computed: '87.45', stated: '$77.45' });
    expect(finding).toMatchObject({ corroboration: ['Balance Forward = the rows above it', 'Total Amount Due = the rows above it'] });
  });

  it('on a photo, excuses a balance forward that a doubled digit of the payment takes below zero', () => {
    // OCR read "-219.40" as "-2,219.40": the block comes to -2,000.00, and reading the payment as
    // printed (a doubled digit dropped) makes every identity hold
    const photo = (payment: string, ocr: boolean) =>
      context(
        'utility_bill',
        lines(
          [['Previous Balance', 50], right('219.40', 400)],
          [['Payment Received - Thank You', 50], right(payment, 400)],
          [['Balance Forward', 50], right('0.00', 400)],
          [['New Charges', 50], right('25.88', 400)],
          [['Total Amount Due', 50], right('$25.88', 400)],
        ),
        ocr,
      );
    expect(documentTotals(photo('-2,219.40', true))).toEqual([]);
    // the same figures in a file's own text are what it prints
    expect(documentTotals(photo('-2,219.40', false)).map((f) => f.math?.computed)).toContain('-2,000.00');
  });

  it("on a photo, leaves a block unread when OCR set one of its amounts off the total's column", () => {
    const drifted = lines(
      [['Description', 50], right('Amount', 440)],
      [['Oak flooring', 50], right('2,625.00', 440)],
      [['Labour', 50], right('1,170.00', 420)],
      [['Delivery', 50], right('85.00', 440)],
      [['Fitting', 50], right('40.00', 440)],
      [['Subtotal', 50], right('3,920.00', 440)],
      [['Sales tax', 50], right('313.09', 440)],
      [['Total', 50], right('4,233.09', 440)],
    );
    expect(documentTotals(context('other', drifted, true))).toEqual([]);
    // printed so, the row off the column ends the block above the subtotal
    expect(documentTotals(context('other', drifted))).toMatchObject([{ rule: 'block total', label: 'Subtotal' }]);
  });

  it('on a photo, leaves a line sum unverified when a line of its table has its figure read as letters', () => {
    const stub = (state: string, ocr: boolean) =>
      context(
        'paystub',
        lines(
          [['Deductions', 50], right('Current', 340)],
          [['Federal income tax', 50], right('323.82', 340)],
          [['Medicare', 50], right('42.69', 340)],
          [['State income tax', 50], right(state, 340)],
          [['401(k)', 50], right('147.19', 340)],
          [['Total deductions', 50], right('631.45', 340)],
        ),
        ocr,
      );
    expect(documentTotals(stub('117.75', true))).toEqual([]);
    expect(documentTotals(stub('Bly fi', true))).toEqual([]);
    // in a file's own text a line without its figure is what the page prints
    const [finding, ...rest] = documentTotals(stub('Bly fi', false));
    expect(rest).toEqual([]);
    // nothing else of this stub holds beside the sum: it may be misread (context to the policy)
    expect(finding).toMatchObject({ math: { formula: 'total deductions = sum of the deduction lines (current)' }, tried: 1, corroboration: [] });
  });

  it('corroborates a pay stub line sum by the stub’s other identities that hold', () => {
    const stub = (medicare: string) =>
      context(
        'paystub',
        lines(
          [['Gross pay', 50], right('2,000.00', 340)],
          [['Deductions', 50], right('Current', 340)],
          [['Federal income tax', 50], right('200.00', 340)],
          [['Medicare', 50], right(medicare, 340)],
          [['Total deductions', 50], right('229.00', 340)],
          [['Net pay', 50], right('1,771.00', 340)],
        ),
      );
    expect(documentTotals(stub('29.00'))).toEqual([]);
    // a deduction line raised: its table no longer adds up, and net pay from the printed total still does
    const [finding, ...rest] = documentTotals(stub('129.00'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      math: { formula: 'total deductions = sum of the deduction lines (current)' },
      corroboration: ['net pay = gross pay − total deductions (current)'],
    });
  });

  it('reports charge lines that do not sum to their total', () => {
    const edited = charges.map((row) => (row[0]![0] === 'Energy charge' ? [row[0]!, ['76.56', 400] as [string, number]] : row));
    expect(documentTotals(context('utility_bill', lines(...summary('$98.32'), ...edited))).map((f) => f.math?.formula)).toEqual([
      'Total new charges = Basic service charge + Energy charge + Delivery charge',
    ]);
  });
});

describe('documents of no class read by their own labels', () => {
  /** A pay stub's totals; `taxes` printed on a row of its own when given. */
  const stub = (net: string, taxes?: string): [string, number][][] => [
    [
      ['Gross pay', 50],
      ['2,000.00', 340],
    ],
    ...(taxes
      ? [
          [
            ['Total taxes', 50],
            [taxes, 340],
          ] as [string, number][],
        ]
      : []),
    [
      ['Total deductions', 50],
      ['150.00', 340],
    ],
    [
      ['Net pay', 50],
      [net, 340],
    ],
  ];

  it('checks a pay stub the classifier called other', () => {
    expect(documentTotals(context('other', lines(...stub('1,850.00'))))).toEqual([]);
    expect(documentTotals(context('other', lines(...stub('1,950.00')))).map((f) => f.code)).toEqual(['paystub_totals_mismatch']);
  });

  it("reads a business's profit and loss statement as no pay stub: gross profit and net income are not pay", () => {
    // quarters beside the year to date; the second quarter's net income a loss, below the first
    const pnl = lines(
      [
        ['Income', 50],
        ['Q1', 300],
        ['Q2', 380],
        ['Year', 460],
      ],
      [
        ['Sales', 50],
        ['60,000.00', 300],
        ['20,000.00', 380],
        ['80,000.00', 460],
      ],
      [
        ['Gross profit', 50],
        ['60,000.00', 300],
        ['20,000.00', 380],
        ['80,000.00', 460],
      ],
      [
        ['Net income', 50],
        ['57,072.38', 300],
        ['-14,206.77', 380],
        ['42,865.61', 460],
      ],
    );
    expect(documentTotals(context('other', pnl)).filter((f) => f.code === 'paystub_totals_mismatch')).toEqual([]);
    // the labels a stub prints still make one
    const stubLike = lines(
      [
        ['Gross', 50],
        ['2,000.00', 340],
        ['1,000.00', 420],
      ],
      [
        ['Net', 50],
        ['1,850.00', 340],
        ['900.00', 420],
      ],
    );
    expect(documentTotals(context('other', stubLike)).map((f) => f.code)).toContain('paystub_totals_mismatch');
  });

  it('accepts net pay after taxes totalled apart from the deductions, and still reports one that fits neither', () => {
    expect(documentTotals(context('paystub', lines(...stub('1,550.00', '300.00'))))).toEqual([]);
    expect(documentTotals(context('paystub', lines(...stub('1,850.00', '300.00'))))).toEqual([]);
    expect(documentTotals(context('paystub', lines(...stub('1,650.00', '300.00')))).map((f) => f.math?.formula)).toEqual([
      'net pay = gross pay − total deductions (current)',
    ]);
  });

  it("checks an invoice's items against its subtotal and the total against subtotal and tax", () => {
    const invoice = (item: string, total: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Amount', 400],
        ],
        [
          ['Consulting, March', 50],
          ['4,200.00', 400],
        ],
        [
          ['Travel', 50],
          [item, 400],
        ],
        [
          ['Subtotal', 50],
          ['5,500.00', 400],
        ],
        [
          ['Sales tax', 50],
          ['1,100.00', 400],
        ],
        [
          ['Total', 50],
          [total, 400],
        ],
      );
    // the test's words are placed by their left edge: figures of one length share their right edge
    expect(documentTotals(context('other', invoice('1,300.00', '6,600.00')))).toEqual([]);
    expect(documentTotals(context('other', invoice('1,800.00', '6,600.00'))).map((f) => f.math?.formula)).toEqual(['Subtotal = Consulting, March + Travel']);
    expect(documentTotals(context('other', invoice('1,300.00', '6,700.00'))).map((f) => f.math?.formula)).toEqual(['Total = Subtotal + Sales tax']);
  });

  it('counts shipping and a discount between the subtotal and the total', () => {
    const invoice = (total: string): Word[] =>
      lines(
        [
          ['Item', 50],
          ['Amount', 400],
        ],
        [['Oak flooring', 50], right('2,625.00', 440)],
        [['Labour', 50], right('1,170.00', 440)],
        [['Subtotal', 50], right('3,795.00', 440)],
        [['Sales tax', 50], right('313.09', 440)],
        [['Shipping', 50], right('85.00', 440)],
        [['Loyalty discount', 50], right('100.00', 440)],
        [
          ['Total due', 50],
          [total, 400],
        ],
      );
    expect(documentTotals(context('other', invoice('4,093.09')))).toEqual([]);
    expect(documentTotals(context('other', invoice('4,193.09'))).map((f) => f.math?.formula)).toEqual([
      'Total due = Subtotal + Sales tax + Shipping − Loyalty discount',
    ]);
  });

  it('reads a European invoice in its own words and number format, and writes the sum it computed the same way', () => {
    const rechnung = (item: string, net: string): Word[] =>
      lines(
        [['Description', 50], ['Menge', 250], ['Einzelpreis', 320], right('Betrag', 470)],
        [['Oak desk 160 cm', 50], right('24', 280), right('191,18', 380), right('4.588,32', 470)],
        [['Shipping crate', 50], right('11', 280), right('890,06', 380), right(item, 470)],
        [['Nettobetrag', 320], right(net, 470)],
        [['MwSt. 19 %', 320], right('2.732,01', 470)],
        [['Gesamtbetrag', 320], right('17.110,99', 465), ['€', 468]],
      );
    expect(documentTotals(context('other', rechnung('9.790,66', '14.378,98')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('other', rechnung('8.790,66', '14.378,98')));
    expect(rest.map((f) => f.rule)).toEqual(['quantity times rate']);
    expect(finding).toMatchObject({ code: 'bill_totals_mismatch', label: 'Nettobetrag', stated: '14.378,98', computed: '13.378,98' });
    // a unit price raised where the amounts still add up: quantity times price no longer holds
    const facture = (price: string): Word[] =>
      lines(
        [['Description', 50], ['Qté', 265], ['Prix unitaire', 300], right('Montant', 470)],
        [['Printer toner cartridge', 50], right('2', 280), right(price, 380), right('648,16', 470)],
        [['Shipping crate', 50], right('4', 280), right('113,87', 380), right('455,48', 470)],
        [['Total HT', 320], right('1.103,64', 470)],
      );
    expect(documentTotals(context('other', facture('324,08')))).toEqual([]);
    // thousands set apart by a thin space: one figure
    const spaced = (amount: string[]): Word[] =>
      lines(
        [['Description', 50], ['Qté', 265], ['Prix unitaire', 300], right('Montant', 470)],
        [['LED panel', 50], right('12', 280), right('858,70', 380), right(amount[0]!, 437), right(amount[1]!, 470)],
      );
    expect(documentTotals(context('other', spaced(['10', '304,40'])))).toEqual([]);
    expect(documentTotals(context('other', spaced(['11', '304,40'])))).toMatchObject([{ rule: 'quantity times rate', amount: '11 304,40' }]);
    expect(documentTotals(context('other', facture('424,08')))).toMatchObject([
      { rule: 'quantity times rate', quantity: '2', rate: '424,08', computed: '848,16', amount: '648,16' },
    ]);
  });

  it("reads a tax's base wrapped under its label as the label's, not as the end of the block above the total", () => {
    // each VAT's base printed in brackets under "VAT 20 %", left of the amounts: the total's block
    // runs on past it to the items, so the total that holds corroborates the subtotal that does not
    const invoice = (item: string): Word[] =>
      lines(
        [['Description', 50], ['Qty', 250], ['Unit Price', 300], right('Amount', 470)],
        [['LED panel 600x600', 50], right('10', 280), right('854,07', 380), right('8540,70', 470)],
        [['Annual software licence', 50], right('1', 280), right(item, 380), right(item, 470)],
        [['Installation labour', 50], right('18', 280), right('521,18', 380), right('9381,24', 470)],
        [['Subtotal', 320], right('17990,00', 470)],
        [['Discount', 320], right('-9,36', 470)],
        [['Shipping', 320], right('24,92', 470)],
        [['VAT 20 %', 320], right('1888,88', 470)],
        [right('(9444,38)', 380)],
        [['VAT 5,5 %', 320], right('469,49', 470)],
        [right('(8536,26)', 380)],
        [['Total', 320], right('20363,93', 462), ['€', 465]],
      );
    expect(documentTotals(context('other', invoice('68,06')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('other', invoice('78,06')));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      rule: 'block total',
      label: 'Subtotal',
      stated: '17990,00',
      computed: '18000,00',
      corroboration: ['Total = the rows above it'],
    });
  });

  it("reads an invoice's totals printed across the page, from the subtotal to the total", () => {
    const across = (total: string): Word[] =>
      lines(
        [['Description', 50], right('Amount', 470)],
        [['Consulting services', 50], right('38.252,67', 470)],
        [
          ['Nettobetrag', 60],
          ['Versand', 160],
          ['MwSt. 19 %', 250],
          ['Gesamtbetrag', 340],
        ],
        [right('38.252,67', 115), right('31,44', 195), right('7.268,01', 300), right(total, 400)],
      );
    expect(documentTotals(context('other', across('45.552,12')))).toEqual([]);
    expect(documentTotals(context('other', across('55.552,12')))).toMatchObject([
      { code: 'bill_totals_mismatch', rule: 'summary across', to: 'Gesamtbetrag', computed: '45.552,12', closing: '55.552,12' },
    ]);
  });

  it('reads a grid of totals that opens with the subtotal, its items printed elsewhere', () => {
    const grid = (due: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Betrag', 480],
        ],
        [['LED panel 600x600', 50], right('72.250,38', 510)],
        [['Nettobetrag', 50], right('72.250,38', 290), ['Rabatt', 320], right('-51,14', 510)],
        [['Versand', 50], right('11,32', 290), ['MwSt. 20 %', 320], right('14.439,85', 510)],
        [['Gesamtbetrag', 50], right('86.650,41', 290), ['Anzahlung', 320], right('-25.995,12', 510)],
        [['Offener Betrag', 50], right(due, 290)],
      );
    expect(documentTotals(context('other', grid('60.655,29')))).toEqual([]);
    // a tax's base printed in its label is no figure of the block
    const withBases = (total: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Amount', 480],
        ],
        [['LED panel 600x600', 50], right('20.986,19', 510)],
        [['Subtotal', 50], right('20.986,19', 290), ['Discount', 320], right('-15,61', 510)],
        [['VAT 20 %', 50], right('(8.808,16)', 200), right('1.761,63', 290), ['VAT 5,5 %', 320], right('(12.162,42)', 440), right('668,93', 510)],
        [['Total', 50], right(total, 290)],
      );
    expect(documentTotals(context('other', withBases('23.401,14')))).toEqual([]);
    expect(documentTotals(context('other', withBases('23.501,14')))).toMatchObject([{ rule: 'block total', label: 'Total' }]);
    expect(documentTotals(context('other', grid('61.655,29')))).toMatchObject([{ rule: 'block total', label: 'Offener Betrag' }]);
  });

  it("reads a totals column set apart from the items' amounts: opened by the subtotal, a rate in a label no amount", () => {
    // figures left of their labels, as a designed invoice sets them ("1,146.81  Sales Tax 6.25 %")
    const invoice = (total: string): Word[] =>
      lines(
        [['Description', 50], ['Qty', 300], ['Rate', 360], right('Amount', 500)],
        [['LED panel 600x600', 50], ['24', 300], ['419.81', 360], right('10,075.44', 500)],
        [['Oak desk 160 cm', 50], ['1', 300], ['10,828.26', 360], right('10,828.26', 500)],
        [right('20,903.70', 200), ['Subtotal', 210]],
        [right('-3,135.56', 200), ['Discount (15%)', 210]],
        [right('1,110.52', 200), ['Sales', 210], ['Tax', 240], ['6.25', 262], ['%', 284]],
        [right(total, 200), ['Total', 210]],
        [right('-5,000.00', 200), ['Payments/Credits', 210]],
        [right('13,878.66', 200), ['Balance', 210], ['Due', 250]],
      );
    expect(documentTotals(context('other', invoice('18,878.66')))).toEqual([]);
    // the total changed alone: neither it nor the balance due after it holds
    expect(documentTotals(context('other', invoice('18,978.66')))).toMatchObject([
      { rule: 'block total', label: 'Total', computed: '18,878.66' },
      { rule: 'block total', label: 'Balance Due', computed: '13,978.66' },
    ]);
  });

  it("keeps an item out of a flush-right totals column it meets only at its left edge (the items' column set 9 points left)", () => {
    // as groff's tbl sets an invoice whose totals are a column of their own: the last item
    // "12595,50" starts where the total "14687,97 €" does, by chance of their widths
    const invoice = (total: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Qty', 300],
          ['Montant', 490],
        ],
        [['LED panel 600x600', 50], ['2', 300], right('557,42', 500)],
        [['Oak desk 160 cm', 50], ['18', 300], right('12595,50', 500)],
        [['Total', 400], ['HT', 425], right('15972,12', 509)],
        [['Remise', 400], ['(15%)', 440], right('-2395,82', 509)],
        [['TVA', 400], ['20', 425], ['%', 440], right('479,26', 509)],
        [
          ['Total', 400],
          ['TTC', 425],
          [total, 460],
          ['€', 504],
        ],
      );
    expect(documentTotals(context('other', invoice('14055,56')))).toEqual([]);
    expect(documentTotals(context('other', invoice('14155,56')))).toMatchObject([{ rule: 'block total', label: 'Total TTC' }]);
  });

  it('takes away a credit marked CR whose label is wrapped off its row', () => {
    const invoice = (due: string): Word[] =>
      lines(
        [['Description', 50], right('Amount', 500)],
        [['Oak desk 160 cm', 50], right('14,898.96', 500)],
        [['LED panel 600x600', 50], right('1,852.81', 500)],
        [['Subtotal', 380], right('16,751.77', 500)],
        [['Total', 380], right('$16,751.77', 500)],
        [['Payments/', 380]],
        [right('5,025.53', 485), ['CR', 490]],
        [['Credits', 380]],
        [['Balance', 360], ['Due', 400], right(due, 500)],
      );
    expect(documentTotals(context('other', invoice('$11,726.24')))).toEqual([]);
    expect(documentTotals(context('other', invoice('$11,826.24')))).toMatchObject([{ rule: 'block total', label: 'Balance Due' }]);
  });

  it("reads a mortgage statement's amount due: principal, interest and escrow to the monthly payment, then fees", () => {
    const due = (principal: string): Word[] =>
      lines(
        [['Explanation of Amount Due', 50]],
        [['Principal', 50], right(principal, 400)],
        [['Interest', 50], right('1,457.27', 400)],
        [['Escrow (for Taxes and Insurance)', 50], right('538.94', 400)],
        [['Regular Monthly Payment', 50], right('2,782.55', 400)],
        [['Fees and Charges', 50], right('45.00', 400)],
        [['Total Amount Due', 50], right('$2,827.55', 400)],
      );
    expect(documentTotals(context('other', due('786.34')))).toEqual([]);
    expect(documentTotals(context('other', due('886.34')))).toMatchObject([
      { code: 'bill_totals_mismatch', label: 'Regular Monthly Payment', computed: '2,882.55' },
    ]);
    // a total of two columns is no block of one figure a row: the column totals read it
    const breakdown = (interest: string): Word[] => [
      ...due('786.34'),
      ...tableWords(
        1,
        ...[[], [], [], [], [], [], [], []],
        [
          ['Paid Last Month', 300],
          ['Paid Year to Date', 420],
        ],
        [['Principal', 50], right('785.14', 400), right('2,355.42', 520)],
        [['Interest', 50], right(interest, 400), right('4,375.41', 520)],
        [['Escrow (Taxes and Insurance)', 50], right('538.94', 400), right('1,616.82', 520)],
        [['Total', 50], right('2,782.55', 400), right('8,347.65', 520)],
      ),
    ];
    expect(documentTotals(context('other', breakdown('1,458.47')))).toEqual([]);
    expect(documentTotals(context('other', breakdown('1,558.47')))).toMatchObject([{ code: 'table_total_mismatch', total: '2,782.55' }]);
  });

  it('reads a subtotal across the section headers of its charges (a block runs on above a header)', () => {
    const bill = (delivery: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Amount', 420],
        ],
        [['Supply Charges', 50]],
        [['Supply Charge', 50], right('50.08', 440)],
        [['Total Supply Charges', 50], right('50.08', 440)],
        [['Delivery Charges', 50]],
        [['Basic Customer Charge', 50], right('15.28', 440)],
        [['Delivery Charge', 50], right(delivery, 440)],
        [['Total Delivery Charges', 50], right('93.63', 440)],
        [['Subtotal', 50], right('143.71', 440)],
        [['Paperless Billing Credit', 50], right('(3.06)', 440)],
        [['Utility Tax', 50], right('3.52', 440)],
        [['Total New Charges', 50], right('144.17', 440)],
      );
    expect(documentTotals(context('utility_bill', bill('78.35')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('utility_bill', bill('79.35')));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'bill_totals_mismatch', label: 'Total Delivery Charges', stated: '93.63', computed: '94.63' });
  });

  it('reads a summary set as a grid of pairs in reading order, each figure with its own label', () => {
    const summary = (due: string): Word[] =>
      lines(
        [['Account Summary', 50]],
        [['Previous Balance', 50], right('112.90', 260), ['Payment Received - Thank You', 300], right('(18.29)', 520)],
        [['Balance Forward', 50], right('94.61', 260), ['Current Charges', 300], right('109.84', 520)],
        [['Total Amount Due', 50], right(due, 260)],
      );
    expect(documentTotals(context('utility_bill', summary('$204.45')))).toEqual([]);
    const findings = documentTotals(context('utility_bill', summary('$214.45')));
    expect(findings.map((f) => f.math?.formula)).toEqual(['Total Amount Due = Balance Forward + Current Charges']);
    expect(findings[0]!.math?.note).toContain('Read with every pair of its rows in reading order');
  });

  it('reads the block of a total rewritten in place, ending past its column, in the column above it', () => {
    const summary = (due: string, x1: number): Word[] =>
      lines(
        [['Previous balance', 50], right('188.62', 440)],
        [['Payment received - thank you', 50], right('-188.62', 440)],
        [['Balance forward', 50], right('0.00', 440)],
        [['New charges', 50], right('214.07', 440)],
        [['Total amount due', 50], right(due, x1)],
      );
    expect(documentTotals(context('utility_bill', summary('$214.07', 440)))).toEqual([]);
    // "$214.07" rewritten as "$1,293.26" from the same start: it ends two characters past the column
    const findings = documentTotals(context('utility_bill', summary('$1,293.26', 450)));
    expect(findings.map((f) => f.math?.formula)).toEqual(['Total amount due = Balance forward + New charges']);
  });

  it("reads an item's amount as its row's last figure when the totals sit under another column", () => {
    const invoice = (subtotal: string): Word[] =>
      lines(
        [
          ['Description', 50],
          ['Qty', 200],
          ['Rate', 280],
          ['Amount', 380],
        ],
        [['Ergonomic office chair', 50], right('23', 220), right('880.05', 320), right('20,241.15', 420)],
        [['Consulting services (hours)', 50], right('1', 220), right('43.47', 320), right('43.47', 420)],
        [['Subtotal', 180], right(subtotal, 320)],
        [['Total', 180], right(`$${subtotal}`, 320)],
      );
    expect(documentTotals(context('other', invoice('20,284.62')))).toEqual([]);
    expect(documentTotals(context('other', invoice('20,384.62'))).map((f) => ('label' in f ? f.label : undefined))).toEqual(['Subtotal']);
  });

  it("reads only a label's own figures on a row of several labelled totals", () => {
    const row = (net: string): Word[] =>
      lines([['Gross Pay', 50], right('1,860.50', 160), ['Total Deductions', 200], right('461.90', 340), ['Net Pay', 380], [net, 450]]);
    // before, gross pay read all three figures as its current and year to date (and the year to date below the current)
    expect(documentTotals(context('paystub', row('1,398.60')))).toEqual([]);
    expect(documentTotals(context('paystub', row('1,389.44'))).map((f) => f.math?.formula)).toEqual(['net pay = gross pay − total deductions (current)']);
  });

  it("reads a UK payslip's payments and deductions set side by side, each down its own column", () => {
    const payslip = (paye: string): Word[] =>
      lines(
        [['Payments', 50], ['Units', 150], ['Rate', 190], right('Amount', 280), ['Deductions', 300], right('Amount', 470)],
        [['Basic Pay', 50], right('163', 170), right('13.04', 220), right('2,125.52', 280), ['PAYE Tax', 300], right(paye, 470)],
        [['Gross Pay', 50], right('2,125.52', 280), ['National Insurance', 300], right('86.20', 470)],
        [['Pension', 300], right('63.77', 470)],
        [['Total Deductions', 300], right('365.57', 470)],
        [['Net Pay', 50], right('£1,759.95', 280)],
      );
    expect(documentTotals(context('paystub', payslip('215.60')))).toEqual([]);
    expect(documentTotals(context('paystub', payslip('315.60')))).toMatchObject([
      { code: 'paystub_totals_mismatch', rule: 'line sum', label: 'Total deductions', computed: '465.57', stated: '365.57' },
    ]);
  });

  it('subtracts the deductions listed between gross and net pay when no total deductions is printed', () => {
    const stub = (tax: string): Word[] =>
      lines(
        [['Gross Pay', 50], right('$2,150.00', 340), right('39,600.00', 440)],
        [
          ['Statutory Deductions', 50],
          ['this period', 300],
          ['year to date', 400],
        ],
        [['Federal Income Tax', 50], right(tax, 340), right('4,356.00', 440)],
        [['Social Security Tax', 50], right('-133.30', 340), right('2,455.20', 440)],
        [['Federal taxable wages', 50], right('2,042.50', 340)],
        [['Dental', 50], right('-12.00', 340), right('228.00', 440)],
        [['Net Pay', 50], right('$1,768.20', 340)],
      );
    expect(documentTotals(context('paystub', stub('-236.50')))).toEqual([]);
    const [finding, ...rest] = documentTotals(context('paystub', stub('-136.50')));
    expect(rest).toEqual([]);
    expect(finding!.math).toMatchObject({ formula: 'net pay = gross pay − the deductions listed (current)', computed: '1,868.20', stated: '$1,768.20' });
  });

  it('leaves a document without such labels alone', () => {
    const table = lines(
      [
        ['Description', 50],
        ['Amount', 400],
      ],
      [
        ['Consulting', 50],
        ['1,200.00', 400],
      ],
      [
        ['Total', 50],
        ['9,999.00', 400],
      ],
    );
    expect(documentTotals(context('other', table))).toEqual([]);
  });
});
