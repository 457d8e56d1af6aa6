// Baseline JPEG luma kernel: entropy-decodes the first scan of a baseline (Huffman, 8-bit) JPEG
// and inverse-transforms only the luma blocks that fall inside the regions the host asks for,
// writing their grey levels there. Every other block (chroma, luma outside the regions) is read
// for its bits and dropped: the Huffman pass is the price of reaching a block, the transform is
// paid only where pixels are wanted. The host (packages/core/src/image/jpeg-luma.ts) parses the
// headers, builds the Huffman tables and lays everything out in linear memory; nothing here
// allocates. Data that ends early, a marker inside the scan or a code no table holds ends the
// decode with a status the host turns into "not decoded here".

// Parameter block (i32 slots), written by the host.
const P_DATA = 0; // address of the file's bytes
const P_LEN = 1; // their count
const P_START = 2; // offset of the scan's first entropy-coded byte
// slots 3 and 4: the picture's width and height (the host's record; the regions are already clipped to them)
const P_MCUS_X = 5; // MCUs (or blocks, non-interleaved) per row
// slot 6: rows of MCUs (the host's: it calls row by row)
const P_RESTART = 7; // restart interval in MCUs, 0 for none
const P_COMPONENTS = 8; // components in the scan (1-4)
const P_RECTS = 9; // number of regions
const P_RECT_AT = 10; // address of the regions: i32 x0, y0, x1, y1, out (address of x1-x0 by y1-y0 bytes)
const P_COEFS = 11; // address of 64 f32 of scratch (16-byte aligned)
const P_ROWS = 12; // address of 64 f32 of scratch (16-byte aligned)
const P_BASIS = 13; // address of the 8 x 8 f32 IDCT basis (16-byte aligned)
const P_LUMA_ROWS = 14; // pixel rows of luma in an MCU row (8 x its vertical sampling; 8 when the scan holds the luma alone)
const P_COMP = 16; // per component, 8 slots: h, v, dc table, ac table, quant (f32[64], zig-zag order), luma (1/0)

// Huffman table layout (built by the host): u16 lookahead[512] (9-bit peek: length << 8 | symbol,
// 0 when the code is longer), i32 maxcode[18] (index = length; -1 none), i32 valoffset[17], u8 values[256],
// u16 skip[512] (9-bit peek: (length + the symbol's extra bits) << 8 | symbol, 0 when they are longer).
const H_MAXCODE = 1024;
const H_VALOFFSET = H_MAXCODE + 72;
const H_VALUES = H_VALOFFSET + 68;
const H_SKIP = 1424;

/** Statuses returned to the host. */
const OK = 0;
const BAD_CODE = 1;
const TRUNCATED = 2;
const BAD_RESTART = 3;

// bit reader state
let data: usize = 0;
let len: i32 = 0;
let pos: i32 = 0;
let bits: u64 = 0;
let count: i32 = 0;
let atMarker = false;
let zeroBits: i32 = 0; // bits fed past the end of the data (a marker or the file's end)
let status: i32 = OK;

@inline function param(p: usize, slot: i32): i32 {
  return load<i32>(p + (<usize>slot << 2));
}

/** Tops the bit buffer up to at least 57 bits; past the data, zeros (counted). */
function fill(): void {
  while (count <= 56) {
    let byte: u32 = 0;
    if (!atMarker && pos < len) {
      byte = <u32>load<u8>(data + <usize>pos);
      if (byte == 0xff) {
        const next = pos + 1 < len ? <u32>load<u8>(data + <usize>pos + 1) : 0xd9;
        if (next == 0) pos += 2;
        else {
          atMarker = true;
          byte = 0;
          zeroBits += 8;
        }
      } else pos++;
    } else {
      atMarker = true;
      zeroBits += 8;
    }
    bits = (bits << 8) | <u64>byte;
    count += 8;
  }
}

@inline function take(n: i32): i32 {
  if (count < n) fill();
  count -= n;
  return <i32>((bits >> <u64>count) & ((<u64>1 << <u64>n) - 1));
}

@inline function extend(v: i32, s: i32): i32 {
  return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
}

