// The loan routes of the document API: `GET /v1/loans/{external_ref}` (the LoanSummary),
// `GET /v1/loans` (the cross-loan queue: filters, sorts, cursor), `POST .../review` (explicit null
// clears, an omitted key leaves the value) and the coverage declaration
// (`PUT`/`DELETE .../expected-documents`). Summaries are computed from the documents on read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import { coverageEvent } from '../notifications/events.js';
import { CATEGORIES } from '../store/document-options.js';
import type { Environment, LoanReviewChanges, LoanState, Store, StoredDocument } from '../store/store.js';
import { type ExpectedDeclaration, loanSummary } from '../views/loan-summary.js';

/** What the loan routes need. */
export interface LoanRouteDeps {
  store: Store;
  environment: Environment;
  now: () => Date;
  /** Authenticates a request and takes a token from its key's bucket. */
  caller: (request: FastifyRequest, reply: FastifyReply) => Promise<DocumentCaller>;
  /** Wakes the webhook sender after events were recorded. */
  notifyEvents: () => void;
}

const REVIEW_STATES = ['open', 'in_review', 'cleared', 'escalated'] as const;
const SORTS = ['-risk_score', 'risk_score', 'updated_at', '-updated_at'] as const;
const MAX_TEXT = 4000;

const bad = (message: string) => documentError(400, 'invalid_request', message);

function optionalText(body: Record<string, unknown>, key: string, max: number): string | null | undefined {
  const v = body[key];
  if (v === undefined || v === null) return v;
  if (typeof v !== 'string' || v.length > max) throw bad(`${key} is a string of at most ${max} characters, or null to clear it.`);
  return v;
}

/** Parses a PUT expected-documents body. */
function parseDeclaration(body: unknown): ExpectedDeclaration {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('Send JSON {expected_total, items}.');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => k !== 'expected_total' && k !== 'items');
  if (unknown.length > 0) throw bad(`Unknown field ${unknown.join(', ')}.`);
  if (typeof b.expected_total !== 'number' || !Number.isSafeInteger(b.expected_total) || b.expected_total < 0)
    throw bad('expected_total is a whole number, 0 or more.');
  const declaration: ExpectedDeclaration = { expected_total: b.expected_total };
  if (b.items === undefined) return declaration;
  if (!Array.isArray(b.items)) throw bad('items is an array of {key, name, category}.');
  const keys = new Set<string>();
  declaration.items = b.items.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad(`items[${i}] is an object {key, name, category}.`);
    const item = raw as Record<string, unknown>;
    if (typeof item.key !== 'string' || item.key.length === 0 || item.key.length > 128) throw bad(`items[${i}].key is a string of 1 to 128 characters.`);
    if (keys.has(item.key)) throw bad(`items[${i}].key ${item.key} appears twice.`);
    keys.add(item.key);
    if (typeof item.name !== 'string' || item.name.length === 0 || item.name.length > 256) throw bad(`items[${i}].name is a string of 1 to 256 characters.`);
    if (typeof item.category !== 'string' || !CATEGORIES.includes(item.category)) throw bad(`items[${i}].category is one of ${CATEGORIES.join(', ')}.`);
    return { key: item.key, name: item.name, category: item.category };
  });
  if (declaration.items.length > declaration.expected_total) throw bad('items lists more documents than expected_total.');
  return declaration;
}

