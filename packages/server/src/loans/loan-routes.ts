// The loan routes of the document API: `GET /v1/loans/{external_ref}` (the LoanSummary),
// `GET /v1/loans` (the cross-loan queue: filters, sorts, cursor), `POST .../review` (explicit null
// clears, an omitted key leaves the value) and the coverage declaration
// (`PUT`/`DELETE .../expected-documents`). Summaries are computed from the documents on read; one
// loan's (not the queue's rows) adds its `consistency`, what its documents say against each other.
import { LoanReviewStateSchema } from '@loupe/core';
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { documentCallerOf } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import { documentErrors, ListOf } from '../http/schemas.js';
import { coverageEvent } from '../notifications/events.js';
import { CATEGORIES } from '../store/document-fields.js';
import type { Environment, LoanReviewChanges, LoanState, Store, StoredDocument } from '../store/store.js';
import { loanConsistency } from '../views/loan-consistency.js';
import { type ExpectedDeclaration, loanSummary } from '../views/loan-summary.js';
import { type LoanSummaryBody, LoanSummarySchema } from '../views/schemas.js';

/** What the loan routes need. */
export interface LoanRouteDeps {
  store: Store;
  environment: Environment;
  now: () => Date;
  /** Wakes the webhook sender after events were recorded. */
  notifyEvents: () => void;
}

const SORTS = ['-risk_score', 'risk_score', 'updated_at', '-updated_at'] as const;
const MAX_TEXT = 4000;
const tags = ['loans'];
const security = [{ documentKey: [] }];

