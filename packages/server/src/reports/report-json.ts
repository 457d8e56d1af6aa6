// The AuditReport's fields: counts, models, coverage and consistency (reports made by external_ref), and for the
// json formats the findings (exactly what each Document carried, nothing re-derived), the
// manifest of every document and its digest (the spec's construction, the core's function).
// Pure: the documents as they stand when the report is generated in, the object out.
import { MANIFEST_DIGEST_ALGORITHM, manifestDigest } from '@loupe/core';
import type { LoanState, StoredDocument, StoredReport } from '../store/store.js';
import { documentView, omitAbsent } from '../views/document-view.js';
import { loanSummary } from '../views/loan-summary.js';
import type { AuditReportBody, LoanConsistencyBody } from '../views/schemas.js';

type Json = Record<string, unknown>;

/** The generated part of a report: what the JSON answer and the PDF are made from. */
export interface ReportContent {
  documents_screened: number;
  documents_flagged: number;
  models: { name: string; version: string }[];
  coverage?: Json;
  findings: Json[];
  manifest: Json[];
  manifest_digest: string;
  manifest_digest_algorithm: string;
  /** The Documents themselves, for the PDF (not part of the JSON answer). */
  documents: Json[];
  /** For a loan's report: what its documents say against each other (the LoanSummary's `consistency`). */
  consistency?: LoanConsistencyBody;
  /** Re-capture links by document id, for the PDF: status, disclosure acknowledgements, what the capture found. */
  recaptures?: Record<string, Json[]>;
}

const isFlag = (d: Json) => (d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED') && (d.review as Json | undefined)?.disposition !== 'cleared';

/** The content of a report over `documents` (completed ones, in the order asked) at `at`. */
export function reportContent(
  documents: readonly StoredDocument[],
  loan: { externalRef: string; all: StoredDocument[]; state: LoanState | undefined } | undefined,
  at: Date,
): ReportContent {
  const views = documents.map((d) => documentView(d, at));
  const models = new Map<string, { name: string; version: string }>();
  for (const v of views)
    if (typeof v.model === 'string') models.set(`${v.model}@${v.model_version}`, { name: v.model, version: String(v.model_version ?? '') });
  const findings = views
    .filter((v) => v.verdict !== 'CLEAN' || ((v.indicators as unknown[] | undefined)?.length ?? 0) > 0)
    .map((v) =>
      omitAbsent({
        document_id: v.id,
        name: (v.file as Json).name,
        verdict: v.verdict,
        risk_score: v.risk_score,
        headline: v.headline,
        indicators: v.indicators ?? [],
        math_checks: v.math_checks,
        metadata_anomalies: ((v.metadata as Json[] | undefined) ?? [])
          .filter((row) => row.anomalous === true)
          .map((row) => ({ key: row.key, value: row.value })),
        review_disposition: (v.review as Json | undefined)?.disposition,
      }),
    );
  const manifest = views.map((v) =>
    omitAbsent({
      document_id: v.id,
      name: (v.file as Json).name,
      category: v.category,
      verdict: v.verdict,
      risk_score: v.risk_score,
      sha256: (v.file as Json).sha256,
    }),
  );
  const content: ReportContent = {
    documents_screened: views.length,
    documents_flagged: views.filter(isFlag).length,
    models: [...models.values()].sort((a, b) => `${a.name}@${a.version}`.localeCompare(`${b.name}@${b.version}`)),
    findings,
    manifest,
    manifest_digest: manifestDigest(views.map((v) => (v.file as Json).sha256 as string)),
    manifest_digest_algorithm: MANIFEST_DIGEST_ALGORITHM,
    documents: views,
  };
  if (loan) content.coverage = loanSummary(loan.externalRef, loan.all, loan.state).coverage as Json;
  return content;
}

/** The AuditReport as the API answers it. */
export function reportView(report: StoredReport): AuditReportBody {
  const content = report.body ? (JSON.parse(report.body) as ReportContent) : undefined;
  const withJson = report.format !== 'pdf';
  const sig = content?.manifest_digest.slice(0, 16);
  return omitAbsent({
    id: report.id,
    object: 'audit_report',
    status: report.status,
    external_ref: report.externalRef,
    documents_screened: content?.documents_screened,
    documents_flagged: content?.documents_flagged,
    pages: report.pages,
    download_url:
      report.status === 'completed' && report.format !== 'json' ? `${report.downloadBase}/v1/audit-reports/${report.id}/download?sig=${sig}` : undefined,
    created_at: report.createdAt,
    generated_at: report.generatedAt,
    models: content?.models,
    coverage: content?.coverage,
    consistency: content?.consistency,
    findings: withJson ? content?.findings : undefined,
    manifest: withJson ? content?.manifest : undefined,
    manifest_digest: withJson ? content?.manifest_digest : undefined,
    manifest_digest_algorithm: withJson ? content?.manifest_digest_algorithm : undefined,
    error: report.status === 'failed' && report.error ? JSON.parse(report.error) : undefined,
  }) as AuditReportBody;
}
