// Fonts as the text interpreter needs them: for each character code, its Unicode text and its
// advance width. Supported exactly where the answer is certain without the font program: a
// ToUnicode map, an explicit or default encoding whose glyph names resolve, widths from /Widths,
// /W or the standard-14 metrics. Anything else (Type3, vertical or predefined CJK CMaps, embedded
// fonts that rely on their built-in encoding) is `unsupported`, and the caller falls back to a
// full reader (pdf.js) for that page.
import { asArray, asDict, asInt, asName, asNumber, type PdfDict, type PdfObject, PdfStream } from '../objects.js';
import type { ObjectView, PdfFile } from '../pdf-file.js';
import { parseToUnicode, splitCodes, type ToUnicodeMap } from './cmap.js';
import { type BaseEncodingName, baseEncoding, glyphToUnicode, standardFontName, standardWidth } from './glyphs.js';

/** One character shown by a text operator. */
export interface TextGlyph {
  code: number;
  unicode: string;
  /** Advance in text space per unit of font size (the width / 1000). */
  width: number;
}

/** A font the interpreter can read with certainty. */
export interface TextFont {
  /** Base font name (subset prefix kept). */
  name: string;
  /** True when the font carries its program (a composite font's descendant's counts). */
  embedded: boolean;
  /** Decodes a shown string, or returns undefined when a code has no certain Unicode text. */
  decode(bytes: Uint8Array): TextGlyph[] | undefined;
}

/** Why a font cannot be read with certainty. */
export interface UnsupportedFont {
  unsupported: string;
}

const SYMBOLIC = 4;
const NONSYMBOLIC = 32;

function toUnicodeOf(file: PdfFile, view: ObjectView, font: PdfDict): ToUnicodeMap | undefined | null {
  const stream = view.resolve(font.get('ToUnicode'));
  if (!(stream instanceof PdfStream)) return undefined;
  try {
    const map = parseToUnicode(file.decode(stream).data);
    return map.incomplete ? null : map;
  } catch {
    return null;
  }
}

