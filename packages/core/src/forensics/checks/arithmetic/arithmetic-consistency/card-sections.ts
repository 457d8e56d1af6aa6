// A card statement's account summary against the activity it summarises: the summary's
// "Purchases", "Fees Charged", "Interest Charged" (and "Payments" with "Other Credits") against
// the sum of the transactions listed under the activity heading of the same name, and each
// section's own printed total against its transactions. A purchase raised in the activity list, or
// a summary line raised without its transactions, breaks one of them.
// Readings: the section's items or the total it prints, payments and other credits together or
// either alone; a contradiction is corroborated by the summary's other sections that add up.
import { type Decimal, formatMoney, sameMoney } from '../../../../tables/decimal.js';
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figureLabelled, moneyFigures, sumOfMagnitudes, type Term } from '../../../readers/figures.js';
import { startsWithDate } from '../../../readers/ledger-layout.js';
import { ocrExplains } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';

/** The activity headings a card statement lists its transactions under, with the summary labels each sums. */
const SECTIONS: readonly { heading: RegExp; labels: readonly RegExp[]; noun: string }[] = [
  { heading: /^purchases( and adjustments)?$/i, labels: [/\bpurchases\b/i], noun: 'purchases' },
  { heading: /^fees charged$/i, labels: [/\bfees charged\b/i], noun: 'fees charged' },
  { heading: /^interest charged$/i, labels: [/\binterest charged\b/i], noun: 'interest charged' },
  { heading: /^cash advances?$/i, labels: [/\bcash advances?\b/i], noun: 'cash advances' },
  { heading: /^payments,? (and )?(other )?credits$/i, labels: [/\bpayments\b/i, /\bother credits\b/i], noun: 'payments and credits' },
];
/** A row that totals a section. */
const TOTAL = /\btotals?\b/i;
/** The most transactions a section lists before it is no longer read as one. */
const MAX_ITEMS = 200;

/** A section of the activity: its heading's row, its transactions' amounts, the total it prints. */
interface Section {
  heading: number;
  items: Figure[];
  total?: Figure;
  /** Dated rows inside it without an amount (OCR lost it). */
  unread: number;
}

/** The most lines without amounts a transaction's wrapping puts between two transactions. */
const WRAPPED_LINES = 3;
/** The most rows of page furniture (a running head, the column header again) a section runs on across. */
const PAGE_FURNITURE = 12;

/**
 * The transactions under `heading`: dated rows with amounts, across a description's wrapped lines
 * and across a page break (the next page's furniture up to its first transaction), up to the next
 * heading (a line without amounts no transaction follows) or a total (which may follow a wrapped line).
 */
function sectionAt(rows: readonly Row[], heading: number): Section {
  const section: Section = { heading, items: [], unread: 0 };
  const item = (k: number): boolean => k < rows.length && startsWithDate(rows[k]!) && moneyFigures(rows[k]!).length > 0;
  for (let i = heading + 1; i < rows.length && section.items.length < MAX_ITEMS; i++) {
    const row = rows[i]!;
    const figs = moneyFigures(row);
    if (TOTAL.test(row.text)) {
      const total = figs.at(-1);
      if (total) section.total = total;
      break;
    }
    if (figs.length > 0 && startsWithDate(row)) {
      section.items.push(figs.at(-1)!);
      continue;
    }
    if (figs.length > 0) break;
    // a line without amounts: a wrapped description, a dated line whose amount OCR lost, or a page's
    // furniture when the page breaks — read on when a transaction follows, else the section ended
    const page = rows[i + 1]?.page !== row.page || rows.slice(i + 1, i + PAGE_FURNITURE).some((r) => r.page !== row.page);
    const reach = page ? PAGE_FURNITURE : WRAPPED_LINES;
    let k = i + 1;
    while (k < rows.length && k <= i + reach && moneyFigures(rows[k]!).length === 0 && !TOTAL.test(rows[k]!.text)) k++;
    // a heading among the lines skipped starts another section; the section's total may follow a wrapped line
    const totalNext = k < rows.length && TOTAL.test(rows[k]!.text) && k <= i + WRAPPED_LINES;
    if (!(item(k) || totalNext) || rows.slice(i, k).some((r) => SECTIONS.some((s) => s.heading.test(r.text.trim())))) break;
    for (let w = i; w < k; w++) if (startsWithDate(rows[w]!)) section.unread++;
    i = k - 1;
  }
  return section;
}

