// The document routes under `/v1/documents`: submit (multipart `file` + `options`, or JSON
// `file_url` + `options`; `wait=true`; Idempotency-Key replays), list, read, review and reprocess.
// Each route parses its request (the schemas validate it), calls one use case and renders one
// view; the document API (apis/document-api.ts) authenticates, rate-limits and answers errors.

import type { BlockList } from 'node:net';
import multipart from '@fastify/multipart';
import { ReviewDispositionSchema, VerdictSchema } from '@loupe/core';
import { defined } from '@loupe/core/internal';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { LoupeApp } from '../http/app.js';
import { documentCallerOf } from '../http/auth/document-caller.js';
import type { Egress } from '../http/egress/egress.js';
import { documentError } from '../http/errors/document-errors.js';
import type { Idempotency } from '../http/idempotency.js';
import { documentErrors, FilePart, IdempotencyHeaders, IdParams, ListOf, MultipartBody } from '../http/schemas.js';
import { readDocumentForm, type StagedUpload } from '../http/uploads/document-form.js';
import type { PageRenderer } from '../reports/generate.js';
import { documentView, summaryView } from '../views/document-view.js';
import { DocumentSchema, DocumentSummarySchema } from '../views/schemas.js';
import { parseOptions, SubmitOptionsSchema } from './options.js';
import { pageImageRoute } from './page-image.js';
import { reprocessDocument } from './reprocess.js';
import { reviewDocument } from './review.js';
import { type DocumentUseCaseDeps, fetchDocument, submitDocument } from './submit.js';

/** What the document routes need. */
export interface DocumentRouteDeps extends DocumentUseCaseDeps {
  /** Where uploads are written as they stream in (on the blob store's disk, so keeping one is a rename). */
  stagingFolder: string;
  /** The outbound fetcher for `file_url` (200 MiB, 60 s, three redirects). */
  egress: Egress;
  /** Private ranges the deployment lets outbound requests reach (also accepted in `webhook_url`). */
  egressAllow: BlockList;
  idempotency: Idempotency;
  /** Draws PDF pages for `GET /v1/documents/{id}/pages/{page}`. */
  renderer: PageRenderer;
}

const ROUTE = 'POST /v1/documents';
const tags = ['documents'];
const security = [{ documentKey: [] }];

/** JSON text parsed, or the text itself when it is not JSON (option validation then refuses it). */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const SubmitJson = Type.Object(
  {
    file_url: Type.String({ maxLength: 8192, description: 'An absolute http(s) URL, fetched once from a public host.' }),
    options: Type.Optional(SubmitOptionsSchema),
  },
  { additionalProperties: false },
);
const SubmitForm = MultipartBody(
  { file: FilePart('The document: PDF, PNG or JPEG, at most 200 MiB and 200 pages.'), options: Type.String({ description: 'The options as JSON text.' }) },
  ['file'],
);
const ReviewBody = Type.Object(
  {
    disposition: ReviewDispositionSchema,
    note: Type.Optional(Type.String({ maxLength: 4000 })),
    reviewer: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  view: Type.Enum(['summary', 'full'], { default: 'summary' }),
  verdict: Type.Optional(VerdictSchema),
  external_ref: Type.Optional(Type.String({ maxLength: 128 })),
  starting_after: Type.Optional(Type.String({ maxLength: 64, description: 'The id of the last document of the previous page.' })),
});

