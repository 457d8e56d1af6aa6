// The document class (`category`, a hint) and the printed `issue_date`, read from the text of the
// first pages: a class needs at least three distinct cues of its own and more than any other
// (otherwise `other`); the issue date is the date printed after a label such as "Statement date",
// "Pay date", "Bill date" or at the end of a statement period, written as an ISO date.

/** The spec's category values. */
import type { Category } from '../spec/document.js';
import { firstDate } from '../tables/dates.js';

export { firstDate } from '../tables/dates.js';

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
    // a W-2's own box labels: its payroll words otherwise tie it with a pay stub
    /\bwages, tips,? (and )?other compensation\b/,
    /\bsocial security wages\b/,
    /\bmedicare wages and tips\b/,
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