const RefParams = Type.Object({ external_ref: Type.String({ minLength: 1, maxLength: 128 }) });
const QueueQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  sort: Type.Enum([...SORTS], { default: '-risk_score' }),
  has_unresolved: Type.Optional(Type.Boolean()),
  min_risk_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  review_state: Type.Optional(LoanReviewStateSchema),
  assignee: Type.Optional(Type.String({ maxLength: 256 })),
  starting_after: Type.Optional(Type.String({ maxLength: 128, description: 'The external_ref of the last loan of the previous page.' })),
});
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const ReviewBody = Type.Object(
  {
    review_state: Type.Optional(LoanReviewStateSchema),
    assignee: nullable(Type.String({ maxLength: 256 })),
    note: nullable(Type.String({ maxLength: MAX_TEXT })),
  },
  { additionalProperties: false },
);
const DeclarationBody = Type.Object(
  {
    expected_total: Type.Integer({ minimum: 0 }),
    items: Type.Optional(
      Type.Array(
        Type.Object(
          { key: Type.String({ minLength: 1, maxLength: 128 }), name: Type.String({ minLength: 1, maxLength: 256 }), category: Type.Enum(CATEGORIES) },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
const bad = (message: string) => documentError('invalid_request', message);

/** The declaration of a PUT expected-documents body (keys unique, no more items than the total). */
function declarationOf(body: { expected_total: number; items?: { key: string; name: string; category: string }[] }): ExpectedDeclaration {
  const declaration: ExpectedDeclaration = { expected_total: body.expected_total };
  if (body.items === undefined) return declaration;
  const keys = new Set<string>();
  for (const [i, item] of body.items.entries()) {
    if (keys.has(item.key)) throw bad(`items[${i}].key ${item.key} appears twice.`);
    keys.add(item.key);
  }
  declaration.items = body.items.map((item) => ({ key: item.key, name: item.name, category: item.category }));
  if (declaration.items.length > declaration.expected_total) throw bad('items lists more documents than expected_total.');
  return declaration;
}

/** The cross-loan queue's order for each sort. */
type Row = LoanSummaryBody;
const risk = (row: Row) => row.risk_score ?? Number.NaN;
const updated = (row: Row) => row.updated_at ?? '';
const refOf = (row: Row) => row.external_ref;
const ORDER: Record<(typeof SORTS)[number], (a: Row, b: Row) => number> = {
  '-risk_score': (a, b) => risk(b) - risk(a) || updated(b).localeCompare(updated(a)),
  risk_score: (a, b) => risk(a) - risk(b) || updated(b).localeCompare(updated(a)),
  '-updated_at': (a, b) => updated(b).localeCompare(updated(a)),
  updated_at: (a, b) => updated(a).localeCompare(updated(b)),
};

/** Registers the loan routes (prefix `/v1/loans`). */
export async function loanRoutes(api: LoupeApp, deps: LoanRouteDeps): Promise<void> {
  const { store, environment, now } = deps;

  /** The summary of one loan; 404 when no document names it and it has no declared state. */
  const summaryOf = async (accountId: string, externalRef: string): Promise<Row> => {
    const [documents, state] = await Promise.all([
      store.loans.loanRollups(accountId, environment, externalRef),
      store.loans.loanState(accountId, environment, externalRef),
    ]);
    if (documents.length === 0 && !state) throw documentError('not_found', 'No loan with that external_ref in this environment.');
    const summary = loanSummary(externalRef, documents, state);
    const consistency = await loanConsistency(
      { loan: JSON.stringify([accountId, environment, externalRef]), unsettled: summary.documents_processing > 0 },
      (held) => store.loans.loanWords(accountId, environment, externalRef, held),
    );
    return { ...summary, consistency };
  };
  const one = { 200: LoanSummarySchema, ...documentErrors(400, 401, 404, 429) };

  api.get('/:external_ref', { schema: { tags, summary: "A loan's roll-up (LoanSummary)", security, params: RefParams, response: one } }, async (request) =>
    summaryOf(documentCallerOf(request).account.id, request.params.external_ref),
  );

  api.get(
    '',
    {
      schema: {
        tags,
        summary: 'The cross-loan queue: LoanSummary rows, riskiest first by default',
        security,
        querystring: QueueQuery,
        response: { 200: ListOf(LoanSummarySchema), ...documentErrors(400, 401, 429) },
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      const q = request.query;
      const [documents, states] = await Promise.all([
        store.loans.loanRollups(who.account.id, environment),
        store.loans.loanStates(who.account.id, environment),
      ]);
      const byRef = new Map<string, StoredDocument[]>();
      for (const d of documents) if (d.externalRef !== null) byRef.set(d.externalRef, [...(byRef.get(d.externalRef) ?? []), d]);
      const stateOf = new Map<string, LoanState>(states.map((s) => [s.externalRef, s]));
      const rows = [...new Set([...byRef.keys(), ...stateOf.keys()])]
        .map((ref) => loanSummary(ref, byRef.get(ref) ?? [], stateOf.get(ref)))
        .filter(
          (row) =>
            (q.has_unresolved === undefined || row.documents_flagged > 0 === q.has_unresolved) &&
            (q.min_risk_score === undefined || risk(row) >= q.min_risk_score) &&
            (q.review_state === undefined || row.review_state === q.review_state) &&
            (q.assignee === undefined || row.assignee === q.assignee),
        )
        .sort((a, b) => ORDER[q.sort](a, b) || refOf(a).localeCompare(refOf(b)));
      // the cursor is the external_ref of the last row seen; an unknown one starts at the top
      const after = q.starting_after === undefined ? -1 : rows.findIndex((row) => refOf(row) === q.starting_after);
      return { object: 'list' as const, data: rows.slice(after + 1, after + 1 + q.limit), has_more: after + 1 + q.limit < rows.length };
    },
  );

  api.post(
    '/:external_ref/review',
    {
      schema: {
        tags,
        summary: "Set a loan's review state, assignee and note (null clears, omitted leaves)",
        security,
        params: RefParams,
        body: ReviewBody,
        response: one,
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      const body = request.body;
      const changes: LoanReviewChanges = { reviewedAt: now().toISOString() };
      if (body.review_state !== undefined) changes.reviewState = body.review_state;
      if (body.assignee !== undefined) changes.assignee = body.assignee;
      if (body.note !== undefined) changes.reviewNote = body.note;
      await store.loans.reviewLoan(who.account.id, environment, request.params.external_ref, changes);
      return summaryOf(who.account.id, request.params.external_ref);
    },
  );

  api.put(
    '/:external_ref/expected-documents',
    {
      schema: {
        tags,
        summary: "Declare a loan's expected documents (coverage)",
        security,
        params: RefParams,
        body: DeclarationBody,
        response: { ...one, ...documentErrors(400, 401, 404, 422, 429) },
      },
    },
    async (request) => {
      const who = documentCallerOf(request);
      const ref = request.params.external_ref;
      const declaration = declarationOf(request.body);
      await summaryOf(who.account.id, ref); // 404 for an unknown loan
      const context = { accountId: who.account.id, environment, accountWebhook: who.account.webhookUrl, at: now() };
      const outcome = await store.loans.declareExpected(
        who.account.id,
        environment,
        ref,
        { total: declaration.expected_total, json: JSON.stringify(declaration) },
        (before, after) => coverageEvent(context, ref, before, after, who.account.webhookUrl),
      );
      deps.notifyEvents();
      if (!outcome.ok)
        throw documentError(
          'expected_total_below_submitted',
          `expected_total ${declaration.expected_total} is below the ${outcome.submitted} documents already submitted under this loan.`,
          { submitted: outcome.submitted },
        );
      return summaryOf(who.account.id, ref);
    },
  );

  api.delete(
    '/:external_ref/expected-documents',
    { schema: { tags, summary: "Withdraw a loan's expected-documents declaration (idempotent)", security, params: RefParams, response: one } },
    async (request) => {
      const who = documentCallerOf(request);
      const ref = request.params.external_ref;
      const state = await store.loans.loanState(who.account.id, environment, ref);
      if (state?.expected) await store.loans.declareExpected(who.account.id, environment, ref, null);
      return summaryOf(who.account.id, ref);
    },
  );
}
