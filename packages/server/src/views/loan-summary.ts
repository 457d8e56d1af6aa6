// The LoanSummary: one loan's documents rolled up as the spec defines it (counts, verdict counts,
// the risk score weighted by unresolved flags, the flagged rows highest risk first, coverage
// against the declared expected set, the flagged amount over attributed documents) together
// with the loan's declared review. Pure: documents and state in, the JSON object out.

import type { Attribution } from '../store/document-fields.js';
import type { LoanState, StoredDocument, StoredResult } from '../store/store.js';
import { omitAbsent, summaryView } from './document-view.js';
import type { LoanSummaryBody } from './schemas.js';

/** Band floors of flagged documents that carry no score. */
const BAND_FLOOR: Record<string, number> = { SUSPICIOUS: 40, FORGED: 70 };
/** The highest score a cleared (resolved) flag still lends the loan: the top of the CLEAN band. */
const CLEARED_CAP = 39;
/** Points each unresolved flag beyond the first adds, and the most they add together. */
const EXTRA_FLAG_POINTS = 5;
const EXTRA_FLAG_CAP = 15;
/** Display-only heuristic: minutes of manual review a screened document saves. */
const MINUTES_SAVED = { clean: 15, flagged: 5 };

/** A declared expected set. */
export interface ExpectedDeclaration {
  expected_total: number;
  items?: { key: string; name: string; category: string }[];
}

/** What the roll-up reads of one document. */
interface Facts {
  document: StoredDocument;
  /** The verdict readable on the Document (a reprocess keeps the prior one until the new one lands). */
  verdict?: string;
  riskScore?: number;
  headline?: string;
  model?: string;
  disposition?: string;
  attribution?: Attribution;
  expectedKey?: string;
}

function factsOf(d: StoredDocument): Facts {
  const result: StoredResult = d.result && d.status !== 'failed' ? d.result : {};
  const options = d.options;
  const facts: Facts = { document: d };
  if (typeof result.verdict === 'string') facts.verdict = result.verdict;
  if (typeof result.risk_score === 'number') facts.riskScore = result.risk_score;
  if (typeof result.headline === 'string') facts.headline = result.headline;
  if (typeof result.model === 'string') facts.model = result.model;
  if (d.review) facts.disposition = d.review.disposition;
  if (options.attribution) facts.attribution = options.attribution;
  if (options.expected_key) facts.expectedKey = options.expected_key;
  return facts;
}

const isFlag = (f: Facts): boolean => f.verdict === 'SUSPICIOUS' || f.verdict === 'FORGED';
/** Flagged in the spec's sense: SUSPICIOUS or FORGED without a `cleared` disposition. */
const isUnresolvedFlag = (f: Facts): boolean => isFlag(f) && f.disposition !== 'cleared';

/** What one document lends the loan's risk score. */
function effectiveScore(f: Facts): number {
  if (f.verdict === undefined || f.verdict === 'INSUFFICIENT_EVIDENCE') return 0;
  const score = f.riskScore ?? BAND_FLOOR[f.verdict] ?? 0;
  if (isFlag(f) && !isUnresolvedFlag(f)) return Math.min(score, CLEARED_CAP);
  return score;
}

/** Highest effective score first; newest first among equals. */
const byRisk = (a: Facts, b: Facts): number =>
  effectiveScore(b) - effectiveScore(a) || b.document.createdAt.localeCompare(a.document.createdAt) || b.document.id.localeCompare(a.document.id);

/** The loan risk score: the highest document score, raised by each further unresolved flag. */
function loanRisk(facts: Facts[]): number {
  const top = Math.max(0, ...facts.map(effectiveScore));
  const unresolved = facts.filter(isUnresolvedFlag).length;
  if (unresolved === 0) return top;
  return Math.min(100, top + Math.min(EXTRA_FLAG_CAP, EXTRA_FLAG_POINTS * (unresolved - 1)));
}

