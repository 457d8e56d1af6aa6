// Generates an audit report (a job of the durable queue): reads the documents the report covers
// as they stand, builds its content, renders the PDF (formats pdf and both) with the flagged
// pages drawn by the worker pool, stores the PDF in the blob store, counts its pages from the
// produced file, and finishes the report with its `audit_report.completed` event in one
// transaction. Downloads serve the stored bytes, so a report always downloads identically.

import { toDocumentError } from '@loupe/core';
import { defined, imageSize, PdfFile } from '@loupe/core/internal';
import { makeEvent } from '../notifications/events.js';
import { messageRecord } from '../notifications/message-outbox.js';
import { MAX_JOB_TAKES } from '../queue/job-queue.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Job, Store, StoredDocument } from '../store/store.js';
import { loanConsistency } from '../views/loan-consistency.js';
import { linkStatus } from '../views/recapture-views.js';
import { reportContent, reportView } from './report-json.js';
import { type PageImage, renderReportPdf } from './report-pdf.js';

/** A capture's evidence as stored. */
interface CaptureEvidence {
  contradicts_original?: boolean;
  headline?: string;
  signal_groups?: { id: string; signals: { status: string }[] }[];
}

/**
 * Whether a capture contradicts the upload, or undefined when it was never compared with it: it
 * agrees only when a comparison was made (a reconciliation signal passed); a flag anywhere
 * contradicts.
 */
export function comparedWithUpload(evidence: CaptureEvidence): boolean | undefined {
  if (evidence.contradicts_original === true) return true;
  const reconciled = evidence.signal_groups?.find((g) => g.id === 'reconciliation')?.signals ?? [];
  return reconciled.some((s) => s.status === 'pass') ? false : undefined;
}

/** Renders pages of a PDF to PNG (the worker pool). */
export interface PageRenderer {
  /** Renders the listed pages (1-based) of a PDF to PNG at `dpi`. */
  render(bytes: Uint8Array, input: { pages: number[]; dpi: number }): Promise<{ image: Uint8Array; width: number; height: number }[]>;
}

/** Pages drawn per document (those carrying regions, first ones first). */
const PAGES_PER_DOCUMENT = 3;
const DPI = 72;

/** The page images of a document: its flagged pages (a photo is its own page). */
async function pagesOf(document: StoredDocument, blobs: BlobStore, renderer: PageRenderer): Promise<PageImage[]> {
  if (document.status === 'failed' || !document.result) return [];
  const regions = (document.result.regions ?? []).map((r) => r.page);
  const pages = [...new Set(regions)].sort((a, b) => a - b).slice(0, PAGES_PER_DOCUMENT);
  if (pages.length === 0) return [];
  const bytes = await blobs.get(document.sha256);
  if (!bytes) return [];
  if (document.fileType !== 'pdf') {
    const size = imageSize(bytes);
    return size ? [{ page: 1, png: bytes, ...size }] : [];
  }
  const images = await renderer.render(bytes, { pages, dpi: DPI });
  return images.map((image, i) => ({ page: pages[i]!, png: image.image, width: image.width, height: image.height }));
}

/** Generates the report of `job`. */
export async function generateReport(
  job: Job,
  deps: { store: Store; blobs: BlobStore; renderer: PageRenderer; now: () => Date; stopping?: () => boolean },
): Promise<boolean> {
  const { store, blobs } = deps;
  const report = await store.reports.reportById(job.subjectId);
  if (!report) return false;
  const account = await store.accounts.accountById(report.accountId);
  const emit = (finished: typeof report) => {
    const event = makeEvent(
      { accountId: finished.accountId, environment: finished.environment, accountWebhook: account?.webhookUrl ?? null, at: deps.now() },
      finished.status === 'completed' ? 'audit_report.completed' : 'audit_report.failed',
      reportView(finished),
      finished.status === 'completed' ? account?.webhookUrl : null, // audit_report.failed is defined but not emitted
    );
    return event ? [event] : [];
  };
  if (job.attempts > MAX_JOB_TAKES)
    return store.reports.finishReport(
      job.id,
      { error: JSON.stringify(toDocumentError(new Error(`the report stopped its worker ${job.attempts - 1} times`))) },
      emit,
    );
  try {
    const at = deps.now();
    const documents = (await Promise.all(report.documentIds.map((id) => store.documents.document(report.accountId, report.environment, id)))).filter(
      (d): d is StoredDocument => d !== undefined,
    );
    const loan =
      report.externalRef === null
        ? undefined
        : {
            externalRef: report.externalRef,
            all: await store.loans.loanDocuments(report.accountId, report.environment, report.externalRef),
            state: await store.loans.loanState(report.accountId, report.environment, report.externalRef),
          };
    const content = reportContent(documents, loan, at);
    const ref = report.externalRef;
    if (ref !== null)
      content.consistency = await loanConsistency({ loan: JSON.stringify([report.accountId, report.environment, ref]) }, (held) =>
        store.loans.loanWords(report.accountId, report.environment, ref, held),
      );
    content.recaptures = {};
    for (const d of documents) {
      const rows: Record<string, unknown>[] = [];
      for (const link of await store.recapture.linksOfDocument(d.id)) {
        const capture = link.captureId ? await store.recapture.capture(link.accountId, link.environment, link.captureId) : undefined;
        const evidence: CaptureEvidence = capture?.evidence ? (JSON.parse(capture.evidence) as CaptureEvidence) : {};
        const contradicts = comparedWithUpload(evidence);
        const message = await messageRecord(store, link.id);
        rows.push({
          id: link.id,
          status: linkStatus(link, at),
          created_at: link.createdAt,
          delivery: link.delivery,
          message_audit: JSON.parse(link.messageAudit),
          ...(message ? { message } : {}),
          ...(capture
            ? {
                capture_id: capture.id,
                captured_at: capture.capturedAt,
                ...defined({ contradicts_original: contradicts }),
                headline: evidence.headline,
              }
            : {}),
        });
      }
      if (rows.length > 0) content.recaptures[d.id] = rows;
    }
    let pdfSha256: string | null = null;
    let pages: number | null = null;
    if (report.format !== 'json') {
      const images = new Map<string, PageImage[]>();
      for (const d of documents) images.set(d.id, await pagesOf(d, blobs, deps.renderer));
      const pdf = await renderReportPdf(
        { id: report.id, externalRef: report.externalRef, createdAt: report.createdAt, generatedAt: at.toISOString() },
        content,
        images,
      );
      pages = PdfFile.open(pdf).view().pages().length;
      pdfSha256 = await blobs.put(pdf);
    }
    return await store.reports.finishReport(job.id, { body: JSON.stringify(content), pdfSha256, pages, generatedAt: at.toISOString() }, emit);
  } catch (error) {
    // a failure because this process is stopping (its renderer closed) is not the report's: the job is handed back
    if (deps.stopping?.()) return false;
    return store.reports.finishReport(job.id, { error: JSON.stringify(toDocumentError(error)) }, emit);
  }
}
