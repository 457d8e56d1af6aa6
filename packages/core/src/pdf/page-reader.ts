// Reads each page of one revision once with the core interpreter — its text items and its paint
// events (text runs, fills, images, in paint order) — and keeps the result for every consumer:
// the revision diffs, the cover-up and invisible-text checks, the annotation-overlay check.

import { defined } from '../defined.js';
import { LimitExceededError } from '../errors.js';
import type { PageText } from '../platform.js';
import { type DeclineKind, type PaintEvent, TextInterpreter, UnsupportedText } from './content/text-interpreter.js';
import type { PageNode } from './pages.js';
import type { ObjectView, PdfFile } from './pdf-file.js';
import { preflightPage } from './port-preflight.js';

/** One page as the interpreter read it. */
export interface PageRead {
  text: PageText;
  paint: PaintEvent[];
}

/**
 * Why the interpreter declined a page: its typed reason, `budget` when the page passed one of the
 * document's bounds (decoded bytes, work), or `failed` for any other error (damage).
 */
export interface Decline {
  kind: DeclineKind | 'budget' | 'failed';
  /** The font resource name, when the decline is about one. */
  font?: string;
  message: string;
}

/** Page reads of one revision, made on demand and cached. */
export class PageReader {
  private readonly interpreter: TextInterpreter;
  private readonly file: PdfFile;
  private readonly cache = new Map<number, PageRead | null>();
  /** Why each page the interpreter declined was declined. */
  readonly declined = new Map<number, Decline>();

  constructor(
    file: PdfFile,
    readonly view: ObjectView,
  ) {
    this.file = file;
    this.interpreter = new TextInterpreter(file, view);
  }

  /**
   * Which of `pages` the `PdfText` port may be handed: pdf.js bounds neither decoded bytes nor
   * work, so a page declined for a bound, or whose streams pass the document's budget when
   * decoded here first, is not; nor is any page once the document passed a bound.
   */
  portMayRead(pages: readonly PageNode[]): number[] {
    return pages
      .filter((page) => {
        if (this.passedBound()) return false;
        const exceeded = preflightPage(this.file, this.view, page);
        if (exceeded) this.declined.set(page.number, { kind: 'budget', message: exceeded.message });
        return !exceeded;
      })
      .map((page) => page.number);
  }

  /** The first bound a read passed (the document's decoding budget, its work or its operations), in words. */
  passedBound(): string | undefined {
    if (this.file.budget.exceeded) return this.file.budget.exceeded.message;
    for (const decline of this.declined.values()) if (BOUND_KINDS.has(decline.kind)) return decline.message;
    return undefined;
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
      this.declined.set(page.number, declineOf(error));
    }
    this.cache.set(page.number, hit);
    return hit;
  }
}

/** Declines that are a bound passed, not a page the port could read better. */
const BOUND_KINDS = new Set<Decline['kind']>(['budget', 'content_too_long']);

function declineOf(error: unknown): Decline {
  if (error instanceof LimitExceededError) return { kind: 'budget', message: error.message };
  if (error instanceof UnsupportedText) return { kind: error.kind, message: error.message, ...defined({ font: error.font }) };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