/** Registers the loan routes on one listener. */
export function loanRoutes(app: FastifyInstance, deps: LoanRouteDeps): void {
  const { store, environment, now } = deps;
  const security = [{ documentKey: [] }];

  /** The summary of one loan; 404 when no document names it and it has no declared state. */
  const summaryOf = async (accountId: string, externalRef: string): Promise<Record<string, unknown>> => {
    const [documents, state] = await Promise.all([
      store.loanDocuments(accountId, environment, externalRef),
      store.loanState(accountId, environment, externalRef),
    ]);
    if (documents.length === 0 && !state) throw documentError(404, 'not_found', 'No loan with that external_ref in this environment.');
    return loanSummary(externalRef, documents, state, now());
  };
  const refOf = (request: FastifyRequest) => (request.params as { external_ref: string }).external_ref;

  app.get('/v1/loans/:external_ref', { schema: { tags: ['loans'], summary: "A loan's roll-up (LoanSummary)", security } }, async (request, reply) => {
    const who = await deps.caller(request, reply);
    return summaryOf(who.account.id, refOf(request));
  });

  app.get(
    '/v1/loans',
    { schema: { tags: ['loans'], summary: 'The cross-loan queue: LoanSummary rows, riskiest first by default', security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const q = request.query as Record<string, string | undefined>;
      const limit = q.limit === undefined ? 25 : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw bad('limit is a whole number from 1 to 100.');
      const sort = (q.sort ?? '-risk_score') as (typeof SORTS)[number];
      if (!SORTS.includes(sort)) throw bad(`sort is one of ${SORTS.join(', ')}.`);
      if (q.has_unresolved !== undefined && q.has_unresolved !== 'true' && q.has_unresolved !== 'false') throw bad('has_unresolved is true or false.');
      const minRisk = q.min_risk_score === undefined ? undefined : Number(q.min_risk_score);
      if (minRisk !== undefined && (!Number.isInteger(minRisk) || minRisk < 0 || minRisk > 100)) throw bad('min_risk_score is a whole number from 0 to 100.');
      if (q.review_state !== undefined && !(REVIEW_STATES as readonly string[]).includes(q.review_state))
        throw bad(`review_state is one of ${REVIEW_STATES.join(', ')}.`);

      const [documents, states] = await Promise.all([store.loanDocuments(who.account.id, environment), store.loanStates(who.account.id, environment)]);
      const byRef = new Map<string, StoredDocument[]>();
      for (const d of documents) byRef.set(d.externalRef as string, [...(byRef.get(d.externalRef as string) ?? []), d]);
      const stateOf = new Map<string, LoanState>(states.map((s) => [s.externalRef, s]));
      const refs = new Set([...byRef.keys(), ...stateOf.keys()]);
      const at = now();
      let rows = [...refs].map((ref) => loanSummary(ref, byRef.get(ref) ?? [], stateOf.get(ref), at));
      rows = rows.filter(
        (row) =>
          (q.has_unresolved === undefined || (row.documents_flagged as number) > 0 === (q.has_unresolved === 'true')) &&
          (minRisk === undefined || (row.risk_score as number) >= minRisk) &&
          (q.review_state === undefined || row.review_state === q.review_state) &&
          (q.assignee === undefined || row.assignee === q.assignee),
      );
      const risk = (row: Record<string, unknown>) => row.risk_score as number;
      const updated = (row: Record<string, unknown>) => row.updated_at as string;
      const ref = (row: Record<string, unknown>) => row.external_ref as string;
      const order: Record<(typeof SORTS)[number], (a: Record<string, unknown>, b: Record<string, unknown>) => number> = {
        '-risk_score': (a, b) => risk(b) - risk(a) || updated(b).localeCompare(updated(a)),
        risk_score: (a, b) => risk(a) - risk(b) || updated(b).localeCompare(updated(a)),
        '-updated_at': (a, b) => updated(b).localeCompare(updated(a)),
        updated_at: (a, b) => updated(a).localeCompare(updated(b)),
      };
      rows.sort((a, b) => order[sort](a, b) || ref(a).localeCompare(ref(b)));
      // the cursor is the external_ref of the last row seen; an unknown one starts at the top
      const after = q.starting_after === undefined ? -1 : rows.findIndex((row) => ref(row) === q.starting_after);
      const page = rows.slice(after + 1, after + 1 + limit);
      return { object: 'list', data: page, has_more: after + 1 + limit < rows.length };
    },
  );

  app.post(
    '/v1/loans/:external_ref/review',
    { schema: { tags: ['loans'], summary: "Set a loan's review state, assignee and note (null clears, omitted leaves)", security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('Send JSON {review_state, assignee, note}.');
      const unknown = Object.keys(body).filter((k) => !['review_state', 'assignee', 'note'].includes(k));
      if (unknown.length > 0) throw bad(`Unknown field ${unknown.join(', ')}.`);
      const changes: LoanReviewChanges = { reviewedAt: now().toISOString() };
      if (body.review_state !== undefined) {
        if (typeof body.review_state !== 'string' || !(REVIEW_STATES as readonly string[]).includes(body.review_state))
          throw bad(`review_state is one of ${REVIEW_STATES.join(', ')}.`);
        changes.reviewState = body.review_state as LoanState['reviewState'];
      }
      const assignee = optionalText(body, 'assignee', 256);
      if (assignee !== undefined) changes.assignee = assignee;
      const note = optionalText(body, 'note', MAX_TEXT);
      if (note !== undefined) changes.reviewNote = note;
      await store.reviewLoan(who.account.id, environment, refOf(request), changes);
      return summaryOf(who.account.id, refOf(request));
    },
  );

  app.put(
    '/v1/loans/:external_ref/expected-documents',
    { schema: { tags: ['loans'], summary: "Declare a loan's expected documents (coverage)", security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const declaration = parseDeclaration(request.body);
      await summaryOf(who.account.id, refOf(request)); // 404 for an unknown loan
      const context = { accountId: who.account.id, environment, accountWebhook: who.account.webhookUrl, at: now() };
      const outcome = await store.declareExpected(
        who.account.id,
        environment,
        refOf(request),
        { total: declaration.expected_total, json: JSON.stringify(declaration) },
        (before, after) => coverageEvent(context, refOf(request), before, after, who.account.webhookUrl),
      );
      deps.notifyEvents();
      if (!outcome.ok)
        throw documentError(
          422,
          'expected_total_below_submitted',
          `expected_total ${declaration.expected_total} is below the ${outcome.submitted} documents already submitted under this loan.`,
          { submitted: outcome.submitted },
        );
      return summaryOf(who.account.id, refOf(request));
    },
  );

  app.delete(
    '/v1/loans/:external_ref/expected-documents',
    { schema: { tags: ['loans'], summary: "Withdraw a loan's expected-documents declaration (idempotent)", security } },
    async (request, reply) => {
      const who = await deps.caller(request, reply);
      const state = await store.loanState(who.account.id, environment, refOf(request));
      if (state?.expected) await store.declareExpected(who.account.id, environment, refOf(request), null);
      return summaryOf(who.account.id, refOf(request));
    },
  );
}
