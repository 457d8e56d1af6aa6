// The loan queue: `GET /v1/loans` with the contract's filters and sorts (unresolved, minimum risk,
// review state, assignee — "Assigned to me" one click away — and the four orders), written into
// the URL so a filtered queue is a link; risk, flagged amount, coverage, review state and assignee
// per loan; j/k (or the arrows) move, Enter opens, i/c/e set the selected loan's review state.
import { element } from '@loupe/ui';
import { dataOf, type Loan, messageOf } from '../answers.js';
import { confirmFirst } from '../confirm.js';
import { type Coverage, coverage, type FlaggedAmount, labelledField, money, stateWords, when } from '../format.js';
import { setShortcuts } from '../keyboard.js';
import { loanLink, navigate, type Route } from '../router.js';
import { documents, session } from '../session.js';

const SORTS = [
  ['-risk_score', 'Highest risk first'],
  ['risk_score', 'Lowest risk first'],
  ['-updated_at', 'Newest activity first'],
  ['updated_at', 'Oldest activity first'],
] as const;
const STATES = ['open', 'in_review', 'cleared', 'escalated'] as const;
type Sort = (typeof SORTS)[number][0];
type State = (typeof STATES)[number];

/** The row of an empty queue: no loan matches the filters set, or the account has none yet (and how one starts). */
function emptyRow(filtered: boolean): HTMLTableRowElement {
  const row = element('tr');
  row.append(
    element(
      'td',
      { colspan: '8' },
      filtered
        ? 'No loan matches these filters.'
        : 'No loans yet: a document submitted with a loan reference (external_ref) starts one, on the Upload page or through the API.',
    ),
  );
  return row;
}

