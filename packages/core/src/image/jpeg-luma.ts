// The grey levels of regions of a baseline JPEG, decoded in the core: the headers read here (frame,
// quantisation and Huffman tables, restart interval, first scan), the scan by the WebAssembly
// kernel (assembly/jpeg.ts), which reads every block's bits but transforms only the luma blocks
// the regions cover. What it does not decode (progressive, arithmetic-coded, 12-bit, lossless,
// a luma plane smaller than the picture, a first scan without the luma, damaged data) it leaves
// to the platform's decoder: the answer is then undefined, never a guess.
import { u16be } from '../bytes.js';
import { isStartOfFrame, jpegLumaFirst, walkJpeg } from '../containers/jpeg.js';
import type { DecodedLuma, PixelRect } from '../platform.js';
import { kernels } from '../wasm/kernels.js';
import { layout } from '../wasm/staging.js';

/** Pictures over this many pixels are not decoded here (the media limit is the caller's). */
const MAX_PIXELS = 100_000_000;

interface FrameComponent {
  id: number;
  h: number;
  v: number;
  quant: number;
}

interface JpegHeaders {
  width: number;
  height: number;
  components: FrameComponent[];
  quant: (Float32Array | undefined)[];
  dc: (Uint8Array | undefined)[];
  ac: (Uint8Array | undefined)[];
  restart: number;
  scan: { index: number; dc: number; ac: number }[];
  scanStart: number;
}

/** MCU rows the kernel decodes a call. */
const ROWS_A_CALL = 4;

/** Bytes of one Huffman table as the kernel reads it. */
const TABLE_BYTES = 2448;

/**
 * A Huffman table laid out for the kernel: a 9-bit lookahead (length << 8 | symbol), the largest
 * code of each length and the offset of its symbols, and a 9-bit skip lookahead (the code's length
 * with the symbol's extra bits << 8 | symbol, where both fit); undefined when the counts overflow.
 */
function huffmanTable(counts: Uint8Array, values: Uint8Array): Uint8Array | undefined {
  const table = new Uint8Array(TABLE_BYTES);
  const view = new DataView(table.buffer);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1]!;
    view.setInt32(1024 + length * 4, -1, true);
    view.setInt32(1096 + length * 4, k - code, true);
    for (let i = 0; i < n; i++, k++, code++) {
      if (k >= values.length) return undefined;
      if (length <= 9) {
        const shift = 9 - length;
        for (let fill = 0; fill < 1 << shift; fill++) view.setUint16(((code << shift) | fill) * 2, (length << 8) | values[k]!, true);
        // the skip lookahead: the code and the symbol's extra bits (its low four bits count them) in one peek
        const whole = length + (values[k]! & 15);
        if (whole <= 9) {
          const wholeShift = 9 - whole;
          const extra = values[k]! & 15;
          for (let bits = 0; bits < 1 << extra; bits++)
            for (let fill = 0; fill < 1 << wholeShift; fill++)
              view.setUint16(1424 + ((((code << extra) | bits) << wholeShift) | fill) * 2, (whole << 8) | values[k]!, true);
        }
      }
    }
    if (n > 0) view.setInt32(1024 + length * 4, code - 1, true);
    if (code > 1 << length) return undefined;
    code <<= 1;
  }
  view.setInt32(1024 + 17 * 4, 0x7fffffff, true);
  table.set(values.subarray(0, Math.min(256, k)), 1164);
  return table;
}

