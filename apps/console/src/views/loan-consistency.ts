// A loan's documents against each other (the LoanSummary's `consistency`): each set of documents
// that contradict each other (versions of one document that differ, a balance or a year to date
// not carried to the next document, net pay not deposited), side by side — each with its pages
// that hold a difference and every difference boxed on them, the suspect marked — and a table of
// what each document prints where they differ.
import { element, pageWithRegions, type RegionLike } from '@loupe/ui';
import { type DocumentRow, dataOf, type Loan, messageOf } from '../answers.js';
import { documentLink } from '../router.js';
import { documents } from '../session.js';

type Conflict = NonNullable<Loan['consistency']>['conflicts'][number];

/** Pages drawn at most per version. */
const PAGES_PER_VERSION = 3;

/** One version of a conflict: its name, the suspect mark, and its pages with the differences boxed. */
function versionColumn(conflict: Conflict, id: string, name: string): HTMLElement {
  const suspect = conflict.suspect_document_id === id;
  const column = element('div', { class: `version${suspect ? ' suspect' : ''}`, 'data-document': id });
  const title = element('h4');
  title.append(element('a', { href: documentLink(id) }, name));
  if (suspect) title.append(' ', element('span', { class: 'badge forged' }, 'Suspect'));
  column.append(title);
  const regions: RegionLike[] = conflict.differences.flatMap((d) =>
    d.values
      .filter((v) => v.document_id === id)
      .flatMap((v) =>
        v.regions.map((r) => ({ ...r, label: v.text || '(nothing printed)', indicator_code: conflict.code, severity: suspect ? 'high' : 'medium' })),
      ),
  );
  const pages = [...new Set(regions.map((r) => r.page))].sort((a, b) => a - b).slice(0, PAGES_PER_VERSION);
  void (async () => {
    for (const page of pages) {
      try {
        const image = dataOf(await documents().GET('/v1/documents/{id}/pages/{page}', { params: { path: { id, page } }, parseAs: 'blob' })) as Blob;
        const img = element('img', { alt: `Page ${page} of ${name}`, src: URL.createObjectURL(image) });
        await img.decode().catch(() => undefined);
        column.append(pageWithRegions(img, regions, page, { captions: true, zoom: true, titleOf: () => 'Differs' }));
      } catch (error) {
        column.append(element('p', { class: 'hint' }, `Page ${page} could not be drawn: ${messageOf(error)}`));
      }
    }
    column.dataset.loaded = 'true';
  })();
  return column;
}

/** What each document prints where the documents differ (each place named, where it has a name: "closing balance → next opening balance"). */
function differencesTable(conflict: Conflict, nameOf: (id: string) => string): HTMLElement {
  const table = element('table', { class: 'differences' });
  const head = element('tr');
  const named = conflict.differences.some((d) => d.label);
  if (named) head.append(element('th', { scope: 'col' }, 'Where'));
  for (const id of conflict.document_ids) head.append(element('th', { scope: 'col' }, nameOf(id)));
  table.append(element('caption', {}, 'Where the documents differ'), element('thead'), element('tbody'));
  table.tHead!.append(head);
  for (const d of conflict.differences) {
    const row = element('tr');
    if (named) row.append(element('th', { scope: 'row' }, d.label ?? ''));
    for (const id of conflict.document_ids) {
      const value = d.values.find((v) => v.document_id === id);
      row.append(element('td', { class: value && conflict.suspect_document_id === id ? 'suspect' : '' }, value?.text || '—'));
    }
    table.tBodies[0]!.append(row);
  }
  return table;
}

/** The section, or nothing when the loan's documents do not contradict each other. */
export function consistencySection(loan: Loan, rows: readonly DocumentRow[]): HTMLElement | undefined {
  const conflicts = loan.consistency?.conflicts ?? [];
  if (conflicts.length === 0) return undefined;
  const names = new Map(rows.map((r) => [r.id, r.name ?? r.id]));
  const nameOf = (id: string): string => names.get(id) ?? id;
  const section = element('section', { class: 'consistency', 'aria-label': 'Documents that contradict each other' });
  section.append(element('h2', {}, 'Documents that contradict each other'));
  for (const conflict of conflicts) {
    const card = element('article', { class: 'card conflict' });
    const versions = element('div', { class: 'versions' });
    versions.append(...conflict.document_ids.map((id) => versionColumn(conflict, id, nameOf(id))));
    card.append(element('p', {}, conflict.summary), versions, differencesTable(conflict, nameOf));
    section.append(card);
  }
  return section;
}