/** The next symbol of `table`; sets BAD_CODE and returns 0 when no code matches. */
function symbol(table: usize): i32 {
  if (count < 16) fill();
  const peek = <i32>((bits >> <u64>(count - 9)) & 511);
  const entry = <i32>load<u16>(table + (<usize>peek << 1));
  if (entry != 0) {
    count -= entry >> 8;
    return entry & 255;
  }
  const peek16 = <i32>((bits >> <u64>(count - 16)) & 0xffff);
  for (let l = 10; l <= 16; l++) {
    const code = peek16 >> (16 - l);
    if (code <= load<i32>(table + H_MAXCODE + (<usize>l << 2))) {
      count -= l;
      return <i32>load<u8>(table + H_VALUES + <usize>(code + load<i32>(table + H_VALOFFSET + (<usize>l << 2))));
    }
  }
  status = BAD_CODE;
  return 0;
}

/**
 * The next symbol of `table` with its extra bits (the symbol's low four bits count them) read
 * past in one step where code and bits fit the 9-bit peek: how a dropped block is skipped.
 */
@inline function skipSymbol(table: usize): i32 {
  if (count < 16) fill();
  const entry = <i32>load<u16>(table + H_SKIP + (<usize>((bits >> <u64>(count - 9)) & 511) << 1));
  if (entry != 0) {
    count -= entry >> 8;
    return entry & 255;
  }
  const rs = symbol(table);
  const s = rs & 15;
  if (count < s) fill();
  count -= s;
  return rs;
}

/**
 * Reads one block's coefficients. With `coefs` not 0 they are dequantised into it in natural
 * order (it must be zeroed) and the return is 1 when an AC coefficient is not zero; with
 * `coefs` 0 they are only read. `pred` is the component's DC predictor slot (0 for a component
 * whose blocks are all dropped: its DC differences are skipped too).
 */
function block(dc: usize, ac: usize, quant: usize, pred: usize, coefs: usize): i32 {
  if (pred != 0) {
    const t = symbol(dc);
    const value = load<i32>(pred) + (t == 0 ? 0 : extend(take(t), t));
    store<i32>(pred, value);
    if (coefs != 0) store<f32>(coefs, <f32>value * load<f32>(quant));
  } else skipSymbol(dc);
  if (coefs == 0) {
    // a dropped block: its coefficients' codes and bits read past
    for (let k = 1; k < 64; ) {
      const rs = skipSymbol(ac);
      const r = rs >> 4;
      if ((rs & 15) == 0) {
        if (r != 15) break;
        k += 16;
        continue;
      }
      k += r + 1;
      if (k > 64) {
        status = BAD_CODE;
        return 0;
      }
    }
    return 0;
  }
  let anyAc = 0;
  for (let k = 1; k < 64; ) {
    const rs = symbol(ac);
    const r = rs >> 4;
    const s = rs & 15;
    if (s == 0) {
      if (r != 15) break;
      k += 16;
      continue;
    }
    k += r;
    if (k > 63) {
      status = BAD_CODE;
      return 0;
    }
    const v = extend(take(s), s);
    store<f32>(coefs + (<usize>load<u8>(zigzag + <usize>k) << 2), <f32>v * load<f32>(quant + (<usize>k << 2)));
    anyAc = 1;
    k++;
  }
  return anyAc;
}

