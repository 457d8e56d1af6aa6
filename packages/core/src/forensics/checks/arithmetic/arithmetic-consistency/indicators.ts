// The indicators of the arithmetic check, and the sentences its findings are summarised by. Every
// finding of the check carries the same facts: the rule it read (which sentence says it), the
// figures as the page prints them, what its reading rests on (`basis`: the scoring policy weighs a
// running balance whose chain agrees above a stated total, a stated total above an aligned
// column, a rate or a count of periods below them) and whether OCR read its figures (`ocr`).
import { type FindingOf, indicator } from '../../../check.js';

/** What a contradiction rests on: how the figures it contradicts were read. */
export type SumBasis =
  /** A running balance whose other steps agree. */
  | 'running balance'
  /** A total or balance the document states, against the figures it states it of. */
  | 'stated total'
  /** Figures aligned in one column under a header, summed to a total below them. */
  | 'aligned column'
  /** The dates a pay stub prints, against each other and its year-to-date figures. */
  | 'pay dates'
  /** A tax computed at its statutory rate from the wages the document prints. */
  | 'statutory rate'
  /** Two taxes on the same wages, one the other's statutory multiple. */
  | 'tax ratio'
  /** Gross pay's year to date against a Medicare tax's equal periods. */
  | 'equal periods'
  /** Gross pay's year to date against an income tax's equal periods, within a withholding bracket. */
  | 'withholding periods'
  /** Year-to-date figures that every other line holds as exact periods. */
  | 'year to date'
  /** Pay stated in prose for two periods. */
  | 'stated pay';

/** A line of a pay stub as a year-to-date finding names it. */
interface YtdLine {
  label: string;
  current: string;
  ytd: string;
}