function coverageOf(facts: Facts[], declaration: ExpectedDeclaration | undefined): Record<string, unknown> {
  const count = (status: StoredDocument['status']) => facts.filter((f) => f.document.status === status).length;
  const screened = count('completed');
  const failed = count('failed');
  const completedKeys = new Set(facts.filter((f) => f.document.status === 'completed' && f.expectedKey).map((f) => f.expectedKey));
  const coverage: Record<string, unknown> = {
    submitted: facts.length,
    screened,
    processing: count('processing'),
    failed,
    missing: (declaration?.items ?? []).filter((item) => !completedKeys.has(item.key)),
  };
  if (declaration) {
    coverage.expected_total = declaration.expected_total;
    coverage.unscreened = Math.max(0, declaration.expected_total - screened);
    coverage.complete = screened === declaration.expected_total && failed === 0;
  }
  return coverage;
}

function flaggedAmountOf(facts: Facts[]): Record<string, unknown> | undefined {
  const attributed = facts.filter((f) => f.attribution);
  if (attributed.length === 0) return undefined;
  const contributing = attributed.filter(isUnresolvedFlag);
  const currency = (attributed[0] as Facts & { attribution: Attribution }).attribution.currency;
  const amount = contributing.reduce((sum, f) => sum + (f.attribution?.amount_minor ?? 0), 0);
  const left = attributed.length - contributing.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    currency,
    amount_minor: amount,
    basis:
      `Sum of attributed amounts over ${plural(contributing.length, 'document')} of this loan that ${contributing.length === 1 ? 'is' : 'are'} ` +
      `SUSPICIOUS or FORGED and not cleared; ${plural(left, 'other attributed document')} not counted.`,
    contributing_document_ids: contributing.map((f) => f.document.id),
  };
}

/** The LoanSummary of one loan. */
export function loanSummary(externalRef: string, documents: readonly StoredDocument[], state: LoanState | undefined): LoanSummaryBody {
  const facts = documents.map(factsOf);
  const withVerdict = facts.filter((f) => f.verdict !== undefined);
  const verdictCount = (v: string) => withVerdict.filter((f) => f.verdict === v).length;
  const flagged = facts.filter(isUnresolvedFlag).sort(byRisk);
  const declaration = state?.expected ? (JSON.parse(state.expected) as ExpectedDeclaration) : undefined;
  const newestSubmission = documents.reduce<string | undefined>(
    (newest, d) => (newest === undefined || d.createdAt > newest ? d.createdAt : newest),
    undefined,
  );
  const clean = verdictCount('CLEAN');
  const flags = verdictCount('SUSPICIOUS') + verdictCount('FORGED');
  return omitAbsent({
    object: 'loan_summary',
    external_ref: externalRef,
    risk_score: loanRisk(facts),
    documents_total: documents.length,
    documents_flagged: flagged.length,
    documents_processing: facts.filter((f) => f.document.status === 'processing').length,
    documents_unscored: facts.filter((f) => f.document.status === 'completed' && f.riskScore === undefined).length,
    verdict_counts: {
      clean,
      suspicious: verdictCount('SUSPICIOUS'),
      forged: verdictCount('FORGED'),
      insufficient_evidence: verdictCount('INSUFFICIENT_EVIDENCE'),
    },
    models: [...new Set(facts.flatMap((f) => (f.model ? [f.model] : [])))].sort(),
    estimated_review_minutes_saved: MINUTES_SAVED.clean * clean + MINUTES_SAVED.flagged * flags,
    top_reason: flagged[0]?.headline,
    flagged: flagged.map((f) => summaryView(f.document)),
    coverage: coverageOf(facts, declaration),
    flagged_amount: flaggedAmountOf(facts),
    review_state: state?.reviewState ?? (flagged.length > 0 ? 'open' : undefined),
    assignee: state?.assignee,
    review_note: state?.reviewNote,
    reviewed_at: state?.reviewedAt,
    updated_at: newestSubmission ?? state?.updatedAt,
  }) as LoanSummaryBody;
}
