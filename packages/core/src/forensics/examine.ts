// The examiner: runs every check on a PDF, and turns findings into the spec's verdict fields —
// indicators (one per code, high severity first), regions, checks_passed, risk score, verdict,
// headline, and the spec 1.3 fields (confidence, review_tier, next_step, reason_codes, findings,
// lead_finding). Images go through the same assembly with the checks that apply to them.
import type { DocumentResult, Indicator, Region, ReportedFinding, Severity, Verdict } from '../spec/document.js';
import { coverUps } from './checks/cover-ups.js';
import { dailyBalancesCheck } from './checks/daily-balances.js';
import { figureColumns } from './checks/figure-columns.js';
import { fontConsistency } from './checks/fonts.js';
import { producerPipeline } from './checks/producer.js';
import { revisionHistory } from './checks/revision-history.js';
import { scriptsAndOverlays } from './checks/scripts-overlays.js';
import { signatureIntegrity } from './checks/signatures.js';
import { fileStructure } from './checks/structure.js';
import { arithmetic, statementTotalsCheck, totals } from './checks/sums.js';
import { taxLinesCheck } from './checks/tax-lines.js';
import { timestamps } from './checks/timestamps.js';
import { touchUp } from './checks/touch-up.js';
import type { Check, CheckContext } from './context.js';
import type { CheckResult, Finding, PageFrame } from './findings.js';
import { INDICATORS } from './indicators.js';
import { toPercentBox } from './regions.js';
import { isSignificant, riskScore, verdictFor } from './score.js';

/** The verdict fields of a Document, and the checks that could not run (not part of the Document). */
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
> & { notRun: { check: string; reason: string }[] };

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const MAX_REGIONS = 50;
const round2 = (v: number): number => Math.round(v * 100) / 100;

const rank = (f: Finding): number => INDICATORS[f.code].weight * (f.confidence ?? 0.9);

/** Sorts findings: high severity first, then by weight × confidence. */
function byImportance(a: Finding, b: Finding): number {
  return SEVERITY_RANK[INDICATORS[a.code].severity] - SEVERITY_RANK[INDICATORS[b.code].severity] || rank(b) - rank(a);
}

function report(f: Finding): ReportedFinding {
  const out: ReportedFinding = { code: f.code, severity: INDICATORS[f.code].severity, summary: f.summary, confidence: round2(f.confidence ?? 0.9) };
  if (f.page !== undefined) out.page = f.page;
  if (f.revision !== undefined) out.revision = f.revision;
  return out;
}

/** How a document could be examined. */
export interface ExamineOptions {
  /** Whether the content could be read (native text): scans and photos cannot. */
  examined: boolean;
  /** Why not, as reason codes, when it could not. */
  reasonCodes?: string[];
  pageCount: number;
  revisionCount: number;
}