/** Renders the queue for the filters in `route`. */
export async function loansView(main: HTMLElement, route: Route, status: (text: string) => void): Promise<void> {
  const q = route.query;
  const form = element('form', { class: 'filters', 'aria-label': 'Filter the loan queue' });
  const unresolved = element('input', { id: 'f-unresolved', type: 'checkbox' });
  unresolved.checked = q.get('has_unresolved') === 'true';
  const minRisk = element('input', { id: 'f-min-risk', type: 'number', min: '0', max: '100', value: q.get('min_risk_score') ?? '' });
  const state = element('select', { id: 'f-state' });
  state.append(element('option', { value: '' }, 'Any'), ...STATES.map((s) => element('option', { value: s }, stateWords(s))));
  state.value = q.get('review_state') ?? '';
  const assignee = element('input', { id: 'f-assignee', type: 'text', value: q.get('assignee') ?? '' });
  const sort = element('select', { id: 'f-sort' });
  sort.append(...SORTS.map(([v, l]) => element('option', { value: v }, l)));
  sort.value = q.get('sort') ?? '-risk_score';
  const mine = element('button', { type: 'button', id: 'assigned-to-me' }, 'Assigned to me');
  mine.disabled = !session.reviewer;
  if (!session.reviewer) mine.title = 'Sign in with a reviewer name to use this';
  const unresolvedField = element('div', { class: 'field check' });
  unresolvedField.append(unresolved, element('label', { for: 'f-unresolved' }, 'Unresolved only'));
  form.append(
    unresolvedField,
    labelledField('f-min-risk', 'Minimum risk', minRisk),
    labelledField('f-state', 'Review state', state),
    labelledField('f-assignee', 'Assignee', assignee),
    labelledField('f-sort', 'Sort', sort),
    element('button', { type: 'submit' }, 'Apply'),
    mine,
  );
  const apply = (): void => {
    const next = new URLSearchParams();
    if (unresolved.checked) next.set('has_unresolved', 'true');
    if (minRisk.value !== '') next.set('min_risk_score', minRisk.value);
    if (state.value) next.set('review_state', state.value);
    if (assignee.value.trim()) next.set('assignee', assignee.value.trim());
    if (sort.value !== '-risk_score') next.set('sort', sort.value);
    navigate(`#/loans${next.size ? `?${next}` : ''}`);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  mine.addEventListener('click', () => {
    assignee.value = session.reviewer ?? '';
    apply();
  });

  const table = element('table', { class: 'queue' });
  const head = element('tr');
  for (const h of ['Loan', 'Risk', 'Flagged', 'Flagged amount', 'Coverage', 'Review', 'Assignee', 'Updated']) head.append(element('th', { scope: 'col' }, h));
  const body = element('tbody');
  table.append(element('caption', {}, 'Loans'), element('thead'), body);
  table.tHead!.append(head);
  const more = element('button', { type: 'button', class: 'more', hidden: '' }, 'More loans');
  main.replaceChildren(element('h1', {}, 'Loan queue'), form, table, more);

  const rows: { loan: Loan; row: HTMLTableRowElement }[] = [];
  let selected = -1;
  const select = (i: number): void => {
    if (rows.length === 0) return;
    selected = Math.max(0, Math.min(rows.length - 1, i));
    for (const [n, r] of rows.entries()) r.row.setAttribute('aria-selected', String(n === selected));
    rows[selected]!.row.querySelector('a')!.focus();
  };
  const setState = async (review_state: State): Promise<void> => {
    const current = rows[selected];
    if (!current) return;
    try {
      const loan = dataOf(
        await documents().POST('/v1/loans/{external_ref}/review', {
          params: { path: { external_ref: current.loan.external_ref } },
          body: { review_state, ...(session.reviewer ? { assignee: session.reviewer } : {}) },
        }),
      );
      current.loan = loan as Loan;
      current.row.cells[5]!.textContent = stateWords(review_state);
      current.row.cells[6]!.textContent = (loan as Loan).assignee ?? '—';
      status(`Loan ${current.loan.external_ref} is ${stateWords(review_state)}.`);
    } catch (error) {
      status(messageOf(error));
    }
  };
  setShortcuts([
    { key: 'j', label: 'Next loan', run: () => select(selected + 1) },
    { key: 'k', label: 'Previous loan', run: () => select(selected - 1) },
    { key: 'ArrowDown', label: 'Next loan', run: () => select(selected + 1) },
    { key: 'ArrowUp', label: 'Previous loan', run: () => select(selected - 1) },
    { key: 'Enter', label: 'Open the selected loan', run: () => rows[selected] && navigate(loanLink(rows[selected]!.loan.external_ref)) },
    { key: 'i', label: 'Mark the selected loan in review', run: () => void setState('in_review') },
    {
      key: 'c',
      label: 'Clear the selected loan (asks first)',
      run: () => rows[selected] && confirmFirst('Clear', `loan ${rows[selected]!.loan.external_ref}`, () => void setState('cleared')),
    },
    { key: 'e', label: 'Escalate the selected loan', run: () => void setState('escalated') },
    { key: 'a', label: 'Show loans assigned to me', run: () => mine.click() },
  ]);

  const load = async (after?: string): Promise<void> => {
    status('Loading loans…');
    try {
      const page = dataOf(
        await documents().GET('/v1/loans', {
          params: {
            query: {
              limit: 50,
              sort: sort.value as Sort,
              ...(unresolved.checked ? { has_unresolved: true } : {}),
              ...(minRisk.value !== '' ? { min_risk_score: Number(minRisk.value) } : {}),
              ...(state.value ? { review_state: state.value as State } : {}),
              ...(assignee.value.trim() ? { assignee: assignee.value.trim() } : {}),
              ...(after ? { starting_after: after } : {}),
            },
          },
        }),
      );
      for (const loan of page.data as Loan[]) {
        const row = element('tr', { 'data-loan': loan.external_ref });
        const cell = element('td');
        cell.append(element('a', { href: loanLink(loan.external_ref) }, loan.external_ref));
        row.append(
          cell,
          element('td', { class: 'num' }, String(loan.risk_score)),
          element('td', { class: 'num' }, `${loan.documents_flagged} of ${loan.documents_total}`),
          element('td', { class: 'num' }, money(loan.flagged_amount as FlaggedAmount | undefined)),
          element('td', {}, coverage(loan.coverage as Coverage | undefined)),
          element('td', {}, stateWords(loan.review_state)),
          element('td', {}, loan.assignee ?? '—'),
          element('td', {}, when(loan.updated_at)),
        );
        row.addEventListener('click', (e) => {
          if ((e.target as HTMLElement).tagName !== 'A') select(rows.findIndex((r) => r.row === row));
        });
        body.append(row);
        rows.push({ loan, row });
      }
      if (rows.length === 0) body.append(emptyRow(unresolved.checked || minRisk.value !== '' || state.value !== '' || assignee.value.trim() !== ''));
      more.hidden = !page.has_more;
      const last = rows.at(-1);
      more.onclick = () => void load(last?.loan.external_ref);
      status('');
    } catch (error) {
      status(messageOf(error));
    }
  };
  await load();
}
