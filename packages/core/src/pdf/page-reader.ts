// Reads each page of one revision once with the core interpreter — its text items and its paint
// events (text runs, fills, images, in paint order) — and keeps the result for every consumer:
// the revision diffs, the cover-up and invisible-text checks, the annotation-overlay check.

import { defined } from '../defined.js';
import type { PageText } from '../platform.js';
import { type DeclineKind, type PaintEvent, TextInterpreter, UnsupportedText } from './content/text-interpreter.js';
import type { PageNode } from './pages.js';
import type { ObjectView, PdfFile } from './pdf-file.js';

/** One page as the interpreter read it. */
export interface PageRead {
  text: PageText;
  paint: PaintEvent[];
}

/** Why the interpreter declined a page: its typed reason, or `failed` for any other error (a parse bound, damage). */
export interface Decline {
  kind: DeclineKind | 'failed';
  /** The font resource name, when the decline is about one. */
  font?: string;
  message: string;
}

/** Page reads of one revision, made on demand and cached. */
export class PageReader {
  private readonly interpreter: TextInterpreter;
  private readonly cache = new Map<number, PageRead | null>();
  /** Why each page the interpreter declined was declined. */
  readonly declined = new Map<number, Decline>();

  constructor(
    file: PdfFile,
    readonly view: ObjectView,
  ) {
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
      this.declined.set(page.number, declineOf(error));
    }
    this.cache.set(page.number, hit);
    return hit;
  }
}

function declineOf(error: unknown): Decline {
  if (error instanceof UnsupportedText) return { kind: error.kind, message: error.message, ...defined({ font: error.font }) };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
