// One loan: its summary (risk, flagged amount, coverage, verdict counts), its documents that
// contradict each other side by side, every document of it with its verdict and disposition, and
// its review — state, assignee ("Assign to me") and note — set through
// `POST /v1/loans/{ref}/review`; an audit report of the whole loan.
import { element } from '@loupe/ui';
import { type DocumentRow, dataOf, type Loan, messageOf } from '../answers.js';
import { confirmFirst } from '../confirm.js';
import { type Coverage, coverage, type FlaggedAmount, money, stateWords, verdictBadge, when } from '../format.js';
import { setShortcuts } from '../keyboard.js';
import { downloadAuditReport } from '../report.js';
import { documentLink, navigate } from '../router.js';
import { documents, session } from '../session.js';
import { consistencySection } from './loan-consistency.js';

const STATES = ['open', 'in_review', 'cleared', 'escalated'] as const;

/** Every document row of the loan (all pages of the listing). */
async function loanDocuments(ref: string): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  let after: string | undefined;
  for (;;) {
    const page = dataOf(
      await documents().GET('/v1/documents', {
        params: { query: { external_ref: ref, limit: 100, view: 'summary', ...(after ? { starting_after: after } : {}) } },
      }),
    );
    rows.push(...(page.data as DocumentRow[]));
    if (!page.has_more || page.data.length === 0) return rows;
    after = page.data.at(-1)!.id;
  }
}

function fact(term: string, value: string | Node): HTMLElement[] {
  const dd = element('dd');
  dd.append(value);
  return [element('dt', {}, term), dd];
}

