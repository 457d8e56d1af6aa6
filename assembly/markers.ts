// Marker scanner kernel: finds the structural markers of a PDF file in one pass over its bytes.
// It owns the byte-level search for `%%EOF`, `startxref`, `xref` and `N G obj`, which the core's
// revision engine and its broken-xref recovery are built on. The input lives in linear memory at
// a place the host chooses; records are written to an output area the host also chooses, and when
// that area is full the scan stops and reports where to resume, so output memory stays bounded
// whatever the file size. A 16-byte SIMD prefilter skips blocks holding none of the bytes that
// end a marker ('F', 'x', 'j'); candidates are confirmed with scalar checks.

/** Record kinds, shared with the TypeScript host (`packages/core/src/wasm/marker-scan.ts`). */
const KIND_EOF: u32 = 1;
const KIND_STARTXREF: u32 = 2;
const KIND_XREF: u32 = 3;
const KIND_OBJ: u32 = 4;

/** Largest object or generation number the scanner reports; longer digit runs are not markers. */
const MAX_NUMBER: u64 = 0xffffffff;

let resumeAt: i32 = -1;

/** First free byte of linear memory: the host places its buffers from here. */
export function heapBase(): usize {
  return __heap_base;
}

/** Position to pass as `start` to continue after a scan that filled its output, or -1 when done. */
export function resumePosition(): i32 {
  return resumeAt;
}

@inline function isWhite(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09 || c == 0x0c || c == 0x00;
}

@inline function isDelimiter(c: u32): bool {
  return c == 0x28 || c == 0x29 || c == 0x3c || c == 0x3e || c == 0x5b || c == 0x5d ||
    c == 0x7b || c == 0x7d || c == 0x2f || c == 0x25;
}

@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

@inline function byteAt(base: usize, i: i32): u32 {
  return <u32>load<u8>(base + <usize>i);
}

@inline function writeRecord(out: usize, index: i32, kind: u32, offset: u32, a: u32, b: u32): void {
  const p = out + (<usize>index << 4);
  store<u32>(p, kind);
  store<u32>(p, offset, 4);
  store<u32>(p, a, 8);
  store<u32>(p, b, 12);
}

// Scratch for the object-number match (kept in globals to avoid allocation).
let objStart: i32 = 0;
let objNum: u64 = 0;
let objGen: u64 = 0;

/** Confirms `N G obj` ending with the 'j' at `p`; on success fills objStart/objNum/objGen. */
function matchObj(base: usize, len: i32, p: i32): bool {
  if (p < 6) return false;
  if (byteAt(base, p - 1) != 0x62 || byteAt(base, p - 2) != 0x6f) return false;
  if (p + 1 < len) {
    const next = byteAt(base, p + 1);
    if (!isWhite(next) && !isDelimiter(next)) return false;
  }
  let i = p - 3;
  if (i < 0 || !isWhite(byteAt(base, i))) return false;
  while (i >= 0 && isWhite(byteAt(base, i))) i--;
  // generation digits
  let gen: u64 = 0;
  let mul: u64 = 1;
  let digits = 0;
  while (i >= 0 && isDigit(byteAt(base, i))) {
    if (digits < 10) gen += <u64>(byteAt(base, i) - 0x30) * mul;
    mul *= 10;
    digits++;
    i--;
  }
  if (digits == 0 || digits > 10 || gen > MAX_NUMBER) return false;
  if (i < 0 || !isWhite(byteAt(base, i))) return false;
  while (i >= 0 && isWhite(byteAt(base, i))) i--;
  let num: u64 = 0;
  mul = 1;
  digits = 0;
  while (i >= 0 && isDigit(byteAt(base, i))) {
    if (digits < 10) num += <u64>(byteAt(base, i) - 0x30) * mul;
    mul *= 10;
    digits++;
    i--;
  }
  if (digits == 0 || digits > 10 || num > MAX_NUMBER) return false;
  if (i >= 0) {
    const before = byteAt(base, i);
    if (!isWhite(before) && !isDelimiter(before)) return false;
  }
  objStart = i + 1;
  objNum = num;
  objGen = gen;
  return true;
}

