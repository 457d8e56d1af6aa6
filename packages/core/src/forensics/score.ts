// The risk score and the verdict. Each finding contributes its indicator's weight w (0..1); the
// score is 100 · (1 − Π(1 − w)) over the findings, so another finding never lowers it. Without a
// conclusive finding (a content edit, a touch-up edit, a cover-up, a broken signature) the score
// is capped at 69: weak signals together make a document SUSPICIOUS, never FORGED. Metadata-only
// changes therefore stay at most SUSPICIOUS too.
// The verdict follows the spec's bands: FORGED from 70, SUSPICIOUS from 40, CLEAN below; a
// document that could not be examined (scan, photo) with nothing reaching SUSPICIOUS is
// INSUFFICIENT_EVIDENCE and carries no score.
import type { Finding } from './findings.js';
import { INDICATORS } from './indicators.js';

/** Spec verdicts. */
import type { Verdict } from '../spec/document.js';

/** Score ceiling without conclusive evidence. */
export const INCONCLUSIVE_CAP = 69;

/** True when the finding is not benign. */
export const isSignificant = (f: Finding): boolean => !('benign' in INDICATORS[f.code]);

/** The 0-100 risk score of a set of findings (monotone: adding a finding never lowers it). */
export function riskScore(findings: readonly Finding[]): number {
  let keep = 1;
  for (const f of findings) keep *= 1 - Math.min(1, (INDICATORS[f.code].weight * (f.confidence ?? 0.9)) / 0.9);
  const raw = Math.round(100 * (1 - keep));
  const conclusive = findings.some((f) => 'conclusive' in INDICATORS[f.code]);
  return conclusive ? raw : Math.min(raw, INCONCLUSIVE_CAP);
}

/** The verdict for a score; `examined` is false for documents whose content could not be read. */
export function verdictFor(score: number, findings: readonly Finding[], examined: boolean): Verdict {
  // content that could not be read is never passed as CLEAN: below SUSPICIOUS it stays unjudged
  if (!examined && (!findings.some(isSignificant) || score < 40)) return 'INSUFFICIENT_EVIDENCE';
  if (score >= 70) return 'FORGED';
  if (score >= 40) return 'SUSPICIOUS';
  return 'CLEAN';
}