/** The sentence of every rule the check reads, by rule. */
const SENTENCES = {
  'running balance': (f: { page: number; previous: string; moved: string; expected: string; alternative?: string; stated: string }) =>
    `Page ${f.page}: after ${f.previous} and ${f.moved} the balance should be ${f.expected}${f.alternative ? ` or ${f.alternative}` : ''}, but it reads ${f.stated}.`,
  'opening balance': (f: { page: number; stated: string; expected: string }) =>
    `Page ${f.page} opens at ${f.stated}, but the previous rows end at ${f.expected}.`,
  'closing balance': (f: { stated: string; expected: string }) => `The closing balance ${f.stated} contradicts the transactions, which lead to ${f.expected}.`,
  'daily balance': (f: { grid: string; ledger: string }) => `The daily balance grid gives ${f.grid} for a day the ledger ends at ${f.ledger}.`,
  'summary chain': (f: { closing: string; opening: string; lines: number; computed: string }) =>
    `The ending balance ${f.closing} is not the beginning balance ${f.opening} with the ${f.lines} lines of the summary (${f.computed}).`,
  'summary across': (f: { to: string; closing: string; from: string; opening: string; lines: number; computed: string }) =>
    `${f.to} ${f.closing} is not ${f.from} ${f.opening} with the ${f.lines} figures printed between them (${f.computed}).`,
  'summary side against ledger': (f: { side: string; stated: string; computed: string }) =>
    `The account summary's ${f.side} ${f.stated} are not the ${f.computed} its ledger lists.`,
  'summary closing against ledger': (f: { stated: string; computed: string }) =>
    `The account summary's closing balance ${f.stated} is not the ${f.computed} its ledger ends on.`,
  'stated total': (f: { stated: string; side: string; computed: string }) =>
    `The stated total ${f.stated} is not the sum of the ${f.side} listed (${f.computed}).`,
  'closing from totals': (f: { closing: string; opening: string; credits: string; debits: string; computed: string }) =>
    `The closing balance ${f.closing} is not the opening balance ${f.opening} plus deposits ${f.credits} less withdrawals ${f.debits} (${f.computed}).`,
  'movements over stated': (f: { side: string; listed: string; stated: string }) =>
    `The ${f.side} listed sum to ${f.listed}, more than the ${f.stated} the statement states.`,
  'tax form line': (f: { line: string; stated: string; computed: string }) => `Line ${f.line} reads ${f.stated}, but its instruction gives ${f.computed}.`,
  'tax withheld': (f: { withheld: string; wages: string; computed: string }) =>
    `The tax withheld ${f.withheld} is not what the wages ${f.wages} give (${f.computed}).`,
  'net pay': (f: { net: string; gross: string; deductions: string; computed: string }) =>
    `Net pay ${f.net} is not gross ${f.gross} less deductions ${f.deductions} (${f.computed}).`,
  'net pay from listed deductions': (f: { net: string; gross: string; deductions: number; computed: string }) =>
    `Net pay ${f.net} is not gross ${f.gross} less the ${f.deductions} deductions listed between them (${f.computed}).`,
  'year to date below current': (f: { ytd: string; current: string }) => `The year-to-date figure ${f.ytd} is below the current ${f.current}.`,
  'line sum': (f: { label: string; stated: string; lines: number; what: string; computed: string; which: string }) =>
    `${f.label} ${f.stated} is not the sum of the ${f.lines} ${f.what} lines (${f.computed}, ${f.which}).`,
  'summary section': (f: { noun: string; stated: string; listed: string; lines: number; heading: string }) =>
    `The summary's ${f.noun} ${f.stated} are not the ${f.listed} the ${f.lines} lines under "${f.heading}" add up to.`,
  'quantity times rate': (f: { quantity: string; rate: string; computed: string; amount: string; recovered: boolean }) =>
    f.recovered
      ? `${f.quantity} × ${f.rate} is ${f.computed}, but the line's amount, which OCR could not read, is ${f.amount} by the total of its table.`
      : `${f.quantity} × ${f.rate} is ${f.computed}, but the line reads ${f.amount}.`,
  'medicare floor': (f: { tax: string; rate: string; wages: string; least: string }) =>
    `Medicare tax ${f.tax} is less than ${f.rate}% of the least its wages can be, ${f.wages} (${f.least}): pay was raised without its taxes, or the tax was lowered.`,
  'social security ratio': (f: { socialSecurity: string; medicare: string; expected: string }) =>
    `Social security tax ${f.socialSecurity} is not 6.2/1.45 of the Medicare tax ${f.medicare} (${f.expected}), though both are taken from the same wages below the wage base: one of them was changed.`,
  'equal periods': (f: { tax: string; taxFigure: string; periods: string; taxYtd: string; payYtd: string; pay: string; expected: string }) =>
    `The ${f.tax} ${f.taxFigure} is exactly 1/${f.periods} of its year to date ${f.taxYtd} (${f.periods} equal pay periods), but gross pay's year to date ${f.payYtd} is not ${f.periods} times this period's ${f.pay} (${f.expected}).`,
  'period ends before it begins': (f: { start: string; end: string }) => `The pay period ends (${f.end}) before it begins (${f.start}).`,
  'period length': (f: { start: string; end: string; days: number; frequency: string }) =>
    `The pay period ${f.start} – ${f.end} lasts ${f.days} days, not a ${f.frequency} period.`,
  'paid before the period': (f: { payDate: string; start: string }) => `The pay date ${f.payDate} is before the pay period begins (${f.start}).`,
  'paid long after the period': (f: { payDate: string; days: number; end: string }) =>
    `The pay date ${f.payDate} is ${f.days} days after the pay period ends (${f.end}).`,
  'periods so far': (f: { times: string; paid: string; schedule: string; most: number }) =>
    `The year-to-date figures are ${f.times} times this period's, but by the pay date ${f.paid} a ${f.schedule} schedule has paid at most ${f.most} times this year.`,
  'year to date of another figure': (f: { periods: number; fitting: number; lines: (YtdLine & { period: string })[] }) =>
    `${ytdContext(f)}; the year to date of ${f.lines.map((l) => `“${l.label}” ${l.current} (year to date ${l.ytd}, ${f.periods} × ${l.period})`).join(', ')} is ${f.periods} periods of another figure, with no room for this period's: the current figure was probably changed after the year to date was printed (a withholding changed at an earlier period rarely divides so evenly).`,
  'year to date departs': (f: { periods: number; fitting: number; lines: YtdLine[] }) =>
    `${ytdContext(f)}, but ${f.lines.map((l) => `“${l.label}” ${l.current} (year to date ${l.ytd})`).join(', ')} ${f.lines.length === 1 ? 'does' : 'do'} not: the current figure was changed, or the withholding changed earlier this year.`,
  'stated pay': (f: { period: string; pay: string; otherPeriod: string; otherPay: string; otherAnnual: string }) =>
    `The ${f.period} pay ${f.pay} and the ${f.otherPeriod} pay ${f.otherPay} (${f.otherAnnual} a year) do not agree.`,
  'amount due': (f: { due: string; previous: string; payments?: string; charges: string; computed: string }) =>
    `The amount due ${f.due} is not the previous balance ${f.previous}${f.payments ? ` less payments ${f.payments}` : ''} plus new charges ${f.charges} (${f.computed}).`,
  'charge items': (f: { total: string; items: number; computed: string }) =>
    `The total charges ${f.total} are not the sum of the ${f.items} line items (${f.computed}).`,
  subtotal: (f: { subtotal: string; items: number; computed: string }) =>
    `The subtotal ${f.subtotal} is not the sum of the ${f.items} line items (${f.computed}).`,
  'total from subtotal': (f: { total: string; subtotal: string; computed: string }) =>
    `The total ${f.total} is not the subtotal ${f.subtotal} plus taxes and fees (${f.computed}).`,
  'column total': (f: { total: string; items: number; computed: string }) =>
    `The total ${f.total} is not the sum of the ${f.items} figures above it (${f.computed}).`,
};