/**
 * Examines the candidate byte at `p` and writes at most one record. Returns 1 when a record was
 * written, 0 when `p` is not a marker, -1 when it is a marker but the output is full.
 */
function examine(base: usize, len: i32, p: i32, out: usize, count: i32, cap: i32): i32 {
  const c = byteAt(base, p);
  if (c == 0x46) {
    // F of %%EOF
    if (p >= 4 && byteAt(base, p - 1) == 0x4f && byteAt(base, p - 2) == 0x45 &&
        byteAt(base, p - 3) == 0x25 && byteAt(base, p - 4) == 0x25) {
      if (count >= cap) return -1;
      writeRecord(out, count, KIND_EOF, <u32>(p - 4), 0, 0);
      return 1;
    }
    return 0;
  }
  if (c == 0x78) {
    // x of startxref or xref
    if (p + 3 >= len || byteAt(base, p + 1) != 0x72 || byteAt(base, p + 2) != 0x65 ||
        byteAt(base, p + 3) != 0x66) return 0;
    if (p >= 5 && byteAt(base, p - 1) == 0x74 && byteAt(base, p - 2) == 0x72 &&
        byteAt(base, p - 3) == 0x61 && byteAt(base, p - 4) == 0x74 && byteAt(base, p - 5) == 0x73) {
      if (count >= cap) return -1;
      writeRecord(out, count, KIND_STARTXREF, <u32>(p - 5), 0, 0);
      return 1;
    }
    if (p > 0) {
      const before = byteAt(base, p - 1);
      if (!isWhite(before) && !isDelimiter(before)) return 0;
    }
    if (p + 4 < len) {
      const after = byteAt(base, p + 4);
      if (!isWhite(after) && !isDelimiter(after)) return 0;
    }
    if (count >= cap) return -1;
    writeRecord(out, count, KIND_XREF, <u32>p, 0, 0);
    return 1;
  }
  // c == 'j'
  if (!matchObj(base, len, p)) return 0;
  if (count >= cap) return -1;
  writeRecord(out, count, KIND_OBJ, <u32>objStart, <u32>objNum, <u32>objGen);
  return 1;
}

/**
 * Scans the `len` bytes at `base` for markers whose last byte lies in `[start, stop)`, writing
 * 16-byte records `(kind, offset, num, gen)` to `out` (room for `cap` records). Bytes outside
 * that range are read for look-behind and look-ahead only, which lets the host scan a large file
 * in overlapping windows. Returns the number written; `resumePosition()` is then -1 when the
 * range was finished, else where to continue.
 */
export function scanMarkers(base: usize, len: i32, start: i32, stop: i32, out: usize, cap: i32): i32 {
  let count = 0;
  resumeAt = -1;
  const vF = i8x16.splat(0x46);
  const vx = i8x16.splat(0x78);
  const vj = i8x16.splat(0x6a);
  let block = start & ~15;
  const fullEnd = stop & ~15;
  while (block < fullEnd) {
    const v = v128.load(base + <usize>block);
    const hits = v128.or(v128.or(i8x16.eq(v, vF), i8x16.eq(v, vx)), i8x16.eq(v, vj));
    let mask = <u32>i8x16.bitmask(hits);
    if (block < start) mask &= ~((<u32>1 << <u32>(start - block)) - 1);
    while (mask != 0) {
      const p = block + <i32>ctz(mask);
      mask &= mask - 1;
      const r = examine(base, len, p, out, count, cap);
      if (r < 0) {
        resumeAt = p;
        return count;
      }
      count += r;
    }
    block += 16;
  }
  let p = max(fullEnd, start);
  while (p < stop) {
    const c = byteAt(base, p);
    if (c == 0x46 || c == 0x78 || c == 0x6a) {
      const r = examine(base, len, p, out, count, cap);
      if (r < 0) {
        resumeAt = p;
        return count;
      }
      count += r;
    }
    p++;
  }
  return count;
}
