// The examiner: runs every check of a document's subject (a PDF, or a picture) over one check
// context, in the catalogue's order (a check after the checks it needs), and turns the findings
// into the spec's verdict fields — indicators (one per code, high severity first), regions,
// checks_passed, risk score, verdict, headline, and the spec 1.3 fields (confidence, review_tier,
// next_step, reason_codes, findings, lead_finding). Sentences come from the catalogue, weights
// and confidences from the scoring policy.
import type { DocumentResult, Indicator, Region, ReportedFinding, Severity, Verdict } from '../spec/document.js';
import { CATALOGUE, CHECK_LIST, type Finding, summaryOf } from './catalogue.js';
import type { AnyCheck, CheckResult, EvidenceClass } from './check.js';
import type { PdfCheckContext, PictureCheckContext } from './contexts.js';
import type { PageFrame } from './findings.js';
import { evidenceClassOf, type Weighed, weigh } from './policy.js';
import { boxesInOrder, toPercentBox } from './regions.js';
import { riskScore, verdictFor } from './score.js';

/** A check that could not run, and why. */
export interface NotRun {
  check: string;
  reason: string;
}

/**
 * The verdict fields of a Document, and (not part of the Document) the checks that could not run
 * and the evidence class the scoring policy gave each finding, in `findings` order: a content
 * finding on an uncorroborated reading is context of the `reading` family, which the spec's
 * finding cannot say.
 */
export type Examination = Pick<
  DocumentResult,
  | 'verdict'
  | 'risk_score'
  | 'headline'
  | 'indicators'
  | 'checks_passed'
  | 'regions'
  | 'confidence'
  | 'review_tier'
  | 'next_step'
  | 'reason_codes'
  | 'findings'
  | 'lead_finding'
  | 'math_checks'
  | 'recapture_eligible'
> & { notRun: NotRun[]; evidence: EvidenceClass[] };

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const MAX_REGIONS = 50;
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** How a document could be examined. */
export interface ExamineOptions {
  /** Whether the content could be read (native text): scans and photos cannot. */
  examined: boolean;
  /** Why not, as reason codes, when it could not. */
  reasonCodes?: string[];
  /** Why not, in words for the headline (default: image-only pages). */
  notExaminedBecause?: string;
  pageCount: number;
  revisionCount: number;
}

/** Turns findings (and the checks that ran or could not) into the verdict fields. */
export function assemble(
  findings: readonly Finding[],
  ran: readonly string[],
  notRun: NotRun[],
  pages: readonly PageFrame[],
  options: ExamineOptions,
): Examination {
  const weights = new Map<Finding, Weighed>(findings.map((f) => [f, weigh(f)]));
  const weighed = (f: Finding): Weighed => weights.get(f)!;
  const rank = (f: Finding): number => weighed(f).weight * weighed(f).confidence;
  const severity = (f: Finding): Severity => CATALOGUE[f.code].severity;
  // high severity first, then by weight × confidence
  const sorted = [...findings].sort((a, b) => SEVERITY_RANK[severity(a)] - SEVERITY_RANK[severity(b)] || rank(b) - rank(a));
  const significant = sorted.filter((f) => !weighed(f).benign);
  const score = riskScore(sorted);
  const verdict = verdictFor(score, sorted, options.examined);
  const report = (f: Finding): ReportedFinding => {
    const out: ReportedFinding = { code: f.code, severity: severity(f), summary: summaryOf(f), confidence: round2(weighed(f).confidence) };
    if (f.page !== undefined) out.page = f.page;
    if (f.revision !== undefined) out.revision = f.revision;
    return out;
  };
  const indicators: Indicator[] = [];
  for (const f of sorted) {
    if (indicators.some((i) => i.code === f.code)) continue;
    const d = CATALOGUE[f.code];
    indicators.push({
      code: f.code,
      title: d.title,
      severity: d.severity,
      what_it_is: d.what_it_is,
      what_it_means: d.what_it_means,
      how_detected: d.how_detected,
    });
  }
  const regions: Region[] = [];
  for (const { finding: f, box } of boxesInOrder(sorted)) {
    const page = pages[box.page - 1];
    const pct = page && toPercentBox(page, box);
    if (!pct || regions.length >= MAX_REGIONS) continue;
    regions.push({
      page: box.page,
      ...pct,
      confidence: round2(weighed(f).confidence),
      severity: severity(f),
      label: summaryOf(f).slice(0, 160),
      indicator_code: f.code,
    });
  }
  const failed = new Set<string>(significant.map((f) => CATALOGUE[f.code].check));
  const lead = significant[0];
  const exam: Examination = {
    verdict,
    headline: headline(verdict, lead, options),
    // the spec: indicators are empty when CLEAN (what a CLEAN document still carries, context
    // such as a re-save, stays in `findings`); regions point at indicators, so they go with them
    indicators: verdict === 'CLEAN' ? [] : indicators,
    checks_passed: [...new Set(ran)].filter((c) => !failed.has(c)),
    regions: verdict === 'CLEAN' ? [] : regions,
    confidence: confidence(verdict, significant.map(weighed), notRun.length),
    review_tier: verdict === 'CLEAN' ? 'auto_pass' : verdict === 'FORGED' ? 'escalate' : verdict === 'SUSPICIOUS' ? 'human_review' : 'recapture',
    findings: sorted.map(report),
    recapture_eligible: verdict !== 'CLEAN',
    notRun,
    evidence: sorted.map(evidenceClassOf),
  };
  if (verdict !== 'INSUFFICIENT_EVIDENCE') exam.risk_score = score;
  if (verdict === 'SUSPICIOUS' || verdict === 'FORGED') exam.math_checks = sorted.flatMap((f) => (f.math ? [f.math] : []));
  if (lead) exam.lead_finding = report(lead);
  if (verdict === 'SUSPICIOUS') exam.next_step = 'human_review';
  if (verdict === 'FORGED') exam.next_step = 'escalate';
  if (verdict === 'INSUFFICIENT_EVIDENCE') {
    exam.next_step = 'request_recapture';
    exam.reason_codes = options.reasonCodes ?? ['not_examinable'];
  }
  return exam;
}

