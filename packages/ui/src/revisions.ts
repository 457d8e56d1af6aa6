// A document's revisions side by side: for each saved revision, the text before and after with the
// words that changed marked (the words between the longest common beginning and end), so a
// reviewer reads what the edit did, not two paragraphs to compare by eye.
import { element } from './dom.js';

/** A revision diff as the contract gives it. */
export interface RevisionDiffLike {
  from_revision: number;
  to_revision: number;
  before: string;
  after: string;
}

/** `text` with words [from, to) of it in `mark`. */
function marked(words: string[], from: number, to: number, tag: 'del' | 'ins'): HTMLElement {
  const cell = element('span');
  if (from > 0) cell.append(`${words.slice(0, from).join(' ')} `);
  if (to > from) cell.append(element(tag, {}, words.slice(from, to).join(' ')));
  if (to < words.length) cell.append(` ${words.slice(to).join(' ')}`);
  return cell;
}

/** The changed words of each diff marked in its before and after text. */
export function revisionTable(diffs: readonly RevisionDiffLike[]): HTMLTableElement {
  const table = element('table', { class: 'diffs' });
  const head = element('tr');
  head.append(element('th', { scope: 'col' }, 'Revision'), element('th', { scope: 'col' }, 'Before'), element('th', { scope: 'col' }, 'After'));
  table.append(head);
  for (const d of diffs) {
    const a = d.before.split(/\s+/).filter(Boolean);
    const b = d.after.split(/\s+/).filter(Boolean);
    let pre = 0;
    while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
    let suf = 0;
    while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
    const row = element('tr');
    const before = element('td', { class: 'before' });
    before.append(marked(a, pre, a.length - suf, 'del'));
    const after = element('td', { class: 'after' });
    after.append(marked(b, pre, b.length - suf, 'ins'));
    row.append(element('td', {}, `${d.from_revision} → ${d.to_revision}`), before, after);
    table.append(row);
  }
  return table;
}
