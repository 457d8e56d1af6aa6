// Words of pages the interpreter cannot read (image-only pages) and of photo uploads, from the OCR
// port: image-only pages are rendered through the raster port (at most 20 per document, as the
// spec's limit says) and each OCR word is mapped back into PDF user space by inverting the
// render transform, so findings on scans carry regions like any other. Words of a slightly
// rotated image are levelled first (`deskew.ts`).
import type { PageNode } from '../pdf/pages.js';
import type { Ocr, OcrWord, Rasterizer } from '../platform.js';
import { imageSize } from '../containers/image-container.js';
import { deskewWords } from './deskew.js';
import type { Word } from '../tables/rows.js';

/** Most image-only pages read by OCR in one document. */
export const MAX_OCR_PAGES = 20;
/** Resolution image-only pages are rendered at for OCR. */
export const OCR_DPI = 200;
/** Smallest image side worth reading, in pixels. */
const MIN_OCR_SIDE = 16;
/** Largest image OCR is given (a decompression-bomb header claims far more). */
const MAX_OCR_PIXELS = 100_000_000;
/** OCR words below this confidence (0..1), as a word and character by character, are dropped. */
const MIN_CONFIDENCE = 0.3;
/**
 * Print less than this many pixels high (a screenshot of small type) is read with digit errors
 * OCR does not know it makes, confidently: its words count as unsure (confidence at most 0.5).
 */
export const MIN_TRUSTED_HEIGHT_PX = 12;

type Matrix = [number, number, number, number, number, number];

function invert(m: Matrix): Matrix | undefined {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!det) return undefined;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** Word confidence under which OCR doubts how it cut the word into characters, however sure of each. */
const DOUBTED_WORD = 0.3;

/**
 * How far a word's reading can be trusted: its characters' confidence, capped (at 0.5, unsure)
 * for print too small to read surely and for a word OCR doubts as a whole.
 */
function trust(w: OcrWord): number {
  const confidence = w.characterConfidence ?? w.confidence;
  return w.y1 - w.y0 < MIN_TRUSTED_HEIGHT_PX || w.confidence < DOUBTED_WORD ? Math.min(confidence, 0.5) : confidence;
}

function toUserSpace(w: OcrWord, inverse: Matrix, page: number): Word {
  const pts = [
    [w.x0, w.y0],
    [w.x1, w.y0],
    [w.x0, w.y1],
    [w.x1, w.y1],
  ].map(([x, y]) => [inverse[0] * x! + inverse[2] * y! + inverse[4], inverse[1] * x! + inverse[3] * y! + inverse[5]]);
  const xs = pts.map((p) => p[0]!);
  const ys = pts.map((p) => p[1]!);
  return { text: w.text, page, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), confidence: trust(w) };
}

/** The confident, non-empty words, levelled when the image is slightly rotated. */
function readable(words: OcrWord[], width: number, height: number): OcrWord[] {
  return deskewWords(
    words.filter((w) => Math.max(w.confidence, w.characterConfidence ?? 0) >= MIN_CONFIDENCE && w.text.trim()),
    width,
    height,
  );
}

/** OCR words of the given PDF pages, in user space, keyed by page number. */
export async function ocrPdfPages(bytes: Uint8Array, pages: PageNode[], raster: Rasterizer, ocr: Ocr): Promise<Map<number, Word[]>> {
  const out = new Map<number, Word[]>();
  for (const page of pages.slice(0, MAX_OCR_PAGES)) {
    try {
      const image = await raster.renderPage(bytes, page.number, OCR_DPI);
      const inverse = invert(image.transform);
      if (!inverse) continue;
      const { words } = await ocr.recognize(image.image);
      out.set(
        page.number,
        readable(words, image.width, image.height).map((w) => toUserSpace(w, inverse, page.number)),
      );
    } catch {
      // a page that cannot be rendered or read stays unread
    }
  }
  return out;
}

/** OCR words of a photo, with the image as a page of width × height points (origin bottom-left). */
export async function ocrImage(bytes: Uint8Array, ocr: Ocr): Promise<{ width: number; height: number; words: Word[] }> {
  const size = imageSize(bytes);
  // an image whose header gives no plausible size cannot be read: do not hand it to OCR
  if (!size || size.width < MIN_OCR_SIDE || size.height < MIN_OCR_SIDE || size.width * size.height > MAX_OCR_PIXELS) {
    return { width: size?.width ?? 0, height: size?.height ?? 0, words: [] };
  }
  const { words } = await ocr.recognize(bytes);
  const { width, height } = size;
  const flip: Matrix = [1, 0, 0, -1, 0, height];
  return { width, height, words: readable(words, width, height).map((w) => toUserSpace(w, flip, 1)) };
}
