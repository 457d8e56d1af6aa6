// One document as a reviewer reads it: verdict, risk score and headline; the pages as images
// (`GET /v1/documents/{id}/pages/{n}`) with every region drawn, numbered and captioned by its
// indicator; indicators grouped by severity with their explanations; the revision timeline with
// each diff's words before and after; the arithmetic that fails as a table; the metadata rows;
// the decision buttons (with a note and the reviewer's name), reprocess, the audit report and a
// re-capture request. A processing document is read again every 2 s until it finishes.
import { element, mathCheckTable, pageWithRegions, revisionTable } from '@loupe/ui';
import { type Document, dataOf, messageOf } from '../answers.js';
import { confirmFirst } from '../confirm.js';
import { stateWords, verdictBadge, when } from '../format.js';
import { setShortcuts } from '../keyboard.js';
import { downloadAuditReport } from '../report.js';
import { documentLink, loanLink, navigate } from '../router.js';
import { documents, session } from '../session.js';
import { recaptureForm } from './recapture.js';

const DECISIONS = [
  ['in_review', 'In review', 'i'],
  ['cleared', 'Clear', 'c'],
  ['escalated', 'Escalate', 'e'],
  ['confirmed_fraud', 'Confirm fraud', 'f'],
] as const;
type Disposition = (typeof DECISIONS)[number][0];
/** Final decisions: taken from the keyboard, they ask first (a stray key must not confirm fraud or clear a document). */
const FINAL: ReadonlySet<Disposition> = new Set(['cleared', 'confirmed_fraud']);
const SEVERITIES = ['high', 'medium', 'low'] as const;
/** Pages drawn at most (the rest are listed by the regions' captions). */
const PAGES_SHOWN = 20;

function section(title: string, ...content: (Node | string)[]): HTMLElement {
  const s = element('section', { 'aria-label': title });
  s.append(element('h2', {}, title), ...content);
  return s;
}

/** The pages with their regions, filled in as each image arrives. */
function pagesSection(doc: Document): HTMLElement {
  const holder = element('div', { class: 'pages' });
  const count = Math.min(doc.file?.pages ?? 1, PAGES_SHOWN);
  const titles = new Map((doc.indicators ?? []).map((i) => [i.code, i.title]));
  const regions = doc.regions ?? [];
  void (async () => {
    for (let page = 1; page <= count; page++) {
      const answer = await documents().GET('/v1/documents/{id}/pages/{page}', { params: { path: { id: doc.id, page } }, parseAs: 'blob' });
      let image: Blob;
      try {
        image = dataOf(answer) as Blob;
      } catch (error) {
        holder.append(element('p', { class: 'hint' }, `Page ${page} could not be drawn: ${messageOf(error)}`));
        break;
      }
      const img = element('img', { alt: `Page ${page} of ${doc.file?.name ?? doc.id}`, src: URL.createObjectURL(image) });
      await img.decode().catch(() => undefined);
      holder.append(pageWithRegions(img, regions, page, { captions: true, zoom: true, titleOf: (code) => titles.get(code) }));
    }
    holder.dataset.loaded = 'true';
  })();
  return section(`Pages${(doc.file?.pages ?? 0) > PAGES_SHOWN ? ` (first ${PAGES_SHOWN} of ${doc.file?.pages})` : ''}`, holder);
}

function indicatorsSection(doc: Document): HTMLElement {
  const wrap = element('div', { class: 'indicators' });
  for (const severity of SEVERITIES) {
    const group = (doc.indicators ?? []).filter((i) => i.severity === severity);
    if (group.length === 0) continue;
    const list = element('ul');
    for (const i of group) {
      const item = element('li', { 'data-code': i.code });
      const details = element('details');
      const summary = element('summary');
      summary.append(element('span', { class: `sev ${i.severity}` }, i.severity), element('strong', {}, i.title));
      details.append(summary);
      for (const [label, text] of [
        ['What it is', i.what_it_is],
        ['What it means', i.what_it_means],
        ['How it was found', i.how_detected],
      ] as const) {
        if (text) details.append(element('p', {}, `${label}: ${text}`));
      }
      item.append(details);
      list.append(item);
    }
    wrap.append(element('h3', {}, `${severity[0]!.toUpperCase()}${severity.slice(1)} severity (${group.length})`), list);
  }
  if (!doc.indicators?.length) wrap.append(element('p', {}, 'No indicator fired.'));
  if (doc.checks_passed?.length) wrap.append(element('p', { class: 'hint' }, `Checks passed: ${doc.checks_passed.join(', ')}.`));
  return section('Indicators', wrap);
}

