// The audit report as a PDF an underwriter or an examiner files (pdfkit): a cover with the loan,
// coverage, counts, models, the loan's documents against each other and the manifest digest; a section per document with its verdict,
// score, headline, review, indicators with their display copy, its page images with the flagged
// regions drawn over them, the revision diffs, the arithmetic that does not add up and the
// anomalous metadata; then the manifest table with every SHA-256. Deterministic: the same input
// gives the same bytes (the dates written are the report's own, the file id derives from them,
// the fonts are the standard ones, nothing random is drawn).
import PDFDocument from 'pdfkit';
import type { ReportContent } from './report-json.js';

type Json = Record<string, unknown>;

/** A rendered page of a document, to draw its regions over. */
export interface PageImage {
  page: number;
  png: Uint8Array;
  width: number;
  height: number;
}

/** What the PDF shows besides the content. */
export interface ReportHeader {
  id: string;
  externalRef: string | null;
  createdAt: string;
  generatedAt: string;
}

const MARGIN = 50;
/** Tallest a page image is drawn, in points. */
const MAX_IMAGE_HEIGHT = 420;
/** Shortest a page image is drawn to fill the rest of a page, in points. */
const MIN_IMAGE_HEIGHT = 220;
const INK = '#1b1f24';
const MUTED = '#5b6470';
const SEVERITY: Record<string, string> = { high: '#c62828', medium: '#ef6c00', low: '#f9a825' };
const VERDICT: Record<string, string> = { CLEAN: '#2e7d32', SUSPICIOUS: '#ef6c00', FORGED: '#c62828', INSUFFICIENT_EVIDENCE: '#546e7a' };

/** The characters of WinAnsi beyond Latin-1 that the standard fonts set (pdfkit maps them): € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. */
const WIN_ANSI_EXTRA =
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178';
/** What the rest of the symbols the findings use are written as. */
const SPELLED: Record<string, string> = {
  '\u2205': '(none)',
  '\u2260': '!=',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2248': '~',
  '\u2713': '(ok)',
  '\u2717': '(x)',
  // letters NFKD leaves whole
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};
const OUTSIDE_WIN_ANSI = `[^\\t\\n\\r\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA}]`;
const UNPRINTABLE = new RegExp(OUTSIDE_WIN_ANSI, 'gu');
const HAS_UNPRINTABLE = new RegExp(OUTSIDE_WIN_ANSI, 'u');

/**
 * Text the standard fonts can set: WinAnsi as it is (Latin-1 and the extra characters above), the
 * symbols of `SPELLED` in words, other accented letters without their accents; anything left
 * becomes `?`.
 */
const printable = (value: unknown): string =>
  String(value ?? '').replace(UNPRINTABLE, (c) => {
    const spelled = SPELLED[c];
    if (spelled !== undefined) return spelled;
    const bare = c.normalize('NFKD').replace(/\p{M}/gu, '');
    return bare !== c && !HAS_UNPRINTABLE.test(bare) ? bare : '?';
  });

/** Renders the report; resolves to the PDF's bytes. */
/** The open PDF, its text width and the text helpers every section uses. */
function writer(doc: PDFKit.PDFDocument) {
  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string, size = 14) => {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).fillColor(INK).text(printable(text), { width });
    doc.moveDown(0.2);
  };
  const line = (label: string, value: unknown, color = INK) => {
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor(color).text(printable(value), { width });
  };
  const paragraph = (text: unknown, size = 9.5, color = INK) => doc.font('Helvetica').fontSize(size).fillColor(color).text(printable(text), { width });

  return { doc, width, heading, line, paragraph };
}

type Writer = ReturnType<typeof writer>;

/** The cover: the report, the loan, the counts, coverage, models and the manifest digest. */
function writeCover(w: Writer, header: ReportHeader, content: ReportContent): void {
  const { doc, width, heading, line, paragraph } = w;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Document forensics audit report');
  doc.moveDown(0.5);
  line('Report', header.id);
  if (header.externalRef) line('Loan / file reference', header.externalRef);
  line('Requested', header.createdAt);
  line('Generated', header.generatedAt);
  heading('Summary');
  line('Documents screened', content.documents_screened);
  line('Documents flagged (suspicious or forged, not cleared)', content.documents_flagged);
  if (content.coverage) {
    const c = content.coverage;
    line('Submitted / screened / processing / failed', `${c.submitted} / ${c.screened} / ${c.processing} / ${c.failed}`);
    if (c.expected_total !== undefined) line('Expected documents', `${c.expected_total} (unscreened ${c.unscreened}; complete: ${c.complete ? 'yes' : 'no'})`);
    else line('Expected documents', 'no declaration');
    for (const m of (c.missing as Json[] | undefined) ?? []) line('Missing', `${m.name} (${m.category}, key ${m.key})`);
  }
  line('Models', content.models.map((m) => `${m.name} ${m.version}`).join(', ') || 'none');
  if (content.consistency) writeConsistency(w, content);
  heading('Manifest digest');
  paragraph(content.manifest_digest_algorithm, 9, MUTED);
  doc.font('Courier').fontSize(9).fillColor(INK).text(content.manifest_digest, { width });
  paragraph(
    'Recompute it from the files: take each SHA-256 in lowercase hex, sort, join with line feeds, hash with SHA-256 (loupe digest FILE...).',
    8.5,
    MUTED,
  );
}

