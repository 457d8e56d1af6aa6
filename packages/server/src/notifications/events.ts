// The events of the document service, as outbox rows: `{id: evt_..., type, created_at, data}`
// with the object as of emission, addressed to the per-request `webhook_url`, else the account's
// webhook (neither: no event is recorded). Which state changes cause which events:
// `document.completed` / `document.failed` when an analysis finishes, `loan.coverage_complete`
// when a loan's coverage turns complete (a document finishing, or a declaration), and the audit
// report and re-capture events where those finish.
import { randomBytes } from 'node:crypto';
import type { Environment, LoanSnapshot, NewEvent, StoredDocument } from '../store/store.js';
import { documentView } from '../views/document-view.js';
import { loanSummary } from '../views/loan-summary.js';

/** Who an event goes to, and when it happens. */
export interface EventContext {
  accountId: string;
  environment: Environment;
  /** The account's webhook, if it has one. */
  accountWebhook: string | null;
  at: Date;
}

/** One event to `target` (undefined when there is none). */
export function makeEvent(context: EventContext, type: string, data: unknown, target: string | null | undefined): NewEvent | undefined {
  if (!target) return undefined;
  const id = `evt_${randomBytes(12).toString('hex')}`;
  const createdAt = context.at.toISOString();
  return {
    id,
    accountId: context.accountId,
    environment: context.environment,
    type,
    body: JSON.stringify({ id, type, created_at: createdAt, data }),
    targetUrl: target,
    createdAt,
  };
}

/** The per-request webhook_url of a document, else the account's. */
export function targetOf(document: StoredDocument, accountWebhook: string | null): string | null {
  const options = document.options;
  return options.webhook_url || accountWebhook;
}

const isComplete = (externalRef: string, loan: LoanSnapshot): boolean =>
  (loanSummary(externalRef, loan.documents, loan.state).coverage as { complete?: boolean }).complete === true;

/** `loan.coverage_complete` when the loan's coverage was not complete before and is now. */
export function coverageEvent(context: EventContext, externalRef: string, before: LoanSnapshot, after: LoanSnapshot, target: string | null): NewEvent[] {
  if (isComplete(externalRef, before) || !isComplete(externalRef, after)) return [];
  const event = makeEvent(context, 'loan.coverage_complete', loanSummary(externalRef, after.documents, after.state), target);
  return event ? [event] : [];
}

/**
 * The events of a finished analysis: the document's, and its loan's coverage turning complete.
 * The loan is read only when an event could come of it (a webhook target, a loan with declared
 * expected documents): its summary costs a view of every document of the loan.
 */
export async function analysisEvents(context: EventContext, document: StoredDocument, readLoan: () => Promise<LoanSnapshot | undefined>): Promise<NewEvent[]> {
  const target = targetOf(document, context.accountWebhook);
  if (!target) return [];
  const type = document.status === 'completed' ? 'document.completed' : 'document.failed';
  const events = [makeEvent(context, type, documentView(document, context.at), target)].filter((e): e is NewEvent => e !== undefined);
  const loan = document.externalRef === null ? undefined : await readLoan();
  if (loan?.state?.expected && document.externalRef !== null) {
    // the loan as it was a moment ago, with this document still processing
    const before = { ...loan, documents: loan.documents.map((d) => (d.id === document.id ? { ...d, status: 'processing' as const } : d)) };
    // to the same target as the document's event: a per-request webhook_url stands for the account's
    events.push(...coverageEvent(context, document.externalRef, before, loan, target));
  }
  return events;
}