function headline(verdict: Verdict, lead: Finding | undefined, options: ExamineOptions): string {
  if (lead && verdict !== 'CLEAN') return `${CATALOGUE[lead.code].title}: ${summaryOf(lead)}`;
  if (verdict === 'INSUFFICIENT_EVIDENCE') {
    return `Nothing contradicts this document, but its content could not be examined (${options.notExaminedBecause ?? 'image-only pages'}); request a re-capture.`;
  }
  const revisions = options.revisionCount > 1 ? ` and ${options.revisionCount} revisions` : '';
  return `No tampering evidence found across ${options.pageCount} page${options.pageCount === 1 ? '' : 's'}${revisions}.`;
}

function confidence(verdict: Verdict, significant: readonly Weighed[], notRun: number): number {
  if (verdict === 'INSUFFICIENT_EVIDENCE') return 0.5;
  if (verdict === 'CLEAN') return round2(Math.max(0.5, 0.9 - 0.1 * notRun - 0.05 * significant.length));
  let doubt = 1;
  for (const w of significant) doubt *= 1 - w.confidence * Math.min(1, w.weight / 0.7);
  return round2(Math.min(0.99, 1 - doubt));
}

/** Orders checks so each runs after the checks it needs, otherwise keeping the given order. */
function inDependencyOrder(checks: readonly AnyCheck[]): AnyCheck[] {
  const ordered: AnyCheck[] = [];
  const visit = (check: AnyCheck, path: readonly AnyCheck[]): void => {
    if (ordered.includes(check)) return;
    if (path.includes(check)) throw new Error(`check "${check.name}" needs itself`);
    for (const need of check.needs ?? []) visit(need, [...path, check]);
    ordered.push(check);
  };
  for (const check of checks) visit(check, []);
  return ordered;
}

/** Every check, in the order it runs. */
const CHECKS_IN_ORDER = inDependencyOrder(CHECK_LIST);

/**
 * Runs every check of `ctx`'s subject (a check that throws is reported as not run) and assembles
 * the verdict fields; `notRun` are reasons found before the checks (a model that is not known).
 */
export async function examine(ctx: PdfCheckContext | PictureCheckContext, options: ExamineOptions, notRun: NotRun[] = []): Promise<Examination> {
  const found = new Map<AnyCheck, readonly Finding[]>();
  const findingsOf = (check: AnyCheck): readonly Finding[] => found.get(check) ?? [];
  const findings: Finding[] = [];
  const ran: string[] = [];
  const unrun = [...notRun];
  for (const check of CHECKS_IN_ORDER) {
    if (!(check.subjects as readonly string[]).includes(ctx.subject)) continue;
    let result: CheckResult<Finding>;
    try {
      result = (await check.run(ctx as never, findingsOf as never)) as CheckResult<Finding>;
    } catch (error) {
      result = { notRun: [error instanceof Error ? error.message : String(error)] };
    }
    for (const reason of result.notRun ?? []) unrun.push({ check: check.name, reason });
    if (!result.findings) continue;
    ran.push(check.name);
    found.set(check, result.findings);
    findings.push(...result.findings);
  }
  return assemble(findings, ran, unrun, ctx.pages, options);
}
