// Reads each page of one revision once with the core interpreter — its text items and its paint
// events (text runs, fills, images, in paint order) — and keeps the result for every consumer:
// the revision diffs, the cover-up and invisible-text checks, the annotation-overlay check.
import { TextInterpreter, type PaintEvent } from '../pdf/content/text-interpreter.js';
import type { PageNode } from '../pdf/pages.js';
import type { ObjectView, PdfFile } from '../pdf/pdf-file.js';
import type { PageText } from '../platform.js';

/** One page as the interpreter read it. */
export interface PageRead {
  text: PageText;
  paint: PaintEvent[];
}

/** Page reads of one revision, made on demand and cached. */
export class PageReader {
  private readonly interpreter: TextInterpreter;
  private readonly cache = new Map<number, PageRead | null>();
  /** Why each page the interpreter declined was declined. */
  readonly declined = new Map<number, string>();

  constructor(file: PdfFile, readonly view: ObjectView) {
    this.interpreter = new TextInterpreter(file, view);
  }

  /** The page's text and paint, or null when the interpreter cannot read it with certainty. */
  read(page: PageNode): PageRead | null {
    let hit = this.cache.get(page.number);
    if (hit !== undefined) return hit;
    const paint: PaintEvent[] = [];
    try {
      hit = { text: this.interpreter.pageText(page, paint), paint };
    } catch (error) {
      hit = null; // unsupported fonts, damaged content or a bound: other readers take over
      this.declined.set(page.number, error instanceof Error ? error.message : String(error));
    }
    this.cache.set(page.number, hit);
    return hit;
  }
}