function metadataSection(doc: Document): HTMLElement {
  const table = element('table', { class: 'metadata' });
  for (const row of doc.metadata ?? []) {
    const tr = element('tr', row.anomalous ? { class: 'anomalous' } : {});
    tr.append(element('th', { scope: 'row' }, row.key), element('td', {}, row.value));
    table.append(tr);
  }
  return section('Metadata', table);
}

/** The decision panel: a note and the four dispositions; `fromKeyboard` takes one as a shortcut does (a final one asks first). */
function decisionPanel(doc: Document, status: (text: string) => void): { panel: HTMLElement; fromKeyboard: (d: Disposition, label: string) => void } {
  const panel = element('form', { class: 'card decision', 'aria-labelledby': 'decision-title' });
  const current = element('p', { role: 'status', class: 'current-decision' });
  const show = (d: Document): void => {
    current.textContent = d.review
      ? `Decision: ${stateWords(d.review.disposition)}${d.review.reviewer ? ` by ${d.review.reviewer}` : ''}, ${when(d.review.reviewed_at)}${d.review.note ? ` — “${d.review.note}”` : ''}`
      : 'No decision yet.';
  };
  show(doc);
  const note = element('textarea', { id: 'decision-note', rows: '2', maxlength: '4000' });
  const buttons = element('div', { class: 'buttons' });
  const decide = async (disposition: Disposition): Promise<void> => {
    if (doc.status !== 'completed') {
      status('A decision needs a completed document.');
      return;
    }
    try {
      const reviewed = dataOf(
        await documents().POST('/v1/documents/{id}/review', {
          params: { path: { id: doc.id } },
          body: { disposition, ...(note.value.trim() ? { note: note.value.trim() } : {}), ...(session.reviewer ? { reviewer: session.reviewer } : {}) },
        }),
      );
      show(reviewed);
      status(`Decision recorded: ${stateWords(disposition)}.`);
    } catch (error) {
      status(messageOf(error));
    }
  };
  for (const [disposition, label, key] of DECISIONS) {
    const button = element('button', { type: 'button', 'data-disposition': disposition, 'aria-keyshortcuts': key }, label);
    button.addEventListener('click', () => void decide(disposition));
    buttons.append(button);
  }
  panel.append(element('h2', { id: 'decision-title' }, 'Decision'), current, element('label', { for: 'decision-note' }, 'Decision note'), note, buttons);
  const fromKeyboard = (disposition: Disposition, label: string): void =>
    FINAL.has(disposition) ? confirmFirst(label, 'this document', () => void decide(disposition)) : void decide(disposition);
  return { panel, fromKeyboard };
}

/** Reprocess: the original file, picked again (the contract checks its bytes). */
function reprocessControl(doc: Document, status: (text: string) => void, reload: () => void): HTMLElement {
  const wrap = element('div', { class: 'field' });
  const input = element('input', { id: 'reprocess-file', type: 'file', accept: '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg' });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      dataOf(
        await documents().POST('/v1/documents/{id}/reprocess', {
          params: { path: { id: doc.id } },
          body: form as unknown as { file: string },
          bodySerializer: (b) => b as unknown as FormData,
        }),
      );
      status('Reprocessing: the prior verdict stays until the new one lands.');
      reload();
    } catch (error) {
      status(messageOf(error));
    } finally {
      input.value = '';
    }
  });
  wrap.append(element('label', { for: 'reprocess-file' }, 'Reprocess (pick the original file)'), input);
  return wrap;
}

