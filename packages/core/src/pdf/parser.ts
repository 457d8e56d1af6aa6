// The COS parser: builds objects from lexer tokens (arrays, dictionaries, `N G R` references)
// and reads indirect objects `N G obj ... endobj`, including stream data whose `/Length` may be
// wrong or indirect. Nesting depth is bounded (iteratively checked, so a file of 100k nested
// arrays ends in `LimitExceededError`, never a stack overflow).
import { LimitExceededError, UnreadableDocumentError } from '../errors.js';
import { indexOfAscii, isWhiteByte, Lexer, Tok } from './lexer.js';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.js';

/** An indirect object read from the file. */
export interface IndirectObject {
  num: number;
  gen: number;
  value: PdfObject;
  /** Offset just past `endobj` (or where parsing stopped). */
  end: number;
}

/** Resolves a stream's indirect `/Length`; returns undefined when it cannot. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

type Frame = { kind: 'array'; items: PdfObject[] } | { kind: 'dict'; map: Map<string, PdfObject>; key: string | undefined };

/** Parses one object at the lexer's cursor; `maxDepth` bounds array/dictionary nesting. */
export function parseObject(lexer: Lexer, maxDepth: number): PdfObject {
  const stack: Frame[] = [];
  for (;;) {
    let value: PdfObject = null;
    const tok = lexer.next();
    switch (tok) {
      case Tok.EOF:
        return stack.length === 0 ? null : closeAll(stack);
      case Tok.Number: {
        const n = lexer.num;
        // look ahead for `gen R`
        if (Number.isInteger(n) && n >= 0) {
          const save = lexer.pos;
          const gen = lexer.peekUint();
          if (gen >= 0) {
            lexer.next();
            const genValue = lexer.num;
            if (lexer.next() === Tok.Keyword && lexer.is('R')) {
              value = new PdfRef(n, genValue);
              break;
            }
          }
          lexer.pos = save;
        }
        value = n;
        break;
      }
      case Tok.Name:
        value = PdfName.of(lexer.text);
        break;
      case Tok.String:
      case Tok.HexString:
        value = new PdfString(lexer.bytes, tok === Tok.HexString);
        break;
      case Tok.Keyword: {
        const k = lexer.text;
        if (k === 'true') value = true;
        else if (k === 'false') value = false;
        else if (k === 'null') value = null;
        else if (k === 'endobj' || k === 'stream' || k === 'endstream' || k === 'obj' || k === 'R' || k === 'xref' || k === 'trailer' || k === 'startxref') {
          // structural keyword inside an object: the object ended early (damaged file)
          lexer.pos -= k.length;
          if (stack.length === 0) return null;
          return closeAll(stack);
        } else value = null; // unknown token: read as null, like tolerant readers
        break;
      }
      case Tok.ArrayStart:
      case Tok.DictStart:
        if (stack.length >= maxDepth) {
          throw new LimitExceededError(`Objects are nested deeper than ${maxDepth} levels.`, 'nesting_too_deep');
        }
        stack.push(tok === Tok.ArrayStart ? { kind: 'array', items: [] } : { kind: 'dict', map: new Map(), key: undefined });
        continue;
      case Tok.ArrayEnd:
      case Tok.DictEnd: {
        const top = stack.pop();
        if (!top) continue; // stray closer at top level
        value = top.kind === 'array' ? top.items : new PdfDict(top.map);
        break;
      }
      case Tok.BraceStart:
      case Tok.BraceEnd:
        continue; // PostScript calculator braces only occur inside function streams
    }
    const top = stack[stack.length - 1];
    if (!top) return value;
    if (top.kind === 'array') top.items.push(value);
    else if (top.key === undefined) {
      if (value instanceof PdfName) top.key = value.name;
      // a non-name where a key belongs is dropped
    } else {
      if (value !== null) top.map.set(top.key, value);
      top.key = undefined;
    }
  }
}

function closeAll(stack: Frame[]): PdfObject {
  let value: PdfObject = null;
  while (stack.length) {
    const top = stack.pop()!;
    const closed: PdfObject = top.kind === 'array' ? top.items : new PdfDict(top.map);
    if (value !== null) {
      if (top.kind === 'array') top.items.push(value);
      else if (top.key !== undefined) top.map.set(top.key, value);
    }
    value = closed;
  }
  return value;
}

/**
 * Reads the indirect object whose header starts at `offset`. Stream data is located with
 * `/Length` when it points at `endstream`, else by searching for `endstream`.
 */
export function parseIndirectObject(data: Uint8Array, offset: number, maxDepth: number, resolveLength: LengthResolver): IndirectObject {
  const lexer = new Lexer(data, offset);
  if (lexer.next() !== Tok.Number) throw new UnreadableDocumentError(`No object header at offset ${offset}.`);
  const num = lexer.num;
  if (lexer.next() !== Tok.Number) throw new UnreadableDocumentError(`No object header at offset ${offset}.`);
  const gen = lexer.num;
  if (lexer.next() !== Tok.Keyword || !lexer.is('obj')) {
    throw new UnreadableDocumentError(`No object header at offset ${offset}.`);
  }
  let value = parseObject(lexer, maxDepth);
  const afterValue = lexer.pos;
  const tok = lexer.next();
  if (tok === Tok.Keyword && lexer.is('stream') && value instanceof PdfDict) {
    let p = lexer.pos;
    if (data[p] === 0x0d) p++;
    if (data[p] === 0x0a) p++;
    const dataStart = p;
    const length = value.get('Length');
    let len: number | undefined;
    if (typeof length === 'number') len = length;
    else if (length instanceof PdfRef) len = resolveLength(length);
    let dataEnd = -1;
    if (len !== undefined && len >= 0 && Number.isInteger(len) && dataStart + len <= data.length) {
      let q = dataStart + len;
      while (q < data.length && isWhiteByte(data[q]!) && q < dataStart + len + 4) q++;
      if (indexOfAscii(data, 'endstream', q, q + 9) === q) dataEnd = dataStart + len;
    }
    let end: number;
    if (dataEnd < 0) {
      const found = indexOfAscii(data, 'endstream', dataStart);
      const stop = found < 0 ? data.length : found;
      dataEnd = stop;
      // trim the end-of-line that precedes `endstream`
      if (dataEnd > dataStart && data[dataEnd - 1] === 0x0a) dataEnd--;
      if (dataEnd > dataStart && data[dataEnd - 1] === 0x0d) dataEnd--;
      end = found < 0 ? data.length : found + 9;
    } else {
      const found = indexOfAscii(data, 'endstream', dataEnd, dataEnd + 16);
      end = found < 0 ? dataEnd : found + 9;
    }
    value = new PdfStream(value, data.subarray(dataStart, dataEnd), dataStart);
    const tail = new Lexer(data, end);
    if (tail.next() === Tok.Keyword && tail.is('endobj')) end = tail.pos;
    return { num, gen, value, end };
  }
  let end = afterValue;
  if (tok === Tok.Keyword && lexer.is('endobj')) end = lexer.pos;
  return { num, gen, value, end };
}
