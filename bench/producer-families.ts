// Genuine loan documents from the eight producers of packages/fixtures/src/family-producers.ts, in every
// form a lender receives them: the native file, the same file after a benign incremental save
// (PyMuPDF bookmark, sticky note or attachment; Poppler attachment; ExifTool metadata), a 300 dpi flatbed scan and a
// phone photo of its first page. Each sample says which split its producer belongs to (tuning or
// held out), so bench:accuracy reports the two apart.
import type { DocumentResult } from '@loupe/core';
import { conditionsFor, phoneCapture } from '@loupe/fixtures/captures';
import {
  billLayout,
  type DocumentKind,
  editLayout,
  familyLayouts,
  LAYOUT_EDITS,
  payStubLayout,
  statementLayout,
  statementLines,
} from '@loupe/fixtures/family-documents';
import { BENIGN_SAVES, benignSave, PRODUCERS } from '@loupe/fixtures/family-producers';
import { genuineStatement, REWRITES, rewrite } from '@loupe/fixtures/statement-families';
import { locateAll, regionOver, scanned } from '@loupe/fixtures/trailless-edits';
import { createPdfJsRaster } from '@loupe/node';

/** One genuine sample of the producer families. */
export interface FamilySample {
  name: string;
  producer: string;
  split: 'tuning' | 'held-out';
  document: DocumentKind;
  form: 'native' | 'benign save' | 'scan' | 'photo';
  bytes: Uint8Array;
}

const raster = createPdfJsRaster();

/**
 * The samples: `seeds` layouts of each kind per producer natively and after each benign save, and
 * for `capturedSeeds` of them a scan and a phone photo.
 */
export async function producerFamilySamples(
  seeds: readonly number[] = [1, 2, 3, 4],
  capturedSeeds: readonly number[] = [1],
  split?: FamilySample['split'],
): Promise<FamilySample[]> {
  const samples: FamilySample[] = [];
  for (const producer of PRODUCERS) {
    if (split && (split === 'held-out') !== producer.heldOut) continue;
    for (const seed of seeds) {
      for (const layout of familyLayouts([seed])) {
        const base = { producer: producer.name, split: producer.heldOut ? 'held-out' : 'tuning', document: layout.kind } as const;
        const name = `${producer.name}-${layout.kind}-${seed}`;
        const pdf = await producer.render(layout);
        samples.push({ ...base, name, form: 'native', bytes: pdf });
        for (const save of BENIGN_SAVES) samples.push({ ...base, name: `${name}-${save}`, form: 'benign save', bytes: await benignSave(pdf, save) });
        if (!capturedSeeds.includes(seed)) continue;
        samples.push({ ...base, name: `${name}-scan.pdf`, form: 'scan', bytes: await scanned(pdf, seed) });
        const page = (await raster.renderPage(pdf, 1, 200)).image;
        samples.push({ ...base, name: `${name}-photo.jpg`, form: 'photo', bytes: await phoneCapture(page, conditionsFor(seed + samples.length)) });
      }
    }
  }
  return samples;
}

/** Flagged counts of one split and form (`all forms` sums the forms of a split). */
export interface FamilyRow {
  n: number;
  flagged: number;
  forged: number;
  codes: Record<string, number>;
}

const isFlagged = (d: DocumentResult): boolean => d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED';

/** Scans every sample with `engine` and counts flagged files by `split|form` and `split|all forms`. */
export async function scoreProducerFamilies(
  engine: { scan(bytes: Uint8Array, options: { name: string }): Promise<DocumentResult> },
  samples?: FamilySample[],
): Promise<Map<string, FamilyRow>> {
  const rows = new Map<string, FamilyRow>();
  for (const s of samples ?? (await producerFamilySamples())) {
    const d = await engine.scan(s.bytes, { name: s.name });
    for (const key of [`${s.split}|${s.form}`, `${s.split}|all forms`]) {
      const row = rows.get(key) ?? { n: 0, flagged: 0, forged: 0, codes: {} };
      rows.set(key, row);
      row.n++;
      if (isFlagged(d)) {
        row.flagged++;
        for (const i of d.indicators) if (i.severity !== 'low') row.codes[i.code] = (row.codes[i.code] ?? 0) + 1;
      }
      if (d.verdict === 'FORGED') row.forged++;
    }
  }
  return rows;
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);

