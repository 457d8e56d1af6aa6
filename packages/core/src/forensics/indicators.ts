// The public indicator catalogue: every finding Loupe can report, by stable snake_case code, with
// its display copy (the spec's Indicator: `title`, `what_it_is`, `what_it_means`, `how_detected`),
// its severity, its evidence class, the check that raises it and how the scoring policy weighs it.
// Assembled from the check definitions (`catalogue.ts`) and the policy (`policy.ts`); codes are
// machine surface and never change meaning, the copy may be reworded.
import type { Severity } from '../spec/document.js';
import { CATALOGUE, CHECK_LIST, type CheckName, type IndicatorCode } from './catalogue.js';
import type { EvidenceClass } from './check.js';
import { weightOf } from './policy.js';

export type { CheckName, IndicatorCode } from './catalogue.js';

/** One entry of the public catalogue. */
export interface IndicatorEntry {
  title: string;
  severity: Severity;
  /** Contribution to the risk score at full confidence, 0..1 (0.7 and above are conclusive alone). */
  weight: number;
  check: CheckName;
  /** Content evidence, or the family of context it belongs to. */
  evidence: EvidenceClass;
  /** Benign: describes a legitimate change; never raises the verdict above CLEAN on its own. */
  benign?: true;
  /** Conclusive evidence of alteration: only these can make a document FORGED. */
  conclusive?: true;
  what_it_is: string;
  what_it_means: string;
  how_detected: string;
}

/** Every indicator, by code. */
export const INDICATORS = Object.fromEntries(
  Object.entries(CATALOGUE).map(([code, { title, severity, check, evidence, what_it_is, what_it_means, how_detected }]) => {
    const { weight, benign, conclusive } = weightOf(code as IndicatorCode);
    const entry: IndicatorEntry = { title, severity, weight, check, evidence, what_it_is, what_it_means, how_detected };
    if (benign) entry.benign = true;
    if (conclusive) entry.conclusive = true;
    return [code, entry];
  }),
) as Record<IndicatorCode, IndicatorEntry>;

/** Every check, in report order. */
export const CHECKS: readonly CheckName[] = CHECK_LIST.map((check) => check.name as CheckName);
