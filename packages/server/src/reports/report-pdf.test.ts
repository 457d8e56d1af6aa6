// The report PDF is deterministic: rendering the same report twice gives the same bytes (its
// dates are the report's own and its file id derives from them), and a different generation
// time gives different bytes (so the test could fail).
import { PdfFile } from '@loupe/core';
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
});
