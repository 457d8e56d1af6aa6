// The document class (`category`, a hint) and the printed `issue_date`, read from the text of the
// first pages: a class needs at least three distinct cues of its own and more than any other
// (otherwise `other`); the issue date is the date printed after a label such as "Statement date",
// "Pay date", "Bill date" or at the end of a statement period, written as an ISO date.

/** The spec's category values. */
import type { Category } from '../spec/document.js';

const CUES: Record<Exclude<Category, 'other'>, RegExp[]> = {
  bank_statement: [
    /\bstatement\b/,
    /\b(opening|beginning|previous) balance\b/,
    /\b(closing|ending|new) balance\b/,
    /\bdeposits?\b/,
    /\bwithdrawals?\b/,
    /\btransactions?\b/,
    /\baccount (number|no\.?|summary)\b/,
    /\b(bank|credit union|savings|checking)\b/,
    /\bstatement period\b/,
  ],
  paystub: [
    /\b(earnings|pay) statement\b/,
    /\bpay ?stub\b/,
    /\bgross (pay|earnings)\b/,
    /\bnet pay\b/,
    /\bytd\b|\byear to date\b/,
    /\bdeductions?\b/,
    /\bpay (date|period)\b/,
    /\bemployee\b/,
    /\b(federal|state) (income )?tax\b/,
    /\bsocial security\b|\bmedicare\b/,
    /\bovertime\b|\bregular\b/,
  ],
  tax_form: [
    /\bform w-?2\b/,
    /\bwage and tax statement\b/,
    /\bform 1040\b/,
    /\bform 1099\b/,
    /\binternal revenue service\b/,
    /\bemployer identification number\b|\bein\b/,
    /\btaxable income\b/,
    /\badjusted gross income\b/,
    /\btax year\b/,
  ],
  id_document: [
    /\bpassport\b/,
    /\bdriver'?s? licen[cs]e\b/,
    /\bdate of birth\b|\bdob\b/,
    /\bnationality\b/,
    /\bidentity card\b|\bidentification card\b/,
    /\bexpir(es|y|ation)\b/,
    /\bsex\b/,
    /\bplace of birth\b/,
  ],
  utility_bill: [
    /\bamount due\b/,
    /\bdue date\b/,
    /\bservice address\b/,
    /\bkwh\b/,
    /\b(electric|electricity|natural gas|water|sewer)\b/,
    /\bbilling period\b/,
    /\bmeter\b/,
    /\busage\b/,
    /\butility\b/,
  ],
};

/** Classifies a document from its text. */
export function classifyText(text: string): Category {
  const t = text.toLowerCase();
  let best: Category = 'other';
  let bestScore = 2;
  let tie = false;
  for (const [category, cues] of Object.entries(CUES) as [Category, RegExp[]][]) {
    const score = cues.filter((c) => c.test(t)).length;
    if (score > bestScore) {
      best = category;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && best !== 'other') tie = true;
  }
  return tie ? 'other' : best;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] | undefined }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/,
    parse: (m) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      let y = Number(m[3]);
      if (y < 100) y += 2000;
      // month first unless the first number cannot be a month
      return a > 12 ? [y, b, a] : [y, a, b];
    },
  },
  {
    re: /\b([A-Z][a-z]{2,8})\.? (\d{1,2}),? (\d{4})\b/,
    parse: (m) => {
      const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
      return month < 0 ? undefined : [Number(m[3]), month + 1, Number(m[2])];
    },
  },
  {
    re: /\b(\d{1,2}) ([A-Z][a-z]{2,8})\.? (\d{4})\b/,
    parse: (m) => {
      const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
      return month < 0 ? undefined : [Number(m[3]), month + 1, Number(m[1])];
    },
  },
];

/** The first date in `text`, as an ISO date. */
export function firstDate(text: string): string | undefined {
  let best: { index: number; iso: string } | undefined;
  for (const { re, parse } of DATE_PATTERNS) {
    const m = re.exec(text);
    const parts = m ? parse(m) : undefined;
    if (!m || !parts) continue;
    const [y, mo, d] = parts;
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || date.getUTCDate() !== d || y < 1900 || y > 2200) continue;
    if (!best || m.index < best.index) best = { index: m.index, iso: date.toISOString().slice(0, 10) };
  }
  return best?.iso;
}

const ISSUE_LABELS =
  /\b(statement date|closing date|pay date|payment date|check date|bill date|billing date|invoice date|issue date|date of issue|issued on|date issued|as of)\b[:\s]*/i;
const PERIOD = /\b(statement period|billing period|pay period|period)\b[^\n]*?\b(to|through|thru|–|-)\s+/i;

/** The printed issue date, from labelled dates first, then the end of a period. */
export function issueDate(lines: string[]): string | undefined {
  for (const line of lines) {
    const m = ISSUE_LABELS.exec(line);
    if (m) {
      const date = firstDate(line.slice(m.index + m[0].length));
      if (date) return date;
    }
  }
  for (const line of lines) {
    const m = PERIOD.exec(line);
    if (m) {
      const date = firstDate(line.slice(m.index + m[0].length));
      if (date) return date;
    }
  }
  return undefined;
}