function isEmbedded(descriptor: PdfDict | undefined): boolean {
  return !!descriptor && (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3'));
}

function simpleFont(file: PdfFile, view: ObjectView, font: PdfDict): TextFont | UnsupportedFont {
  const subtype = asName(font.get('Subtype')) ?? 'Type1';
  const baseFont = asName(view.resolve(font.get('BaseFont'))) ?? '';
  const descriptor = asDict(view.resolve(font.get('FontDescriptor')));
  const flags = asInt(view.resolve(descriptor?.get('Flags'))) ?? 0;
  const embedded = isEmbedded(descriptor);
  const toUnicode = toUnicodeOf(file, view, font);
  if (toUnicode === null) return { unsupported: 'ToUnicode CMap unreadable or incomplete' };
  const std = standardFontName(baseFont);
  // readers map a symbolic font through its own program's cmap; only ToUnicode is certain
  if (flags & SYMBOLIC && !toUnicode && std !== 'Symbol' && std !== 'ZapfDingbats') return { unsupported: 'symbolic font without ToUnicode' };
  const encodingValue = view.resolve(font.get('Encoding'));
  const encodingDict = asDict(encodingValue);
  const explicitBase = asName(encodingValue) ?? asName(encodingDict?.get('BaseEncoding'));
  // a font that is neither embedded nor standard is substituted by readers (CJK heuristics for
  // high codes among them), so only its 7-bit codes read with certainty
  const substituted = !embedded && !std && !toUnicode;
  let base: string[] | undefined;
  if (explicitBase && ['StandardEncoding', 'WinAnsiEncoding', 'MacRomanEncoding'].includes(explicitBase)) {
    base = baseEncoding(explicitBase as BaseEncodingName);
  } else if (!embedded) {
    // pdf.js's default for fonts without an encoding
    let name: BaseEncodingName = subtype === 'TrueType' && !(flags & NONSYMBOLIC) ? 'WinAnsiEncoding' : 'StandardEncoding';
    if (flags & SYMBOLIC || std === 'Symbol' || std === 'ZapfDingbats') {
      name = 'MacRomanEncoding';
      if (/Symbol/i.test(baseFont)) name = 'SymbolSetEncoding';
      else if (/Dingbats/i.test(baseFont)) name = 'ZapfDingbatsEncoding';
    }
    base = baseEncoding(name);
  }
  const differences = new Map<number, string>();
  const diffs = asArray(view.resolve(encodingDict?.get('Differences')));
  if (diffs) {
    let code = 0;
    for (const d of diffs) {
      if (typeof d === 'number') code = d;
      else if (asName(d)) {
        // `.notdef` in /Differences leaves the base encoding's glyph in place, as pdf.js reads it
        if (asName(d) !== '.notdef') differences.set(code, asName(d)!);
        code++;
      }
    }
  }
  const glyphName = (code: number): string | undefined => differences.get(code) ?? (base ? base[code] || undefined : undefined);
  const firstChar = asInt(view.resolve(font.get('FirstChar'))) ?? 0;
  const widthsArray = asArray(view.resolve(font.get('Widths')));
  const widths = widthsArray?.map((w) => asNumber(view.resolve(w)) ?? 0);
  const missingWidth = asNumber(view.resolve(descriptor?.get('MissingWidth'))) ?? 0;
  if (!widths && !std) return { unsupported: `no /Widths and ${baseFont || 'the font'} is not a standard-14 font` };
  const cache = new Map<number, TextGlyph | null>();
  const glyphFor = (code: number): TextGlyph | null => {
    const hit = cache.get(code);
    if (hit !== undefined) return hit;
    const name = glyphName(code);
    let unicode = toUnicode?.map.get(code);
    if (unicode === undefined && name) unicode = glyphToUnicode(name);
    if (unicode !== undefined && /^\0*$/.test(unicode)) unicode = undefined;
    let width: number | undefined;
    if (widths) width = code >= firstChar && code - firstChar < widths.length ? widths[code - firstChar]! : missingWidth;
    // standard-14 metrics by glyph name; pdf.js's default otherwise (0, or the monospaced width)
    else if (std) width = standardWidth(std, name ?? '') ?? 0;
    const glyph = unicode === undefined || width === undefined ? null : { code, unicode, width: width / 1000 };
    cache.set(code, glyph);
    return glyph;
  };
  return {
    name: baseFont,
    embedded,
    decode(bytes) {
      const out: TextGlyph[] = [];
      for (const code of bytes) {
        if (substituted && code >= 0x80) return undefined;
        const g = glyphFor(code);
        if (!g) return undefined;
        out.push(g);
      }
      return out;
    },
  };
}

function compositeFont(file: PdfFile, view: ObjectView, font: PdfDict): TextFont | UnsupportedFont {
  const encoding = asName(view.resolve(font.get('Encoding')));
  if (encoding !== 'Identity-H') return { unsupported: `composite font with encoding ${encoding ?? '(embedded CMap)'}` };
  const toUnicode = toUnicodeOf(file, view, font);
  if (!toUnicode) return { unsupported: 'composite font without a complete ToUnicode CMap' };
  const descendant = asDict(view.resolve(asArray(view.resolve(font.get('DescendantFonts')))?.[0]));
  if (!descendant) return { unsupported: 'composite font without a descendant font' };
  const dw = asNumber(view.resolve(descendant.get('DW'))) ?? 1000;
  const widthOf = new Map<number, number>();
  const w = asArray(view.resolve(descendant.get('W'))) ?? [];
  for (let i = 0; i < w.length && widthOf.size < 200_000; ) {
    const first = asInt(view.resolve(w[i]));
    const next: PdfObject | undefined = view.resolve(w[i + 1]);
    if (first === undefined) break;
    if (Array.isArray(next)) {
      for (const [k, x] of next.entries()) widthOf.set(first + k, asNumber(view.resolve(x)) ?? dw);
      i += 2;
    } else {
      const last = asInt(next);
      const width = asNumber(view.resolve(w[i + 2]));
      if (last === undefined || width === undefined) break;
      for (let c = first; c <= last && c - first < 65536; c++) widthOf.set(c, width);
      i += 3;
    }
  }
  const name = asName(view.resolve(font.get('BaseFont'))) ?? '';
  return {
    name,
    embedded: isEmbedded(asDict(view.resolve(descendant.get('FontDescriptor')))),
    decode(bytes) {
      const out: TextGlyph[] = [];
      for (const { code } of splitCodes(bytes, [], 2)) {
        const unicode = toUnicode.map.get(code);
        if (unicode === undefined) return undefined;
        out.push({ code, unicode, width: (widthOf.get(code) ?? dw) / 1000 });
      }
      return out;
    },
  };
}

/** Loads `font` for text, or says why it cannot be read with certainty. */
export function loadTextFont(file: PdfFile, view: ObjectView, font: PdfDict): TextFont | UnsupportedFont {
  const subtype = asName(font.get('Subtype'));
  if (subtype === 'Type3') return { unsupported: 'Type3 font' };
  if (subtype === 'Type0') return compositeFont(file, view, font);
  return simpleFont(file, view, font);
}
