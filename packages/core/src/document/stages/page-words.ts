// Stage 3 of a PDF scan, words: the words of each page for the arithmetic checks and the
// document's class — the interpreter's visible words, else an invisible OCR layer over a page
// image (that page's text, as OCR produced it), else the platform's OCR of image-only pages of a
// scan (when it has one) — and the text lines of the first pages, from which the category and the
// printed issue date are read.

import type { PageReader } from '../../pdf/page-reader.js';
import type { PageNode } from '../../pdf/pages.js';
import type { TextItem } from '../../platform.js';
import type { Category } from '../../spec/document.js';
import { intoReadingFrame, readingTurn, type Turn } from '../../tables/reading-frame.js';
import { buildRows, hiddenWords, visibleWords, type Word } from '../../tables/rows.js';
import { classifyText, issueDate } from '../classify.js';
import { ocrPdfPages } from '../ocr-words.js';
import type { ScanContext } from '../scan-context.js';
import type { PdfFacts, PdfRead } from './read-pdf.js';

/** The words of the pages, and what they say the document is. */
export interface PageWords {
  /** Pages that draw images and no visible text. */
  imageOnly: PageNode[];
  /** The words of a page, in the reading frame of its text (`readingTurn`). */
  words(page: PageNode): Word[] | undefined;
  /** The turn the page's text runs in, whose reading frame its words are in (0 for most pages). */
  readingTurn(page: number): Turn;
  /** True when the page's words come from OCR (its own layer or the platform's). */
  fromOcr(page: number): boolean;
  /** The document class from the first pages' text; undefined when no text was read. */
  category: Category | undefined;
  /** The printed issue date, ISO; undefined when not found. */
  issueDate: string | undefined;
}

/** Reads the words of every page the checks may ask for, running OCR only where a scan needs it. */
export async function readPageWords(scan: ScanContext, { pages, reader }: PdfRead, { capture }: PdfFacts): Promise<PageWords> {
  const { platform, bytes } = scan;
  const imageOnly = pages.filter((p) => {
    const paint = reader.read(p)?.paint;
    return paint?.some((e) => e.kind === 'image') && !paint.some((e) => e.kind === 'text' && e.visible);
  });
  const needsOcr = imageOnly.filter((p) => hiddenWords(reader.read(p)?.paint ?? [], p.number).length === 0);
  const ocrWords =
    platform.ocr && platform.raster && capture === 'scan' && needsOcr.length > 0
      ? await ocrPdfPages(bytes, needsOcr, platform.raster, platform.ocr, platform.images)
      : new Map<number, Word[]>();
  const layerWords = new Map<number, Word[]>();
  for (const page of imageOnly) {
    const layer = hiddenWords(reader.read(page)?.paint ?? [], page.number);
    if (layer.length > 0) layerWords.set(page.number, layer);
  }
  // a page whose text runs turned is read as it runs: a landscape page drawn under /Rotate (its own
  // text, or its OCR layer, by the turn most of it runs in), and a page OCR read as it is shown
  // (upright once turned by its /Rotate: its text runs the page's turn)
  const turns = new Map<number, Turn>();
  const turnOf = (page: PageNode): Turn => {
    let turn = turns.get(page.number);
    if (turn === undefined) {
      const paint = reader.read(page)?.paint ?? [];
      turn = paint.some((e) => e.kind === 'text' && e.visible)
        ? readingTurn(paint)
        : layerWords.has(page.number)
          ? readingTurn(paint, { hidden: true })
          : ocrWords.has(page.number)
            ? ((((page.rotate % 360) + 360) % 360) as Turn)
            : 0;
      turns.set(page.number, turn);
    }
    return turn;
  };
  const words = (page: PageNode): Word[] | undefined => {
    const read = reader.read(page);
    const own = read ? visibleWords(read.paint, page.number) : undefined;
    const found = own && own.length > 0 ? own : (layerWords.get(page.number) ?? ocrWords.get(page.number) ?? own);
    const turn = found ? turnOf(page) : 0;
    // a word's ink band is measured along user space's y: in a turned frame it says nothing
    return turn ? found!.map(({ ink: _, ...w }) => intoReadingFrame(w, turn, page.cropBox)) : found;
  };
  const lines =
    ocrWords.size > 0 || layerWords.size > 0
      ? pages.slice(0, 3).flatMap((p) => buildRows(words(p) ?? []).map((r) => r.text))
      : await leadingText(scan, pages.slice(0, 3), reader);
  return {
    imageOnly,
    words,
    readingTurn: (number) => {
      const page = pages.find((p) => p.number === number);
      return page ? turnOf(page) : 0;
    },
    fromOcr: (page) => ocrWords.has(page) || layerWords.has(page),
    category: lines.length > 0 ? classifyText(lines.join('\n')) : undefined,
    issueDate: issueDate(lines),
  };
}

/**
 * The text lines of the first pages: the core interpreter's reads, and the `PdfText` port for the
 * pages it declines (a port failure leaves those pages out).
 */
async function leadingText(scan: ScanContext, pages: PageNode[], reader: PageReader): Promise<string[]> {
  const items: { page: number; items: TextItem[] }[] = [];
  const unread: PageNode[] = [];
  for (const page of pages) {
    const read = reader.read(page);
    if (read) items.push({ page: page.number, items: read.text.items });
    else unread.push(page);
  }
  const declined = unread.length > 0 ? reader.portMayRead(unread) : [];
  if (declined.length > 0) {
    try {
      for (const t of await scan.platform.pdf.extract(scan.bytes, declined)) items.push({ page: t.page, items: t.items });
    } catch {
      // unreadable by the port too: those pages give no text
    }
  }
  items.sort((a, b) => a.page - b.page);
  const lines: string[] = [];
  for (const { page, items: list } of items) {
    const words: Word[] = list
      .filter((i) => i.str.trim())
      .map((i) => ({ text: i.str.trim(), page, x0: i.x, y0: i.y, x1: i.x + i.width, y1: i.y + (i.height || 10) }));
    for (const row of buildRows(words)) lines.push(row.text);
  }
  return lines;
}
