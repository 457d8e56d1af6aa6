// The scoring policy: how much each finding weighs. Checks report what they found (the figures, the
// reading it rests on, whether OCR read it); this module alone turns that into a weight (the
// indicator's contribution to the risk score at full confidence, 0..1), a confidence in this
// instance (0..1) and whether the indicator is conclusive (only conclusive evidence makes a
// document FORGED) or benign (a legitimate change, never above CLEAN on its own). An indicator the
// policy has not weighed yet (a new check's) weighs by its evidence class until it is measured:
// content `UNWEIGHED_CONTENT`, context `UNWEIGHED_CONTEXT`. The weights were set by hand against the
// families and the real-world corpus; precision work sets them from measured false alarms per source.
import { CATALOGUE, type Finding, type IndicatorCode } from './catalogue.js';
import type { SumBasis } from './checks/arithmetic/arithmetic-consistency/indicators.js';

/** How one indicator is weighed. */
interface Weighing<F> {
  /** Contribution to the risk score at full confidence: 1 − Π(1 − weight · confidence / 0.9). */
  weight: number;
  /** Conclusive evidence of alteration: only these can make a document FORGED. */
  conclusive?: true;
  /** A legitimate change: never raises the verdict above CLEAN on its own. */
  benign?: true;
  /** How sure this instance is, from what it carries; `DEFAULT_CONFIDENCE` when absent. */
  confidence?: (finding: F) => number;
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

/** How every weighed indicator is weighed. */
const POLICY: { [C in IndicatorCode]?: Weighing<FindingWith<C>> } = {
  revision_text_edit: { weight: 0.8, conclusive: true, confidence: () => 0.95 },
  revision_content_edit: { weight: 0.6, conclusive: true, confidence: (f) => (f.objects ? 0.7 : 0.8) },
  revision_graphics_edit: { weight: 0.35, confidence: () => 0.8 },
  revision_image_replaced: { weight: 0.6, conclusive: true, confidence: () => 0.8 },
  revision_page_added: { weight: 0.3 },
  revision_page_removed: { weight: 0.35 },
  revision_font_added: { weight: 0.35 },
  revision_metadata_changed: { weight: 0.3, confidence: () => 0.8 },
  revision_annotation_added: { weight: 0.04, benign: true },
  revision_form_filled: { weight: 0.03, benign: true },
  revision_signature_added: { weight: 0.02, benign: true },
  revision_attachment_added: { weight: 0.02, benign: true },
  revision_objects_freed: { weight: 0.05 },
  revision_text_unreadable: { weight: 0.2 },
  touch_up_text_edit: { weight: 0.75, conclusive: true, confidence: () => 0.95 },
  has_piece_info: { weight: 0.25 },
  page_modified_after_creation: { weight: 0.25 },
  font_subset_duplicate: { weight: 0.2 },
  font_embedding_mixed: { weight: 0.1 },
  font_character_remapping: { weight: 0.5 },
  font_missing_from_resources: { weight: 0.3 },
  producer_online_editor: { weight: 0.5, confidence: () => 0.85 },
  producer_pdf_editor: { weight: 0.3, confidence: () => 0.7 },
  producer_library_rewrite: { weight: 0.12 },
  producer_redistilled: { weight: 0.2 },
  producer_changed_between_revisions: { weight: 0.3 },
  metadata_rewritten_by_tool: { weight: 0.35 },
  producer_metadata_mismatch: { weight: 0.1 },
  create_date_mismatch: { weight: 0.25 },
  modify_date_mismatch: { weight: 0.12 },
  modified_before_created: { weight: 0.3 },
  date_in_future: { weight: 0.3 },
  revision_dates_out_of_order: { weight: 0.3 },
  document_id_changed: { weight: 0, benign: true },
  javascript_present: { weight: 0.3 },
  launch_action: { weight: 0.5 },
  auto_action: { weight: 0.1 },
  annotation_covers_text: { weight: 0.45, confidence: () => 0.8 },
  white_box_over_text: { weight: 0.75, conclusive: true, confidence: (f) => (f.onTop.length > 0 ? 0.95 : 0.7) },
  text_over_text: { weight: 0.35, confidence: () => 0.8 },
  figure_off_column: { weight: 0.45, confidence: (f) => Math.min(0.9, 0.6 + 0.05 * f.columnFigures) },
  figure_font_mismatch: { weight: 0.45, confidence: () => 0.8 },
  figure_off_baseline: { weight: 0.45, confidence: () => 0.7 },
  figure_spacing_mismatch: { weight: 0.45, confidence: () => 0.7 },
  figure_operator_mismatch: { weight: 0.45, confidence: () => 0.7 },
  figure_print_mismatch: { weight: 0.45, confidence: () => 0.7 },
  invisible_text: { weight: 0.25 },
  text_outside_crop_box: { weight: 0.1 },
  signature_invalid: { weight: 0.8, conclusive: true, confidence: () => 0.95 },
  modified_after_signing: { weight: 0.75, conclusive: true, confidence: () => 0.95 },
  signature_byte_range_invalid: { weight: 0.5, confidence: () => 0.8 },
  signature_present: { weight: 0, benign: true },
  running_balance_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  statement_balance_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  statement_totals_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  tax_form_lines_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  paystub_totals_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  paystub_dates_inconsistent: { weight: 0.45, confidence: sumConfidence },
  paystub_ytd_departure: { weight: 0.25, confidence: sumConfidence },
  paystub_ytd_other_figure: { weight: 0.35, confidence: sumConfidence },
  paystub_withholding_periods_mismatch: { weight: 0.5, confidence: sumConfidence },
  bill_totals_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  table_total_mismatch: { weight: 0.65, conclusive: true, confidence: sumConfidence },
  payroll_tax_mismatch: { weight: 0.6, conclusive: true, confidence: sumConfidence },
  stated_pay_inconsistent: { weight: 0.6, conclusive: true, confidence: sumConfidence },
  structure_recovered: { weight: 0.1 },
  data_after_end_of_file: { weight: 0.1 },
  encrypted_with_owner_password: { weight: 0.02, benign: true },
  image_editing_software: { weight: 0.45 },
  image_edit_history: { weight: 0.45, confidence: () => 0.85 },
  image_modified_after_capture: { weight: 0.15, confidence: () => 0.8 },
  exif_thumbnail_mismatch: { weight: 0.6, confidence: (f) => Math.min(0.95, 0.6 + (0.8 - f.correlation)) },
  camera_data_missing: { weight: 0.1, confidence: () => 0.7 },
  jpeg_software_reencoded: { weight: 0.15, confidence: () => 0.5 },
  jpeg_double_compressed: { weight: 0.1, confidence: (f) => Math.min(0.9, 0.5 + f.median + 0.05 * f.strong) },
  jpeg_first_compression_missing: { weight: 0.55, confidence: () => 0.75 },
  noise_inconsistency: { weight: 0.55, confidence: (f) => Math.min(0.9, 0.6 + 0.05 * f.cells) },
  print_sharper_than_capture: { weight: 0.55, confidence: () => 0.75 },
  copy_move_detected: {
    weight: 0.8,
    conclusive: true,
    confidence: (f) => (f.method === 'exact' ? Math.min(0.95, 0.75 + f.blocks / 1000) : Math.min(0.95, 0.6 + f.blocks / 1500 + 0.2 * (1 - f.mad / f.madLimit))),
  },
  genai_synthetic_region: { weight: 0.45, confidence: (f) => Math.min(0.9, 0.5 + f.flagged / f.patches) },
};

/** How an indicator weighs at full confidence, and what it can decide (a new check's by its evidence class). */
export function weightOf(code: IndicatorCode): Weight {
  const rule = POLICY[code];
  const weight = rule?.weight ?? (CATALOGUE[code].evidence === 'content' ? UNWEIGHED_CONTENT : UNWEIGHED_CONTEXT);
  return { weight, conclusive: rule?.conclusive === true, benign: rule?.benign === true };
}

/** How `finding` weighs. */
export function weigh(finding: Finding): Weighed {
  const rule = POLICY[finding.code] as Weighing<Finding> | undefined;
  return { ...weightOf(finding.code), confidence: rule?.confidence?.(finding) ?? DEFAULT_CONFIDENCE };
}