/** Renders document `id`. */
export async function documentView(main: HTMLElement, id: string, status: (text: string) => void, stillHere: () => boolean): Promise<void> {
  status('Loading the document…');
  let doc: Document;
  try {
    doc = dataOf(await documents().GET('/v1/documents/{id}', { params: { path: { id } } }));
  } catch (error) {
    main.replaceChildren(element('h1', {}, `Document ${id}`), element('p', { class: 'error', role: 'alert' }, messageOf(error)));
    status('');
    return;
  }
  const reload = (): void => {
    if (stillHere()) void documentView(main, id, status, stillHere);
  };
  const back = element(
    'a',
    { href: doc.external_ref ? loanLink(doc.external_ref) : '#/loans' },
    doc.external_ref ? `← Loan ${doc.external_ref}` : '← Loan queue',
  );
  const title = element('h1', {}, doc.file?.name ?? doc.id);
  const line = element('p', { class: 'verdict-line', 'data-status': doc.status });
  line.append(verdictBadge(doc.verdict, doc.status));
  if (doc.risk_score !== undefined) line.append(` risk score ${doc.risk_score}`);
  if (doc.headline) line.append(` · ${doc.headline}`);
  if (doc.error) line.append(` · ${doc.error.code}: ${doc.error.message}`);
  const { panel, fromKeyboard } = decisionPanel(doc, status);
  const report = element('button', { type: 'button', id: 'audit-report' }, 'Audit report');
  report.addEventListener('click', () => void downloadAuditReport({ document_ids: [doc.id] }, status).catch((e) => status(messageOf(e))));
  const ask = element('button', { type: 'button', id: 'ask-recapture' }, 'Ask for a re-capture');
  const recapture = element('div');
  ask.addEventListener('click', async () => {
    recapture.replaceChildren(await recaptureForm(doc.id, status));
    (recapture.querySelector('textarea') as HTMLTextAreaElement | null)?.focus();
  });
  const actions = element('div', { class: 'actions' });
  actions.append(report, ask, reprocessControl(doc, status, reload));
  const parts: HTMLElement[] = [back, title, line, panel, actions, recapture];
  if (doc.status === 'completed') {
    // pages beside the findings on a wide screen, above them on a narrow one
    const findings = element('div', { class: 'findings' });
    findings.append(indicatorsSection(doc));
    const diffs = doc.revisions?.diffs ?? [];
    if (doc.revisions)
      findings.append(
        section(`Revisions (${doc.revisions.count})`, diffs.length ? revisionTable(diffs) : element('p', {}, 'No text changed between revisions.')),
      );
    if (doc.math_checks?.length) findings.append(section('Arithmetic that does not add up', mathCheckTable(doc.math_checks)));
    findings.append(metadataSection(doc));
    const body = element('div', { class: 'doc-body' });
    body.append(pagesSection(doc), findings);
    parts.push(body);
  }
  main.replaceChildren(...parts);
  main.dataset.document = doc.id;
  status('');
  if (doc.status === 'processing') setTimeout(reload, 2000);

  // next and previous document of the loan
  let siblings: string[] | undefined;
  const step = async (by: number): Promise<void> => {
    if (!doc.external_ref) return;
    siblings ??= dataOf(
      await documents().GET('/v1/documents', { params: { query: { external_ref: doc.external_ref, limit: 100, view: 'summary' } } }),
    ).data.map((d) => d.id);
    const next = siblings[siblings.indexOf(doc.id) + by];
    if (next) navigate(documentLink(next));
  };
  setShortcuts([
    ...DECISIONS.map(([disposition, label, key]) => ({
      key,
      label: `Decision: ${label}${FINAL.has(disposition) ? ' (asks first)' : ''}`,
      run: () => fromKeyboard(disposition, label),
    })),
    { key: 'n', label: 'Next document of the loan', run: () => void step(1) },
    { key: 'p', label: 'Previous document of the loan', run: () => void step(-1) },
    { key: 'u', label: 'Up to the loan', run: () => navigate(doc.external_ref ? loanLink(doc.external_ref) : '#/loans') },
    { key: 'a', label: 'Download the audit report', run: () => report.click() },
    { key: 'r', label: 'Ask for a re-capture', run: () => ask.click() },
  ]);
}
