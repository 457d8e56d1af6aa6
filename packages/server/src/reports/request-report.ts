// The use case of `POST /v1/audit-reports`: the documents a report covers (a loan's by
// external_ref, or the listed ids, each of which must exist), of which the completed ones are
// reported (none completed: 400); the report is stored pending with the host its download URL
// names, and the workers are woken to generate it.
import { randomBytes } from 'node:crypto';
import type { AuditReportFormat } from '@loupe/core';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Environment, KeyClaim, Store, StoredDocument, StoredReport } from '../store/store.js';

/** What a report request needs. */
export interface ReportUseCaseDeps {
  store: Store;
  environment: Environment;
  now: () => Date;
  /** Wakes the job workers. */
  notify: () => void;
}

/** A validated report request. */
export interface ReportRequest {
  format: AuditReportFormat;
  /** Either a loan... */
  externalRef?: string;
  /** ...or the documents by id. */
  documentIds?: string[];
  /** The scheme and host the download URL names. */
  downloadBase: string;
}

/** Queues an audit report; under an Idempotency-Key `claim` whose earlier holder made one, answers that one. */
export async function requestReport(deps: ReportUseCaseDeps, who: DocumentCaller, ask: ReportRequest, claim?: KeyClaim): Promise<StoredReport> {
  const { store, environment } = deps;
  const resumed = claim?.resumed === undefined ? undefined : await store.reports.report(who.account.id, environment, claim.resumed);
  if (resumed) return resumed;
  let documents: StoredDocument[];
  if (ask.externalRef !== undefined) documents = await store.loans.loanDocuments(who.account.id, environment, ask.externalRef);
  else {
    documents = [];
    for (const id of new Set(ask.documentIds)) {
      const d = await store.documents.document(who.account.id, environment, id);
      if (!d) throw documentError('not_found', `No document ${id} in this environment.`);
      documents.push(d);
    }
  }
  const completed = documents.filter((d) => d.status === 'completed');
  if (completed.length === 0) throw documentError('invalid_request', 'No completed document matches; a report covers completed documents.');
  const report = await store.reports.createReport(
    {
      id: `rpt_${randomBytes(12).toString('hex')}`,
      accountId: who.account.id,
      environment,
      format: ask.format,
      externalRef: ask.externalRef ?? null,
      documentIds: completed.map((d) => d.id),
      downloadBase: ask.downloadBase,
      createdAt: deps.now().toISOString(),
    },
    claim,
  );
  deps.notify();
  return report;
}
