// The non-deflate stream filters of PDF: LZW (with EarlyChange), ASCIIHex, ASCII85 and
// RunLength, plus the PNG and TIFF predictors applied after Flate or LZW. Each decoder writes
// into a `BoundedSink`, so its output is bounded like Flate's.
import { decodeHexDigits } from '../hex.js';
import type { BoundedSink } from './flate.js';

const isWhite = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** Decodes ASCIIHexDecode data (ends at `>`). */
export function decodeAsciiHex(data: Uint8Array, sink: BoundedSink): void {
  sink.push(decodeHexDigits(data, 0, data.length).bytes);
}

/** Decodes ASCII85Decode data (ends at `~>`). */
export function decodeAscii85(data: Uint8Array, sink: BoundedSink): void {
  const out = new Uint8Array(Math.ceil((data.length * 4) / 5) + 4);
  let o = 0;
  let group = 0;
  let n = 0;
  let i = 0;
  if (data[0] === 0x3c && data[1] === 0x7e) i = 2; // optional `<~`
  for (; i < data.length; i++) {
    const c = data[i]!;
    if (c === 0x7e) break;
    if (isWhite(c)) continue;
    if (c === 0x7a && n === 0) {
      if (o + 4 > out.length) break;
      out[o++] = 0;
      out[o++] = 0;
      out[o++] = 0;
      out[o++] = 0;
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group = group * 85 + (c - 0x21);
    if (++n === 5) {
      if (o + 4 > out.length) break;
      out[o++] = (group >>> 24) & 0xff;
      out[o++] = (group >>> 16) & 0xff;
      out[o++] = (group >>> 8) & 0xff;
      out[o++] = group & 0xff;
      group = 0;
      n = 0;
    }
  }
  if (n > 1) {
    for (let k = n; k < 5; k++) group = group * 85 + 84;
    const bytes = [(group >>> 24) & 0xff, (group >>> 16) & 0xff, (group >>> 8) & 0xff, group & 0xff];
    for (let k = 0; k < n - 1; k++) out[o++] = bytes[k]!;
  }
  sink.push(out.subarray(0, o));
}

/** Decodes RunLengthDecode data. */
export function decodeRunLength(data: Uint8Array, sink: BoundedSink): void {
  let i = 0;
  const chunk: number[] = [];
  while (i < data.length) {
    const len = data[i++]!;
    if (len === 128) break;
    if (len < 128) {
      for (let k = 0; k <= len && i < data.length; k++) chunk.push(data[i++]!);
    } else {
      if (i >= data.length) break;
      const b = data[i++]!;
      for (let k = 0; k < 257 - len; k++) chunk.push(b);
    }
    if (chunk.length >= 65536) {
      sink.push(Uint8Array.from(chunk));
      chunk.length = 0;
    }
  }
  sink.push(Uint8Array.from(chunk));
}

/** Decodes LZWDecode data; `earlyChange` is the filter's /EarlyChange (default 1). */
export function decodeLzw(data: Uint8Array, sink: BoundedSink, earlyChange = 1): void {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
  }
  let next = 258;
  let codeLen = 9;
  let bitBuf = 0;
  let bitCount = 0;
  let prev = -1;
  const out = new Uint8Array(65536);
  let o = 0;
  const stack = new Uint8Array(4096);
  const flush = (): void => {
    sink.push(out.slice(0, o));
    o = 0;
  };
  for (let i = 0; i < data.length; ) {
    while (bitCount < codeLen && i < data.length) {
      bitBuf = ((bitBuf << 8) | data[i++]!) >>> 0;
      bitCount += 8;
    }
    if (bitCount < codeLen) break;
    const code = (bitBuf >>> (bitCount - codeLen)) & ((1 << codeLen) - 1);
    bitCount -= codeLen;
    bitBuf &= (1 << bitCount) - 1;
    if (code === 256) {
      next = 258;
      codeLen = 9;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    let entry = code;
    let first: number;
    if (code < next && (code < 256 || code >= 258)) {
      // known code
    } else if (code === next && prev >= 0) {
      entry = prev;
    } else {
      break; // corrupt
    }
    // write entry
    let sp = 0;
    let e = entry;
    while (e >= 0 && sp < 4096) {
      stack[sp++] = suffix[e]!;
      e = prefix[e]!;
    }
    first = stack[sp - 1]!;
    if (o + sp + 1 > out.length) flush();
    while (sp > 0) out[o++] = stack[--sp]!;
    if (code === next) out[o++] = first;
    if (prev >= 0 && next < 4096) {
      prefix[next] = prev;
      suffix[next] = first;
      length[next] = length[prev]! + 1;
      next++;
    }
    prev = code;
    const limit = next + earlyChange;
    if (limit >= 512 && codeLen === 9) codeLen = 10;
    else if (limit >= 1024 && codeLen === 10) codeLen = 11;
    else if (limit >= 2048 && codeLen === 11) codeLen = 12;
  }
  flush();
}

/** Undoes a PNG (10-15) or TIFF (2) predictor. */
export function unpredict(data: Uint8Array, predictor: number, colors: number, bpc: number, columns: number): Uint8Array {
  if (predictor < 2) return data;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  if (!(rowBytes > 0)) return data;
  // a row longer than the data (a hostile /Columns) holds no whole row and must not size a buffer
  if (rowBytes > data.length) return predictor === 2 ? data : new Uint8Array(0);
  if (predictor === 2) {
    if (bpc !== 8) return data;
    const out = Uint8Array.from(data);
    for (let r = 0; r + rowBytes <= out.length; r += rowBytes) {
      for (let i = bpp; i < rowBytes; i++) out[r + i] = (out[r + i]! + out[r + i - bpp]!) & 0xff;
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  const prior = new Uint8Array(rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = prior[i]!;
      const upLeft = i >= bpp ? prior[i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          v = raw;
      }
      out[dst + i] = v & 0xff;
    }
    prior.set(out.subarray(dst, dst + rowBytes));
  }
  return out;
}
