// The structural markers of a PDF file (`%%EOF`, `startxref`, `xref`, `N G obj`) found in one
// pass: the WebAssembly kernel used by the core, and the plain TypeScript reference that the
// tests compare it to and the benchmark measures it against. Both return the same `MarkerTable`.
import { kernels } from '../wasm/kernels.js';

/** Offsets of every structural marker, each list in file order. */
export interface MarkerTable {
  /** Offset of each `%%EOF`. */
  eof: number[];
  /** Offset of each `startxref` keyword. */
  startxref: number[];
  /** Offset of each `xref` keyword that is not part of `startxref`. */
  xref: number[];
  /** Offset of the first digit of each `N G obj` header, with its object and generation numbers. */
  objOffsets: number[];
  objNums: number[];
  objGens: number[];
}

const KIND_EOF = 1;
const KIND_STARTXREF = 2;
const KIND_XREF = 3;
const KIND_OBJ = 4;
const RECORD_CAPACITY = 65536;
/** Bytes scanned per window: linear memory stays near this size whatever the file size. */
const WINDOW = 4 << 20;
/** Look-behind carried into each window (an `N G obj` header split by a boundary). */
const OVERLAP = 1024;
/** Look-ahead after each window (the delimiter after `xref` or `obj`). */
const LOOKAHEAD = 16;

function emptyTable(): MarkerTable {
  return { eof: [], startxref: [], xref: [], objOffsets: [], objNums: [], objGens: [] };
}

/** Finds every marker with the WebAssembly kernel, in bounded windows of linear memory. */
export function scanMarkers(bytes: Uint8Array): MarkerTable {
  const k = kernels();
  const inputCapacity = OVERLAP + WINDOW + LOOKAHEAD;
  const base = k.reserve(inputCapacity + RECORD_CAPACITY * 16);
  const out = base + inputCapacity;
  const table = emptyTable();
  for (let windowStart = 0; windowStart < bytes.length; windowStart += WINDOW) {
    const from = Math.max(0, windowStart - OVERLAP);
    const to = Math.min(bytes.length, windowStart + WINDOW + LOOKAHEAD);
    new Uint8Array(k.buffer(), base, to - from).set(bytes.subarray(from, to));
    const stop = Math.min(bytes.length, windowStart + WINDOW) - from;
    let start = windowStart - from;
    for (;;) {
      const count = k.exports.scanMarkers(base, to - from, start, stop, out, RECORD_CAPACITY);
      const records = new Uint32Array(k.buffer(), out, count * 4);
      for (let i = 0; i < count * 4; i += 4) {
        const kind = records[i]!;
        const offset = records[i + 1]! + from;
        if (kind === KIND_OBJ) {
          table.objOffsets.push(offset);
          table.objNums.push(records[i + 2]!);
          table.objGens.push(records[i + 3]!);
        } else if (kind === KIND_EOF) table.eof.push(offset);
        else if (kind === KIND_STARTXREF) table.startxref.push(offset);
        else if (kind === KIND_XREF) table.xref.push(offset);
      }
      const resume = k.exports.resumePosition();
      if (resume < 0) break;
      start = resume;
    }
  }
  return table;
}

const isWhite = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number): boolean =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

function matches(bytes: Uint8Array, at: number, text: string): boolean {
  if (at < 0 || at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function readDigitsBackward(bytes: Uint8Array, end: number): { start: number; value: number } | undefined {
  let i = end;
  while (i >= 0 && isDigit(bytes[i]!)) i--;
  const count = end - i;
  if (count === 0 || count > 10) return undefined;
  let value = 0;
  for (let j = i + 1; j <= end; j++) value = value * 10 + (bytes[j]! - 0x30);
  if (value > 0xffffffff) return undefined;
  return { start: i + 1, value };
}

/** Finds every marker with plain TypeScript: the reference for the kernel. */
export function scanMarkersReference(bytes: Uint8Array): MarkerTable {
  const table = emptyTable();
  const len = bytes.length;
  for (let p = 0; p < len; p++) {
    const c = bytes[p]!;
    if (c === 0x46) {
      if (matches(bytes, p - 4, '%%EOF')) table.eof.push(p - 4);
    } else if (c === 0x78) {
      if (!matches(bytes, p, 'xref')) continue;
      if (matches(bytes, p - 5, 'startxref')) {
        table.startxref.push(p - 5);
        continue;
      }
      if (p > 0 && !isWhite(bytes[p - 1]!) && !isDelimiter(bytes[p - 1]!)) continue;
      if (p + 4 < len && !isWhite(bytes[p + 4]!) && !isDelimiter(bytes[p + 4]!)) continue;
      table.xref.push(p);
    } else if (c === 0x6a) {
      if (p < 6 || !matches(bytes, p - 2, 'obj')) continue;
      if (p + 1 < len && !isWhite(bytes[p + 1]!) && !isDelimiter(bytes[p + 1]!)) continue;
      let i = p - 3;
      if (!isWhite(bytes[i]!)) continue;
      while (i >= 0 && isWhite(bytes[i]!)) i--;
      const gen = readDigitsBackward(bytes, i);
      if (!gen) continue;
      i = gen.start - 1;
      if (i < 0 || !isWhite(bytes[i]!)) continue;
      while (i >= 0 && isWhite(bytes[i]!)) i--;
      const num = readDigitsBackward(bytes, i);
      if (!num) continue;
      i = num.start - 1;
      if (i >= 0 && !isWhite(bytes[i]!) && !isDelimiter(bytes[i]!)) continue;
      table.objOffsets.push(num.start);
      table.objNums.push(num.value);
      table.objGens.push(gen.value);
    }
  }
  return table;
}
