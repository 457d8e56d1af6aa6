// The indicators of the overlay/script scan: active content (scripts, launch and automatic
// actions) and what hides or replaces text (covering annotations, light boxes, text over text,
// invisible text, text outside the visible area).
import { type FindingOf, indicator } from '../../../check.js';
import copy from './copy.json' with { type: 'json' };

/** Text runs as a finding quotes them: trimmed, joined, at most 60 characters. */
const quote = (texts: readonly string[]): string => `"${texts.join(' ').slice(0, 60)}"`;

/** The indicators of the overlay/script scan. */
export const indicators = {
  javascript_present: indicator(copy.javascript_present, 'active', () => 'The document contains JavaScript.'),
  launch_action: indicator(copy.launch_action, 'active', () => 'The document contains an action that launches a file or program.'),
  auto_action: indicator<{ actions: string[] }>(copy.auto_action, 'active', (f) => `Opening the document runs ${f.actions.join(', ')} action(s).`),
  annotation_covers_text: indicator<{ page: number; annotation: string; text: string }>(
    copy.annotation_covers_text,
    'content',
    (f) => `A ${f.annotation} annotation on page ${f.page} lies over the text "${f.text}".`,
  ),
  white_box_over_text: indicator<{ page: number; hidden: string[]; onTop: string[] }>(
    copy.white_box_over_text,
    'content',
    (f) => `Page ${f.page}: a light box is painted over ${quote(f.hidden)}${f.onTop.length ? ` and ${quote(f.onTop)} is drawn on top` : ''}.`,
  ),
  text_over_text: indicator<{ page: number; text: string; over: string }>(
    copy.text_over_text,
    'content',
    (f) => `Page ${f.page}: ${quote([f.text])} is drawn over ${quote([f.over])}.`,
  ),
  invisible_text: indicator<{ page: number; sample: string[] }>(
    copy.invisible_text,
    'structure',
    (f) => `Page ${f.page} draws invisible text over no image${f.sample.length ? `, such as ${quote(f.sample)}` : ''}.`,
  ),
  text_outside_crop_box: indicator<{ page: number; runs: number; sample: string[] }>(
    copy.text_outside_crop_box,
    'structure',
    (f) => `Page ${f.page} places ${f.runs} text run(s) outside its visible area, such as ${quote(f.sample)}.`,
  ),
};

/** A finding of the overlay/script scan. */
export type OverlayFinding = FindingOf<typeof indicators>;
