// A document's revisions side by side: for each saved revision, the text before and after with
// the words that changed marked — each run of changed words on its own (the core's word diff),
// so the unchanged words between two edits read as unchanged — and a reviewer reads what the edit
// did, not two paragraphs to compare by eye.
import { diffWords } from '@loupe/core';
import { element } from './dom.js';

/** A revision diff as the contract gives it. */
export interface RevisionDiffLike {
  from_revision: number;
  to_revision: number;
  before: string;
  after: string;
}

/** `words` with the runs `[start, start + length)` in `tag`, the rest as plain text. */
function marked(words: readonly string[], runs: readonly { start: number; length: number }[], tag: 'del' | 'ins'): HTMLElement {
  const cell = element('span');
  let at = 0;
  const plain = (to: number): void => {
    if (to > at) cell.append(`${at > 0 ? ' ' : ''}${words.slice(at, to).join(' ')}${to < words.length ? ' ' : ''}`);
  };
  for (const run of runs) {
    if (run.length === 0) continue;
    plain(run.start);
    cell.append(element(tag, {}, words.slice(run.start, run.start + run.length).join(' ')));
    at = run.start + run.length;
  }
  plain(words.length);
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
    const hunks = diffWords(a, b, 0);
    const row = element('tr');
    const before = element('td', { class: 'before' });
    before.append(
      marked(
        a,
        hunks.map((h) => ({ start: h.startA, length: h.before.length })),
        'del',
      ),
    );
    const after = element('td', { class: 'after' });
    after.append(
      marked(
        b,
        hunks.map((h) => ({ start: h.startB, length: h.after.length })),
        'ins',
      ),
    );
    row.append(element('td', {}, `${d.from_revision} → ${d.to_revision}`), before, after);
    table.append(row);
  }
  return table;
}
