// JPEG-domain kernels: the orthonormal 8x8 DCT-II of every block on a grid, error-level analysis
// (each block through JPEG quantisation and back, the mean absolute change per block), and the
// blocking profile (pixel differences summed by position modulo 8, per cell) that shows where the
// 8x8 grid of a past compression lies. Transforms run as SIMD matrix products.

const COS: usize = memory.data(256); // C[u][x] = a(u) cos((2x + 1) u pi / 16), row-major
const COST: usize = memory.data(256); // the transpose, C[u][x] at [x][u]
const BLOCK: usize = memory.data(256, 16);
const TMP: usize = memory.data(256, 16);
const COEF: usize = memory.data(256, 16);
let ready = false;

function init(): void {
  if (ready) return;
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) {
      const a = u == 0 ? Math.sqrt(0.125) : 0.5;
      const c = <f32>(a * Math.cos(<f64>((2 * x + 1) * u) * Math.PI / 16));
      store<f32>(COS + (<usize>(u * 8 + x) << 2), c);
      store<f32>(COST + (<usize>(x * 8 + u) << 2), c);
    }
  }
  ready = true;
}

/** COEF[v][u] = sum_y sum_x C[v][y] C[u][x] BLOCK[y][x]. */
@inline function forward(): void {
  for (let y = 0; y < 8; y++) {
    let lo = f32x4.splat(0);
    let hi = f32x4.splat(0);
    for (let x = 0; x < 8; x++) {
      const p = f32x4.splat(load<f32>(BLOCK + (<usize>(y * 8 + x) << 2)));
      lo = f32x4.add(lo, f32x4.mul(p, v128.load(COST + (<usize>(x * 8) << 2))));
      hi = f32x4.add(hi, f32x4.mul(p, v128.load(COST + (<usize>(x * 8 + 4) << 2))));
    }
    v128.store(TMP + (<usize>(y * 8) << 2), lo);
    v128.store(TMP + (<usize>(y * 8 + 4) << 2), hi);
  }
  for (let v = 0; v < 8; v++) {
    let lo = f32x4.splat(0);
    let hi = f32x4.splat(0);
    for (let y = 0; y < 8; y++) {
      const c = f32x4.splat(load<f32>(COS + (<usize>(v * 8 + y) << 2)));
      lo = f32x4.add(lo, f32x4.mul(c, v128.load(TMP + (<usize>(y * 8) << 2))));
      hi = f32x4.add(hi, f32x4.mul(c, v128.load(TMP + (<usize>(y * 8 + 4) << 2))));
    }
    v128.store(COEF + (<usize>(v * 8) << 2), lo);
    v128.store(COEF + (<usize>(v * 8 + 4) << 2), hi);
  }
}

/** BLOCK[y][x] = sum_v sum_u C[v][y] C[u][x] COEF[v][u]. */
@inline function inverse(): void {
  for (let y = 0; y < 8; y++) {
    let lo = f32x4.splat(0);
    let hi = f32x4.splat(0);
    for (let v = 0; v < 8; v++) {
      const c = f32x4.splat(load<f32>(COS + (<usize>(v * 8 + y) << 2)));
      lo = f32x4.add(lo, f32x4.mul(c, v128.load(COEF + (<usize>(v * 8) << 2))));
      hi = f32x4.add(hi, f32x4.mul(c, v128.load(COEF + (<usize>(v * 8 + 4) << 2))));
    }
    v128.store(TMP + (<usize>(y * 8) << 2), lo);
    v128.store(TMP + (<usize>(y * 8 + 4) << 2), hi);
  }
  for (let y = 0; y < 8; y++) {
    let lo = f32x4.splat(0);
    let hi = f32x4.splat(0);
    for (let u = 0; u < 8; u++) {
      const t = f32x4.splat(load<f32>(TMP + (<usize>(y * 8 + u) << 2)));
      lo = f32x4.add(lo, f32x4.mul(t, v128.load(COS + (<usize>(u * 8) << 2))));
      hi = f32x4.add(hi, f32x4.mul(t, v128.load(COS + (<usize>(u * 8 + 4) << 2))));
    }
    v128.store(BLOCK + (<usize>(y * 8) << 2), lo);
    v128.store(BLOCK + (<usize>(y * 8 + 4) << 2), hi);
  }
}

/** Copies the block at (x0, y0) into BLOCK, level-shifted by -128. */
@inline function loadBlock(src: usize, w: i32, x0: i32, y0: i32): void {
  const shift = f32x4.splat(128);
  for (let y = 0; y < 8; y++) {
    const p = src + (<usize>((y0 + y) * w + x0) << 2);
    v128.store(BLOCK + (<usize>(y * 8) << 2), f32x4.sub(v128.load(p), shift));
    v128.store(BLOCK + (<usize>(y * 8 + 4) << 2), f32x4.sub(v128.load(p, 16), shift));
  }
}

/**
 * DCT coefficients of every whole 8x8 block of the grid starting at (ox, oy): 64 f32 per block,
 * [v][u] order, blocks row-major. Pixels are level-shifted by -128 as JPEG does.
 */
export function dctBlocks(src: usize, w: i32, h: i32, ox: i32, oy: i32, dst: usize): void {
  init();
  const bw = (w - ox) / 8;
  const bh = (h - oy) / 8;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      loadBlock(src, w, ox + bx * 8, oy + by * 8);
      forward();
      memory.copy(dst + (<usize>(by * bw + bx) << 8), COEF, 256);
    }
  }
}