/** Most differences of one conflict written out (the JSON answer holds them all). */
const DIFFERENCES_SHOWN = 12;

/** The loan's documents against each other: each set of versions that differ, the suspect, and what each version prints where they differ. */
function writeConsistency(w: Writer, content: ReportContent): void {
  const { heading, line, paragraph } = w;
  const consistency = content.consistency!;
  heading('Documents of this loan against each other');
  line('Documents compared', consistency.documents_compared);
  if (consistency.conflicts.length === 0) {
    paragraph(
      'No two documents of this loan contradict each other (versions of one document print the same words; balances, years to date and net pay carry from one document to the next).',
      9,
      MUTED,
    );
    return;
  }
  const nameOf = new Map(content.manifest.map((m) => [m.document_id as string, `${m.name} (${m.document_id})`]));
  for (const c of consistency.conflicts) {
    paragraph(c.summary, 9.5, SEVERITY.high);
    line(c.code === 'loan_document_versions_differ' ? 'Versions' : 'Documents', c.document_ids.map((id) => nameOf.get(id) ?? id).join('; '));
    if (c.suspect_document_id) line('Suspect', nameOf.get(c.suspect_document_id) ?? c.suspect_document_id, SEVERITY.high);
    for (const d of c.differences.slice(0, DIFFERENCES_SHOWN))
      paragraph(
        `${d.label ? `${d.label}: ` : ''}${d.values.map((v) => `${v.text || '(nothing)'}${v.regions[0] ? ` [p. ${v.regions[0].page}]` : ''}`).join('   |   ')}`,
        9,
      );
    if (c.differences.length > DIFFERENCES_SHOWN)
      paragraph(`… and ${c.differences.length - DIFFERENCES_SHOWN} more (the JSON report lists every one).`, 8.5, MUTED);
  }
}

