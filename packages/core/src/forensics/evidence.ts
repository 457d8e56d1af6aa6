// What kind of evidence each indicator is. Content evidence shows the document's content was
// changed: text changed between revisions, a cover-up hiding text in the render, text shown that
// is not the text encoded, arithmetic contradicted by figures read with confidence, a modified
// signed range, pixels that disagree with their capture. Context is everything around the
// content: producer and creator names, metadata dates, identifiers, revision bookkeeping, font
// packaging, page-edit metadata, structure quirks, active content. Genuine files carry context
// signals every day (an Acrobat save, a library re-write, a form filled in, a cairo font
// subsetting), so context alone is scored but capped below SUSPICIOUS unless signals of several
// independent families agree (score.ts). Every indicator must be classified here (the type makes
// a new code without a class a compile error).
import type { INDICATORS } from './indicators.js';

/**
 * Independent families of context signals. `active` (scripts, actions) is risk, `structure`
 * (a recovered cross-reference, data after the end, an owner password) is file health and
 * `resave` (a new document id) is what every save after the first does: none is evidence of an
 * edit, so none counts toward agreement.
 */
export type ContextFamily = 'tooling' | 'dates' | 'revisions' | 'page_edit_metadata' | 'fonts' | 'structure' | 'active' | 'resave';

/** The class of every indicator. */
export const EVIDENCE: Record<keyof typeof INDICATORS, 'content' | ContextFamily> = {
  revision_text_edit: 'content',
  revision_content_edit: 'content',
  revision_graphics_edit: 'content',
  revision_image_replaced: 'content',
  revision_page_added: 'content',
  revision_page_removed: 'content',
  revision_font_added: 'revisions',
  revision_metadata_changed: 'revisions',
  revision_annotation_added: 'revisions',
  revision_form_filled: 'revisions',
  revision_signature_added: 'revisions',
  revision_attachment_added: 'revisions',
  revision_objects_freed: 'revisions',
  revision_text_unreadable: 'revisions',
  touch_up_text_edit: 'content',
  has_piece_info: 'page_edit_metadata',
  page_modified_after_creation: 'page_edit_metadata',
  font_subset_duplicate: 'fonts',
  font_embedding_mixed: 'fonts',
  font_character_remapping: 'content',
  font_missing_from_resources: 'fonts',
  producer_online_editor: 'tooling',
  producer_pdf_editor: 'tooling',
  producer_library_rewrite: 'tooling',
  producer_redistilled: 'tooling',
  producer_changed_between_revisions: 'tooling',
  metadata_rewritten_by_tool: 'tooling',
  producer_metadata_mismatch: 'tooling',
  create_date_mismatch: 'dates',
  modify_date_mismatch: 'dates',
  modified_before_created: 'dates',
  date_in_future: 'dates',
  revision_dates_out_of_order: 'dates',
  document_id_changed: 'resave',
  javascript_present: 'active',
  launch_action: 'active',
  auto_action: 'active',
  annotation_covers_text: 'content',
  white_box_over_text: 'content',
  figure_off_column: 'content',
  figure_font_mismatch: 'content',
  figure_off_baseline: 'content',
  figure_spacing_mismatch: 'content',
  figure_operator_mismatch: 'content',
  figure_print_mismatch: 'content',
  text_over_text: 'content',
  invisible_text: 'structure',
  text_outside_crop_box: 'structure',
  signature_invalid: 'content',
  modified_after_signing: 'content',
  signature_byte_range_invalid: 'content',
  signature_present: 'structure',
  running_balance_mismatch: 'content',
  statement_balance_mismatch: 'content',
  statement_totals_mismatch: 'content',
  tax_form_lines_mismatch: 'content',
  paystub_totals_mismatch: 'content',
  paystub_dates_inconsistent: 'content',
  paystub_ytd_departure: 'content',
  paystub_ytd_other_figure: 'content',
  paystub_withholding_periods_mismatch: 'content',
  bill_totals_mismatch: 'content',
  table_total_mismatch: 'content',
  stated_pay_inconsistent: 'content',
  payroll_tax_mismatch: 'content',
  structure_recovered: 'structure',
  data_after_end_of_file: 'structure',
  encrypted_with_owner_password: 'structure',
  image_editing_software: 'tooling',
  image_edit_history: 'tooling',
  image_modified_after_capture: 'dates',
  exif_thumbnail_mismatch: 'content',
  camera_data_missing: 'structure',
  jpeg_software_reencoded: 'tooling',
  jpeg_double_compressed: 'tooling',
  jpeg_first_compression_missing: 'content',
  noise_inconsistency: 'content',
  print_sharper_than_capture: 'content',
  copy_move_detected: 'content',
  genai_synthetic_region: 'content',
};
