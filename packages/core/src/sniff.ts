// Content sniffing: tells what a file is from its leading bytes, never from its name. PDF, PNG
// and JPEG are analysed; GIF, WEBP, TIFF, HEIC and BMP are recognised so they can be refused as
// `unsupported_type`; anything else is unknown.

/** Formats Loupe recognises. */
export type SniffedFormat = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'tiff' | 'heic' | 'bmp' | 'unknown';

/** Formats the document engine analyses. */
export const DOCUMENT_FORMATS: ReadonlySet<SniffedFormat> = new Set(['pdf', 'png', 'jpg']);

function startsWith(b: Uint8Array, sig: number[], at = 0): boolean {
  if (b.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (b[at + i] !== sig[i]) return false;
  return true;
}

function ascii(b: Uint8Array, at: number, len: number): string {
  let s = '';
  for (let i = at; i < Math.min(b.length, at + len); i++) s += String.fromCharCode(b[i]!);
  return s;
}

const HEADERLESS_PDF = /^\s*(?:%[^\r\n]*[\r\n]+\s*)*\d{1,10}\s+\d{1,5}\s+obj\s*<</;

/** Identifies `bytes` by signature. A PDF header may sit anywhere in the first 1024 bytes. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(bytes, 4, 4) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(ascii(bytes, 8, 4))) return 'heic';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 14) return 'bmp';
  const head = ascii(bytes, 0, 1024);
  if (head.includes('%PDF-')) return 'pdf';
  // a PDF that lost its header but still opens with comments and an `N G obj` header
  if (HEADERLESS_PDF.test(head)) return 'pdf';
  return 'unknown';
}