/** The rows as a Markdown section. */
export function familyTable(rows: Map<string, FamilyRow>): string {
  const lines = [
    '\n## Genuine files of producers the tuning never used\n',
    'Producers: ReportLab, WeasyPrint, gropdf, rkusa pdfjs, jsPDF, SVG via cairo (tuning); wkhtmltopdf, FPDF (held out).',
    'Statements with summary tables, pay stubs and bills; benign saves by PyMuPDF, Poppler and ExifTool.\n',
    '| split | form | files | flagged | rate | FORGED | indicators on flagged files |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [key, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const [split, form] = key.split('|');
    const codes = Object.entries(r.codes)
      .map(([c, n]) => `${c} (${n})`)
      .join(', ');
    lines.push(`| ${split} | ${form} | ${r.n} | ${r.flagged} | ${pct(r.flagged, r.n)} | ${r.forged} | ${codes || '—'} |`);
  }
  return lines.join('\n');
}

/** True when a region of the document overlaps where `text` is printed (undefined when it is not printed as one word). */
function regionOn(d: DocumentResult, pdf: Uint8Array, text: string): boolean | undefined {
  const at = locateAll(pdf, text)[0];
  return at ? regionOver(d, at) : undefined;
}

/** Found and located counts of one split and edit. */
export interface EditRow {
  n: number;
  found: number;
  locatable: number;
  located: number;
}

/**
 * Re-prints by every producer of documents with one figure changed and everything else as before
 * (the trail-less edit: the original generator run again): ledger movements, running and closing
 * balances; the account summary's deposits; a day of the daily balance grid; a pay stub's net pay,
 * an earnings line, its hours; a bill's amount due and a charge line. Counts found (SUSPICIOUS or
 * FORGED) and, of those, the ones with a region on the changed figure, by `split|edit`.
 */
export async function scoreReprints(
  engine: { scan(bytes: Uint8Array, options: { name: string }): Promise<DocumentResult> },
  seeds: readonly number[] = [1, 2, 3],
): Promise<Map<string, EditRow>> {
  const rows = new Map<string, EditRow>();
  for (const producer of PRODUCERS) {
    const split = producer.heldOut ? 'held-out' : 'tuning';
    for (const seed of seeds) {
      const cases: { edit: string; layout: ReturnType<typeof statementLayout>; changed?: string }[] = [];
      for (const base of [statementLayout(seed), payStubLayout(seed), billLayout(seed)])
        for (const edit of LAYOUT_EDITS[base.kind] ?? []) cases.push({ edit, ...editLayout(base, edit, seed) });
      const statement = genuineStatement(seed, statementLines(seed));
      for (const kind of REWRITES) cases.push({ edit: `ledger ${kind}`, layout: statementLayout(seed, rewrite(statement, kind)) });
      for (const c of cases) {
        const pdf = await producer.render(c.layout);
        const d = await engine.scan(pdf, { name: `${c.edit}.pdf` });
        const found = d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED';
        const on = found && c.changed ? regionOn(d, pdf, c.changed) : undefined;
        for (const key of [`${split}|${c.edit}`, `${split}|all edits`]) {
          const row = rows.get(key) ?? { n: 0, found: 0, locatable: 0, located: 0 };
          rows.set(key, row);
          row.n++;
          if (found) row.found++;
          if (on !== undefined) {
            row.locatable++;
            if (on) row.located++;
          }
        }
      }
    }
  }
  return rows;
}

/** The re-print rows as a Markdown section. */
export function reprintTable(rows: Map<string, EditRow>): string {
  const lines = [
    '\n## Re-prints with one figure changed (no revision trail)\n',
    '| split | edit | files | found | recall | region on the changed figure |',
    '|---|---|---|---|---|---|',
  ];
  for (const [key, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const [split, edit] = key.split('|');
    lines.push(`| ${split} | ${edit} | ${r.n} | ${r.found} | ${pct(r.found, r.n)} | ${r.locatable ? `${r.located} of ${r.locatable}` : '—'} |`);
  }
  return lines.join('\n');
}
