// The audit report routes under `/v1/audit-reports`: request a report (by external_ref or
// document_ids, format pdf|json|both, Idempotency-Key replays bound to the payload; 400 when no
// completed document matches), read one, and download its PDF (`sig`: the first 16 hex digits of
// the manifest digest; missing 400, wrong 404, a json-only report 404; the stored PDF as an
// attachment named after the report).
import { AuditReportFormatSchema } from '@loupe/core';
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { documentCallerOf } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Idempotency } from '../http/idempotency.js';
import { documentErrors, IdempotencyHeaders, IdParams } from '../http/schemas.js';
import type { BlobStore } from '../store/blob-store.js';
import { AuditReportSchema } from '../views/schemas.js';
import { reportView } from './report-json.js';
import { type ReportUseCaseDeps, requestReport } from './request-report.js';

/** What the report routes need. */
export interface ReportRouteDeps extends ReportUseCaseDeps {
  blobs: BlobStore;
  idempotency: Idempotency;
}

const ROUTE = 'POST /v1/audit-reports';
const tags = ['audit reports'];
const security = [{ documentKey: [] }];

const RequestBody = Type.Union([
  Type.Object({ external_ref: Type.String({ minLength: 1, maxLength: 128 }), format: Type.Optional(AuditReportFormatSchema) }, { additionalProperties: false }),
  Type.Object(
    {
      document_ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }),
      format: Type.Optional(AuditReportFormatSchema),
    },
    { additionalProperties: false },
  ),
]);

/** Registers the report routes (prefix `/v1/audit-reports`). */
export async function reportRoutes(api: LoupeApp, deps: ReportRouteDeps): Promise<void> {
  const { store, environment, idempotency } = deps;
  const found = async (accountId: string, id: string) => {
    const report = await store.reports.report(accountId, environment, id);
    if (!report) throw documentError('not_found', 'No audit report with that id in this environment.');
    return report;
  };

  api.post(
    '',
    {
      schema: {
        tags,
        summary: 'Request an audit report (202, then completed)',
        description: 'Either external_ref (every completed document of the loan) or document_ids; format pdf (default), json or both.',
        security,
        headers: IdempotencyHeaders,
        body: RequestBody,
        response: { 202: AuditReportSchema, ...documentErrors(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const who = documentCallerOf(request);
      const key = idempotency.keyOf(request);
      const body = request.body;
      const payloadHash = idempotency.hashOf(body);
      const begun = await idempotency.begin(who, ROUTE, key, payloadHash, reply);
      if ('replied' in begun) return begun.replied;
      const report = await requestReport(
        deps,
        who,
        {
          format: body.format ?? 'pdf',
          ...('external_ref' in body ? { externalRef: body.external_ref } : { documentIds: body.document_ids }),
          downloadBase: `${request.protocol}://${request.host}`,
        },
        begun.claim,
      );
      return idempotency.answer(who, ROUTE, key, payloadHash, reply, 202, reportView(report));
    },
  );

  api.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Read an audit report',
        security,
        params: IdParams,
        response: { 200: AuditReportSchema, ...documentErrors(400, 401, 404, 429) },
      },
    },
    async (request) => reportView(await found(documentCallerOf(request).account.id, request.params.id)),
  );

  api.get(
    '/:id/download',
    {
      schema: {
        tags,
        summary: "Download a report's PDF (sig: the first 16 hex digits of its manifest digest)",
        security,
        params: IdParams,
        querystring: Type.Object({ sig: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: {
            description: 'The report PDF (an attachment named after the report).',
            content: { 'application/pdf': { schema: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'application/pdf' }) } },
          },
          ...documentErrors(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const report = await found(documentCallerOf(request).account.id, request.params.id);
      const digest = report.body ? (JSON.parse(report.body) as { manifest_digest: string }).manifest_digest : undefined;
      if (report.format === 'json' || !digest || !report.pdfSha256 || request.query.sig !== digest.slice(0, 16))
        throw documentError('not_found', 'No PDF for that report and sig.');
      const pdf = await deps.blobs.get(report.pdfSha256);
      if (!pdf) throw documentError('not_found', 'The PDF of this report is no longer held.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${report.id}.pdf"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