/** Renders loan `ref`. */
export async function loanView(main: HTMLElement, ref: string, status: (text: string) => void): Promise<void> {
  status('Loading the loan…');
  let loan: Loan;
  let rows: DocumentRow[];
  try {
    const [answer, all] = await Promise.all([documents().GET('/v1/loans/{external_ref}', { params: { path: { external_ref: ref } } }), loanDocuments(ref)]);
    loan = dataOf(answer) as Loan;
    rows = all;
  } catch (error) {
    main.replaceChildren(element('h1', {}, `Loan ${ref}`), element('p', { class: 'error', role: 'alert' }, messageOf(error)));
    status('');
    return;
  }
  const facts = element('dl', { class: 'facts' });
  const counts = loan.verdict_counts as Record<string, number>;
  facts.append(
    ...fact('Risk score', String(loan.risk_score)),
    ...fact('Documents', `${loan.documents_total} (${loan.documents_flagged} flagged, ${loan.documents_processing} processing)`),
    ...fact(
      'Verdicts',
      Object.entries(counts)
        .map(([k, v]) => `${v} ${k.replace(/_/g, ' ')}`)
        .join(', '),
    ),
    ...fact('Flagged amount', money(loan.flagged_amount as FlaggedAmount | undefined)),
    ...fact('Coverage', coverage(loan.coverage as Coverage | undefined)),
    ...fact('Top reason', loan.top_reason ?? '—'),
    ...fact('Updated', when(loan.updated_at)),
  );
  const missing = (loan.coverage as Coverage | undefined)?.missing ?? [];
  if (missing.length) facts.append(...fact('Missing', missing.map((m) => m.name).join(', ')));

  // the review form
  const form = element('form', { class: 'card review', 'aria-labelledby': 'loan-review-title' });
  const state = element('select', { id: 'loan-state' });
  state.append(...STATES.map((s) => element('option', { value: s }, stateWords(s))));
  state.value = loan.review_state ?? 'open';
  const assignee = element('input', { id: 'loan-assignee', type: 'text', maxlength: '256', value: loan.assignee ?? '' });
  const toMe = element('button', { type: 'button' }, 'Assign to me');
  toMe.disabled = !session.reviewer;
  // the form's rules, said before anyone submits
  const rules = element(
    'p',
    { class: 'hint', id: 'loan-review-rules' },
    `Assignee up to 256 characters, note up to 4,000; an empty field clears it.${session.reviewer ? '' : ' Sign in with a reviewer name to assign loans to yourself.'}`,
  );
  toMe.addEventListener('click', () => {
    assignee.value = session.reviewer ?? '';
  });
  const note = element('textarea', { id: 'loan-note', rows: '3', maxlength: '4000' });
  note.value = loan.review_note ?? '';
  const saved = element('p', { class: 'hint', role: 'status' }, loan.reviewed_at ? `Reviewed ${when(loan.reviewed_at)}` : '');
  form.append(
    element('h2', { id: 'loan-review-title' }, 'Loan review'),
    element('label', { for: 'loan-state' }, 'Review state'),
    state,
    element('label', { for: 'loan-assignee' }, 'Assignee'),
    assignee,
    toMe,
    element('label', { for: 'loan-note' }, 'Note'),
    note,
    rules,
    element('button', { type: 'submit' }, 'Save review'),
    saved,
  );
  const save = async (review_state?: (typeof STATES)[number]): Promise<void> => {
    if (review_state) state.value = review_state;
    try {
      const next = dataOf(
        await documents().POST('/v1/loans/{external_ref}/review', {
          params: { path: { external_ref: ref } },
          body: {
            review_state: state.value as (typeof STATES)[number],
            assignee: assignee.value.trim() === '' ? null : assignee.value.trim(),
            note: note.value.trim() === '' ? null : note.value,
          },
        }),
      ) as Loan;
      saved.textContent = `Saved: ${stateWords(next.review_state)}${next.assignee ? `, assigned to ${next.assignee}` : ''}.`;
    } catch (error) {
      saved.textContent = messageOf(error);
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void save();
  });

  // the documents
  const table = element('table', { class: 'queue' });
  const head = element('tr');
  for (const h of ['Document', 'Status', 'Verdict', 'Risk', 'Decision', 'Headline', 'Submitted']) head.append(element('th', { scope: 'col' }, h));
  table.append(element('caption', {}, 'Documents of this loan'), element('thead'), element('tbody'));
  table.tHead!.append(head);
  const links: HTMLAnchorElement[] = [];
  for (const d of rows) {
    const row = element('tr', { 'data-document': d.id });
    const link = element('a', { href: documentLink(d.id) }, d.name ?? d.id);
    links.push(link);
    const name = element('td');
    name.append(link);
    const verdict = element('td');
    verdict.append(verdictBadge(d.verdict, d.status));
    row.append(
      name,
      element('td', {}, d.status),
      verdict,
      element('td', { class: 'num' }, d.risk_score === undefined ? '—' : String(d.risk_score)),
      element('td', {}, stateWords(d.review_disposition)),
      element('td', {}, d.headline ?? d.error?.message ?? ''),
      element('td', {}, when(d.created_at)),
    );
    table.tBodies[0]!.append(row);
  }
  const report = element('button', { type: 'button' }, 'Audit report for this loan');
  report.addEventListener('click', () => void downloadAuditReport({ external_ref: ref }, status).catch((e) => status(messageOf(e))));
  const back = element('a', { href: '#/loans' }, '← Loan queue');
  const contradictions = consistencySection(loan, rows);
  main.replaceChildren(back, element('h1', {}, `Loan ${ref}`), facts, report, ...(contradictions ? [contradictions] : []), table, form);
  status('');

  let at = -1;
  const move = (i: number): void => {
    if (links.length === 0) return;
    at = Math.max(0, Math.min(links.length - 1, i));
    links[at]!.focus();
  };
  setShortcuts([
    { key: 'j', label: 'Next document', run: () => move(at + 1) },
    { key: 'k', label: 'Previous document', run: () => move(at - 1) },
    { key: 'u', label: 'Back to the loan queue', run: () => navigate('#/loans') },
    { key: 'i', label: 'Mark the loan in review', run: () => void save('in_review') },
    { key: 'c', label: 'Clear the loan (asks first)', run: () => confirmFirst('Clear', `loan ${ref}`, () => void save('cleared')) },
    { key: 'e', label: 'Escalate the loan', run: () => void save('escalated') },
  ]);
}
