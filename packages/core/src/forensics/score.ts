// The risk score and the verdict. Each finding contributes its indicator's weight w (0..1); the
// score is 100 · (1 − Π(1 − w)) over the findings, so another finding never lowers it. Without a
// conclusive finding (a content edit, a touch-up edit, a cover-up, a broken signature) the score
// is capped at 69: weak signals together make a document SUSPICIOUS, never FORGED. Without any
// content evidence (evidence.ts) it is capped at 39 — context alone never makes a document
// SUSPICIOUS — unless context signals of three or more independent families agree (tooling,
// dates, revisions, page-edit metadata, fonts; scripts and actions are risk, structure quirks
// are file health and a new document id is any re-save, none evidence of an edit, so they do not
// count). Every cap only rises as findings are added.
// The verdict follows the spec's bands: FORGED from 70, SUSPICIOUS from 40, CLEAN below; a
// document that could not be examined (scan, photo) with nothing reaching SUSPICIOUS is
// INSUFFICIENT_EVIDENCE and carries no score.

/** Spec verdicts. */
import type { Verdict } from '../spec/document.js';
import { EVIDENCE } from './evidence.js';
import type { Finding } from './findings.js';
import { INDICATORS } from './indicators.js';

/** Score ceiling without conclusive evidence. */
export const INCONCLUSIVE_CAP = 69;
/** Score ceiling with context evidence only, unless enough independent families agree. */
export const CONTEXT_CAP = 39;
/** Independent context families that must agree before context alone can reach SUSPICIOUS. */
export const AGREEING_FAMILIES = 3;
/** Context families that never count toward agreement (risk, file health, a re-save). */
const NOT_EVIDENCE = new Set(['active', 'structure', 'resave']);

/** True when the finding is not benign. */
export const isSignificant = (f: Finding): boolean => !('benign' in INDICATORS[f.code]);

/** The 0-100 risk score of a set of findings (monotone: adding a finding never lowers it). */
export function riskScore(findings: readonly Finding[]): number {
  let keep = 1;
  for (const f of findings) keep *= 1 - Math.min(1, (INDICATORS[f.code].weight * (f.confidence ?? 0.9)) / 0.9);
  const raw = Math.round(100 * (1 - keep));
  if (findings.some((f) => 'conclusive' in INDICATORS[f.code])) return raw;
  const significant = findings.filter(isSignificant);
  if (significant.some((f) => EVIDENCE[f.code] === 'content')) return Math.min(raw, INCONCLUSIVE_CAP);
  const families = new Set(significant.map((f) => EVIDENCE[f.code]).filter((family) => !NOT_EVIDENCE.has(family)));
  return Math.min(raw, families.size >= AGREEING_FAMILIES ? INCONCLUSIVE_CAP : CONTEXT_CAP);
}

/** The verdict for a score; `examined` is false for documents whose content could not be read. */
export function verdictFor(score: number, findings: readonly Finding[], examined: boolean): Verdict {
  // content that could not be read is never passed as CLEAN: below SUSPICIOUS it stays unjudged
  if (!examined && (!findings.some(isSignificant) || score < 40)) return 'INSUFFICIENT_EVIDENCE';
  if (score >= 70) return 'FORGED';
  if (score >= 40) return 'SUSPICIOUS';
  return 'CLEAN';
}
