// How a page's drawing instructions are written, apart from what they draw: the habits of the
// software that wrote the content stream (instructions one to a line or several, a text array's
// brackets tight or spaced, hex strings in upper or lower case, text shown as hex or literal
// strings). A library that parses a page and writes it again (to change a figure) writes it in its
// own habits, which the producer the file names does not share; a re-save that keeps the stream's
// bytes (linearising, compressing) changes none of them.
import { PdfDict, PdfRef, PdfStream } from '../../pdf/objects.js';
import type { PdfFile } from '../../pdf/pdf-file.js';

/** One habit of a content stream's writer. */
export type ContentTrait = 'opsPerLine' | 'arraySpace' | 'hexCase' | 'strings';
/** Every habit of a content stream's writer. */
export const CONTENT_TRAITS: readonly ContentTrait[] = ['opsPerLine', 'arraySpace', 'hexCase', 'strings'];

/** The habits of a page's content (a trait is absent where the content gives no reading of it). */
export type ContentSyntax = Partial<Record<ContentTrait, string>>;

/** Bytes read of a page's content: enough to see its habits, bounded for huge pages. */
const CONTENT_SAMPLE = 64 * 1024;
/** Share of the readings one form must have to be the habit; below it the habit is `mixed`. */
const DOMINANT = 0.95;
/** Share of lines holding several instructions above which a writer is one that writes several to a line. */
const SEVERAL = 0.05;
/** Readings a trait needs before it is read. */
const LEAST = 6;

const isWhite = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;
const isDelimiter = (b: number): boolean =>
  b === 0x28 || b === 0x29 || b === 0x3c || b === 0x3e || b === 0x5b || b === 0x5d || b === 0x7b || b === 0x7d || b === 0x2f || b === 0x25;
const isRegular = (b: number): boolean => !isWhite(b) && !isDelimiter(b);
const isOperatorStart = (b: number): boolean => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x27 || b === 0x22;

/** Counts of two forms of one habit, read into the habit. */
class Pair {
  a = 0;
  b = 0;
  habit(a: string, b: string): string | undefined {
    const n = this.a + this.b;
    if (n < LEAST) return undefined;
    return this.a / n >= DOMINANT ? a : this.b / n >= DOMINANT ? b : 'mixed';
  }
}

/**
 * The writing habits of content streams `streams` (decoded, each read to `CONTENT_SAMPLE` bytes;
 * reading stops at an inline image, whose data is no syntax).
 */
