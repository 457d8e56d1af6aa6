// The indicators of the overlay/script scan: active content (scripts, launch and automatic
// actions) and what hides or replaces text (covering annotations, light boxes, text over text,
// invisible text, text outside the visible area).
import { type FindingOf, indicator } from '../../../check.js';

/** Text runs as a finding quotes them: trimmed, joined, at most 60 characters. */
const quote = (texts: readonly string[]): string => `"${texts.join(' ').slice(0, 60)}"`;

/** The indicators of the overlay/script scan. */
export const indicators = {
  javascript_present: indicator({
    title: 'JavaScript in the document',
    severity: 'medium',
    evidence: 'active',
    what_it_is: 'The document contains JavaScript.',
    what_it_means: 'Statements and pay stubs do not need scripts; scripts can change what a viewer shows.',
    how_detected: 'JavaScript actions and name-tree entries were searched in the catalog, pages, annotations and fields.',
    summary: () => 'The document contains JavaScript.',
  }),
  launch_action: indicator({
    title: 'Action that launches a program',
    severity: 'high',
    evidence: 'active',
    what_it_is: 'An action that opens another file or program.',
    what_it_means: 'Unusual and dangerous in a loan document.',
    how_detected: 'Launch actions were searched in open actions, additional actions and annotations.',
    summary: () => 'The document contains an action that launches a file or program.',
  }),
  auto_action: indicator<{ actions: string[] }>({
    title: 'Action runs when the document opens',
    severity: 'low',
    evidence: 'active',
    what_it_is: 'An open or additional action that runs a script, submits a form or opens a link automatically.',
    what_it_means: 'The document does something on its own when viewed.',
    how_detected: 'The catalog /OpenAction and /AA, and page /AA, were read.',
    summary: (f) => `Opening the document runs ${f.actions.join(', ')} action(s).`,
  }),
  annotation_covers_text: indicator<{ page: number; annotation: string; text: string }>({
    title: 'Annotation covers text',
    severity: 'medium',
    evidence: 'content',
    what_it_is: 'An annotation (text box, shape, stamp or field) lies on top of page text.',
    what_it_means: 'An overlay can hide the original figures and show others in their place.',
    how_detected: 'Rectangles of FreeText, Square, Stamp and Widget annotations were intersected with the page text.',
    summary: (f) => `A ${f.annotation} annotation on page ${f.page} lies over the text "${f.text}".`,
  }),
  white_box_over_text: indicator<{ page: number; hidden: string[]; onTop: string[] }>({
    title: 'Filled shape drawn over text',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'An opaque light shape is drawn on top of text that was drawn before it.',
    what_it_means: 'The classic cover-up: the original text is still there, hidden under a box, often with new text on top.',
    how_detected: 'Filled rectangles and their colours were tracked through the content stream and intersected with earlier text.',
    summary: (f) => `Page ${f.page}: a light box is painted over ${quote(f.hidden)}${f.onTop.length ? ` and ${quote(f.onTop)} is drawn on top` : ''}.`,
  }),
  text_over_text: indicator<{ page: number; text: string; over: string }>({
    title: 'Text drawn on top of other text',
    severity: 'medium',
    evidence: 'content',
    what_it_is: 'Two different strings are drawn at the same place.',
    what_it_means: 'New text was placed over old text, usually with a cover between them.',
    how_detected: 'Glyph boxes of different text runs were intersected.',
    summary: (f) => `Page ${f.page}: ${quote([f.text])} is drawn over ${quote([f.over])}.`,
  }),
  invisible_text: indicator<{ page: number; sample: string[] }>({
    title: 'Invisible text outside an OCR layer',
    severity: 'medium',
    evidence: 'structure',
    what_it_is: 'Text drawn in invisible mode on a page that is not a scanned image.',
    what_it_means: 'Hidden text changes what search and extraction read without changing what people see.',
    how_detected: 'Text render mode 3 was tracked on pages that draw no page-covering image.',
    summary: (f) => `Page ${f.page} draws invisible text over no image${f.sample.length ? `, such as ${quote(f.sample)}` : ''}.`,
  }),
  text_outside_crop_box: indicator<{ page: number; runs: number; sample: string[] }>({
    title: 'Text outside the visible page',
    severity: 'low',
    evidence: 'structure',
    what_it_is: 'Text is placed outside the crop box, where viewers do not show it.',
    what_it_means: 'Hidden content, or content pushed off the page by an edit.',
    how_detected: 'Glyph positions were compared with the crop box.',
    summary: (f) => `Page ${f.page} places ${f.runs} text run(s) outside its visible area, such as ${quote(f.sample)}.`,
  }),
};

/** A finding of the overlay/script scan. */
export type OverlayFinding = FindingOf<typeof indicators>;
