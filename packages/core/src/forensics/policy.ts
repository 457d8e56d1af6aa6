// The scoring policy: how much each finding weighs. Checks report what they found (the figures, the
// reading it rests on, whether OCR read it); this module alone turns that into a weight (the
// indicator's contribution to the risk score at full confidence, 0..1), a confidence in this
// instance (0..1) and whether the indicator is conclusive (only conclusive evidence makes a
// document FORGED) or benign (a legitimate change, never above CLEAN on its own). The weights are
// data (`policy.json`: weight, conclusive, benign and a fixed confidence per indicator, a table a
// measuring script can rewrite); what depends on a finding's facts is a rule here (a sum's
// confidence by what its reading rests on; a pixel finding's by what it measured). An indicator the
// policy has not weighed yet (a new check's) weighs by its evidence class until it is measured:
// content `UNWEIGHED_CONTENT`, context `UNWEIGHED_CONTEXT`. The weights in `policy.json` were set by
// hand; what an indicator may decide alone is measured: `policy-measured.json`, written by
// `bench/tools/calibrate-policy.ts` from a snapshot of every source, holds on how many genuine
// files of each source every indicator fired, and an indicator shown to fire on more than
// `TARGET_FALSE_ALARMS` of any source's genuine files (the lower end of its rate's 95% interval
// above it) weighs `ALONE_BELOW_SUSPICIOUS` at most and is never conclusive: it adds to other
// evidence and never flags a document by itself.
import { CATALOGUE, EVIDENCE, type Finding, type IndicatorCode } from './catalogue.js';
import type { EvidenceClass } from './check.js';
import type { SumBasis } from './checks/arithmetic/arithmetic-consistency/indicators.js';
import table from './policy.json' with { type: 'json' };
import measuredTable from './policy-measured.json' with { type: 'json' };

/** How one indicator is weighed (a row of `policy.json`). */
interface Weighing {
  /** Contribution to the risk score at full confidence: 1 − Π(1 − weight · confidence / 0.9). */
  weight: number;
  /** Conclusive evidence of alteration: only these can make a document FORGED. */
  conclusive?: boolean;
  /** A legitimate change: never raises the verdict above CLEAN on its own. */
  benign?: boolean;
  /** How sure every finding of it is, unless a rule says otherwise; `DEFAULT_CONFIDENCE` when absent. */
  confidence?: number;
}

/** Every weighed indicator. */
const WEIGHINGS: Partial<Record<IndicatorCode, Weighing>> = table;

/** On how many genuine files of each source an indicator fired, `[fired, of]` (a row of `policy-measured.json`). */
interface Measured {
  genuine: Record<string, [fired: number, of: number]>;
  tampered: [found: number, of: number];
}

/** The measurements, by indicator (indicators that never fired are absent). */
const MEASURED = measuredTable.indicators as unknown as Partial<Record<IndicatorCode, Measured>>;

/** The share of a source's genuine files an indicator may fire on and still decide alone (the precision target: 1% flagged). */
export const TARGET_FALSE_ALARMS = 0.01;
/** The most an indicator measured above the target weighs: alone it stays below SUSPICIOUS (40) at any confidence. */
export const ALONE_BELOW_SUSPICIOUS = 0.35;

/**
 * The least share of genuine files `fired` of `of` shows an indicator fires on: the lower end of
 * the Wilson score interval at 95%. One false alarm in 94 files is no evidence that an indicator
 * fires on more than 1% of such files; 20 in 690 is.
 */
export function provenRate(fired: number, of: number): number {
  if (of === 0) return 0;
  const z = 1.96;
  const p = fired / of;
  const centre = p + (z * z) / (2 * of);
  const spread = z * Math.sqrt((p * (1 - p)) / of + (z * z) / (4 * of * of));
  return Math.max(0, (centre - spread) / (1 + (z * z) / of));
}

/** The highest share of a source's genuine files `code` is shown to fire on (`provenRate`; 0 when never seen firing). */
export function falseAlarmRate(code: IndicatorCode): number {
  const genuine = MEASURED[code]?.genuine ?? {};
  return Math.max(0, ...Object.values(genuine).map(([fired, of]) => provenRate(fired, of)));
}

/** How an indicator weighs at full confidence, and what it can decide. */
export interface Weight {
  weight: number;
  conclusive: boolean;
  benign: boolean;
}

/** A finding's weight in the score, its confidence, and what it can decide. */
export interface Weighed extends Weight {
  confidence: number;
}

/** The confidence of a finding whose rule says nothing of it. */
export const DEFAULT_CONFIDENCE = 0.9;
/** The weight of a content indicator not weighed yet. */
export const UNWEIGHED_CONTENT = 0.45;
/** The weight of a context indicator not weighed yet. */
export const UNWEIGHED_CONTEXT = 0.1;
/** The confidence of a sum whose figures OCR read (a misread digit the tests missed is still possible). */
export const OCR_SUM_CONFIDENCE = 0.7;