/** How a year-to-date finding opens: the periods gross pay and the other lines hold. */
const ytdContext = (f: { periods: number; fitting: number }): string =>
  `Gross pay and ${f.fitting} other lines hold exactly ${f.periods} periods of this period's figure in their year to date`;

type Sentences = typeof SENTENCES;
/** The rule a finding read, with the figures its sentence names. */
export type SumSentence = { [R in keyof Sentences]: { rule: R } & Parameters<Sentences[R]>[0] }[keyof Sentences];

/** What every finding of the check carries: its rule and figures, what it rests on, and whether OCR read its figures. */
export type SumFacts = SumSentence & { basis: SumBasis; ocr?: boolean };

/** The sentence of a finding. */
const sentence = (f: SumFacts): string => (SENTENCES[f.rule] as (facts: SumFacts) => string)(f);

/** The indicators of the arithmetic check. */
export const indicators = {
  running_balance_mismatch: indicator<SumFacts>({
    title: 'Running balance does not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is: "A row's balance differs from the previous balance plus that row's transaction.",
    what_it_means: 'A figure was changed and the balances around it were not: the statement contradicts itself.',
    how_detected: 'Statement rows were rebuilt from positioned text, amounts read exactly, and every balance recomputed with decimal arithmetic.',
    summary: sentence,
  }),
  statement_balance_mismatch: indicator<SumFacts>({
    title: 'Opening or closing balance contradicts the transactions',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'The stated closing balance (or a balance carried to the next page) differs from the balance the transactions lead to.',
    what_it_means: 'A total was edited, or transactions were added or removed, without the rest following.',
    how_detected:
      'Opening, carried and closing balance lines were compared with the running balance of the transaction rows, and the account summary (a line per kind of movement, or cells across the page) recomputed from its opening balance.',
    summary: sentence,
  }),
  statement_totals_mismatch: indicator<SumFacts>({
    title: 'Statement totals do not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is:
      'A stated total of deposits or withdrawals differs from the sum of the rows it totals, or opening balance plus deposits less withdrawals differs from the closing balance.',
    what_it_means: 'A transaction or a total was changed without the figures that depend on it.',
    how_detected:
      'Transactions were assigned to deposits or withdrawals by their column header, sign or balance movement, summed with decimal arithmetic and compared with the stated totals (a list without a running balance only when it sums to more than its total).',
    summary: sentence,
  }),
  tax_form_lines_mismatch: indicator<SumFacts>({
    title: 'Tax form lines do not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'A line whose label says how it is computed ("Add lines 12 and 13", "Subtract line 10 from line 9") differs from that sum or difference.',
    what_it_means: 'An amount of the return was changed without the totals that depend on it.',
    how_detected: 'Line numbers were paired with the amounts printed after them and the instructions of the labels recomputed with decimal arithmetic.',
    summary: sentence,
  }),
  paystub_totals_mismatch: indicator<SumFacts>({
    title: 'Pay stub figures do not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is:
      'Net pay differs from gross pay less deductions, gross pay or total deductions from the sum of their lines (this period or year to date), or a year-to-date figure is below the current one.',
    what_it_means: 'A figure of the pay stub was changed without the figures that depend on it.',
    how_detected: 'Labelled totals, right-aligned columns and summaries across the page of the pay stub were recomputed with decimal arithmetic.',
    summary: sentence,
  }),
  paystub_dates_inconsistent: indicator<SumFacts>({
    title: 'Pay stub dates contradict each other or its year-to-date figures',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'The pay period ends before it starts or lasts longer or shorter than the printed pay frequency, the pay date is outside its period, or the year-to-date figures hold far more pay periods than the pay date allows.',
    what_it_means:
      'The dates were probably changed: a stub re-dated into another period (often last year’s stub passed off as recent) keeps year-to-date totals its new date cannot have.',
    how_detected:
      'The pay period, pay date and pay frequency were read after their labels; the year-to-date figures were divided by this period’s and compared with the most pay dates the schedule can have had by the pay date, with room for partial periods.',
    summary: sentence,
  }),
  paystub_ytd_departure: indicator<SumFacts>({
    title: 'A pay stub line departs from the identical pay periods its other lines record',
    severity: 'low',
    evidence: 'content',
    what_it_is:
      'Gross pay and at least three other lines print a year to date of exactly n times this period’s figure, to the cent, but a deduction or earnings line does not — and no deduction begun k periods ago or changed this very period explains it.',
    what_it_means:
      'The current figure was probably changed while its year to date was kept (a tax lowered, with total deductions and net pay moved to keep every sum), or the withholding changed at an earlier period this year (a new W-4): alone it is not proof, with another signal it adds up.',
    how_detected:
      'Every row whose last two figures sit in the columns of gross pay, total deductions, total taxes or net pay was read as a current figure and its year to date; the periods gross pay holds were counted, and each line compared with that many periods of its current figure.',
    summary: sentence,
  }),
  paystub_ytd_other_figure: indicator<SumFacts>({
    title: 'A pay stub line’s year to date is identical periods of another figure',
    severity: 'low',
    evidence: 'content',
    what_it_is:
      'Gross pay and at least three other lines print a year to date of exactly n times this period’s figure (n ≥ 4), and a deduction or earnings line prints a year to date of exactly n times another figure: n identical periods that leave no room for this period’s.',
    what_it_means:
      'The current figure was probably changed after the year to date was printed (a tax lowered, with total deductions and net pay moved to keep every sum). A withholding changed at an earlier period this year lands on such a multiple too, about one time in eight (one in four when the change is a round amount): alone it leaves a stub CLEAN; with another signal it adds up sooner than a plain departure.',
    how_detected:
      'As for a year-to-date departure (the periods gross pay holds, each line compared with that many periods of its current figure); a departing line whose year to date divides into exactly that many periods, to the cent, is reported apart.',
    summary: sentence,
  }),
  paystub_withholding_periods_mismatch: indicator<SumFacts>({
    title: 'Income tax withheld the same every period, gross pay not',
    severity: 'medium',
    evidence: 'content',
    what_it_is:
      'A pay stub’s federal or state income tax year to date is exactly n times this period’s (n ≥ 3: the same withholding every period), but gross pay’s year to date is not n times this period’s gross pay, by more than a withholding table’s wage bracket a period.',
    what_it_means:
      'Income tax is withheld from each period’s wages: the same tax every period means the same wages. Gross pay was probably raised this period (with social security and Medicare computed again) while the income taxes and the year to date were left as they were. A fixed-dollar withholding election is the genuine exception.',
    how_detected:
      'Income tax lines (federal, state, withholding; not social security, Medicare or local taxes) whose year to date divides into this period’s figure three or more times, to the cent; gross pay’s year to date compared with that many periods of this period’s, allowing the larger of $80 and 2% of gross pay a period.',
    summary: sentence,
  }),
  bill_totals_mismatch: indicator<SumFacts>({
    title: 'Bill totals do not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is:
      'Line items do not sum to the subtotal or the charges total, subtotal plus taxes, fees and other lines differs from the total, or the amount due differs from the previous balance less payments plus new charges.',
    what_it_means: 'An amount of the bill or invoice was changed without its totals.',
    how_detected:
      'Line items, subtotal, taxes, fees, the account summary (in a column or across the page) and the total were recomputed with decimal arithmetic.',
    summary: sentence,
  }),
  table_total_mismatch: indicator<SumFacts>({
    title: 'A table total does not add up',
    severity: 'high',
    evidence: 'content',
    what_it_is:
      'A row labelled as a total does not equal the sum of the figures above it in its column, however the table is read (all items, without subtotals, subtotals alone, its last section).',
    what_it_means: 'A figure of the table, or its total, was changed without the other.',
    how_detected: 'The figures right-aligned with the total, from the table header or the previous total down, were summed with decimal arithmetic.',
    summary: sentence,
  }),
  stated_pay_inconsistent: indicator<SumFacts>({
    title: 'Pay stated for two periods does not agree',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'The document states the same pay for two periods (a year and a pay period, say), and the two differ once brought to a year.',
    what_it_means: 'One of the figures was changed without the other: typically the annual salary of a letter raised and its per-period pay left.',
    how_detected:
      'Each pay figure was paired with the period word nearest it on its line and multiplied by that period’s count a year (52, 26, 24, 12), with 1% allowed for rounding.',
    summary: sentence,
  }),
  payroll_tax_mismatch: indicator<SumFacts>({
    title: 'Payroll tax does not follow from the wages',
    severity: 'high',
    evidence: 'content',
    what_it_is:
      'A wage statement’s social security or Medicare tax withheld is not the statutory rate of the wages printed beside it, or a pay stub’s Medicare tax is below 1.45% of its gross pay less every deduction.',
    what_it_means: 'The wages were changed without the taxes withheld from them (or the other way round).',
    how_detected:
      'Box 4 was compared with 6.2% of box 3 and box 6 with 1.45% of box 5 (0.9% more over $200,000), allowing $1.00 or 0.1% for per-paycheck rounding; on a pay stub, Medicare tax with 1.45% of gross pay less its total deductions and taxes (a cent allowed a period).',
    summary: sentence,
  }),
};

/** A finding of the arithmetic check. */
export type SumFinding = FindingOf<typeof indicators>;
