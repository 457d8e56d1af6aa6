// CMaps for text: a ToUnicode CMap (codespace ranges, bfchar, bfrange in both forms) parsed into
// a code -> Unicode map, and the byte-length rules that split a string into character codes.
// Only `Identity-H` is known among predefined encodings; anything else is reported unsupported
// so the caller can fall back to a reader that ships the predefined CMaps.
import { Lexer, Tok } from '../lexer.js';

/** A codespace range: codes of `bytes` bytes between `low` and `high`. */
interface Codespace {
  bytes: number;
  low: number;
  high: number;
}

/** A parsed ToUnicode CMap. */
export interface ToUnicodeMap {
  codespaces: Codespace[];
  map: Map<number, string>;
  /** True when the CMap uses another (`usecmap`) we do not resolve. */
  incomplete: boolean;
}

function bytesToNumber(b: Uint8Array): number {
  let v = 0;
  for (const x of b) v = v * 256 + x;
  return v;
}

/**
 * True when a destination of two or more code units has every unit's low byte zero and its high
 * byte a printable ASCII character: text written little-endian, as Ghostscript 10.0 writes a
 * ligature's destination (`<74006900>` for "ti"). Two CJK ideographs for one glyph are not a
 * reading any font means.
 */
function isLittleEndianAscii(b: Uint8Array): boolean {
  if (b.length < 4 || b.length % 2 === 1) return false;
  for (let i = 0; i < b.length; i += 2) if (b[i + 1] !== 0 || b[i]! < 0x20 || b[i]! > 0x7e) return false;
  return true;
}

function utf16(b: Uint8Array): string {
  if (isLittleEndianAscii(b)) return String.fromCharCode(...Array.from({ length: b.length / 2 }, (_, i) => b[2 * i]!));
  let s = '';
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
  if (b.length % 2 === 1) s += String.fromCharCode(b[b.length - 1]!);
  return s;
}

const MAX_RANGE = 65536;

/** Records a mapping; entries that map to NUL characters only are ignored, as pdf.js does. */
function setMapping(map: Map<number, string>, code: number, text: string): void {
  if (/^\0*$/.test(text)) return;
  map.set(code, text);
}

/** Parses a ToUnicode CMap program. */
export function parseToUnicode(data: Uint8Array): ToUnicodeMap {
  const lexer = new Lexer(data);
  const result: ToUnicodeMap = { codespaces: [], map: new Map(), incomplete: false };
  /** Reads the next two strings of a section, or rewinds and returns undefined at its end. */
  const nextPair = (): [Uint8Array, Uint8Array] | undefined => {
    const save = lexer.pos;
    const out: Uint8Array[] = [];
    for (let i = 0; i < 2; i++) {
      const t = lexer.next();
      if (t !== Tok.HexString && t !== Tok.String) {
        lexer.pos = save;
        return undefined;
      }
      out.push(lexer.bytes);
    }
    return out as [Uint8Array, Uint8Array];
  };
  for (let steps = 0; steps < 1_000_000; steps++) {
    const t = lexer.next();
    if (t === Tok.EOF) break;
    if (t !== Tok.Keyword) continue;
    if (lexer.is('usecmap')) result.incomplete = true;
    else if (lexer.is('begincodespacerange')) {
      for (let pair = nextPair(); pair; pair = nextPair()) {
        result.codespaces.push({ bytes: pair[0].length, low: bytesToNumber(pair[0]), high: bytesToNumber(pair[1]) });
      }
    } else if (lexer.is('beginbfchar')) {
      for (let pair = nextPair(); pair; pair = nextPair()) setMapping(result.map, bytesToNumber(pair[0]), utf16(pair[1]));
    } else if (lexer.is('beginbfrange')) {
      for (let range = nextPair(); range; range = nextPair()) {
        const low = bytesToNumber(range[0]);
        const high = Math.min(bytesToNumber(range[1]), low + MAX_RANGE);
        const t2 = lexer.next();
        if (t2 === Tok.ArrayStart) {
          for (let code = low; code <= high; code++) {
            const t3 = lexer.next();
            if (t3 !== Tok.HexString && t3 !== Tok.String) break;
            setMapping(result.map, code, utf16(lexer.bytes));
          }
          while (lexer.next() !== Tok.ArrayEnd && lexer.pos < lexer.end);
        } else if (t2 === Tok.HexString || t2 === Tok.String) {
          const dst = lexer.bytes;
          if (dst.length === 0) continue;
          for (let code = low; code <= high; code++) {
            const d = Uint8Array.from(dst);
            // increment the last byte (with carry into the one before, as writers expect)
            let add = code - low;
            for (let i = d.length - 1; i >= 0 && add > 0; i--) {
              const v = d[i]! + add;
              d[i] = v & 0xff;
              add = v >> 8;
            }
            setMapping(result.map, code, utf16(d));
          }
        } else break;
      }
    }
  }
  return result;
}

/** Splits a string's bytes into codes using codespace ranges (1 byte when there are none). */
export function splitCodes(bytes: Uint8Array, codespaces: readonly Codespace[], defaultBytes: number): { code: number; bytes: number }[] {
  const out: { code: number; bytes: number }[] = [];
  for (let i = 0; i < bytes.length; ) {
    let matched = 0;
    let code = 0;
    if (codespaces.length > 0) {
      for (let n = 1; n <= 4 && i + n <= bytes.length && !matched; n++) {
        code = bytesToNumber(bytes.subarray(i, i + n));
        if (codespaces.some((c) => c.bytes === n && code >= c.low && code <= c.high)) matched = n;
      }
    }
    if (!matched) {
      matched = Math.min(defaultBytes, bytes.length - i);
      code = bytesToNumber(bytes.subarray(i, i + matched));
    }
    out.push({ code, bytes: matched });
    i += matched;
  }
  return out;
}
