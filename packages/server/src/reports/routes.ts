// The audit report routes: `POST /v1/audit-reports` (by external_ref or document_ids, format
// pdf|json|both, Idempotency-Key replays bound to the payload; 400 when no completed document
// matches), `GET /v1/audit-reports/{id}` and `GET .../download?sig=` (the first 16 hex digits of
// the manifest digest; missing 400, wrong 404, a json-only report 404; the stored PDF as an
// attachment named after the report).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Idempotency } from '../http/idempotency.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store, StoredDocument } from '../store/store.js';
import { reportView } from './report-json.js';

/** What the report routes need. */
export interface ReportRouteDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  now: () => Date;
  caller: (request: FastifyRequest, reply: FastifyReply) => Promise<DocumentCaller>;
  idempotency: Idempotency;
  /** Wakes the job workers. */
  notify: () => void;
}

const FORMATS = ['pdf', 'json', 'both'] as const;
const ROUTE = 'POST /v1/audit-reports';
const bad = (message: string) => documentError(400, 'invalid_request', message);

/** Registers the report routes on one listener. */
export function reportRoutes(app: FastifyInstance, deps: ReportRouteDeps): void {
  const { store, environment } = deps;
  const security = [{ documentKey: [] }];
  const found = async (who: DocumentCaller, request: FastifyRequest) => {
    const report = await store.report(who.account.id, environment, (request.params as { id: string }).id);
    if (!report) throw documentError(404, 'not_found', 'No audit report with that id in this environment.');
    return report;
  };

  app.post(
    '/v1/audit-reports',
    { schema: { tags: ['audit reports'], summary: 'Request an audit report (202, then completed)', security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const key = deps.idempotency.keyOf(request);
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('Send JSON {external_ref | document_ids, format}.');
      const payloadHash = deps.idempotency.hashOf(body);
      const replayed = await deps.idempotency.replay(who, ROUTE, key, payloadHash, reply);
      if (replayed) return replayed;
      const unknown = Object.keys(body).filter((k) => !['external_ref', 'document_ids', 'format'].includes(k));
      if (unknown.length > 0) throw bad(`Unknown field ${unknown.join(', ')}.`);
      const format = (body.format ?? 'pdf') as (typeof FORMATS)[number];
      if (!FORMATS.includes(format)) throw bad(`format is one of ${FORMATS.join(', ')}.`);
      if ((body.external_ref === undefined) === (body.document_ids === undefined)) throw bad('Send either external_ref or document_ids.');
      let documents: StoredDocument[];
      let externalRef: string | null = null;
      if (body.external_ref !== undefined) {
        if (typeof body.external_ref !== 'string' || body.external_ref.length === 0 || body.external_ref.length > 128)
          throw bad('external_ref is a string of 1 to 128 characters.');
        externalRef = body.external_ref;
        documents = await store.loanDocuments(who.account.id, environment, externalRef);
      } else {
        const ids = body.document_ids;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 500 || ids.some((id) => typeof id !== 'string'))
          throw bad('document_ids is an array of 1 to 500 document ids.');
        documents = [];
        for (const id of new Set(ids as string[])) {
          const d = await store.document(who.account.id, environment, id);
          if (!d) throw documentError(404, 'not_found', `No document ${id} in this environment.`);
          documents.push(d);
        }
      }
      const completed = documents.filter((d) => d.status === 'completed');
      if (completed.length === 0) throw bad('No completed document matches; a report covers completed documents.');
      const report = await store.createReport({
        id: `rpt_${randomBytes(12).toString('hex')}`,
        accountId: who.account.id,
        environment,
        format,
        externalRef,
        documentIds: completed.map((d) => d.id),
        downloadBase: `${request.protocol}://${request.host}`,
        createdAt: deps.now().toISOString(),
      });
      deps.notify();
      return deps.idempotency.answer(who, ROUTE, key, payloadHash, reply, 202, reportView(report));
    },
  );

  app.get('/v1/audit-reports/:id', { schema: { tags: ['audit reports'], summary: 'Read an audit report', security } }, async (request, reply) => {
    const who = await deps.caller(request, reply);
    return reportView(await found(who, request));
  });

  app.get(
    '/v1/audit-reports/:id/download',
    { schema: { tags: ['audit reports'], summary: "Download a report's PDF (sig: the first 16 hex digits of its manifest digest)", security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const sig = (request.query as { sig?: string }).sig;
      if (sig === undefined || sig === '') throw bad('sig is required: the first 16 hex digits of the manifest digest.');
      const report = await found(who, request);
      const digest = report.body ? (JSON.parse(report.body) as { manifest_digest: string }).manifest_digest : undefined;
      if (report.format === 'json' || !digest || !report.pdfSha256 || sig !== digest.slice(0, 16))
        throw documentError(404, 'not_found', 'No PDF for that report and sig.');
      const pdf = await deps.blobs.get(report.pdfSha256);
      if (!pdf) throw documentError(404, 'not_found', 'The PDF of this report is no longer held.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${report.id}.pdf"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
