// The COS lexer: turns PDF bytes into tokens (numbers, names, strings, keywords, delimiters)
// from any position, tolerating the usual damage (stray bytes, unbalanced parentheses at end of
// file, malformed escapes). It never allocates for whitespace or comments and never reads past
// the end of its input.
import { decodeHexDigits, HEX_DIGIT } from './hex.js';

/** Classes of bytes, as the PDF syntax defines them. */
export const enum CharClass {
  Regular = 0,
  White = 1,
  Delimiter = 2,
}

const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = CharClass.White;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = CharClass.Delimiter;

/** True for PDF whitespace bytes. */
export const isWhiteByte = (c: number): boolean => CLASS[c] === CharClass.White;
/** True for bytes that may continue a keyword, number or name. */
export const isRegularByte = (c: number): boolean => CLASS[c] === CharClass.Regular;

/** Token kinds returned by `Lexer.next`. */
export const enum Tok {
  EOF,
  Number,
  Name,
  String,
  HexString,
  Keyword,
  ArrayStart,
  ArrayEnd,
  DictStart,
  DictEnd,
  BraceStart,
  BraceEnd,
}

/** A cursor over PDF bytes producing tokens. */
export class Lexer {
  pos: number;
  /** Value of the last Number token. */
  num = 0;
  /** Text of the last Name or Keyword token. */
  text = '';
  /** Bytes of the last String or HexString token. */
  bytes: Uint8Array = new Uint8Array(0);

  constructor(
    readonly data: Uint8Array,
    pos = 0,
    readonly end = data.length,
  ) {
    this.pos = pos;
  }

  /** True when the last Name or Keyword token was `word`. */
  is(word: string): boolean {
    return this.text === word;
  }

  /** Skips whitespace and comments. */
  skipWhite(): void {
    const d = this.data;
    let p = this.pos;
    while (p < this.end) {
      const c = d[p]!;
      if (CLASS[c] === CharClass.White) {
        p++;
      } else if (c === 0x25) {
        while (p < this.end && d[p] !== 0x0a && d[p] !== 0x0d) p++;
      } else break;
    }
    this.pos = p;
  }