/**
 * Error level of every aligned 8x8 block: the block's DCT quantised with the 64 steps at `q`
 * ([v][u] order; round half up), transformed back, clamped to 0..255, and the mean absolute
 * difference from the original pixels. One f32 per block.
 */
export function elaBlocks(src: usize, w: i32, h: i32, q: usize, dst: usize): void {
  init();
  const bw = w / 8;
  const bh = h / 8;
  const half = f32x4.splat(0.5);
  const shift = f32x4.splat(128);
  const zero = f32x4.splat(0);
  const top = f32x4.splat(255);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      loadBlock(src, w, bx * 8, by * 8);
      forward();
      for (let i = 0; i < 64; i += 4) {
        const step = v128.load(q + (<usize>i << 2));
        const c = v128.load(COEF + (<usize>i << 2));
        v128.store(COEF + (<usize>i << 2), f32x4.mul(f32x4.floor(f32x4.add(f32x4.div(c, step), half)), step));
      }
      inverse();
      let err = f32x4.splat(0);
      for (let y = 0; y < 8; y++) {
        const p = src + (<usize>((by * 8 + y) * w + bx * 8) << 2);
        for (let x = 0; x < 8; x += 4) {
          const r = f32x4.min(top, f32x4.max(zero, f32x4.add(v128.load(BLOCK + (<usize>(y * 8 + x) << 2)), shift)));
          err = f32x4.add(err, f32x4.abs(f32x4.sub(r, v128.load(p + (<usize>x << 2)))));
        }
      }
      const total = f32x4.extract_lane(err, 0) + f32x4.extract_lane(err, 1) + f32x4.extract_lane(err, 2) + f32x4.extract_lane(err, 3);
      store<f32>(dst + (<usize>(by * bw + bx) << 2), total / 64);
    }
  }
}

/**
 * Blocking profile per `cell` x `cell` cell (cell a multiple of 8): 16 f32 per cell, the sums of
 * min(|p(x) - p(x-1)|, cap) by x mod 8 (first 8) and of min(|p(y) - p(y-1)|, cap) by y mod 8
 * (last 8), over the cell's pixels that have a left (upper) neighbour. The cap keeps strong
 * edges of print from drowning the small steps at block borders. Cells row-major.
 */
export function gridPhases(src: usize, w: i32, h: i32, cell: i32, cap: f32, dst: usize): void {
  const vcap = f32x4.splat(cap);
  const cw = w / cell;
  const ch = h / cell;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const out = dst + (<usize>(cy * cw + cx) << 6);
      memory.fill(out, 0, 64);
      let h0 = f32x4.splat(0);
      let h1 = f32x4.splat(0);
      let first: f32 = 0; // phases 1..3 of the image's first column group, which has no x - 1 for phase 0
      let second: f32 = 0;
      let third: f32 = 0;
      for (let y = cy * cell; y < (cy + 1) * cell; y++) {
        const row = src + (<usize>(y * w) << 2);
        let x = cx * cell;
        if (x == 0) {
          first += Mathf.min(cap, Mathf.abs(load<f32>(row, 4) - load<f32>(row)));
          second += Mathf.min(cap, Mathf.abs(load<f32>(row, 8) - load<f32>(row, 4)));
          third += Mathf.min(cap, Mathf.abs(load<f32>(row, 12) - load<f32>(row, 8)));
          h1 = f32x4.add(h1, f32x4.min(vcap, f32x4.abs(f32x4.sub(v128.load(row, 16), v128.load(row, 12)))));
          x = 8;
        }
        for (; x < (cx + 1) * cell; x += 8) {
          const p = row + (<usize>x << 2);
          h0 = f32x4.add(h0, f32x4.min(vcap, f32x4.abs(f32x4.sub(v128.load(p), v128.load(p - 4)))));
          h1 = f32x4.add(h1, f32x4.min(vcap, f32x4.abs(f32x4.sub(v128.load(p, 16), v128.load(p, 12)))));
        }
        if (y > 0) {
          const up = src + (<usize>((y - 1) * w) << 2);
          let acc = f32x4.splat(0);
          for (let xx = cx * cell; xx < (cx + 1) * cell; xx += 4) {
            const o = <usize>xx << 2;
            acc = f32x4.add(acc, f32x4.min(vcap, f32x4.abs(f32x4.sub(v128.load(row + o), v128.load(up + o)))));
          }
          const slot = out + 32 + (<usize>(y & 7) << 2);
          store<f32>(slot, load<f32>(slot) + (f32x4.extract_lane(acc, 0) + f32x4.extract_lane(acc, 1) + f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3)));
        }
      }
      store<f32>(out, f32x4.extract_lane(h0, 0));
      store<f32>(out, f32x4.extract_lane(h0, 1) + first, 4);
      store<f32>(out, f32x4.extract_lane(h0, 2) + second, 8);
      store<f32>(out, f32x4.extract_lane(h0, 3) + third, 12);
      store<f32>(out, f32x4.extract_lane(h1, 0), 16);
      store<f32>(out, f32x4.extract_lane(h1, 1), 20);
      store<f32>(out, f32x4.extract_lane(h1, 2), 24);
      store<f32>(out, f32x4.extract_lane(h1, 3), 28);
    }
  }
}
