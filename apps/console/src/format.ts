// Display helpers shared by the views: money in minor units, coverage, dates, verdict badges,
// a loan's or document's labels, and a form control with its label.
import { element } from '@loupe/ui';

/** A flagged amount as the loan summary carries it. */
export interface FlaggedAmount {
  currency: string;
  amount_minor: number;
}

/** A loan's coverage as the summary carries it. */
export interface Coverage {
  submitted: number;
  screened: number;
  processing: number;
  failed: number;
  expected_total?: number;
  complete?: boolean;
  missing?: { key: string; name: string }[];
}

/** `amount_minor` in its currency, e.g. "$1,250.00". */
export function money(amount: FlaggedAmount | undefined): string {
  if (!amount) return '—';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: amount.currency }).format(amount.amount_minor / 100);
  } catch {
    return `${(amount.amount_minor / 100).toFixed(2)} ${amount.currency}`;
  }
}

/** "3 of 5 screened" or "3 screened". */
export function coverage(c: Coverage | undefined): string {
  if (!c) return '—';
  const of = c.expected_total === undefined ? '' : ` of ${c.expected_total}`;
  return `${c.screened}${of} screened${c.processing ? `, ${c.processing} processing` : ''}${c.failed ? `, ${c.failed} failed` : ''}`;
}

/** A date-time in the reader's locale. */
export function when(iso: string | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** A verdict badge (also used for media verdicts). */
export function verdictBadge(verdict: string | undefined, status?: string): HTMLElement {
  if (!verdict) return element('span', { class: 'verdict' }, status ?? '—');
  return element('span', { class: `verdict ${verdict}` }, verdict.replace(/_/g, ' '));
}

/** A review state or disposition in words. */
export function stateWords(state: string | undefined): string {
  return state ? state.replace(/_/g, ' ') : '—';
}

/** `control` with its label (`for` its id), in one `.field` block. */
export function labelledField(id: string, label: string, control: HTMLElement): HTMLElement {
  const wrap = element('div', { class: 'field' });
  wrap.append(element('label', { for: id }, label), control);
  return wrap;
}