/** The summary's figure labelled `label`, on a row above the activity (`before`). */
function summaryFigure(rows: readonly Row[], before: number, label: RegExp): Figure | undefined {
  for (let i = 0; i < before; i++) {
    const row = rows[i]!;
    const figs = moneyFigures(row);
    if (figs.length > 0 && label.test(row.text) && !TOTAL.test(row.text)) return figureLabelled(row, figs, label);
  }
  return undefined;
}

/** A judged identity of the statement: held (it corroborates the others' readings) or contradicted. */
interface Judged {
  finding?: SumFinding;
  says: string;
  held: boolean;
}

/** The total a section prints under its transactions against their sum. */
function sectionTotal(noun: string, heading: string, section: Section, listed: Decimal, terms: Term[], fromOcr: (page: number) => boolean): Judged {
  const total = section.total!;
  const says = `total ${noun} = sum of the ${noun} listed`;
  if (sameMoney(listed, total.amount.value.abs())) return { says, held: true };
  const ocr = fromOcr(total.box.page) || section.items.some((f) => fromOcr(f.box.page));
  if (ocr && (section.unread > 0 || ocrExplains(total, listed, terms))) return { says, held: false };
  const stated = formatMoney(total.amount.value.abs(), total.amount.raw);
  const computed = formatMoney(listed, total.amount.raw);
  return {
    says,
    held: false,
    finding: {
      code: 'statement_totals_mismatch',
      rule: 'section total',
      heading,
      stated,
      listed: computed,
      lines: section.items.length,
      basis: 'stated total',
      ocr,
      tried: 1,
      reading: [`the ${section.items.length} dated amounts under "${heading}", across wrapped lines and page breaks`],
      page: total.box.page,
      boxes: [total.box, ...section.items.map((f) => f.box)],
      math: { formula: says, computed, stated, ok: false, note: `${section.items.length} amounts listed under "${heading}".` },
    },
  };
}

/** The header of the table a US card statement computes its interest in ("Type of Balance … Annual Percentage Rate … Interest Charge"). */
const INTEREST_TABLE = /\b(annual percentage( rate)?|apr)\b.*\binterest charge\b/i;
/** The most balance types the interest table lists. */
const MAX_BALANCE_TYPES = 12;

/**
 * The interest charge calculation against the summary: the interest charges the table lists, one
 * per type of balance (each row's last amount, under the "Interest Charge" column), must sum to
 * the summary's "Interest Charged". Undefined where the statement prints no such table or summary line.
 */
function interestCalculation(rows: readonly Row[], fromOcr: (page: number) => boolean): Judged | undefined {
  const header = rows.findIndex((r) => moneyFigures(r).length === 0 && INTEREST_TABLE.test(r.text));
  if (header < 0) return undefined;
  const column = rows[header]!.words.filter((w) => /^charge$/i.test(w.text)).at(-1);
  if (!column) return undefined;
  const charges: Figure[] = [];
  for (let i = header + 1; i < rows.length && i <= header + MAX_BALANCE_TYPES; i++) {
    const row = rows[i]!;
    if (row.page !== rows[header]!.page) break;
    const last = moneyFigures(row).at(-1);
    // a header's wrapped line before the rows; a row without an amount after them ends the table
    if (!last) {
      if (charges.length > 0) break;
      continue;
    }
    // an amount under another column (a balance, with no charge printed): not the table's row
    if (last.box.x1 < column.x0 - (column.y1 - column.y0)) break;
    charges.push(last);
  }
  const summary = summaryFigure(rows, header, /\binterest charged\b/i);
  if (charges.length === 0 || !summary) return undefined;
  const says = 'interest charged (summary) = sum of the interest charges of the interest charge calculation';
  const listed = sumOfMagnitudes(charges);
  if (sameMoney(listed, summary.amount.value.abs())) return { says, held: true };
  const terms = charges.map((figure): Term => ({ figure, sign: 1 }));
  const ocr = fromOcr(summary.box.page) || charges.some((f) => fromOcr(f.box.page));
  if (ocr && ocrExplains(summary, listed, terms)) return { says, held: false };
  const stated = formatMoney(summary.amount.value.abs(), summary.amount.raw);
  return {
    says,
    held: false,
    finding: {
      code: 'statement_totals_mismatch',
      rule: 'summary section',
      noun: 'interest charged',
      stated,
      listed: formatMoney(listed),
      lines: charges.length,
      heading: 'Interest Charge',
      basis: 'stated total',
      ocr,
      tried: 1,
      reading: [`the last amount of each of the ${charges.length} rows under "Interest Charge"`],
      page: summary.box.page,
      // the charges first: the summary's line agrees with the interest the activity lists
      boxes: [...charges.map((f) => f.box), summary.box],
      math: { formula: says, computed: formatMoney(listed), stated, ok: false, note: `${charges.length} interest charges listed.` },
    },
  };
}