export function contentSyntax(streams: readonly Uint8Array[]): ContentSyntax {
  const lines = new Pair(); // lines with one operator, lines with several
  const arrays = new Pair(); // `[` followed by a string or number, by white space
  const hexCase = new Pair(); // hex strings with letters: upper case, lower case
  const strings = new Pair(); // strings shown: hex, literal
  for (const whole of streams) {
    const data = whole.subarray(0, CONTENT_SAMPLE);
    let operatorsOnLine = 0;
    let depth = 0; // inside arrays and dictionaries, where words are no operators
    let lastString: 'hex' | 'literal' | undefined;
    const endLine = (): void => {
      if (operatorsOnLine === 1) lines.a++;
      else if (operatorsOnLine > 1) lines.b++;
      operatorsOnLine = 0;
    };
    let i = 0;
    while (i < data.length) {
      const c = data[i]!;
      if (c === 0x0a || c === 0x0d) {
        endLine();
        i++;
      } else if (isWhite(c)) i++;
      else if (c === 0x25) {
        while (i < data.length && data[i] !== 0x0a && data[i] !== 0x0d) i++;
      } else if (c === 0x28) {
        // a literal string: balanced parentheses, backslash escapes
        let nest = 0;
        for (; i < data.length; i++) {
          const d = data[i]!;
          if (d === 0x5c) i++;
          else if (d === 0x28) nest++;
          else if (d === 0x29 && --nest === 0) break;
        }
        i++;
        lastString = 'literal';
      } else if (c === 0x3c && data[i + 1] === 0x3c) {
        depth++;
        i += 2;
      } else if (c === 0x3e && data[i + 1] === 0x3e) {
        depth = Math.max(0, depth - 1);
        i += 2;
      } else if (c === 0x3c) {
        let upper = false;
        let lower = false;
        for (i++; i < data.length && data[i] !== 0x3e; i++) {
          const d = data[i]!;
          if (d >= 0x41 && d <= 0x46) upper = true;
          else if (d >= 0x61 && d <= 0x66) lower = true;
        }
        i++;
        if (upper && !lower) hexCase.a++;
        else if (lower && !upper) hexCase.b++;
        lastString = 'hex';
      } else if (c === 0x5b) {
        depth++;
        const next = data[i + 1];
        if (next !== undefined && next !== 0x5d) {
          if (isWhite(next)) arrays.b++;
          else arrays.a++;
        }
        i++;
      } else if (c === 0x5d) {
        depth = Math.max(0, depth - 1);
        i++;
      } else if (c === 0x2f) {
        for (i++; i < data.length && isRegular(data[i]!); i++);
      } else {
        const start = i;
        for (; i < data.length && isRegular(data[i]!); i++);
        if (i === start) {
          i++; // a stray delimiter
          continue;
        }
        if (depth > 0 || !isOperatorStart(c)) continue;
        const word = String.fromCharCode(...data.subarray(start, Math.min(i, start + 5)));
        if (word === 'BI') break; // inline image data follows
        if (word === 'true' || word === 'false' || word === 'null') continue;
        operatorsOnLine++;
        if ((word === 'Tj' || word === 'TJ' || word === "'" || word === '"') && lastString) {
          if (lastString === 'hex') strings.a++;
          else strings.b++;
        }
        lastString = undefined;
      }
    }
    endLine();
  }
  const syntax: ContentSyntax = {};
  const read: [ContentTrait, string | undefined][] = [
    ['opsPerLine', lines.a + lines.b < LEAST ? undefined : lines.b / (lines.a + lines.b) > SEVERAL ? 'several' : 'one'],
    ['arraySpace', arrays.habit('tight', 'spaced')],
    ['hexCase', hexCase.habit('upper', 'lower')],
    ['strings', strings.habit('hex', 'literal')],
  ];
  for (const [trait, form] of read) if (form !== undefined) syntax[trait] = form;
  return syntax;
}

/** Pages of the first save whose content is read, and streams of a page. */
const PAGES = 8;
const STREAMS_PER_PAGE = 64;

/** A page of the first save: the fonts its resources name, and the writing habits of its content, read on first ask. */
export interface FirstSavePage {
  /** The indirect font objects of the page's resources (`num gen R`); a font written inline has none. */
  fonts: string[];
  /** The habits of its content streams (decoded when first asked for; a stream that cannot be decoded is left out). */
  syntax(): ContentSyntax;
}

/**
 * The first save's first pages: the fonts each page's resources name, and its content's habits,
 * whose streams are decoded only when asked for (a check that needs only the fonts decodes nothing).
 */
export function firstSavePages(file: PdfFile): FirstSavePage[] {
  const view = file.view(0);
  return view
    .pages()
    .slice(0, PAGES)
    .map((page) => {
      const decoded = (): Uint8Array[] => {
        const contents = view.resolve(page.dict.get('Contents'));
        const streams: Uint8Array[] = [];
        for (const item of (Array.isArray(contents) ? contents : [contents]).slice(0, STREAMS_PER_PAGE)) {
          const stream = view.resolve(item);
          if (!(stream instanceof PdfStream)) continue;
          try {
            streams.push(file.decode(stream).data.subarray(0, CONTENT_SAMPLE));
          } catch {
            // a stream over the decoding bounds, or damaged: no reading
          }
        }
        return streams;
      };
      let read: ContentSyntax | undefined;
      const fontDict = page.resources && view.resolve(page.resources.get('Font'));
      return {
        fonts: fontDict instanceof PdfDict ? [...fontDict.map.values()].filter((f) => f instanceof PdfRef).map(String) : [],
        syntax: () => (read ??= contentSyntax(decoded())),
      };
    });
}
