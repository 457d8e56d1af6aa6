// The indicator catalogue: every finding Loupe can report, by stable snake_case code, with its
// severity, its weight in the risk score, the name of the check that raises it, and the display
// copy of the spec's Indicator (`title`, `what_it_is`, `what_it_means`, `how_detected`). Codes are
// machine surface and never change meaning; the copy may be reworded.

/** Spec severities. */
import type { Severity } from '../spec/document.js';

/** Names of the checks, as `checks_passed` reports them. */
export type CheckName =
  | 'revision history'
  | 'touch-up scan'
  | 'producer-pipeline match'
  | 'font-embedding consistency'
  | 'overlay/script scan'
  | 'typesetting consistency'
  | 'timestamp consistency'
  | 'signature integrity'
  | 'file structure'
  | 'arithmetic consistency'
  | 'image metadata'
  | 'JPEG structure'
  | 'pixel consistency'
  | 'copy-move search'
  | 'GenAI heatmap';

/** One catalogue entry. */
export interface IndicatorDefinition {
  title: string;
  severity: Severity;
  /**
   * Contribution to the risk score, 0..1: the probability-like weight combined as
   * 1 - Π(1 - weight). 0.7 and above are conclusive on their own (FORGED).
   */
  weight: number;
  check: CheckName;
  /** Benign: describes a legitimate change; never raises the verdict above CLEAN on its own. */
  benign?: true;
  /** Conclusive evidence of alteration: only these can make a document FORGED. */
  conclusive?: true;
  what_it_is: string;
  what_it_means: string;
  how_detected: string;
}

const def = (d: IndicatorDefinition): IndicatorDefinition => d;