/**
 * How sure a contradicted sum is, by what its reading rests on: a running balance whose other
 * steps agree, a year to date every other line holds as exact periods, most; a stated total
 * against the figures it states it of; an aligned column, the pay dates, a statutory rate or a
 * withholding's equal periods; a ratio of two taxes, a Medicare tax's equal periods, pay stated in
 * prose, least.
 */
const SUM_CONFIDENCE: Record<SumBasis, number> = {
  'running balance': 0.9,
  'year to date': 0.9,
  'stated total': 0.85,
  'aligned column': 0.8,
  'pay dates': 0.8,
  'statutory rate': 0.8,
  'withholding periods': 0.8,
  'tax ratio': 0.75,
  'equal periods': 0.75,
  'stated pay': 0.75,
};

const sumConfidence = (f: { basis: SumBasis; ocr?: boolean }): number => (f.ocr ? OCR_SUM_CONFIDENCE : SUM_CONFIDENCE[f.basis]);

type FindingWith<C> = Extract<Finding, { code: C }>;

/** The confidence of indicators whose findings measure how sure they are. */
const CONFIDENCE_RULES: { [C in IndicatorCode]?: (finding: FindingWith<C>) => number } = {
  revision_content_edit: (f) => (f.objects ? 0.7 : 0.8),
  white_box_over_text: (f) => (f.onTop.length > 0 ? 0.95 : 0.7),
  figure_off_column: (f) => Math.min(0.9, 0.6 + 0.05 * f.columnFigures),
  exif_thumbnail_mismatch: (f) => Math.min(0.95, 0.6 + (0.8 - f.correlation)),
  noise_inconsistency: (f) => Math.min(0.9, 0.6 + 0.05 * f.cells),
  jpeg_double_compressed: (f) => Math.min(0.9, 0.5 + f.median + 0.05 * f.strong),
  copy_move_detected: (f) =>
    f.method === 'exact' ? Math.min(0.95, 0.75 + f.blocks / 1000) : Math.min(0.95, 0.6 + f.blocks / 1500 + 0.2 * (1 - f.mad / f.madLimit)),
  genai_synthetic_region: (f) => Math.min(0.9, 0.5 + f.flagged / f.patches),
};

/** How an indicator weighs at full confidence, and what it can decide (a new check's by its evidence class). */
export function weightOf(code: IndicatorCode): Weight {
  const row = WEIGHINGS[code];
  const weight = row?.weight ?? (CATALOGUE[code].evidence === 'content' ? UNWEIGHED_CONTENT : UNWEIGHED_CONTEXT);
  const benign = row?.benign === true;
  // an indicator that fires on genuine files beyond the target never decides alone
  if (!benign && falseAlarmRate(code) > TARGET_FALSE_ALARMS) return { weight: Math.min(weight, ALONE_BELOW_SUSPICIOUS), conclusive: false, benign };
  return { weight, conclusive: row?.conclusive === true, benign };
}

/** How sure `finding` is: by its rule, by what a sum rests on, or its indicator's fixed confidence. */
function confidenceOf(finding: Finding): number {
  const rule = CONFIDENCE_RULES[finding.code] as ((f: Finding) => number) | undefined;
  if (rule) return rule(finding);
  if ('basis' in finding) return sumConfidence(finding);
  return WEIGHINGS[finding.code]?.confidence ?? DEFAULT_CONFIDENCE;
}

/** How `finding` weighs. */
export function weigh(finding: Finding): Weighed {
  return { ...weightOf(finding.code), confidence: confidenceOf(finding) };
}

/**
 * Indicators of how a picture's print lies (a figure's ink band against its neighbours'): a photo's
 * lens, focus and paper bend move print as much as an editor does, so they add to other content
 * evidence and never flag a picture by themselves.
 */
const PICTURE_GEOMETRY: ReadonlySet<IndicatorCode> = new Set(['figure_print_mismatch']);

/**
 * What kind of evidence `finding` is: its indicator's class, except that a content finding resting
 * on a reading of its block that nothing corroborates (`corroboration` empty: no other identity
 * of the block held under the reading) is context of the `reading` family — as likely a misreading
 * as an edit, it never makes a document SUSPICIOUS alone — and a picture's print geometry is
 * context of the `print` family.
 */
export function evidenceClassOf(finding: Finding): EvidenceClass {
  if (PICTURE_GEOMETRY.has(finding.code)) return 'print';
  const uncorroborated = 'corroboration' in finding && Array.isArray(finding.corroboration) && finding.corroboration.length === 0;
  return uncorroborated ? 'reading' : EVIDENCE[finding.code];
}