/** Registers the document routes (prefix `/v1/documents`). */
export async function documentRoutes(api: LoupeApp, deps: DocumentRouteDeps): Promise<void> {
  const { idempotency } = deps;
  await api.register(multipart);

  api.post(
    '',
    {
      schema: {
        tags,
        summary: 'Submit a document for analysis',
        description:
          'multipart/form-data (`file`, `options` as JSON text) or application/json (`file_url`, `options`). 202 while processing; with wait=true up to 30 s for 200.',
        security,
        headers: IdempotencyHeaders,
        querystring: Type.Object({ wait: Type.Optional(Type.Boolean({ description: 'Long-poll up to 30 s for the verdict.' })) }),
        body: { content: { 'multipart/form-data': { schema: SubmitForm }, 'application/json': { schema: SubmitJson } } },
        response: { 200: DocumentSchema, 202: DocumentSchema, ...documentErrors(400, 401, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const who = documentCallerOf(request);
      const key = idempotency.keyOf(request);
      const wait = request.query.wait === true;
      let submission: StagedUpload | string;
      let rawOptions: unknown;
      let payloadHash: string;
      if (request.isMultipart()) {
        const form = await readDocumentForm(request, deps.stagingFolder);
        const staged = form.file;
        if (!staged || staged.size === 0) {
          await staged?.discard();
          throw documentError('missing_file', 'The file part is missing or empty.');
        }
        submission = staged;
        rawOptions = form.options === undefined ? undefined : safeJson(form.options);
        payloadHash = idempotency.hashOf({ file_sha256: staged.sha256, file_name: staged.name, options: rawOptions });
      } else {
        const body = request.body;
        if (!Value.Check(SubmitJson, body)) throw documentError('missing_file', 'Send multipart/form-data with a file part, or JSON with file_url.');
        rawOptions = body.options;
        submission = body.file_url;
        payloadHash = idempotency.hashOf({ file_url: body.file_url, options: body.options });
      }
      // a staged upload the blob store did not take (a refusal, a replay) is removed whatever happens
      const staged = typeof submission === 'string' ? undefined : submission;
      try {
        const begun = await idempotency.begin(who, ROUTE, key, payloadHash, reply);
        if ('replied' in begun) return begun.replied;
        const options = parseOptions(rawOptions, deps.egressAllow);
        const file = typeof submission === 'string' ? await fetchDocument(deps.egress, submission) : submission;
        const done = await submitDocument(deps, who, { file, options, wait }, begun.claim);
        return idempotency.answer(who, ROUTE, key, payloadHash, reply, done.status, documentView(done.document, deps.now()));
      } finally {
        await staged?.discard();
      }
    },
  );

  api.get(
    '',
    {
      schema: {
        tags,
        summary: 'List documents, newest first (cursor-paginated)',
        security,
        querystring: ListQuery,
        response: { 200: ListOf(Type.Union([DocumentSummarySchema, DocumentSchema])), ...documentErrors(400, 401, 429) },
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      const q = request.query;
      const page = await deps.store.documents.listDocuments(who.account.id, deps.environment, {
        limit: q.limit,
        ...defined({ externalRef: q.external_ref, verdict: q.verdict, startingAfter: q.starting_after }),
      });
      const at = deps.now();
      return {
        object: 'list' as const,
        data: page.documents.map((d) => (q.view === 'full' ? documentView(d, at) : summaryView(d))),
        has_more: page.hasMore,
      };
    },
  );

  api.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Read a document in any status',
        security,
        params: IdParams,
        response: { 200: DocumentSchema, ...documentErrors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      const found = await deps.store.documents.document(who.account.id, deps.environment, request.params.id);
      if (!found) throw documentError('not_found', 'No document with that id in this environment.');
      return documentView(found, deps.now());
    },
  );

  api.post(
    '/:id/review',
    {
      schema: {
        tags,
        summary: "Set a completed document's review disposition (a later call replaces it)",
        security,
        params: IdParams,
        body: ReviewBody,
        response: { 200: DocumentSchema, ...documentErrors(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      return documentView(await reviewDocument(deps, who, request.params.id, request.body), deps.now());
    },
  );

  api.post(
    '/:id/reprocess',
    {
      schema: {
        tags,
        summary: 'Analyse a finished document again (multipart with the original file; the prior verdict stays readable until the new one lands)',
        security,
        params: IdParams,
        body: { content: { 'multipart/form-data': { schema: MultipartBody({ file: FilePart('The original document, byte for byte.') }, ['file']) } } },
        response: { 202: DocumentSchema, ...documentErrors(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const who = documentCallerOf(request);
      const form = request.isMultipart() ? await readDocumentForm(request, deps.stagingFolder) : {};
      try {
        const queued = await reprocessDocument(deps, who, request.params.id, form.file && form.file.size > 0 ? form.file.sha256 : undefined);
        return reply.code(202).send(documentView(queued, deps.now()));
      } finally {
        await form.file?.discard();
      }
    },
  );

  pageImageRoute(api, deps);
}
