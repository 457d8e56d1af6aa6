// Words of pages the interpreter cannot read (image-only pages) and of photo uploads, from the OCR
// port: image-only pages are rendered through the raster port (at most 20 per document, as the
// spec's limit says) and each OCR word is mapped back into PDF user space by inverting the
// render transform, so findings on scans carry regions like any other. Words of a slightly
// rotated image are levelled first (`deskew.ts`). Where the page image can be decoded, each word
// also carries the ink band of its print (`image/ink-band.ts`), for the glyph comparisons, and
// every figure is read again at two scales (`second-reading.ts`): one both further readings give
// the same other digits is unsure, as is one a digit of which looks like another digit the page
// prints (`page-digits.ts`).

import { imageSize } from '../containers/image-container.js';
import { inkBand } from '../image/ink-band.js';
import type { Plane } from '../image/kernels.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import type { PageNode } from '../pdf/pages.js';
import type { ImageDecoder, Ocr, OcrWord, Rasterizer } from '../platform.js';
import type { Word } from '../tables/rows.js';
import { deskewWords } from './deskew.js';
import { doubtByPageDigits, type WitnessedWord } from './page-digits.js';
import { readFiguresAgain } from './second-reading.js';

/** An OCR word with its ink band, as offsets from the top of its box (kept when deskewing moves the box). */
type MeasuredWord = WitnessedWord & { band?: { top: number; bottom: number } };

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

function toUserSpace(w: MeasuredWord, inverse: Matrix, page: number): Word {
  const apply = (x: number, y: number): [number, number] => [inverse[0] * x + inverse[2] * y + inverse[4], inverse[1] * x + inverse[3] * y + inverse[5]];
  const cx = (w.x0 + w.x1) / 2;
  const ink = w.band ? [apply(cx, w.y0 + w.band.top)[1], apply(cx, w.y0 + w.band.bottom)[1]] : undefined;
  const pts = [apply(w.x0, w.y0), apply(w.x1, w.y0), apply(w.x0, w.y1), apply(w.x1, w.y1)];
  const xs = pts.map((p) => p[0]!);
  const ys = pts.map((p) => p[1]!);
  return {
    text: w.text,
    page,
    x0: Math.min(...xs),
    y0: Math.min(...ys),
    x1: Math.max(...xs),
    y1: Math.max(...ys),
    confidence: trust(w),
    ...(w.ruledOut ? { ruledOut: w.ruledOut } : {}),
    ...(ink ? { ink: { y0: Math.min(...ink), y1: Math.max(...ink), px: Math.hypot(inverse[2], inverse[3]) } } : {}),
  };
}

/** `words` with the ink band of each measured on `gray` (words too faint or small keep none). */
export function measureInk(words: WitnessedWord[], gray: Plane | undefined): MeasuredWord[] {
  if (!gray) return words;
  return words.map((w) => {
    const band = inkBand(gray, w);
    return band ? { ...w, band: { top: band.top - w.y0, bottom: band.bottom - w.y0 } } : w;
  });
}

/** The page image's grey plane, when a decoder is at hand and can read it. */
async function decodeGray(bytes: Uint8Array, images: ImageDecoder | undefined): Promise<Plane | undefined> {
  if (!images) return undefined;
  try {
    const image = await images.decode(bytes);
    return wasmKernels.gray(image.rgba, image.width, image.height);
  } catch {
    return undefined; // words without ink bands: the glyph comparisons skip them
  }
}

/** `words` with each figure's reading put to its witnesses: two further readings, and the page's own prints of each digit. */
async function witnessed(words: OcrWord[], gray: Plane | undefined, ocr: Ocr): Promise<WitnessedWord[]> {
  const again = await readFiguresAgain(words, gray, ocr);
  return gray ? doubtByPageDigits(again, gray) : again;
}

/** The confident, non-empty words, levelled when the image is slightly rotated. */
function readable(words: MeasuredWord[], width: number, height: number): MeasuredWord[] {
  return deskewWords(
    words.filter((w) => Math.max(w.confidence, w.characterConfidence ?? 0) >= MIN_CONFIDENCE && w.text.trim()),
    width,
    height,
  );
}

/** OCR words of the given PDF pages, in user space, keyed by page number. */
export async function ocrPdfPages(bytes: Uint8Array, pages: PageNode[], raster: Rasterizer, ocr: Ocr, images?: ImageDecoder): Promise<Map<number, Word[]>> {
  const out = new Map<number, Word[]>();
  for (const page of pages.slice(0, MAX_OCR_PAGES)) {
    try {
      const image = await raster.renderPage(bytes, page.number, OCR_DPI);
      const inverse = invert(image.transform);
      if (!inverse) continue;
      const { words } = await ocr.recognize(image.image);
      const gray = await decodeGray(image.image, images);
      const measured = measureInk(await witnessed(words, gray, ocr), gray);
      out.set(
        page.number,
        readable(measured, image.width, image.height).map((w) => toUserSpace(w, inverse, page.number)),
      );
    } catch {
      // a page that cannot be rendered or read stays unread
    }
  }
  return out;
}

/** OCR words of a photo, with the image as a page of width × height points (origin bottom-left); `gray`, its decoded pixels, gives the words' ink bands. */
export async function ocrImage(bytes: Uint8Array, ocr: Ocr, gray?: Plane): Promise<{ width: number; height: number; words: Word[] }> {
  const size = imageSize(bytes);
  // an image whose header gives no plausible size cannot be read: do not hand it to OCR
  if (!size || size.width < MIN_OCR_SIDE || size.height < MIN_OCR_SIDE || size.width * size.height > MAX_OCR_PIXELS) {
    return { width: size?.width ?? 0, height: size?.height ?? 0, words: [] };
  }
  const { words } = await ocr.recognize(bytes);
  const { width, height } = size;
  const flip: Matrix = [1, 0, 0, -1, 0, height];
  const plane = gray?.width === width && gray.height === height ? gray : undefined;
  const measured = measureInk(await witnessed(words, plane, ocr), plane);
  return { width, height, words: readable(measured, width, height).map((w) => toUserSpace(w, flip, 1)) };
}
