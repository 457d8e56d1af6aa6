// The arithmetic that does not add up, as a table: what was added up, what it comes to, what the
// document prints (the two figures that disagree highlighted), and the engine's note.
import { element } from './dom.js';

/** A failed arithmetic check as the contract gives it. */
export interface MathCheckLike {
  formula: string;
  computed: string;
  stated: string;
  note: string;
}

/** One row per failed check. */
export function mathCheckTable(checks: readonly MathCheckLike[]): HTMLTableElement {
  const table = element('table', { class: 'math' });
  const head = element('tr');
  for (const h of ['Check', 'Computed', 'Printed', 'Note']) head.append(element('th', { scope: 'col' }, h));
  table.append(head);
  for (const m of checks) {
    const row = element('tr');
    row.append(
      element('td', {}, m.formula),
      element('td', { class: 'figure computed' }, m.computed || '—'),
      element('td', { class: 'figure stated' }, m.stated || '—'),
      element('td', {}, m.note),
    );
    table.append(row);
  }
  return table;
}
