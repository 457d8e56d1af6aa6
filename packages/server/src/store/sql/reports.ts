// Audit reports and their jobs, finished exactly once.
import type { ReportStore } from '../store.js';
import type { Row } from './driver.js';
import { storedReport } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The ReportStore over the shared SQL context. */
export function sqlReports(c: SqlContext): ReportStore {
  const { now, tx, read, queueJob, openJobSubject, closeJob, insertEvents, one, bindClaim } = c;
  return {
    async createReport(report, claim) {
      return tx(async (q) => {
        await q.run(
          "INSERT INTO audit_reports (id, account_id, environment, status, format, external_ref, document_ids, download_base, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?)",
          report.id,
          report.accountId,
          report.environment,
          report.format,
          report.externalRef,
          JSON.stringify(report.documentIds),
          report.downloadBase,
          report.createdAt,
        );
        await queueJob(q, 'audit_report', report.id);
        await bindClaim(q, claim, report.id);
        return storedReport((await q.get('SELECT * FROM audit_reports WHERE id = ?', report.id)) as Row);
      });
    },
    async report(accountId, environment, id) {
      return read((q) => one(q, 'SELECT * FROM audit_reports WHERE id = ? AND account_id = ? AND environment = ?', storedReport, id, accountId, environment));
    },
    async reportById(id) {
      return read((q) => one(q, 'SELECT * FROM audit_reports WHERE id = ?', storedReport, id));
    },
    async finishReport(jobId, outcome, emit) {
      return tx(async (q) => {
        const subject = await openJobSubject(q, jobId);
        if (subject === undefined) return false;
        const changed =
          'error' in outcome
            ? await q.run("UPDATE audit_reports SET status = 'failed', error = ? WHERE id = ? AND status = 'processing'", outcome.error, subject)
            : await q.run(
                "UPDATE audit_reports SET status = 'completed', body = ?, pdf_sha256 = ?, pages = ?, generated_at = ? WHERE id = ? AND status = 'processing'",
                outcome.body,
                outcome.pdfSha256,
                outcome.pages,
                outcome.generatedAt,
                subject,
              );
        await closeJob(q, jobId, now());
        if (changed !== 1) return false;
        if (emit) await insertEvents(q, emit(storedReport((await q.get('SELECT * FROM audit_reports WHERE id = ?', subject)) as Row)));
        return true;
      });
    },
  };
}
