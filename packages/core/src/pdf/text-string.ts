// Decoding of PDF text strings (PDFDocEncoding, UTF-16BE/LE with BOM, UTF-8 with BOM) and of PDF
// dates (`D:YYYYMMDDHHmmSSOHH'mm`) into ISO 8601, as the Info dictionary and XMP use them.
import { type PdfObject, PdfString } from './objects.js';

// PDFDocEncoding differs from Latin-1 in 0x18-0x1F and 0x80-0xA0.
const PDF_DOC_HIGH: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0xa0: 0x20ac,
};

/** Decodes UTF-8 bytes (replacement characters for invalid sequences). */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** Decodes a PDF text string's bytes. */
export function decodeTextBytes(b: Uint8Array): string {
  let s = '';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    for (let i = 2; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
  } else if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    for (let i = 2; i + 1 < b.length; i += 2) s += String.fromCharCode(b[i]! | (b[i + 1]! << 8));
  } else if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    s = decodeUtf8(b.subarray(3));
  } else {
    for (const c of b) s += String.fromCharCode(PDF_DOC_HIGH[c] ?? c);
  }
  // strip language escapes (U+001B ... U+001B) and NULs
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC-delimited language codes and NULs are what PDF text strings carry
  return s.replace(/\u001b[^\u001b]*\u001b/g, '').replace(/\u0000/g, '');
}

/** Text of a string object, or undefined for other values. */
export function textOf(v: PdfObject | undefined): string | undefined {
  return v instanceof PdfString ? decodeTextBytes(v.bytes) : undefined;
}

/**
 * Parses a PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, every part after the year optional) into an
 * ISO 8601 string in UTC, or undefined when it is not a date.
 */
export function parsePdfDate(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /^\s*(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+-])?\s*(\d{2})?'?\s*(\d{2})?'?/.exec(text);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)];
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  let ms = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  if (sign === '+') ms -= offset;
  else if (sign === '-') ms += offset;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z');
}