/** Reads the headers up to the first scan; undefined for anything the kernel does not decode. */
function readHeaders(bytes: Uint8Array): JpegHeaders | undefined {
  const quant: (Float32Array | undefined)[] = [];
  const dc: (Uint8Array | undefined)[] = [];
  const ac: (Uint8Array | undefined)[] = [];
  let frame: { width: number; height: number; components: FrameComponent[] } | undefined;
  let restart = 0;
  let scan: { ids: number[]; dc: number[]; ac: number[]; spectral: number[] } | undefined;
  let scanStart = 0;
  let ok = true;
  const refuse = (): false => {
    ok = false;
    return false;
  };
  const end = walkJpeg(bytes, ({ marker, body, standalone, at, length }) => {
    if (standalone) return true;
    if (marker === 0xdb) {
      for (let p = 0; p < body.length; ) {
        const wide = body[p]! >> 4;
        const id = body[p]! & 15;
        if (id > 3 || p + 1 + 64 * (wide + 1) > body.length) return refuse();
        const table = new Float32Array(64);
        for (let k = 0; k < 64; k++) table[k] = wide ? u16be(body, p + 1 + 2 * k) : body[p + 1 + k]!;
        quant[id] = table;
        p += 1 + 64 * (wide + 1);
      }
    } else if (marker === 0xc4) {
      for (let p = 0; p < body.length; ) {
        const kind = body[p]! >> 4;
        const id = body[p]! & 15;
        if (kind > 1 || id > 3 || p + 17 > body.length) return refuse();
        const counts = body.subarray(p + 1, p + 17);
        const total = counts.reduce((n, c) => n + c, 0);
        if (total > 256 || p + 17 + total > body.length) return refuse();
        const table = huffmanTable(counts, body.subarray(p + 17, p + 17 + total));
        if (!table) return refuse();
        (kind === 0 ? dc : ac)[id] = table;
        p += 17 + total;
      }
    } else if (marker === 0xdd) {
      if (body.length < 2) return refuse();
      restart = u16be(body, 0);
    } else if (isStartOfFrame(marker)) {
      // baseline and extended Huffman, 8-bit; one frame
      if ((marker !== 0xc0 && marker !== 0xc1) || frame || body.length < 6 || body[0] !== 8) return refuse();
      const count = body[5]!;
      if (count < 1 || count > 4 || body.length < 6 + 3 * count) return refuse();
      const components = Array.from({ length: count }, (_, i) => ({
        id: body[6 + 3 * i]!,
        h: body[7 + 3 * i]! >> 4,
        v: body[7 + 3 * i]! & 15,
        quant: body[8 + 3 * i]!,
      }));
      if (components.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4 || c.quant > 3)) return refuse();
      frame = { width: u16be(body, 3), height: u16be(body, 1), components };
    } else if (marker === 0xda) {
      const count = body[0] ?? 0;
      if (count < 1 || count > 4 || body.length < 1 + 2 * count + 3) return refuse();
      scan = { ids: [], dc: [], ac: [], spectral: [] };
      for (let i = 0; i < count; i++) {
        scan.ids.push(body[1 + 2 * i]!);
        scan.dc.push(body[2 + 2 * i]! >> 4);
        scan.ac.push(body[2 + 2 * i]! & 15);
      }
      scan.spectral = [body[1 + 2 * count]!, body[2 + 2 * count]!, body[3 + 2 * count]!];
      scanStart = at + 2 + length;
    }
    return true;
  });
  if (!ok || end.kind !== 'scan' || !frame || !scan) return undefined;
  const { width, height, components } = frame;
  if (width < 1 || height < 1 || width * height > MAX_PIXELS) return undefined;
  if (scan.spectral[0] !== 0 || scan.spectral[1] !== 63 || scan.spectral[2] !== 0) return undefined;
  const indices = scan.ids.map((id) => components.findIndex((c) => c.id === id));
  if (indices.some((i) => i < 0) || !indices.includes(0)) return undefined;
  // the luma plane at the picture's full size
  const hmax = Math.max(...components.map((c) => c.h));
  const vmax = Math.max(...components.map((c) => c.v));
  if (components[0]!.h !== hmax || components[0]!.v !== vmax) return undefined;
  const used = scan.ids.map((_, i) => ({ index: indices[i]!, dc: scan!.dc[i]!, ac: scan!.ac[i]! }));
  if (used.some((u) => u.dc > 3 || u.ac > 3 || !dc[u.dc] || !ac[u.ac] || !quant[components[u.index]!.quant])) return undefined;
  return { width, height, components, quant, dc, ac, restart, scan: used, scanStart };
}

