// Cross-reference sections: parses a classic `xref` table with its trailer, or a cross-reference
// stream, found at a byte offset. Each section is what one save of the file wrote; the revision
// engine groups them into revisions. Offsets that miss by a few bytes are snapped to the nearest
// marker, as damaged files often need.
import { LimitExceededError, UnreadableDocumentError } from '../errors.js';
import { decodeStreamData } from './filters/decode.js';
import { Lexer, Tok } from './lexer.js';
import type { Budget } from './limits.js';
import { asArray, asInt, asName, PdfDict, PdfStream } from './objects.js';
import { parseIndirectObject, parseObject } from './parser.js';

/** One cross-reference entry. `type` 0 = free, 1 = at `offset`, 2 = in object stream `stream`. */
export interface XrefEntry {
  type: 0 | 1 | 2;
  /** Byte offset (type 1) or index within the object stream (type 2). */
  offset: number;
  /** Generation (type 0/1) or 0 (type 2). */
  gen: number;
  /** Number of the object stream holding the object (type 2). */
  stream: number;
}

/** What one save wrote: its entries and its trailer. */
export interface XrefSection {
  /** Offset of the `xref` keyword or of the stream object. */
  offset: number;
  kind: 'table' | 'stream';
  entries: Map<number, XrefEntry>;
  trailer: PdfDict;
  /** Offset of the previous section (`/Prev`), when present. */
  prev?: number;
  /** Offset of the cross-reference stream of a hybrid-reference file (`/XRefStm`). */
  xrefStm?: number;
  /** Offset just past the section (after the trailer dictionary or the stream object). */
  end: number;
}

function checkCount(entries: Map<number, XrefEntry>, budget: Budget): void {
  if (entries.size > budget.limits.maxObjects) {
    throw new LimitExceededError(`The cross-reference data declares more than ${budget.limits.maxObjects} objects.`, 'too_many_objects');
  }
}

function parseTable(data: Uint8Array, offset: number, budget: Budget): XrefSection {
  const lexer = new Lexer(data, offset);
  if (lexer.next() !== Tok.Keyword || !lexer.is('xref')) throw new UnreadableDocumentError(`No xref table at ${offset}.`);
  const entries = new Map<number, XrefEntry>();
  for (;;) {
    const save = lexer.pos;
    const t = lexer.next();
    if (t === Tok.Keyword && lexer.is('trailer')) break;
    if (t !== Tok.Number) {
      lexer.pos = save;
      break;
    }
    const first = lexer.num;
    if (lexer.next() !== Tok.Number) break;
    const count = lexer.num;
    if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || count < 0) break;
    if (count > budget.limits.maxObjects) {
      throw new LimitExceededError(`An xref subsection declares ${count} objects.`, 'too_many_objects');
    }
    for (let i = 0; i < count; i++) {
      const before = lexer.pos;
      if (lexer.next() !== Tok.Number) {
        lexer.pos = before;
        break;
      }
      const off = lexer.num;
      if (lexer.next() !== Tok.Number) break;
      const gen = lexer.num;
      if (lexer.next() !== Tok.Keyword) break;
      const kind = lexer.text;
      const num = first + i;
      if (!entries.has(num)) {
        if (kind === 'n') entries.set(num, { type: 1, offset: off, gen, stream: 0 });
        else entries.set(num, { type: 0, offset: off, gen, stream: 0 });
      }
    }
    checkCount(entries, budget);
  }
  // trailer
  lexer.skipWhite();
  let trailer = new PdfDict();
  const trailerPos = lexer.pos;
  const value = parseObject(lexer, budget.limits.maxDepth);
  if (value instanceof PdfDict) trailer = value;
  else lexer.pos = trailerPos;
  const section: XrefSection = { offset, kind: 'table', entries, trailer, end: lexer.pos };
  const prev = asInt(trailer.get('Prev'));
  if (prev !== undefined) section.prev = prev;
  const xrefStm = asInt(trailer.get('XRefStm'));
  if (xrefStm !== undefined) section.xrefStm = xrefStm;
  return section;
}

function parseStreamSection(data: Uint8Array, offset: number, budget: Budget): XrefSection {
  const obj = parseIndirectObject(data, offset, budget.limits.maxDepth, () => undefined);
  const stream = obj.value;
  if (!(stream instanceof PdfStream) || asName(stream.dict.get('Type')) !== 'XRef') {
    throw new UnreadableDocumentError(`No cross-reference stream at ${offset}.`);
  }
  const dict = stream.dict;
  const w = (asArray(dict.get('W')) ?? []).map((x) => asInt(x) ?? 0);
  if (w.length < 3 || w.some((x) => x < 0 || x > 8)) throw new UnreadableDocumentError(`Bad /W in the xref stream at ${offset}.`);
  const size = asInt(dict.get('Size')) ?? 0;
  const index = (asArray(dict.get('Index')) ?? [0, size]).map((x) => asInt(x) ?? 0);
  const { data: body } = decodeStreamData(dict, stream.raw, budget);
  const [w0, w1, w2] = w as [number, number, number];
  const rowSize = w0 + w1 + w2;
  const entries = new Map<number, XrefEntry>();
  let p = 0;
  const field = (width: number, fallback: number): number => {
    if (width === 0) return fallback;
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 256 + (body[p++] ?? 0);
    return v;
  };
  for (let s = 0; s + 1 < index.length; s += 2) {
    const first = index[s]!;
    const count = index[s + 1]!;
    if (count < 0 || count > budget.limits.maxObjects) {
      throw new LimitExceededError(`An xref stream declares ${count} objects.`, 'too_many_objects');
    }
    for (let i = 0; i < count && p + rowSize <= body.length; i++) {
      const type = field(w0, 1);
      const f2 = field(w1, 0);
      const f3 = field(w2, 0);
      const num = first + i;
      if (entries.has(num)) continue;
      if (type === 0) entries.set(num, { type: 0, offset: f2, gen: f3, stream: 0 });
      else if (type === 1) entries.set(num, { type: 1, offset: f2, gen: f3, stream: 0 });
      else if (type === 2) entries.set(num, { type: 2, offset: f3, gen: 0, stream: f2 });
    }
    checkCount(entries, budget);
  }
  const section: XrefSection = { offset, kind: 'stream', entries, trailer: dict, end: obj.end };
  const prev = asInt(dict.get('Prev'));
  if (prev !== undefined) section.prev = prev;
  return section;
}

/** Parses the section at `offset` (a table or a stream), or throws. */
export function parseXrefSection(data: Uint8Array, offset: number, budget: Budget): XrefSection {
  if (offset < 0 || offset >= data.length) throw new UnreadableDocumentError(`Cross-reference offset ${offset} is outside the file.`);
  const lexer = new Lexer(data, offset);
  const t = lexer.next();
  if (t === Tok.Keyword && lexer.is('xref')) return parseTable(data, lexer.pos - 4, budget);
  if (t === Tok.Number) return parseStreamSection(data, offset, budget);
  throw new UnreadableDocumentError(`Nothing cross-reference-like at ${offset}.`);
}

/** Reads the offset written after the `startxref` keyword at `at`. */
export function readStartxref(data: Uint8Array, at: number): number | undefined {
  const lexer = new Lexer(data, at + 9, Math.min(data.length, at + 64));
  return lexer.next() === Tok.Number && Number.isInteger(lexer.num) ? lexer.num : undefined;
}
