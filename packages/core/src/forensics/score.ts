// The risk score and the verdict. Each finding contributes its indicator's weight w (0..1); the
// score is 100 · (1 − Π(1 − w)) over the findings, so another finding never lowers it. Without a
// conclusive finding (a content edit, a touch-up edit, a cover-up, a broken signature) the score
// is capped at 69: weak signals together make a document SUSPICIOUS, never FORGED. Without any
// content evidence (the indicator's evidence class) it is capped at 39 — context alone never makes a document
// SUSPICIOUS — unless context signals of three or more independent families agree (tooling,
// dates, revisions, page-edit metadata, fonts, provenance; scripts and actions are risk, structure quirks
// are file health and a new document id is any re-save, none evidence of an edit, so they do not
// count). Every cap only rises as findings are added.
// The verdict follows the spec's bands: FORGED from 70, SUSPICIOUS from 40, CLEAN below; a
// document that could not be examined (scan, photo) with nothing reaching SUSPICIOUS is
// INSUFFICIENT_EVIDENCE and carries no score.

// Weights, confidences and what is conclusive or benign are the scoring policy's (`policy.ts`); the
// score and the verdict read findings only as weighed evidence (`Evidence`).
import type { Verdict } from '../spec/document.js';
import type { Finding } from './catalogue.js';
import type { EvidenceClass } from './check.js';
import { evidenceClassOf, type Weighed, weigh } from './policy.js';

/** Score ceiling without conclusive evidence. */
export const INCONCLUSIVE_CAP = 69;
/** Score ceiling with context evidence only, unless enough independent families agree. */
export const CONTEXT_CAP = 39;
/** Independent context families that must agree before context alone can reach SUSPICIOUS. */
export const AGREEING_FAMILIES = 3;
/** Context families that never count toward agreement (risk, file health, a re-save, a reading nothing corroborates, a picture's print geometry). */
const NOT_EVIDENCE = new Set(['active', 'structure', 'resave', 'reading', 'print']);

/** A finding as the score reads it: how it weighs, and what kind of evidence it is. */
export interface Evidence extends Weighed {
  evidence: EvidenceClass;
}

/** A finding as evidence: only content evidence is ever conclusive (a contradiction the policy weighs as context is not). */
export function evidenceOf(f: Finding): Evidence {
  const weighed = weigh(f);
  const evidence = evidenceClassOf(f);
  return { ...weighed, conclusive: weighed.conclusive && evidence === 'content', evidence };
}

/** The 0-100 risk score of weighed evidence (monotone: adding evidence never lowers it). */
export function scoreOf(evidence: readonly Evidence[]): number {
  let keep = 1;
  for (const e of evidence) keep *= 1 - Math.min(1, (e.weight * e.confidence) / 0.9);
  const raw = Math.round(100 * (1 - keep));
  if (evidence.some((e) => e.conclusive)) return raw;
  const significant = evidence.filter((e) => !e.benign);
  if (significant.some((e) => e.evidence === 'content')) return Math.min(raw, INCONCLUSIVE_CAP);
  const families = new Set(significant.map((e) => e.evidence).filter((family) => !NOT_EVIDENCE.has(family)));
  return Math.min(raw, families.size >= AGREEING_FAMILIES ? INCONCLUSIVE_CAP : CONTEXT_CAP);
}

/** The verdict for a score of `evidence`; `examined` is false for documents whose content could not be read. */
export function verdictOf(score: number, evidence: readonly Evidence[], examined: boolean): Verdict {
  // content that could not be read is never passed as CLEAN: below SUSPICIOUS it stays unjudged
  if (!examined && (!evidence.some((e) => !e.benign) || score < 40)) return 'INSUFFICIENT_EVIDENCE';
  if (score >= 70) return 'FORGED';
  if (score >= 40) return 'SUSPICIOUS';
  return 'CLEAN';
}

/** The 0-100 risk score of a set of findings, weighed by the scoring policy. */
export const riskScore = (findings: readonly Finding[]): number => scoreOf(findings.map(evidenceOf));

/** The verdict for a score of `findings`; `examined` is false for documents whose content could not be read. */
export const verdictFor = (score: number, findings: readonly Finding[], examined: boolean): Verdict => verdictOf(score, findings.map(evidenceOf), examined);
