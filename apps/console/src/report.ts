// Audit reports from the console: requested once (one Idempotency-Key per click, so a retried
// request makes one report), read until completed, then downloaded as the PDF through the API
// (the key in its header) and handed to the browser as a file named after the report.
import { dataOf } from './answers.js';
import { documents } from './session.js';

/** Generates the audit report of `scope` and downloads its PDF; answers the report id. */
export async function downloadAuditReport(scope: { external_ref: string } | { document_ids: string[] }, progress: (text: string) => void): Promise<string> {
  const client = documents();
  const key = crypto.randomUUID();
  progress('Generating the audit report…');
  let report = dataOf(
    await client.POST('/v1/audit-reports', {
      params: { header: { 'idempotency-key': key } },
      body: 'external_ref' in scope ? { external_ref: scope.external_ref, format: 'pdf' } : { document_ids: scope.document_ids, format: 'pdf' },
    }),
  );
  for (let pause = 250; report.status === 'processing'; pause = Math.min(pause * 2, 2000)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    report = dataOf(await client.GET('/v1/audit-reports/{id}', { params: { path: { id: report.id } } }));
  }
  if (report.status !== 'completed' || !report.download_url) throw new Error(`The audit report ${report.id} failed.`);
  const sig = new URL(report.download_url).searchParams.get('sig') ?? '';
  const pdf = dataOf(await client.GET('/v1/audit-reports/{id}/download', { params: { path: { id: report.id }, query: { sig } }, parseAs: 'blob' }));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(pdf as Blob);
  link.download = `${report.id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  progress(`Audit report ${report.id} downloaded.`);
  return report.id;
}