/** basis[u * 8 + x] = c(u) / 2 cos((2x + 1) u pi / 16), the inverse DCT's basis. */
const BASIS = Float32Array.from({ length: 64 }, (_, i) => {
  const u = i >> 3;
  const x = i & 7;
  return ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

/** `rect` clipped to the picture (at least one pixel). */
function clip(rect: PixelRect, width: number, height: number): PixelRect {
  const x = Math.max(0, Math.min(rect.x, width - 1));
  const y = Math.max(0, Math.min(rect.y, height - 1));
  return { x, y, width: Math.max(1, Math.min(rect.width, width - x)), height: Math.max(1, Math.min(rect.height, height - y)) };
}

/**
 * The grey levels of the regions `regionsOf` asks for of a baseline JPEG whose first component is
 * its luma, in the stored orientation; undefined when the file is not one this decoder reads (the
 * caller then asks the platform).
 */
export function decodeJpegLumaRegions(bytes: Uint8Array, regionsOf: (width: number, height: number) => readonly PixelRect[]): DecodedLuma | undefined {
  if (!jpegLumaFirst(bytes)) return undefined;
  const headers = readHeaders(bytes);
  if (!headers) return undefined;
  const { width, height, components, scan } = headers;
  const rects = regionsOf(width, height).map((r) => clip(r, width, height));
  if (rects.length === 0) return { width, height, regions: [] };
  const hmax = Math.max(...components.map((c) => c.h));
  const vmax = Math.max(...components.map((c) => c.v));
  // one component in the scan: blocks in raster order over the component's own size
  const single = scan.length === 1;
  const mcusX = single ? Math.ceil(Math.ceil((width * components[scan[0]!.index]!.h) / hmax) / 8) : Math.ceil(width / (8 * hmax));
  const mcusY = single ? Math.ceil(Math.ceil((height * components[scan[0]!.index]!.v) / vmax) / 8) : Math.ceil(height / (8 * vmax));

  const k = kernels();
  const tableIds = [...new Set(scan.flatMap((s) => [`dc${s.dc}`, `ac${s.ac}`]))];
  const quantIds = [...new Set(scan.map((s) => components[s.index]!.quant))];
  const sizes = [
    64 * 4,
    256,
    256,
    256,
    rects.length * 20,
    bytes.length,
    ...tableIds.map(() => TABLE_BYTES),
    ...quantIds.map(() => 256),
    ...rects.map((r) => r.width * r.height),
  ];
  const at = layout(k, sizes);
  const [params, basis, coefs, rows, rectsAt, dataAt] = at as [number, number, number, number, number, number];
  const tableAt = new Map(tableIds.map((id, i) => [id, at[6 + i]!]));
  const quantAt = new Map(quantIds.map((id, i) => [id, at[6 + tableIds.length + i]!]));
  const outAt = at.slice(6 + tableIds.length + quantIds.length);

  const memory = new Uint8Array(k.buffer());
  const view = new DataView(k.buffer());
  memory.set(bytes, dataAt);
  new Float32Array(k.buffer(), basis, 64).set(BASIS);
  for (const [id, address] of tableAt) memory.set((id.startsWith('dc') ? headers.dc : headers.ac)[Number(id.slice(2))]!, address);
  for (const [id, address] of quantAt) new Float32Array(k.buffer(), address, 64).set(headers.quant[id]!);
  rects.forEach((r, i) => {
    const base = rectsAt + i * 20;
    view.setInt32(base, r.x, true);
    view.setInt32(base + 4, r.y, true);
    view.setInt32(base + 8, r.x + r.width, true);
    view.setInt32(base + 12, r.y + r.height, true);
    view.setInt32(base + 16, outAt[i]!, true);
  });
  const slot = (i: number, value: number): void => view.setInt32(params + i * 4, value, true);
  const lumaRows = single ? 8 : 8 * vmax;
  const values = [
    dataAt,
    bytes.length,
    headers.scanStart,
    width,
    height,
    mcusX,
    mcusY,
    headers.restart,
    scan.length,
    rects.length,
    rectsAt,
    coefs,
    rows,
    basis,
    lumaRows,
  ];
  for (const [i, value] of values.entries()) slot(i, value);
  for (const [c, s] of scan.entries()) {
    const component = components[s.index]!;
    const fields = [
      single ? 1 : component.h,
      single ? 1 : component.v,
      tableAt.get(`dc${s.dc}`)!,
      tableAt.get(`ac${s.ac}`)!,
      quantAt.get(component.quant)!,
      s.index === 0 ? 1 : 0,
    ];
    for (const [j, value] of fields.entries()) slot(16 + c * 8 + j, value);
  }
  // in runs of rows: V8 optimises a WebAssembly function for its next calls, not the one running
  const { jpegLuma } = k.exports as unknown as { jpegLuma(p: number, fromRow: number, toRow: number): number };
  for (let row = 0; row < mcusY; row += ROWS_A_CALL) if (jpegLuma(params, row, Math.min(mcusY, row + ROWS_A_CALL)) !== 0) return undefined;
  const out = new Uint8Array(k.buffer());
  return { width, height, regions: rects.map((r, i) => ({ width: r.width, height: r.height, luma: out.slice(outAt[i]!, outAt[i]! + r.width * r.height) })) };
}