  /** Reads the next token. */
  next(): Tok {
    this.skipWhite();
    const d = this.data;
    if (this.pos >= this.end) return Tok.EOF;
    const c = d[this.pos]!;
    switch (c) {
      case 0x5b:
        this.pos++;
        return Tok.ArrayStart;
      case 0x5d:
        this.pos++;
        return Tok.ArrayEnd;
      case 0x7b:
        this.pos++;
        return Tok.BraceStart;
      case 0x7d:
        this.pos++;
        return Tok.BraceEnd;
      case 0x2f:
        return this.readName();
      case 0x28:
        return this.readLiteralString();
      case 0x3c:
        if (d[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return Tok.DictStart;
        }
        return this.readHexString();
      case 0x3e:
        if (d[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return Tok.DictEnd;
        }
        this.pos++;
        return this.next();
      case 0x29:
        this.pos++;
        return this.next();
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (this.readNumber()) return Tok.Number;
    }
    return this.readKeyword();
  }

  private readNumber(): boolean {
    const d = this.data;
    const start = this.pos;
    let p = start;
    let sign = 1;
    // tolerate doubled signs such as `--5` or `-+5`
    while (p < this.end && (d[p] === 0x2d || d[p] === 0x2b)) {
      if (d[p] === 0x2d) sign = -sign;
      p++;
    }
    let value = 0;
    let digits = 0;
    while (p < this.end && d[p]! >= 0x30 && d[p]! <= 0x39) {
      value = value * 10 + (d[p]! - 0x30);
      p++;
      digits++;
    }
    if (p < this.end && d[p] === 0x2e) {
      p++;
      let scale = 0.1;
      while (p < this.end && d[p]! >= 0x30 && d[p]! <= 0x39) {
        value += (d[p]! - 0x30) * scale;
        scale /= 10;
        p++;
        digits++;
      }
    }
    if (digits === 0) return false;
    // a number glued to regular bytes (e.g. `12abc`) is read as a number, as readers do
    this.pos = p;
    this.num = sign * value;
    return true;
  }

  private readName(): Tok {
    const d = this.data;
    let p = this.pos + 1;
    let out = '';
    let start = p;
    while (p < this.end && CLASS[d[p]!] === CharClass.Regular) {
      if (d[p] === 0x23 && p + 2 < this.end) {
        const h = HEX_DIGIT[d[p + 1]!]!;
        const l = HEX_DIGIT[d[p + 2]!]!;
        if (h >= 0 && l >= 0) {
          out += latin1(d, start, p) + String.fromCharCode((h << 4) | l);
          p += 3;
          start = p;
          continue;
        }
      }
      p++;
    }
    this.text = out + latin1(d, start, p);
    this.pos = p;
    return Tok.Name;
  }

  private readKeyword(): Tok {
    const d = this.data;
    const start = this.pos;
    let p = start;
    while (p < this.end && CLASS[d[p]!] === CharClass.Regular && p - start < 128) p++;
    if (p === start) p++; // a lone stray byte: consume it as a one-byte keyword
    this.text = latin1(d, start, p);
    this.pos = p;
    return Tok.Keyword;
  }

  private readLiteralString(): Tok {
    const d = this.data;
    let p = this.pos + 1;
    let depth = 1;
    const out: number[] = [];
    while (p < this.end) {
      let c = d[p++]!;
      if (c === 0x28) depth++;
      else if (c === 0x29) {
        if (--depth === 0) break;
      } else if (c === 0x5c) {
        if (p >= this.end) break;
        c = d[p++]!;
        switch (c) {
          case 0x6e:
            c = 0x0a;
            break;
          case 0x72:
            c = 0x0d;
            break;
          case 0x74:
            c = 0x09;
            break;
          case 0x62:
            c = 0x08;
            break;
          case 0x66:
            c = 0x0c;
            break;
          case 0x0d:
            if (d[p] === 0x0a) p++;
            continue;
          case 0x0a:
            continue;
          default:
            if (c >= 0x30 && c <= 0x37) {
              let v = c - 0x30;
              for (let i = 0; i < 2 && p < this.end && d[p]! >= 0x30 && d[p]! <= 0x37; i++) {
                v = (v << 3) + (d[p++]! - 0x30);
              }
              c = v & 0xff;
            }
        }
      }
      out.push(c);
    }
    this.pos = p;
    this.bytes = Uint8Array.from(out);
    return Tok.String;
  }

  private readHexString(): Tok {
    const { bytes, stop } = decodeHexDigits(this.data, this.pos + 1, this.end);
    this.pos = Math.min(stop + 1, this.end);
    this.bytes = bytes;
    return Tok.HexString;
  }

  /** After a `BI` operator: skips the inline image (dictionary and data) past its `EI`. */
  skipInlineImage(): void {
    const d = this.data;
    let p = this.pos;
    while (p + 2 < this.end && !(d[p] === 0x45 && d[p + 1] === 0x49 && d[p + 2]! <= 0x20 && d[p - 1]! <= 0x20)) p++;
    this.pos = p + 2;
  }

  /** Reads an unsigned integer at the cursor without consuming anything else, or -1. */
  peekUint(): number {
    this.skipWhite();
    const d = this.data;
    let p = this.pos;
    let v = 0;
    const start = p;
    while (p < this.end && d[p]! >= 0x30 && d[p]! <= 0x39 && p - start < 16) v = v * 10 + (d[p++]! - 0x30);
    return p === start ? -1 : v;
  }
}

/** Decodes `d[start, end)` as Latin-1. */
export function latin1(d: Uint8Array, start = 0, end = d.length): string {
  if (end - start <= 64) {
    // one call on the typed array: a flat string, cheap to hash when interned
    return String.fromCharCode.apply(null, d.subarray(start, end) as unknown as number[]);
  }
  let s = '';
  for (let i = start; i < end; i += 8192) {
    s += String.fromCharCode.apply(null, Array.from(d.subarray(i, Math.min(end, i + 8192))));
  }
  return s;
}

/** Finds `needle` (ASCII) in `d` from `from` up to `to`; -1 when absent. */
export function indexOfAscii(d: Uint8Array, needle: string, from = 0, to = d.length): number {
  const first = needle.charCodeAt(0);
  const n = needle.length;
  const last = Math.min(to, d.length) - n;
  outer: for (let i = from; i <= last; i++) {
    if (d[i] !== first) continue;
    for (let j = 1; j < n; j++) if (d[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** Finds the last `needle` (ASCII) in `d` that starts before `before`; -1 when absent. */
export function lastIndexOfAscii(d: Uint8Array, needle: string, before = d.length, floor = 0): number {
  const n = needle.length;
  outer: for (let i = Math.min(before, d.length - n); i >= floor; i--) {
    for (let j = 0; j < n; j++) if (d[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}