// natural-order index of each zig-zag position
const zigzag: usize = memory.data<u8>([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/**
 * out[y] = bias + sum over k of w(y, k) vectors[k], for the 8 rows y of 8 floats, four at a time;
 * w(y, k) is the f32 at `weights` + (y * yStride + k * kStride) floats.
 */
@inline function combineRows(out: usize, weights: usize, yStride: i32, kStride: i32, vectors: usize, bias: f32): void {
  for (let y = 0; y < 8; y++) {
    let lo = f32x4.splat(bias);
    let hi = f32x4.splat(bias);
    for (let k = 0; k < 8; k++) {
      const c = f32x4.splat(load<f32>(weights + (<usize>(y * yStride + k * kStride) << 2)));
      lo = f32x4.add(lo, f32x4.mul(c, v128.load(vectors + (<usize>(k * 8) << 2))));
      hi = f32x4.add(hi, f32x4.mul(c, v128.load(vectors + (<usize>(k * 8 + 4) << 2))));
    }
    v128.store(out + (<usize>(y * 8) << 2), lo);
    v128.store(out + (<usize>(y * 8 + 4) << 2), hi);
  }
}

/**
 * The 8 x 8 inverse DCT of `coefs` (natural order) into `coefs` as grey levels (level shift,
 * unclamped): two passes of a separable product with the basis, four outputs at a time.
 * basis[u * 8 + x] = c(u) / 2 cos((2x + 1) u pi / 16).
 */
function idct(coefs: usize, rows: usize, basis: usize): void {
  // rows: rows[y][x] = sum_u coefs[y][u] basis[u][x]
  combineRows(rows, coefs, 8, 1, basis, 0);
  // columns: out[y][x] = sum_v basis[v][y] rows[v][x] + 128
  combineRows(coefs, basis, 1, 8, rows, 128);
}

@inline function clampByte(v: f32): u8 {
  const r = <i32>nearest<f32>(v);
  return <u8>(r < 0 ? 0 : r > 255 ? 255 : r);
}

/**
 * Writes the pixels of the luma block at block column `bx`, row `by` (`coefs`, already
 * transformed; or the flat `dcLevel` when `flat`) into every region it meets, clipped to the region.
 */
function put(p: usize, bx: i32, by: i32, coefs: usize, flat: bool, dcLevel: f32): void {
  const rects = <usize>param(p, P_RECT_AT);
  const n = param(p, P_RECTS);
  const px = bx << 3;
  const py = by << 3;
  for (let i = 0; i < n; i++) {
    const r = rects + (<usize>i * 20);
    const x0 = load<i32>(r);
    const y0 = load<i32>(r, 4);
    const x1 = load<i32>(r, 8);
    const y1 = load<i32>(r, 12);
    if (px >= x1 || px + 8 <= x0 || py >= y1 || py + 8 <= y0) continue;
    const out = <usize>load<i32>(r, 16);
    const stride = x1 - x0;
    const ya = max(py, y0);
    const yb = min(py + 8, y1);
    const xa = max(px, x0);
    const xb = min(px + 8, x1);
    if (flat) {
      const level = clampByte(dcLevel);
      for (let y = ya; y < yb; y++) memory.fill(out + <usize>((y - y0) * stride + xa - x0), level, <usize>(xb - xa));
    } else if (xb - xa == 8) {
      // a whole block row: eight levels rounded, clamped and stored at once
      for (let y = ya; y < yb; y++) {
        const from = coefs + (<usize>((y - py) << 3) << 2);
        const lo = i32x4.trunc_sat_f32x4_s(f32x4.nearest(v128.load(from)));
        const hi = i32x4.trunc_sat_f32x4_s(f32x4.nearest(v128.load(from, 16)));
        const words = i16x8.narrow_i32x4_s(lo, hi);
        store<i64>(out + <usize>((y - y0) * stride + xa - x0), i64x2.extract_lane(i8x16.narrow_i16x8_u(words, words), 0));
      }
    } else
      for (let y = ya; y < yb; y++) {
        const row = out + <usize>((y - y0) * stride - x0);
        for (let x = xa; x < xb; x++) store<u8>(row + <usize>x, clampByte(load<f32>(coefs + (<usize>(((y - py) << 3) + x - px) << 2))));
      }
  }
}

/** Whether the luma block at (`bx`, `by`) meets a region. */
function wanted(p: usize, bx: i32, by: i32): bool {
  const rects = <usize>param(p, P_RECT_AT);
  const n = param(p, P_RECTS);
  const px = bx << 3;
  const py = by << 3;
  for (let i = 0; i < n; i++) {
    const r = rects + (<usize>i * 20);
    if (px < load<i32>(r, 8) && px + 8 > load<i32>(r) && py < load<i32>(r, 12) && py + 8 > load<i32>(r, 4)) return true;
  }
  return false;
}

/** Whether a region meets pixel rows `y0` to `y1` (exclusive). */
function meetsRows(p: usize, y0: i32, y1: i32): bool {
  const rects = <usize>param(p, P_RECT_AT);
  for (let i = 0; i < param(p, P_RECTS); i++) {
    const r = rects + (<usize>i * 20);
    if (y0 < load<i32>(r, 12) && y1 > load<i32>(r, 4)) return true;
  }
  return false;
}

/** After a restart interval: the RSTn marker expected next, the bit buffer and the DC predictors reset. */
function restart(p: usize, preds: usize, n: i32): bool {
  bits = 0;
  count = 0;
  zeroBits = 0;
  // the marker the reader stopped at, or the next one after padding
  if (!atMarker) {
    while (pos < len && load<u8>(data + <usize>pos) != 0xff) pos++;
  }
  while (pos + 1 < len && load<u8>(data + <usize>pos) == 0xff && load<u8>(data + <usize>pos + 1) == 0xff) pos++;
  if (pos + 1 >= len) return false;
  const marker = <i32>load<u8>(data + <usize>pos + 1);
  if (marker < 0xd0 || marker > 0xd7) return false;
  pos += 2;
  atMarker = false;
  for (let i = 0; i < n; i++) store<i32>(preds + (<usize>i << 2), 0);
  return true;
}

/**
 * Decodes rows `fromRow` to `toRow` (exclusive) of MCUs of the first scan described by the
 * parameter block at `p` (see P_*), writing the luma of every region; rows are decoded in order
 * over calls (row 0 starts the scan; the reader's state carries over), so a host that calls in
 * short runs lets the engine optimise the kernel after the first ones. Returns 0, or 1 (a code no
 * table holds), 2 (the data ended before the last MCU) or 3 (a restart marker missing where the
 * interval puts one).
 */
export function jpegLuma(p: usize, fromRow: i32, toRow: i32): i32 {
  const n = param(p, P_COMPONENTS);
  // DC predictors: four i32 after the components' slots
  const preds = p + (<usize>(P_COMP + 8 * 4) << 2);
  if (fromRow == 0) {
    data = <usize>param(p, P_DATA);
    len = param(p, P_LEN);
    pos = param(p, P_START);
    bits = 0;
    count = 0;
    atMarker = false;
    zeroBits = 0;
    status = OK;
    for (let i = 0; i < 4; i++) store<i32>(preds + (<usize>i << 2), 0);
  }
  const mcusX = param(p, P_MCUS_X);
  const interval = param(p, P_RESTART);
  const coefs = <usize>param(p, P_COEFS);
  const rows = <usize>param(p, P_ROWS);
  const basis = <usize>param(p, P_BASIS);
  const lumaRows = param(p, P_LUMA_ROWS);
  for (let my = fromRow; my < toRow; my++) {
    const rowWanted = meetsRows(p, my * lumaRows, (my + 1) * lumaRows);
    for (let mx = 0; mx < mcusX; mx++) {
      const mcu = my * mcusX + mx;
      if (interval > 0 && mcu > 0 && mcu % interval == 0 && !restart(p, preds, n)) return BAD_RESTART;
      for (let c = 0; c < n; c++) {
        const slot = p + (<usize>(P_COMP + c * 8) << 2);
        const h = load<i32>(slot);
        const v = load<i32>(slot, 4);
        const dc = <usize>load<i32>(slot, 8);
        const ac = <usize>load<i32>(slot, 12);
        const quant = <usize>load<i32>(slot, 16);
        const luma = load<i32>(slot, 20) != 0;
        const pred = luma ? preds + (<usize>c << 2) : 0;
        for (let by = 0; by < v; by++) {
          for (let bx = 0; bx < h; bx++) {
            const lx = mx * h + bx;
            const ly = my * v + by;
            if (luma && rowWanted && wanted(p, lx, ly)) {
              memory.fill(coefs, 0, 256);
              const anyAc = block(dc, ac, quant, pred, coefs);
              if (anyAc != 0) {
                idct(coefs, rows, basis);
                put(p, lx, ly, coefs, false, 0);
              } else put(p, lx, ly, coefs, true, load<f32>(coefs) / 8 + 128);
            } else block(dc, ac, quant, pred, 0);
            if (status != OK) return status;
          }
        }
      }
      // zero bits taken past the data: the scan ended before this MCU did
      if (zeroBits > 0 && zeroBits - count > 0) return TRUNCATED;
    }
  }
  return OK;
}
