// The LoanSummary rules on stored documents made here: the risk score (band floors for unscored
// flags, 0 for INSUFFICIENT_EVIDENCE, cleared flags capped at the CLEAN band, each further
// unresolved flag adding 5 up to 15), the counts, top_reason, the flagged rows, coverage and the
// flagged amount.
import { describe, expect, it } from 'vitest';
import type { LoanState, StoredDocument, StoredOptions, StoredResult, StoredReview } from '../store/store.js';
import { loanSummary } from './loan-summary.js';

let n = 0;

function doc(result: StoredResult | undefined, extra: { review?: StoredReview; options?: Partial<StoredOptions>; status?: StoredDocument['status'] } = {}) {
  n++;
  const status = extra.status ?? (result ? 'completed' : 'processing');
  return {
    id: `doc_${String(n).padStart(3, '0')}`,
    accountId: 'acc',
    environment: 'production',
    status,
    sha256: 'a'.repeat(64),
    fileName: `f${n}.pdf`,
    fileType: 'pdf',
    sizeBytes: 1,
    options: { facts: { md5: 'x' }, ...extra.options },
    externalRef: 'loan',
    result: result ? { model: 'pdf-native-forensics', ...result } : null,
    error: status === 'failed' ? { type: 'processing_error', code: 'unreadable_document', message: 'x', doc_url: 'x' } : null,
    review: extra.review ?? null,
    attributionCurrency: null,
    createdAt: `2026-11-23T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
    completedAt: result ? '2026-11-23T11:00:00.000Z' : null,
  } satisfies StoredDocument;
}
const cleared: StoredReview = { disposition: 'cleared', reviewed_at: 'x' };
const state = (s: Partial<LoanState>): LoanState => ({
  externalRef: 'loan',
  reviewState: null,
  assignee: null,
  reviewNote: null,
  reviewedAt: null,
  expected: null,
  updatedAt: '2026-11-23T09:00:00.000Z',
  ...s,
});

describe('LoanSummary', () => {
  it('scores by the riskiest unresolved document, with band floors, 0 for INSUFFICIENT_EVIDENCE and more for each further flag', () => {
    expect(loanSummary('loan', [doc({ verdict: 'CLEAN', risk_score: 12 })], undefined).risk_score).toBe(12);
    expect(loanSummary('loan', [doc({ verdict: 'INSUFFICIENT_EVIDENCE' })], undefined).risk_score).toBe(0);
    expect(loanSummary('loan', [doc({ verdict: 'SUSPICIOUS' })], undefined).risk_score).toBe(40);
    expect(loanSummary('loan', [doc({ verdict: 'FORGED' })], undefined).risk_score).toBe(70);
    // two more unresolved flags: +10; a fourth, fifth: capped at +15
    const flags = [doc({ verdict: 'FORGED', risk_score: 80 }), doc({ verdict: 'SUSPICIOUS', risk_score: 45 }), doc({ verdict: 'SUSPICIOUS' })];
    expect(loanSummary('loan', flags, undefined).risk_score).toBe(90);
    expect(loanSummary('loan', [...flags, doc({ verdict: 'SUSPICIOUS' }), doc({ verdict: 'SUSPICIOUS' })], undefined).risk_score).toBe(95);
    expect(loanSummary('loan', [doc({ verdict: 'FORGED', risk_score: 95 }), doc({ verdict: 'FORGED', risk_score: 90 })], undefined).risk_score).toBe(100);
    // a cleared flag is resolved: it lends at most the top of the CLEAN band and adds nothing
    const resolved = loanSummary(
      'loan',
      [doc({ verdict: 'FORGED', risk_score: 88 }, { review: cleared }), doc({ verdict: 'CLEAN', risk_score: 10 })],
      undefined,
    );
    expect(resolved).toMatchObject({ risk_score: 39, documents_flagged: 0, flagged: [] });
    expect('review_state' in resolved).toBe(false);
    expect(loanSummary('loan', [], undefined).risk_score).toBe(0);
  });

  it('counts, names the top reason and lists flagged rows highest risk first', () => {
    const low = doc({ verdict: 'SUSPICIOUS', risk_score: 50, headline: 'Totals do not add up' });
    const high = doc({ verdict: 'FORGED', risk_score: 91, headline: 'Text was replaced after signing' });
    const documents = [
      doc({ verdict: 'CLEAN', risk_score: 3 }),
      low,
      high,
      doc({ verdict: 'INSUFFICIENT_EVIDENCE', model: 'docforge' }),
      doc(undefined),
      doc(undefined, { status: 'failed' }),
    ];
    const s = loanSummary('loan', documents, undefined);
    expect(s).toMatchObject({
      object: 'loan_summary',
      external_ref: 'loan',
      documents_total: 6,
      documents_flagged: 2,
      documents_processing: 1,
      documents_unscored: 1,
      verdict_counts: { clean: 1, suspicious: 1, forged: 1, insufficient_evidence: 1 },
      models: ['docforge', 'pdf-native-forensics'],
      estimated_review_minutes_saved: 25,
      top_reason: 'Text was replaced after signing',
      review_state: 'open',
      coverage: { submitted: 6, screened: 4, processing: 1, failed: 1, missing: [] },
    });
    expect((s.flagged as { id: string }[]).map((r) => r.id)).toEqual([high.id, low.id]);
    expect((s.flagged as Record<string, unknown>[])[0]).toMatchObject({ object: 'document_summary', verdict: 'FORGED', risk_score: 91 });
    expect(s.updated_at).toBe(documents.at(-1)?.createdAt);
    for (const key of ['expected_total', 'unscreened', 'complete']) expect(key in (s.coverage as object)).toBe(false);
    for (const key of ['flagged_amount', 'assignee', 'review_note', 'reviewed_at']) expect(key in s).toBe(false);
    // no headline on the riskiest flag: no top_reason
    expect('top_reason' in loanSummary('loan', [doc({ verdict: 'FORGED', risk_score: 90 }), low], undefined)).toBe(false);
  });

  it('measures coverage against a declaration, itemised by expected_key', () => {
    const declaration = {
      expected_total: 3,
      items: [
        { key: 'bank-1', name: 'March statement', category: 'bank_statement' },
        { key: 'pay-1', name: 'Pay stub', category: 'paystub' },
        { key: 'id-1', name: 'Driver licence', category: 'id_document' },
      ],
    };
    const documents = [
      doc({ verdict: 'CLEAN', risk_score: 1 }, { options: { expected_key: 'bank-1' } }),
      doc(undefined, { options: { expected_key: 'pay-1' } }),
    ];
    const s = loanSummary('loan', documents, state({ expected: JSON.stringify(declaration) }));
    expect(s.coverage).toEqual({
      submitted: 2,
      screened: 1,
      processing: 1,
      failed: 0,
      missing: declaration.items.slice(1),
      expected_total: 3,
      unscreened: 2,
      complete: false,
    });
    const none = loanSummary('loan', [], state({ expected: '{"expected_total":0}' }));
    expect(none.coverage).toMatchObject({ expected_total: 0, unscreened: 0, complete: true });
    expect(none.updated_at).toBe('2026-11-23T09:00:00.000Z');
    // screened equals the total but one failed: not complete
    const failed = loanSummary(
      'loan',
      [doc({ verdict: 'CLEAN', risk_score: 1 }), doc(undefined, { status: 'failed' })],
      state({ expected: '{"expected_total":1}' }),
    );
    expect(failed.coverage).toMatchObject({ screened: 1, failed: 1, complete: false, unscreened: 0 });
  });

  it('sums attributed amounts over unresolved flags only', () => {
    const attribution = (amount_minor: number) => ({ options: { attribution: { section: 'income' as const, currency: 'EUR', amount_minor } } });
    const a = doc({ verdict: 'FORGED', risk_score: 80 }, attribution(150_000));
    const b = doc({ verdict: 'SUSPICIOUS', risk_score: 50 }, attribution(2_500));
    const c = doc({ verdict: 'SUSPICIOUS', risk_score: 50 }, { ...attribution(99_999), review: cleared });
    const d = doc({ verdict: 'CLEAN', risk_score: 5 }, attribution(7));
    const s = loanSummary('loan', [a, b, c, d, doc({ verdict: 'FORGED' })], undefined);
    expect(s.flagged_amount).toEqual({
      currency: 'EUR',
      amount_minor: 152_500,
      basis: expect.stringMatching(/2 documents .* SUSPICIOUS or FORGED and not cleared; 2 other attributed documents not counted/),
      contributing_document_ids: [a.id, b.id],
    });
    expect(loanSummary('loan', [d], undefined).flagged_amount).toMatchObject({ amount_minor: 0, contributing_document_ids: [] });
    expect('flagged_amount' in loanSummary('loan', [doc({ verdict: 'FORGED' })], undefined)).toBe(false);
  });

  it('carries the declared review, and a reprocessing document counts under its prior verdict', () => {
    const reprocessing = { ...doc({ verdict: 'FORGED', risk_score: 77 }), status: 'processing' as const };
    const s = loanSummary('loan', [reprocessing], state({ reviewState: 'escalated', assignee: 'u-1', reviewNote: 'n', reviewedAt: 'r' }));
    expect(s).toMatchObject({ risk_score: 77, documents_flagged: 1, documents_processing: 1, review_state: 'escalated', assignee: 'u-1', review_note: 'n' });
    // its row withholds the verdict while it is processing
    expect((s.flagged as Record<string, unknown>[])[0]).toMatchObject({ status: 'processing' });
    expect('verdict' in (s.flagged as Record<string, unknown>[])[0]!).toBe(false);
  });
});
