// Cover-ups drawn into page content: an opaque light shape painted over text drawn before it (the
// white box, often with new text on top; a fill clipped away from the text, or painted through
// glyphs used as a clip, hides nothing), different text drawn in the place of text (same line,
// same size, each covering most of the other; a layout's collisions are not), text placed outside the
// crop box, and invisible text that lies over no image (an OCR layer lies over its scan). Reads paint order from the
// core's interpreter (shared page reads); a page it cannot read falls back to a coarse scan for
// invisible text and is not examined for the rest. A page a browser printed in one save (its own
// engine's mark, `readers/file-writer.ts`) paints in the web page's layers — a fixed header or a
// panel over the content beneath it — so a light box over text there is design, not a cover-up.

import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { pageMarks } from '../../../../pdf/pdf-facts.js';
import type { PdfCheckContext } from '../../../contexts.js';
import { pageBox } from '../../../findings.js';
import { browserPrint } from '../../../readers/file-writer.js';
import type { OverlayFinding } from './indicators.js';

type Box = [number, number, number, number];
type TextEvent = Extract<PaintEvent, { kind: 'text' }>;

const LIGHT = 0.85;
const OPAQUE = 0.9;
/** A fill larger than this share of the visible page is a background, not a patch. */
const BACKGROUND_SHARE = 0.5;
const MAX_TEXT_RUNS = 20_000;

const area = (b: Box): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const overlap = (a: Box, b: Box): number => area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
/** Share of `a` that `b` covers. */
const covered = (a: Box, b: Box): number => (area(a) > 0 ? overlap(a, b) / area(a) : 0);
/** The trimmed texts of runs, as a finding quotes them. */
const trimmed = (runs: readonly TextEvent[]): string[] => runs.map((r) => r.text.trim());

/** The letters and digits of a run (what a reader sees as its words). */
const letters = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/**
 * True when `b` is set where `a` was: the same line and size, each covering most of the other — what
 * an editor typing a new figure over the old one leaves. Text that collides in a layout (a long
 * cell running into the next, a caption over a label, two test strings in one place at other sizes)
 * overlaps only in part, on another baseline or at another size.
 */
function overwrites(a: Box, b: Box): boolean {
  const ha = a[3] - a[1];
  const hb = b[3] - b[1];
  if (ha <= 0 || hb <= 0 || Math.abs(ha - hb) > 0.15 * Math.max(ha, hb) || Math.abs(a[1] - b[1]) > 0.15 * Math.max(ha, hb)) return false;
  return covered(a, b) >= 0.8 && covered(b, a) >= 0.8;
}

/** Invisible words (over no image) that make hidden text worth reporting when none carries a figure. */
const HIDDEN_WORDS = 10;

const invisible = (page: number, words: TextEvent[] = []): OverlayFinding => ({
  code: 'invisible_text',
  page,
  sample: trimmed(words.slice(0, 6)),
  boxes: words.slice(0, 10).map((w) => pageBox(page, w.box)),
});

/** Cover-ups drawn into the pages' content. */
export function coverUps(ctx: PdfCheckContext): OverlayFinding[] {
  const findings: OverlayFinding[] = [];
  const layered = browserPrint(ctx) !== undefined;
  for (const page of ctx.pages) {
    const read = ctx.reader.read(page);
    if (!read) {
      const marks = pageMarks(ctx.file, ctx.view, page);
      if (marks.invisibleText && !marks.images) findings.push(invisible(page.number));
      continue;
    }
    const events = read.paint;
    const pageArea = area(page.cropBox);
    // invisible words over an image are an OCR layer; invisible words over nothing are hidden text
    const images = events.filter((e) => e.kind === 'image').map((e) => e.box);
    const hiddenWords = events.filter(
      (e): e is TextEvent => e.kind === 'text' && !e.visible && e.text.trim() !== '' && !images.some((b) => covered(e.box, b) >= 0.5),
    );
    // hidden figures, or a body of hidden text, change what extraction reads; a hidden credit line does not
    if (hiddenWords.some((w) => /\d/.test(w.text)) || hiddenWords.length >= HIDDEN_WORDS) findings.push(invisible(page.number, hiddenWords));
    const texts: { event: TextEvent; index: number }[] = [];
    events.forEach((e, index) => {
      if (e.kind === 'text' && e.visible && e.text.trim() && texts.length < MAX_TEXT_RUNS) texts.push({ event: e, index });
    });
    const hidden = new Set<TextEvent>();
    events.forEach((e, index) => {
      if (layered || e.kind !== 'fill' || e.luminance < LIGHT || e.alpha < OPAQUE) return;
      if (overlap(e.box, page.cropBox) > BACKGROUND_SHARE * pageArea) return;
      const over = texts.filter((t) => t.index > index && covered(t.event.box, e.box) >= 0.5).map((t) => t.event);
      // text painted again on top of the box is not hidden (a background or shading drawn late,
      // then the text redrawn): only text the rendered page no longer shows counts
      const under = texts
        .filter((t) => t.index < index && covered(t.event.box, e.box) >= 0.5)
        .map((t) => t.event)
        .filter((u) => !over.some((o) => letters(o.text) === letters(u.text) && covered(u.box, o.box) >= 0.5));
      if (under.length === 0) return;
      for (const t of under) hidden.add(t);
      findings.push({ code: 'white_box_over_text', page: page.number, hidden: trimmed(under), onTop: trimmed(over), boxes: [pageBox(page.number, e.box)] });
    });
    // different text drawn over earlier text (rows bucketed by height to bound the work)
    const rows = new Map<number, { event: TextEvent; index: number }[]>();
    for (const t of texts) {
      const key = Math.floor(t.event.box[1] / 8);
      for (const k of [key - 1, key, key + 1]) {
        for (const other of rows.get(k) ?? []) {
          const a = other.event;
          const b = t.event;
          // a glyph, an accent or punctuation over a word (kerning, accents, bold by double
          // printing) is typesetting: only a different word over a word is overwriting
          if (hidden.has(a) || letters(a.text).length < 2 || letters(b.text).length < 2 || letters(a.text) === letters(b.text)) continue;
          if (overwrites(a.box, b.box)) {
            hidden.add(a);
            findings.push({ code: 'text_over_text', page: page.number, text: b.text.trim(), over: a.text.trim(), boxes: [pageBox(page.number, b.box)] });
          }
        }
      }
      let row = rows.get(key);
      if (!row) {
        row = [];
        rows.set(key, row);
      }
      row.push(t);
    }
    const crop: Box = page.cropBox;
    const outside = texts.filter((t) => overlap(t.event.box, crop) === 0);
    if (outside.length > 0) {
      findings.push({ code: 'text_outside_crop_box', page: page.number, runs: outside.length, sample: trimmed(outside.slice(0, 3).map((t) => t.event)) });
    }
  }
  return findings;
}
