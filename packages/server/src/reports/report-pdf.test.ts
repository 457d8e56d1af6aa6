// The report PDF is deterministic: rendering the same report twice gives the same bytes (its
// dates are the report's own and its file id derives from them), and a different generation
// time gives different bytes (so the test could fail). Every character it is given prints (read
// back with poppler's pdftotext), and each flagged region is captioned once, beside its page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfFile } from '@loupe/core/internal';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { ReportContent } from './report-json.js';
import { renderReportPdf } from './report-pdf.js';

const content: ReportContent = {
  documents_screened: 1,
  documents_flagged: 1,
  models: [{ name: 'pdf-native-forensics', version: '0.1.0' }],
  coverage: { submitted: 1, screened: 1, processing: 0, failed: 0, missing: [], expected_total: 2, unscreened: 1, complete: false },
  findings: [],
  manifest: [{ document_id: 'doc_1', name: 'a.pdf', verdict: 'FORGED', risk_score: 80, sha256: 'a'.repeat(64) }],
  manifest_digest: 'b'.repeat(64),
  manifest_digest_algorithm: 'sha256-of-sorted-sha256-newline-joined',
  documents: [
    {
      id: 'doc_1',
      verdict: 'FORGED',
      risk_score: 80,
      headline: 'Text changed in a later revision — “First” became “Last”',
      file: { name: 'a.pdf', type: 'pdf', pages: 1, size_bytes: 10, sha256: 'a'.repeat(64) },
      indicators: [{ code: 'revision_text_edit', title: 'Text changed', severity: 'high', what_it_is: 'x', what_it_means: 'y', how_detected: 'z' }],
      revisions: { count: 2, diffs: [{ from_revision: 1, to_revision: 2, before: 'First ✓', after: 'Last' }] },
      math_checks: [{ formula: 'opening + movements = closing', computed: '10.00', stated: '12.00', ok: false, note: 'off by 2.00' }],
      review: { disposition: 'escalated', note: 'sent to fraud team', reviewer: 'ana', reviewed_at: '2026-11-23T10:00:00.000Z' },
    },
  ],
};
const header = { id: 'rpt_1', externalRef: 'loan-1', createdAt: '2026-11-23T10:00:00.000Z', generatedAt: '2026-11-23T10:00:05.000Z' };

describe('report PDF', () => {
  it('renders the same bytes for the same report, and other bytes at another generation time', async () => {
    const first = await renderReportPdf(header, content, new Map());
    const second = await renderReportPdf(header, content, new Map());
    expect(second).toEqual(first);
    expect(PdfFile.open(first).view().pages().length).toBe(3);
    const later = await renderReportPdf({ ...header, generatedAt: '2026-11-23T10:00:06.000Z' }, content, new Map());
    expect(later).not.toEqual(first);
  });

  it('prints every character it is given: WinAnsi as it is, other symbols spelled, never a question mark', async () => {
    const headline = 'Totals … differ by €12 ≠ stated; before ∅, after “Løan” — Łódź ✓';
    const pdf = await renderReportPdf(header, { ...content, documents: [{ ...content.documents[0]!, headline }] }, new Map());
    const text = pdfText(pdf);
    expect(text).toContain('Headline: Totals … differ by €12 != stated; before (none), after “Løan” — Lódz (ok)');
    expect(text).not.toContain('?');
  });

  it('captions each flagged region once and keeps the heading with its first page image', async () => {
    const canvas = createCanvas(612, 792);
    canvas.getContext('2d').fillStyle = '#fff';
    canvas.getContext('2d').fillRect(0, 0, 612, 792);
    const png = new Uint8Array(canvas.toBuffer('image/png'));
    const regions = [
      { page: 1, x: 10, y: 10, w: 20, h: 5, severity: 'high', indicator_code: 'amount_edited', label: 'Amount edited' },
      { page: 1, x: 10, y: 30, w: 20, h: 5, severity: 'high', indicator_code: 'amount_edited', label: 'Amount edited' },
      { page: 1, x: 50, y: 60, w: 20, h: 5, severity: 'medium', indicator_code: 'font_mismatch', label: 'Another font' },
    ];
    const pdf = await renderReportPdf(
      header,
      { ...content, documents: [{ ...content.documents[0]!, regions }] },
      new Map([['doc_1', [{ page: 1, png, width: 612, height: 792 }]]]),
    );
    const text = pdfText(pdf);
    expect(text.match(/Amount edited \(high\)/g)).toEqual(['Amount edited (high)']);
    expect(text).toContain('1, 2. Amount edited (high)');
    expect(text).toContain('3. Another font (medium)');
    // the heading and the page it introduces are on one page
    const pages = text.split('\f');
    const withHeading = pages.findIndex((p) => p.includes('Flagged regions'));
    expect(withHeading).toBeGreaterThan(-1);
    expect(pages[withHeading]).toContain('Page 1');
  });
});

/** The text of a PDF as poppler reads it (pages separated by form feeds). */
function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-report-text-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