/** One document's section: verdict, review, indicators, page images with regions, revisions, arithmetic, metadata, re-captures. */
function writeDocument(w: Writer, d: ReportContent['documents'][number], content: ReportContent, images: ReadonlyMap<string, PageImage[]>): void {
  const { doc, width, heading, line, paragraph } = w;
  doc.addPage();
  const file = d.file as Json;
  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(printable(file.name), { width });
  doc.moveDown(0.3);
  line('Document', d.id);
  line('Verdict', `${d.verdict}${d.risk_score === undefined ? '' : `  (risk score ${d.risk_score} of 100)`}`, VERDICT[d.verdict as string] ?? INK);
  if (d.headline) line('Headline', d.headline);
  if (d.category) line('Category', d.category);
  line('File', `${file.type}, ${file.pages ?? '?'} page(s), ${file.size_bytes} bytes`);
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(MUTED).text('SHA-256: ', { continued: true });
  doc.font('Courier').fontSize(8.5).fillColor(INK).text(String(file.sha256));
  const review = d.review as Json | undefined;
  if (review) {
    line('Review', `${review.disposition}${review.reviewer ? ` by ${review.reviewer}` : ''} at ${review.reviewed_at}`);
    if (review.note) line('Review note', review.note);
  }

  const indicators = (d.indicators as Json[] | undefined) ?? [];
  heading('Indicators', 12);
  if (indicators.length === 0) paragraph('None.', 9.5, MUTED);
  for (const i of indicators) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(SEVERITY[i.severity as string] ?? INK)
      .text(printable(`${i.title}  [${i.severity}]`), { width });
    doc.font('Courier').fontSize(8).fillColor(MUTED).text(printable(i.code));
    for (const key of ['what_it_is', 'what_it_means', 'how_detected'] as const) if (i[key]) paragraph(i[key], 9);
    doc.moveDown(0.4);
  }

  const pages = images.get(d.id as string) ?? [];
  const regions = (d.regions as Json[] | undefined) ?? [];
  // a page image takes the space left on the page when that is at least MIN_IMAGE_HEIGHT (so no
  // half-empty page is left behind), else starts a page; the heading never stays behind alone
  const imageSize = (p: PageImage, room: number) => {
    const scale = Math.min(width / p.width, Math.min(MAX_IMAGE_HEIGHT, room) / p.height);
    return { w: p.width * scale, h: p.height * scale };
  };
  const roomLeft = () => doc.page.height - MARGIN - doc.y - 40;
  for (const [index, p] of pages.entries()) {
    if (roomLeft() - (index === 0 ? 30 : 0) < MIN_IMAGE_HEIGHT) doc.addPage();
    if (index === 0) heading('Flagged regions', 12);
    paragraph(`Page ${p.page}`, 9, MUTED);
    const { w, h } = imageSize(p, roomLeft());
    const x = MARGIN;
    const y = doc.y + 4;
    doc.image(Buffer.from(p.png), x, y, { width: w, height: h });
    doc.lineWidth(0.5).strokeColor('#9aa0a6').rect(x, y, w, h).stroke();
    const onPage = regions.filter((r) => r.page === p.page);
    for (const [n, r] of onPage.entries()) {
      const color = SEVERITY[r.severity as string] ?? INK;
      const [rx, ry] = [x + ((r.x as number) / 100) * w, y + ((r.y as number) / 100) * h];
      doc
        .lineWidth(1.5)
        .strokeColor(color)
        .rect(rx, ry, ((r.w as number) / 100) * w, ((r.h as number) / 100) * h)
        .stroke();
      doc
        .font('Helvetica-Bold')
        .fontSize(7)
        .fillColor(color)
        .text(String(n + 1), rx + 1, Math.max(y, ry - 8), { lineBreak: false });
    }
    doc.y = y + h + 8;
    doc.x = MARGIN;
    // one caption per region, regions with the same caption on one line
    const captions = new Map<string, number[]>();
    for (const [n, r] of onPage.entries()) {
      const caption = `${r.label ?? r.indicator_code} (${r.severity})`;
      captions.set(caption, [...(captions.get(caption) ?? []), n + 1]);
    }
    for (const [caption, numbers] of captions) paragraph(`${numbers.join(', ')}. ${caption}`, 8.5, MUTED);
  }

  const revisions = d.revisions as { count?: number; diffs?: Json[] } | undefined;
  if (revisions?.diffs?.length) {
    heading(`Revisions (${revisions.count})`, 12);
    for (const diff of revisions.diffs) {
      paragraph(`Revision ${diff.from_revision} to ${diff.to_revision}`, 9, MUTED);
      line('Before', diff.before, '#c62828');
      line('After', diff.after, '#2e7d32');
      doc.moveDown(0.3);
    }
  }
  const math = (d.math_checks as Json[] | undefined) ?? [];
  if (math.length > 0) {
    heading('Arithmetic that does not add up', 12);
    for (const m of math) {
      paragraph(m.formula, 9.5);
      line('Stated', m.stated || '(not read)');
      line('Computed', m.computed || '(not computed)');
      if (m.note) paragraph(m.note, 9, MUTED);
      doc.moveDown(0.3);
    }
  }
  const anomalies = ((d.metadata as Json[] | undefined) ?? []).filter((row) => row.anomalous === true);
  if (anomalies.length > 0) {
    heading('Anomalous metadata', 12);
    for (const row of anomalies) line(String(row.key), row.value);
  }
  const recaptures = content.recaptures?.[d.id as string] ?? [];
  if (recaptures.length > 0) {
    heading('Re-capture', 12);
    for (const r of recaptures) {
      const audit = r.message_audit as Json;
      line('Link', `${r.id} (${r.status}, ${r.delivery}, minted ${r.created_at})`);
      const message = r.message as Json | undefined;
      if (message)
        line(
          'Message',
          `${message.channel} ${message.state} after ${message.attempts} attempt(s)${message.sent_at ? ` at ${message.sent_at}` : ''}${
            message.provider_response ? `; the provider answered ${String(message.provider_response).slice(0, 160)}` : ''
          }${message.last_error ? `; last error: ${String(message.last_error).slice(0, 160)}` : ''}`,
        );
      if (audit.acknowledged_disclosure)
        line(
          'Disclosure acknowledged',
          `the message sent matched ${(audit.matched_terms as string[]).join(', ')}; sent anyway at ${audit.validated_at}`,
          '#c62828',
        );
      if (r.capture_id) {
        line(
          'Capture',
          `${r.capture_id} at ${r.captured_at}${r.contradicts_original === undefined ? ': could not be compared with the upload' : r.contradicts_original ? ': contradicts the upload' : ': agrees with the upload'}`,
        );
        if (r.headline) paragraph(r.headline, 9, MUTED);
      }
      doc.moveDown(0.3);
    }
  }
}

/** The manifest table: every document with its SHA-256. */
function writeManifest(w: Writer, content: ReportContent): void {
  const { doc, width, heading, paragraph } = w;
  doc.addPage();
  heading('Manifest', 16);
  paragraph(`${content.manifest.length} document(s). Digest ${content.manifest_digest}`, 9, MUTED);
  doc.moveDown(0.4);
  for (const m of content.manifest) {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(printable(`${m.name}`), { width, continued: true });
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(printable(`   ${m.document_id}  ${m.category ?? ''}  ${m.verdict}${m.risk_score === undefined ? '' : ` ${m.risk_score}`}`));
    doc.font('Courier').fontSize(8).fillColor(INK).text(String(m.sha256));
    doc.moveDown(0.3);
  }
}

export function renderReportPdf(header: ReportHeader, content: ReportContent, images: ReadonlyMap<string, PageImage[]>): Promise<Uint8Array> {
  const at = new Date(header.generatedAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: true,
    info: {
      Title: `Audit report ${header.id}`,
      Author: 'Loupe',
      Creator: 'Loupe document forensics',
      Producer: 'Loupe',
      CreationDate: at,
      ModDate: at,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const w = writer(doc);
  writeCover(w, header, content);
  for (const d of content.documents) writeDocument(w, d, content, images);
  writeManifest(w, content);
  doc.end();
  return done;
}