/** Turns findings into the verdict fields. */
export function assemble(
  findings: Finding[],
  ran: string[],
  notRun: { check: string; reason: string }[],
  pages: readonly PageFrame[],
  options: ExamineOptions,
): Examination {
  const sorted = [...findings].sort(byImportance);
  const significant = sorted.filter(isSignificant);
  const score = riskScore(sorted);
  const verdict = verdictFor(score, sorted, options.examined);
  const indicators: Indicator[] = [];
  for (const f of sorted) {
    if (indicators.some((i) => i.code === f.code)) continue;
    const d = INDICATORS[f.code];
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
  for (const f of sorted) {
    for (const box of f.boxes ?? []) {
      const page = pages[box.page - 1];
      const pct = page ? toPercentBox(page, box) : undefined;
      if (!pct || regions.length >= MAX_REGIONS) continue;
      regions.push({
        page: box.page,
        ...pct,
        confidence: round2(f.confidence ?? 0.9),
        severity: INDICATORS[f.code].severity,
        label: f.summary.slice(0, 160),
        indicator_code: f.code,
      });
    }
  }
  const failed = new Set(significant.map((f) => INDICATORS[f.code].check));
  const lead = significant[0];
  const exam: Examination = {
    verdict,
    headline: headline(verdict, lead, options),
    // the spec: indicators are empty when CLEAN (what a CLEAN document still carries, context
    // such as a re-save, stays in `findings`); regions point at indicators, so they go with them
    indicators: verdict === 'CLEAN' ? [] : indicators,
    checks_passed: [...new Set(ran)].filter((c) => !failed.has(c as never)),
    regions: verdict === 'CLEAN' ? [] : regions,
    confidence: confidence(verdict, significant, notRun.length),
    review_tier: verdict === 'CLEAN' ? 'auto_pass' : verdict === 'FORGED' ? 'escalate' : verdict === 'SUSPICIOUS' ? 'human_review' : 'recapture',
    findings: sorted.map(report),
    recapture_eligible: verdict !== 'CLEAN',
    notRun,
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
  if (lead && verdict !== 'CLEAN') return `${INDICATORS[lead.code].title}: ${lead.summary}`;
  if (verdict === 'INSUFFICIENT_EVIDENCE') {
    return 'Nothing contradicts this document, but its content could not be examined (image-only pages); request a re-capture.';
  }
  const revisions = options.revisionCount > 1 ? ` and ${options.revisionCount} revisions` : '';
  return `No tampering evidence found across ${options.pageCount} page${options.pageCount === 1 ? '' : 's'}${revisions}.`;
}

function confidence(verdict: Verdict, significant: Finding[], notRun: number): number {
  if (verdict === 'INSUFFICIENT_EVIDENCE') return 0.5;
  if (verdict === 'CLEAN') return round2(Math.max(0.5, 0.9 - 0.1 * notRun - 0.05 * significant.length));
  let doubt = 1;
  for (const f of significant) doubt *= 1 - (f.confidence ?? 0.9) * Math.min(1, INDICATORS[f.code].weight / 0.7);
  return round2(Math.min(0.99, 1 - doubt));
}

/** Orders checks so each runs after the checks it needs, otherwise keeping the given order. */
function inDependencyOrder(checks: readonly Check[]): Check[] {
  const ordered: Check[] = [];
  const visit = (check: Check, path: readonly Check[]): void => {
    if (ordered.includes(check)) return;
    if (path.includes(check)) throw new Error(`check "${check.name}" needs itself`);
    for (const need of check.needs ?? []) visit(need, [...path, check]);
    ordered.push(check);
  };
  for (const check of checks) visit(check, []);
  return ordered;
}

/** Every PDF check, in the order their findings are listed. */
const PDF_CHECKS = inDependencyOrder([
  revisionHistory,
  touchUp,
  producerPipeline,
  fontConsistency,
  scriptsAndOverlays,
  coverUps,
  figureColumns,
  timestamps,
  signatureIntegrity,
  fileStructure,
  arithmetic,
  statementTotalsCheck,
  dailyBalancesCheck,
  totals,
  taxLinesCheck,
]);

/** Runs every PDF check on `ctx` and assembles the verdict fields, with findings made elsewhere (page images) in `extra`. */
export function examinePdf(
  ctx: CheckContext,
  options: ExamineOptions,
  extra?: { findings: Finding[]; ran: string[]; notRun: { check: string; reason: string }[] },
): Examination {
  const found = new Map<Check, readonly Finding[]>();
  const findingsOf = (check: Check): readonly Finding[] => found.get(check) ?? [];
  const findings: Finding[] = [];
  const ran: string[] = [];
  const notRun: { check: string; reason: string }[] = [];
  for (const check of PDF_CHECKS) {
    let result: CheckResult;
    try {
      result = check.run(ctx, findingsOf);
    } catch (error) {
      result = { notRun: error instanceof Error ? error.message : String(error) };
    }
    if ('notRun' in result) {
      notRun.push({ check: check.name, reason: result.notRun });
      continue;
    }
    ran.push(check.name);
    found.set(check, result.findings);
    findings.push(...result.findings);
  }
  if (extra) {
    findings.push(...extra.findings);
    ran.push(...extra.ran);
    notRun.push(...extra.notRun);
  }
  return assemble(findings, ran, notRun, ctx.pages, options);
}