/**
 * The contradictions between a card statement's summary and its activity sections; `fromOcr` says
 * which pages OCR read (a misreading, or a transaction whose amount it lost, leaves one unverified).
 */
export function cardSections(rows: readonly Row[], fromOcr: (page: number) => boolean): SumFinding[] {
  const judged: Judged[] = [];
  for (const [heading, row] of rows.entries()) {
    if (moneyFigures(row).length > 0) continue;
    const kind = SECTIONS.find((s) => s.heading.test(row.text.trim()));
    if (!kind) continue;
    const section = sectionAt(rows, heading);
    if (section.items.length === 0) continue;
    const listed = sumOfMagnitudes(section.items);
    const terms = section.items.map((figure): Term => ({ figure, sign: 1 }));
    if (section.total) judged.push(sectionTotal(kind.noun, row.text.trim(), section, listed, terms, fromOcr));
    const cells = kind.labels.map((label) => summaryFigure(rows, heading, label));
    const present = cells.filter((c): c is Figure => c !== undefined);
    if (present.length === 0) continue;
    // the readings: the section's items, or the total it prints, against every summary line it may sum
    const sides = [listed, ...(section.total ? [section.total.amount.value.abs()] : [])];
    const stated = [sumOfMagnitudes(present), ...present.map((c) => c.amount.value.abs())];
    const says = `${kind.noun} (summary) = sum of the ${kind.noun} listed`;
    if (sides.some((a) => stated.some((b) => sameMoney(a, b)))) {
      judged.push({ says, held: true });
      continue;
    }
    const first = present[0]!;
    const ocr = fromOcr(first.box.page) || section.items.some((f) => fromOcr(f.box.page));
    if (ocr && (section.unread > 0 || (present.length === 1 && ocrExplains(first, listed, terms)))) continue;
    judged.push({
      says,
      held: false,
      finding: {
        code: 'statement_totals_mismatch',
        rule: 'summary section',
        noun: kind.noun,
        stated: formatMoney(sumOfMagnitudes(present)),
        listed: formatMoney(listed),
        lines: section.items.length,
        heading: row.text.trim(),
        basis: 'stated total',
        ocr,
        tried: sides.length * stated.length,
        reading: [`the ${section.items.length} dated amounts under "${row.text.trim()}"`],
        page: first.box.page,
        // the summary's figures first, then every amount the sum rests on
        boxes: [...present.map((c) => c.box), ...section.items.map((f) => f.box)],
        math: {
          formula: says,
          computed: formatMoney(listed),
          stated: formatMoney(sumOfMagnitudes(present)),
          ok: false,
          note: `${section.items.length} amounts listed under "${row.text.trim()}".`,
        },
      },
    });
  }
  const interest = interestCalculation(rows, fromOcr);
  if (interest) judged.push(interest);
  // corroborated by the summary's other sections that add up
  const held = judged.filter((j) => j.held).map((j) => j.says);
  return judged.flatMap((j) => (j.finding ? [{ ...j.finding, corroboration: held }] : []));
}