/** Every indicator, by code. */
export const INDICATORS = {
  // revision history
  revision_text_edit: def({
    title: 'Text changed in a later revision',
    severity: 'high',
    weight: 0.8,
    check: 'revision history',
    conclusive: true,
    what_it_is: 'An incremental update saved after the document was created changed the words shown on a page.',
    what_it_means: 'Someone edited the visible text after the original was produced; the original wording is still inside the file.',
    how_detected: 'Each save in the file was read separately and the text of the pages it touched was compared word by word with the save before it.',
  }),
  revision_content_edit: def({
    title: 'Page content replaced in a later revision',
    severity: 'high',
    weight: 0.6,
    check: 'revision history',
    conclusive: true,
    what_it_is: 'A later save replaced the drawing instructions of a page, and its text could not be compared.',
    what_it_means: 'Graphics, images or text in an unreadable encoding were altered after creation.',
    how_detected: "The page's content streams in a later save differ from those of the save before it.",
  }),
  revision_graphics_edit: def({
    title: 'Page graphics changed in a later revision',
    severity: 'medium',
    weight: 0.35,
    check: 'revision history',
    what_it_is: "A later save replaced a page's drawing instructions while its text stayed word for word the same.",
    what_it_means: 'Shapes, lines or backgrounds were redrawn; editors also rewrite content this way when they re-save a page.',
    how_detected: 'The content streams changed, and the text of both saves was read and compared without a difference.',
  }),
  revision_image_replaced: def({
    title: 'Image replaced in a later revision',
    severity: 'high',
    weight: 0.6,
    check: 'revision history',
    conclusive: true,
    what_it_is: 'A later save added or replaced an image drawn on a page.',
    what_it_means: 'A picture, logo, signature image or scanned area was swapped after the document was created.',
    how_detected: 'An image XObject reachable from a touched page was added or changed by a later save.',
  }),
  revision_page_added: def({
    title: 'Page added in a later revision',
    severity: 'medium',
    weight: 0.3,
    check: 'revision history',
    what_it_is: 'A later save added pages to the document.',
    what_it_means: 'Content was appended after the document was produced; appendices are sometimes legitimate.',
    how_detected: 'The page count of a later save exceeds the save before it.',
  }),
  revision_page_removed: def({
    title: 'Page removed in a later revision',
    severity: 'medium',
    weight: 0.35,
    check: 'revision history',
    what_it_is: 'A later save removed pages from the document.',
    what_it_means: 'Part of the original document was dropped after it was produced.',
    how_detected: 'The page count of a later save is lower than the save before it.',
  }),
  revision_font_added: def({
    title: 'New font introduced by an edit',
    severity: 'medium',
    weight: 0.35,
    check: 'revision history',
    what_it_is: 'A later save added a font that is used on a page it touched.',
    what_it_means: 'Editors add a font when they type new text; the original producer did not use it.',
    how_detected: 'A font object added by a later save is reachable from a page that save touched.',
  }),
  revision_metadata_changed: def({
    title: 'Metadata changed after creation',
    severity: 'medium',
    weight: 0.3,
    check: 'revision history',
    what_it_is: 'A later save changed only document metadata (Info dictionary or XMP).',
    what_it_means: 'The producer, dates or title were rewritten after creation; the pages were not.',
    how_detected: 'The later save changed the Info or Metadata objects and no page reaches a changed object.',
  }),
  revision_annotation_added: def({
    title: 'Annotation added later',
    severity: 'low',
    weight: 0.04,
    check: 'revision history',
    benign: true,
    what_it_is: 'A later save added or changed annotations such as comments, highlights or links.',
    what_it_means: 'Usually a reviewer marking the document; overlays that hide text are reported separately.',
    how_detected: "A later save changed a page's /Annots or annotation objects and nothing else on the page.",
  }),
  revision_form_filled: def({
    title: 'Form filled in a later revision',
    severity: 'low',
    weight: 0.03,
    check: 'revision history',
    benign: true,
    what_it_is: 'A later save changed form-field values and their appearances.',
    what_it_means: 'Filling in a form after it was issued is expected.',
    how_detected: 'The changed objects of a later save are form fields, widgets and their appearance streams only.',
  }),
  revision_signature_added: def({
    title: 'Signature added in a later revision',
    severity: 'low',
    weight: 0.02,
    check: 'revision history',
    benign: true,
    what_it_is: 'A later save added a digital signature.',
    what_it_means: 'Signing or countersigning a document is expected and does not change its content.',
    how_detected: 'A later save added a signature field value (/Sig) and its appearance.',
  }),
  revision_attachment_added: def({
    title: 'Attachment or bookmark added later',
    severity: 'low',
    weight: 0.02,
    check: 'revision history',
    benign: true,
    what_it_is: 'A later save added file attachments, bookmarks or similar navigation data.',
    what_it_means: 'Packaging changes that do not alter what the pages show.',
    how_detected: 'The changed objects of a later save are reachable only from the catalog, not from any page.',
  }),
  revision_objects_freed: def({
    title: 'Objects deleted in a later revision',
    severity: 'low',
    weight: 0.05,
    check: 'revision history',
    what_it_is: 'A later save marked objects of an earlier save as deleted.',
    what_it_means: 'Content was removed; deleted objects often remain readable in the file.',
    how_detected: 'Cross-reference entries of a later save free objects that were in use before.',
  }),
  revision_text_unreadable: def({
    title: 'Earlier revision could not be read',
    severity: 'medium',
    weight: 0.2,
    check: 'revision history',
    what_it_is: 'The text of an earlier save could not be extracted to compare with the later one.',
    what_it_means: 'The edit history exists but its effect on the text could not be shown.',
    how_detected: 'Reading the byte prefix that ends at that save failed.',
  }),
  // touch-up
  touch_up_text_edit: def({
    title: 'Acrobat TouchUp text edit',
    severity: 'high',
    weight: 0.75,
    check: 'touch-up scan',
    conclusive: true,
    what_it_is: "Marks left by Acrobat's TouchUp text tool, which edits text in place.",
    what_it_means: 'Text on the page was edited with a PDF editor after it was produced.',
    how_detected: 'TouchUp_TextEdit marked content or private data was found in page content or PieceInfo.',
  }),
  has_piece_info: def({
    title: 'Editor private data on pages',
    severity: 'medium',
    weight: 0.25,
    check: 'touch-up scan',
    what_it_is: 'Page-piece dictionaries (PieceInfo) left by an editing application.',
    what_it_means: 'An application such as Acrobat or Illustrator edited the page after creation.',
    how_detected: 'A /PieceInfo dictionary was found on a page, form or the catalog.',
  }),
  page_modified_after_creation: def({
    title: 'Page modified after creation',
    severity: 'medium',
    weight: 0.25,
    check: 'touch-up scan',
    what_it_is: "A page's /LastModified date is later than the document's creation date.",
    what_it_means: 'The page was edited after the document was created.',
    how_detected: "The page or piece /LastModified date was compared with the document's CreationDate.",
  }),
  // fonts
  font_subset_duplicate: def({
    title: 'Two subsets of one font on a page',
    severity: 'medium',
    weight: 0.2,
    check: 'font-embedding consistency',
    what_it_is: 'The same font appears as two separately embedded subsets (different ABCDEF+ prefixes) on one page.',
    what_it_means: 'Text was typed into the page by a second tool, which embedded its own subset.',
    how_detected: "Fonts of each page's resources were grouped by base name after the subset prefix.",
  }),
  font_embedding_mixed: def({
    title: 'Embedded and non-embedded fonts of one family',
    severity: 'low',
    weight: 0.1,
    check: 'font-embedding consistency',
    what_it_is: 'A page uses the same font family both embedded and not embedded.',
    what_it_means: 'Often a sign that a second tool added text; sometimes harmless.',
    how_detected: 'Fonts of each page were grouped by family and compared for embedded font programs.',
  }),
  font_character_remapping: def({
    title: 'Font maps characters inconsistently',
    severity: 'high',
    weight: 0.5,
    check: 'font-embedding consistency',
    what_it_is: 'Two fonts with the same name map the same character codes to different letters.',
    what_it_means: 'A font was altered so that the text shown differs from the text stored, a known way to hide edits.',
    how_detected: 'ToUnicode maps of same-named fonts were compared code by code.',
  }),
  font_missing_from_resources: def({
    title: 'Text uses a font the page does not declare',
    severity: 'medium',
    weight: 0.3,
    check: 'font-embedding consistency',
    what_it_is: "Page content selects a font that is absent from the page's resources.",
    what_it_means: 'The content stream was edited without updating the page, or assembled from another document.',
    how_detected: "Every Tf operator's font name was looked up in the page's resources.",
  }),
  // producer pipeline
  producer_online_editor: def({
    title: 'Edited with an online PDF editor',
    severity: 'high',
    weight: 0.5,
    check: 'producer-pipeline match',
    what_it_is: 'The producer or creator names an online PDF editing service.',
    what_it_means: 'Bank and payroll systems do not issue documents through online editors; the file passed through one.',
    how_detected: 'Producer and Creator strings (Info and XMP, every revision) were matched against known online editors.',
  }),
  producer_pdf_editor: def({
    title: 'Saved by a desktop PDF editor',
    severity: 'medium',
    weight: 0.3,
    check: 'producer-pipeline match',
    what_it_is: 'The producer names a desktop PDF editor rather than the system that issued the document.',
    what_it_means: 'The document was opened and saved in an editor, which makes alteration possible.',
    how_detected:
      'Producer and Creator strings were matched against known PDF editors; a Creator of "Draw" beside a LibreOffice or OpenOffice Producer is LibreOffice Draw, the suite’s PDF editor (Writer and Calc export documents they made).',
  }),
  producer_library_rewrite: def({
    title: 'Rewritten by a PDF library',
    severity: 'low',
    weight: 0.12,
    check: 'producer-pipeline match',
    what_it_is:
      'A programming library (for example pdf-lib, iText or PyPDF) saved the file, and the creator names another application; or qpdf or MuPDF, which keep the Producer they find, wrote the whole file.',
    what_it_means: 'The document was processed by a script after it was created.',
    how_detected:
      "Producer matched a known library while Creator names a different application, or the comment after the file's header is the one qpdf or MuPDF writes while Producer names another application.",
  }),
  producer_redistilled: def({
    title: 'Re-distilled through Ghostscript',
    severity: 'medium',
    weight: 0.2,
    check: 'producer-pipeline match',
    what_it_is: 'Ghostscript rewrote a document that another application created.',
    what_it_means: 'Re-distilling discards edit history; it is used to hide incremental edits.',
    how_detected: 'Producer names Ghostscript while Creator names another application.',
  }),
  producer_changed_between_revisions: def({
    title: 'Producer changed between revisions',
    severity: 'medium',
    weight: 0.3,
    check: 'producer-pipeline match',
    what_it_is: 'A later save names a different producer than the original.',
    what_it_means: 'A second application modified the document after the first produced it.',
    how_detected: "The Info dictionary's Producer of every save was compared.",
  }),
  metadata_rewritten_by_tool: def({
    title: 'Metadata rewritten by a metadata editor',
    severity: 'medium',
    weight: 0.35,
    check: 'producer-pipeline match',
    what_it_is: 'The XMP packet was written by a metadata editing tool such as ExifTool.',
    what_it_means: "Someone edited the document's metadata (dates, producer, author) with a dedicated tool.",
    how_detected: 'The XMP toolkit name (x:xmptk) was matched against known metadata editors.',
  }),
  producer_metadata_mismatch: def({
    title: 'Info and XMP name different producers',
    severity: 'low',
    weight: 0.1,
    check: 'producer-pipeline match',
    what_it_is: 'The Info dictionary and the XMP packet disagree on the producing application.',
    what_it_means: 'One of the two was rewritten by a tool that did not update the other.',
    how_detected: 'Info /Producer was compared with XMP pdf:Producer.',
  }),
  // timestamps
  create_date_mismatch: def({
    title: 'Creation dates disagree',
    severity: 'medium',
    weight: 0.25,
    check: 'timestamp consistency',
    what_it_is: 'The Info dictionary and the XMP packet give different creation dates.',
    what_it_means: 'One of the dates was edited, or the file was re-saved by a tool that rewrote it.',
    how_detected: 'Info /CreationDate and XMP xmp:CreateDate were compared after time-zone normalisation.',
  }),
  modify_date_mismatch: def({
    title: 'Modification dates disagree',
    severity: 'low',
    weight: 0.12,
    check: 'timestamp consistency',
    what_it_is: 'The Info dictionary and the XMP packet give different modification dates.',
    what_it_means: 'A tool updated one record of the last change and not the other.',
    how_detected: 'Info /ModDate and XMP xmp:ModifyDate were compared after time-zone normalisation.',
  }),
  modified_before_created: def({
    title: 'Modified before it was created',
    severity: 'medium',
    weight: 0.3,
    check: 'timestamp consistency',
    what_it_is: 'The modification date is earlier than the creation date.',
    what_it_means: 'The dates were set by hand or by a tool that backdated the document.',
    how_detected: 'CreationDate and ModDate (Info and XMP) were compared.',
  }),
  date_in_future: def({
    title: 'Date in the future',
    severity: 'medium',
    weight: 0.3,
    check: 'timestamp consistency',
    what_it_is: 'A creation or modification date lies after the time of the analysis.',
    what_it_means: 'The date was set by hand or on a machine with a wrong clock.',
    how_detected: 'Every Info and XMP date was compared with the analysis time (one day of tolerance).',
  }),
  revision_dates_out_of_order: def({
    title: 'Revision dates out of order',
    severity: 'medium',
    weight: 0.3,
    check: 'timestamp consistency',
    what_it_is: 'A later save carries an earlier modification date than the save before it.',
    what_it_means: 'Dates were rewritten to make an edit look older.',
    how_detected: 'The ModDate of each save was compared with the previous save.',
  }),
  document_id_changed: def({
    title: 'File identifier shows a modified file',
    severity: 'low',
    weight: 0,
    check: 'timestamp consistency',
    benign: true,
    what_it_is: 'The two halves of the /ID array differ.',
    what_it_means:
      'The first half is set when a file is created and the second on every save: the file was saved again after creation. Every incremental save (a bookmark, a note, an attachment, a metadata change) does this, so it is context and adds nothing to the risk score.',
    how_detected: 'The trailer /ID pair was compared.',
  }),
  // overlays and scripts
  javascript_present: def({
    title: 'JavaScript in the document',
    severity: 'medium',
    weight: 0.3,
    check: 'overlay/script scan',
    what_it_is: 'The document contains JavaScript.',
    what_it_means: 'Statements and pay stubs do not need scripts; scripts can change what a viewer shows.',
    how_detected: 'JavaScript actions and name-tree entries were searched in the catalog, pages, annotations and fields.',
  }),
  launch_action: def({
    title: 'Action that launches a program',
    severity: 'high',
    weight: 0.5,
    check: 'overlay/script scan',
    what_it_is: 'An action that opens another file or program.',
    what_it_means: 'Unusual and dangerous in a loan document.',
    how_detected: 'Launch actions were searched in open actions, additional actions and annotations.',
  }),
  auto_action: def({
    title: 'Action runs when the document opens',
    severity: 'low',
    weight: 0.1,
    check: 'overlay/script scan',
    what_it_is: 'An open or additional action that runs a script, submits a form or opens a link automatically.',
    what_it_means: 'The document does something on its own when viewed.',
    how_detected: 'The catalog /OpenAction and /AA, and page /AA, were read.',
  }),
  annotation_covers_text: def({
    title: 'Annotation covers text',
    severity: 'medium',
    weight: 0.45,
    check: 'overlay/script scan',
    what_it_is: 'An annotation (text box, shape, stamp or field) lies on top of page text.',
    what_it_means: 'An overlay can hide the original figures and show others in their place.',
    how_detected: 'Rectangles of FreeText, Square, Stamp and Widget annotations were intersected with the page text.',
  }),
  white_box_over_text: def({
    title: 'Filled shape drawn over text',
    severity: 'high',
    weight: 0.75,
    check: 'overlay/script scan',
    conclusive: true,
    what_it_is: 'An opaque light shape is drawn on top of text that was drawn before it.',
    what_it_means: 'The classic cover-up: the original text is still there, hidden under a box, often with new text on top.',
    how_detected: 'Filled rectangles and their colours were tracked through the content stream and intersected with earlier text.',
  }),
  text_over_text: def({
    title: 'Text drawn on top of other text',
    severity: 'medium',
    weight: 0.35,
    check: 'overlay/script scan',
    what_it_is: 'Two different strings are drawn at the same place.',
    what_it_means: 'New text was placed over old text, usually with a cover between them.',
    how_detected: 'Glyph boxes of different text runs were intersected.',
  }),
  figure_off_column: def({
    title: 'A figure ends off its column',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is: 'An amount ends off the right edge that every other amount of its column ends on, to a fraction of a point.',
    what_it_means:
      "The figure was probably rewritten in place in the content stream: the new string kept the old one's start, so a wider or narrower figure no longer meets the column's edge.",
    how_detected:
      'Right-aligned columns were found as four or more amounts of different widths ending on one edge; an amount of the same size among their rows that ends off that edge (and on no edge another amount shares) was reported.',
  }),
  figure_font_mismatch: def({
    title: 'A figure is set in another font than its column',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is:
      'One or two amounts of a column are set in another font family than all its other amounts, or amounts are shown in the same font through a font dictionary added for them alone.',
    what_it_means: 'The figure was probably removed and typed again by an editor or a PDF library, which set it in a font of its own.',
    how_detected:
      'The base fonts of the amounts of each right-aligned column were compared by family (subset prefix and style left out, so a bold total is the same family), and the font dictionaries they are shown through: a dictionary of the column font that shows nothing on the page but a few of its amounts was added for them.',
  }),
  figure_off_baseline: def({
    title: 'A figure sits off the baseline of its row',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is:
      'An amount or a date sits a fraction of a point above or below the baseline that the other words of its row, in its font and size, share exactly.',
    what_it_means:
      'The figure was probably removed and typed again by an editor or a PDF library, which placed it from where it read the old one; a generator sets a row on one baseline.',
    how_detected:
      "Each amount and date was held against the other words of its row in the same font family and size; where those agree within 0.1 pt, one off them by 0.3 pt or more was reported, unless more than a fifth of the page's amounts and dates were.",
  }),
  figure_spacing_mismatch: def({
    title: 'A figure is spaced unlike the other figures of its page',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is:
      'An amount or a date takes more or less room than its glyphs do (character spacing, horizontal scaling or glyphs placed one by one), while the other amounts and dates of the page in its font and size are all spaced alike.',
    what_it_means: 'The figure was probably typed again and fitted to the room of the one it replaced; a generator spaces every figure of a page the same way.',
    how_detected:
      'The extent of each amount and date was divided by the widths of its glyphs in its font; where at least five others of the page in the same font family and size agreed within 0.5 %, one 2 % or more away from them was reported, unless more than a fifth of them were.',
  }),
  figure_operator_mismatch: def({
    title: 'A figure is drawn unlike the other figures of its page',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is:
      'An amount or a date is drawn by content-stream operators that draw nothing but figures anywhere in the document (another operator placing it, another show operator, strings in another form, the font set elsewhere), or placed by numbers written to more decimals than any other word of its page.',
    what_it_means:
      'The figure was probably written again by an editor or a PDF library, which emits the text it changes in a text object of its own style; a generator draws every figure of a page through one code path.',
    how_detected:
      "Each word was tagged with how the content stream drew it. On a page with at least six amounts and dates, one drawn in a way that draws no word other than a figure anywhere in the document was reported; so was a figure placed by numbers of four or more decimals on a page whose twenty or more other words use at least two fewer; unless more than a fifth of the page's figures stood out.",
  }),
  figure_print_mismatch: def({
    title: 'A figure on a scan is printed unlike the figures around it',
    severity: 'medium',
    weight: 0.45,
    check: 'typesetting consistency',
    what_it_is:
      'On a scanned or photographed page, an amount whose digits are taller or shorter than those of the figures in its column and line, or that sits off the baseline of its line.',
    what_it_means: 'The figure was probably typed anew onto the picture by an image editor, at a size or position that does not match the print it replaced.',
    how_detected:
      'The ink band of every word OCR read (the rows from its baseline to the top of its letters or digits) was measured on the page image, and each amount compared with the amounts of its column and line and with the baseline of its line.',
  }),
  invisible_text: def({
    title: 'Invisible text outside an OCR layer',
    severity: 'medium',
    weight: 0.25,
    check: 'overlay/script scan',
    what_it_is: 'Text drawn in invisible mode on a page that is not a scanned image.',
    what_it_means: 'Hidden text changes what search and extraction read without changing what people see.',
    how_detected: 'Text render mode 3 was tracked on pages that draw no page-covering image.',
  }),
  text_outside_crop_box: def({
    title: 'Text outside the visible page',
    severity: 'low',
    weight: 0.1,
    check: 'overlay/script scan',
    what_it_is: 'Text is placed outside the crop box, where viewers do not show it.',
    what_it_means: 'Hidden content, or content pushed off the page by an edit.',
    how_detected: 'Glyph positions were compared with the crop box.',
  }),
  // signatures
  signature_invalid: def({
    title: 'Digital signature does not verify',
    severity: 'high',
    weight: 0.8,
    check: 'signature integrity',
    conclusive: true,
    what_it_is: 'A signature whose cryptographic check fails over the bytes it covers.',
    what_it_means: 'The signed bytes were altered after signing.',
    how_detected: "The CMS signature was verified over the signature's /ByteRange.",
  }),
  modified_after_signing: def({
    title: 'Content changed after signing',
    severity: 'high',
    weight: 0.75,
    check: 'signature integrity',
    conclusive: true,
    what_it_is: 'A save after a signature changed page content.',
    what_it_means: 'The document shown is not the document that was signed.',
    how_detected: "Revisions after the signature's byte range were analysed for content changes.",
  }),
  signature_byte_range_invalid: def({
    title: 'Signature does not cover its revision',
    severity: 'high',
    weight: 0.5,
    check: 'signature integrity',
    what_it_is: "A signature's /ByteRange leaves bytes of its own revision uncovered, other than its contents.",
    what_it_means: 'Bytes inside the signed revision can be changed without breaking the signature.',
    how_detected: "The /ByteRange was compared with the revision's byte span.",
  }),
  signature_present: def({
    title: 'Digitally signed',
    severity: 'low',
    weight: 0,
    check: 'signature integrity',
    benign: true,
    what_it_is: 'The document carries a digital signature.',
    what_it_means: 'No certificate chain is trusted by default; the signature proves integrity, not identity.',
    how_detected: 'Signature fields with a /Sig value were found.',
  }),
  // arithmetic
  running_balance_mismatch: def({
    title: 'Running balance does not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is: "A row's balance differs from the previous balance plus that row's transaction.",
    what_it_means: 'A figure was changed and the balances around it were not: the statement contradicts itself.',
    how_detected: 'Statement rows were rebuilt from positioned text, amounts read exactly, and every balance recomputed with decimal arithmetic.',
  }),
  statement_balance_mismatch: def({
    title: 'Opening or closing balance contradicts the transactions',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is: 'The stated closing balance (or a balance carried to the next page) differs from the balance the transactions lead to.',
    what_it_means: 'A total was edited, or transactions were added or removed, without the rest following.',
    how_detected:
      'Opening, carried and closing balance lines were compared with the running balance of the transaction rows, and the account summary (a line per kind of movement, or cells across the page) recomputed from its opening balance.',
  }),
  statement_totals_mismatch: def({
    title: 'Statement totals do not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is:
      'A stated total of deposits or withdrawals differs from the sum of the rows it totals, or opening balance plus deposits less withdrawals differs from the closing balance.',
    what_it_means: 'A transaction or a total was changed without the figures that depend on it.',
    how_detected:
      'Transactions were assigned to deposits or withdrawals by their column header, sign or balance movement, summed with decimal arithmetic and compared with the stated totals (a list without a running balance only when it sums to more than its total).',
  }),
  tax_form_lines_mismatch: def({
    title: 'Tax form lines do not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is: 'A line whose label says how it is computed ("Add lines 12 and 13", "Subtract line 10 from line 9") differs from that sum or difference.',
    what_it_means: 'An amount of the return was changed without the totals that depend on it.',
    how_detected: 'Line numbers were paired with the amounts printed after them and the instructions of the labels recomputed with decimal arithmetic.',
  }),
  paystub_totals_mismatch: def({
    title: 'Pay stub figures do not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is:
      'Net pay differs from gross pay less deductions, gross pay or total deductions from the sum of their lines (this period or year to date), or a year-to-date figure is below the current one.',
    what_it_means: 'A figure of the pay stub was changed without the figures that depend on it.',
    how_detected: 'Labelled totals, right-aligned columns and summaries across the page of the pay stub were recomputed with decimal arithmetic.',
  }),
  paystub_dates_inconsistent: def({
    title: 'Pay stub dates contradict each other or its year-to-date figures',
    severity: 'medium',
    weight: 0.45,
    check: 'arithmetic consistency',
    what_it_is:
      'The pay period ends before it starts or lasts longer or shorter than the printed pay frequency, the pay date is outside its period, or the year-to-date figures hold far more pay periods than the pay date allows.',
    what_it_means:
      'The dates were probably changed: a stub re-dated into another period (often last year’s stub passed off as recent) keeps year-to-date totals its new date cannot have.',
    how_detected:
      'The pay period, pay date and pay frequency were read after their labels; the year-to-date figures were divided by this period’s and compared with the most pay dates the schedule can have had by the pay date, with room for partial periods.',
  }),
  paystub_ytd_departure: def({
    title: 'A pay stub line departs from the identical pay periods its other lines record',
    severity: 'low',
    weight: 0.25,
    check: 'arithmetic consistency',
    what_it_is:
      'Gross pay and at least three other lines print a year to date of exactly n times this period’s figure, to the cent, but a deduction or earnings line does not — and no deduction begun k periods ago or changed this very period explains it.',
    what_it_means:
      'The current figure was probably changed while its year to date was kept (a tax lowered, with total deductions and net pay moved to keep every sum), or the withholding changed at an earlier period this year (a new W-4): alone it is not proof, with another signal it adds up.',
    how_detected:
      'Every row whose last two figures sit in the columns of gross pay, total deductions, total taxes or net pay was read as a current figure and its year to date; the periods gross pay holds were counted, and each line compared with that many periods of its current figure.',
  }),
  paystub_ytd_other_figure: def({
    title: 'A pay stub line’s year to date is identical periods of another figure',
    severity: 'low',
    weight: 0.35,
    check: 'arithmetic consistency',
    what_it_is:
      'Gross pay and at least three other lines print a year to date of exactly n times this period’s figure (n ≥ 4), and a deduction or earnings line prints a year to date of exactly n times another figure: n identical periods that leave no room for this period’s.',
    what_it_means:
      'The current figure was probably changed after the year to date was printed (a tax lowered, with total deductions and net pay moved to keep every sum). A withholding changed at an earlier period this year lands on such a multiple too, about one time in eight (one in four when the change is a round amount): alone it leaves a stub CLEAN; with another signal it adds up sooner than a plain departure.',
    how_detected:
      'As for a year-to-date departure (the periods gross pay holds, each line compared with that many periods of its current figure); a departing line whose year to date divides into exactly that many periods, to the cent, is reported apart.',
  }),
  paystub_withholding_periods_mismatch: def({
    title: 'Income tax withheld the same every period, gross pay not',
    severity: 'medium',
    weight: 0.5,
    check: 'arithmetic consistency',
    what_it_is:
      'A pay stub’s federal or state income tax year to date is exactly n times this period’s (n ≥ 3: the same withholding every period), but gross pay’s year to date is not n times this period’s gross pay, by more than a withholding table’s wage bracket a period.',
    what_it_means:
      'Income tax is withheld from each period’s wages: the same tax every period means the same wages. Gross pay was probably raised this period (with social security and Medicare computed again) while the income taxes and the year to date were left as they were. A fixed-dollar withholding election is the genuine exception.',
    how_detected:
      'Income tax lines (federal, state, withholding; not social security, Medicare or local taxes) whose year to date divides into this period’s figure three or more times, to the cent; gross pay’s year to date compared with that many periods of this period’s, allowing the larger of $80 and 2% of gross pay a period.',
  }),
  bill_totals_mismatch: def({
    title: 'Bill totals do not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is:
      'Line items do not sum to the subtotal or the charges total, subtotal plus taxes, fees and other lines differs from the total, or the amount due differs from the previous balance less payments plus new charges.',
    what_it_means: 'An amount of the bill or invoice was changed without its totals.',
    how_detected:
      'Line items, subtotal, taxes, fees, the account summary (in a column or across the page) and the total were recomputed with decimal arithmetic.',
  }),
  table_total_mismatch: def({
    title: 'A table total does not add up',
    severity: 'high',
    weight: 0.65,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is:
      'A row labelled as a total does not equal the sum of the figures above it in its column, however the table is read (all items, without subtotals, subtotals alone, its last section).',
    what_it_means: 'A figure of the table, or its total, was changed without the other.',
    how_detected: 'The figures right-aligned with the total, from the table header or the previous total down, were summed with decimal arithmetic.',
  }),
  payroll_tax_mismatch: def({
    title: 'Payroll tax does not follow from the wages',
    severity: 'high',
    weight: 0.6,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is:
      'A wage statement’s social security or Medicare tax withheld is not the statutory rate of the wages printed beside it, or a pay stub’s Medicare tax is below 1.45% of its gross pay less every deduction.',
    what_it_means: 'The wages were changed without the taxes withheld from them (or the other way round).',
    how_detected:
      'Box 4 was compared with 6.2% of box 3 and box 6 with 1.45% of box 5 (0.9% more over $200,000), allowing $1.00 or 0.1% for per-paycheck rounding; on a pay stub, Medicare tax with 1.45% of gross pay less its total deductions and taxes (a cent allowed a period).',
  }),
  stated_pay_inconsistent: def({
    title: 'Pay stated for two periods does not agree',
    severity: 'high',
    weight: 0.6,
    check: 'arithmetic consistency',
    conclusive: true,
    what_it_is: 'The document states the same pay for two periods (a year and a pay period, say), and the two differ once brought to a year.',
    what_it_means: 'One of the figures was changed without the other: typically the annual salary of a letter raised and its per-period pay left.',
    how_detected:
      'Each pay figure was paired with the period word nearest it on its line and multiplied by that period’s count a year (52, 26, 24, 12), with 1% allowed for rounding.',
  }),
  // structure
  structure_recovered: def({
    title: 'File structure had to be repaired',
    severity: 'low',
    weight: 0.1,
    check: 'file structure',
    what_it_is: "The file's cross-reference data was broken and was rebuilt by scanning.",
    what_it_means: 'Careless tools and deliberate edits both leave broken offsets.',
    how_detected: 'Cross-reference offsets did not point at their objects.',
  }),
  data_after_end_of_file: def({
    title: 'Data after the end of the file',
    severity: 'low',
    weight: 0.1,
    check: 'file structure',
    what_it_is: 'Bytes follow the last end-of-file marker.',
    what_it_means: 'An incomplete update, or data appended by another tool.',
    how_detected: 'Bytes after the last %%EOF were counted (whitespace ignored).',
  }),
  encrypted_with_owner_password: def({
    title: 'Encrypted with an owner password',
    severity: 'low',
    weight: 0.02,
    check: 'file structure',
    benign: true,
    what_it_is: 'The file is encrypted and opens without a password.',
    what_it_means: 'Common for issued documents; permissions do not prevent editing.',
    how_detected: 'The standard security handler authenticated with the empty user password.',
  }),
  // image documents (PNG/JPEG uploads)
  image_editing_software: def({
    title: 'Image saved by editing software',
    severity: 'medium',
    weight: 0.45,
    check: 'image metadata',
    what_it_is: 'The EXIF, XMP, IPTC or PNG text fields name an image editor (Photoshop, GIMP, Canva, Photopea, Pixlr and others).',
    what_it_means: 'A photo or scan of a document went through an editor before upload; cropping does this too, so the pixels deserve a closer look.',
    how_detected: 'Software, CreatorTool, XMP history agents, comments and PNG text chunks were matched against known image editors.',
  }),
  image_edit_history: def({
    title: 'Image edit history recorded',
    severity: 'medium',
    weight: 0.45,
    check: 'image metadata',
    what_it_is: "The image's XMP records editing steps (saved, derived or converted by an application).",
    what_it_means: 'The file is not as the camera or scanner wrote it; an application changed and re-saved it.',
    how_detected: 'xmpMM:History events and photoshop:History entries were read from the XMP packet.',
  }),
  image_modified_after_capture: def({
    title: 'Image changed after it was taken',
    severity: 'low',
    weight: 0.15,
    check: 'image metadata',
    what_it_is: "EXIF's modification date is later than the date the picture was taken.",
    what_it_means: 'Software re-saved the picture after capture; rotation apps do this too, editors always do.',
    how_detected: 'EXIF DateTime was compared with DateTimeOriginal (more than a minute apart).',
  }),
  exif_thumbnail_mismatch: def({
    title: 'EXIF thumbnail shows a different picture',
    severity: 'high',
    weight: 0.6,
    check: 'image metadata',
    what_it_is: 'The preview thumbnail stored in EXIF does not match the image itself.',
    what_it_means: 'The image was changed by software that left the original thumbnail behind; the thumbnail may show the original.',
    how_detected: 'The embedded thumbnail was decoded and correlated with the image reduced to the same size.',
  }),
  camera_data_missing: def({
    title: 'Camera data missing from a camera photo',
    severity: 'low',
    weight: 0.1,
    check: 'image metadata',
    what_it_is: 'The file is named or described like a camera photo, but carries no camera make, model or exposure data.',
    what_it_means: 'Cameras and phones write these fields; editors, screenshots and messaging apps strip them.',
    how_detected: 'The file name and EXIF were compared: a camera-style name or make without model, date or exposure fields.',
  }),
  jpeg_software_reencoded: def({
    title: 'Camera photo re-encoded by software',
    severity: 'low',
    weight: 0.15,
    check: 'JPEG structure',
    what_it_is: 'The JPEG says it comes from a camera, but its quantisation tables are the standard libjpeg tables software writes.',
    what_it_means: 'The picture was decoded and saved again by a program after the camera wrote it.',
    how_detected: 'The quantisation tables were compared with the IJG standard tables at every quality.',
  }),
  jpeg_double_compressed: def({
    title: 'JPEG compressed more than once',
    severity: 'low',
    weight: 0.1,
    check: 'JPEG structure',
    what_it_is: 'The DCT coefficient histograms show the periodic gaps or peaks of two successive JPEG compressions.',
    what_it_means: 'The image was opened and saved again as JPEG; editing does this, and so do some messaging apps.',
    how_detected:
      "Histograms of low-frequency DCT coefficients on the file's 8x8 grid, in units of its quantisation steps, were compared with the same histograms on a grid shifted by four pixels (a calibration that shows one compression).",
  }),
  jpeg_first_compression_missing: def({
    title: 'Area missing from the first JPEG compression',
    severity: 'high',
    weight: 0.55,
    check: 'JPEG structure',
    what_it_is: 'The image was saved as JPEG twice, and one area does not carry the traces of the first save that the rest of the image carries.',
    what_it_means: 'That area was pasted in or drawn between the two saves, as when an amount is replaced.',
    how_detected:
      "Each 8x8 block was quantised again at the image's first quality (found as the quality at which the page barely changes) and its error level, relative to its contrast, compared with the page.",
  }),
  noise_inconsistency: def({
    title: "Region without the camera's noise",
    severity: 'high',
    weight: 0.55,
    check: 'pixel consistency',
    what_it_is: 'Part of the image has far less sensor noise than the rest of the page.',
    what_it_means: 'That part was drawn or pasted in after capture, such as a retyped amount on a filled box.',
    how_detected: 'A high-pass residual (SRM filter) gave a noise level per 64-pixel cell from its flattest blocks, compared with the page median.',
  }),
  print_sharper_than_capture: def({
    title: 'Text crisper than the rest of the capture',
    severity: 'high',
    weight: 0.55,
    check: 'pixel consistency',
    what_it_is: 'Part of the print has much sharper edges than the rest of the photo or scan.',
    what_it_means: 'A camera or scanner blurs everything alike; text typed onto the image afterwards keeps crisp edges, as when an amount is retyped.',
    how_detected: 'For each 8x8 block of print, the steepest step between neighbouring pixels was divided by the block contrast and compared with the page.',
  }),
  copy_move_detected: def({
    title: 'Area copied within the image',
    severity: 'high',
    weight: 0.8,
    check: 'copy-move search',
    conclusive: true,
    what_it_is: 'Blocks of pixels repeat exactly, at one consistent shift, in two places of the image.',
    what_it_means: 'Something (often a digit or a signature) was copied from one place and pasted over another; both places are marked.',
    how_detected: 'Every textured 16-pixel block was described, sorted so similar blocks meet, and verified pixel by pixel; pairs were grouped by shift.',
  }),
  genai_synthetic_region: def({
    title: 'Region likely generated or inpainted',
    severity: 'medium',
    weight: 0.45,
    check: 'GenAI heatmap',
    what_it_is: 'The docforge patch model scores part of the image as likely synthetic.',
    what_it_means: 'That area may have been regenerated by an image model; the model is a baseline and can be wrong.',
    how_detected: 'Residual spectra and neighbour statistics of each patch were scored by a small ONNX model trained on data the repository makes.',
  }),
} as const satisfies Record<string, IndicatorDefinition>;

/** Every indicator code. */
export type IndicatorCode = keyof typeof INDICATORS;

/** Every check, in report order. */
export const CHECKS: readonly CheckName[] = [
  'revision history',
  'touch-up scan',
  'producer-pipeline match',
  'font-embedding consistency',
  'overlay/script scan',
  'timestamp consistency',
  'signature integrity',
  'file structure',
  'arithmetic consistency',
  'image metadata',
  'JPEG structure',
  'pixel consistency',
  'copy-move search',
  'GenAI heatmap',
];
