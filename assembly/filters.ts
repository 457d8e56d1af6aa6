// Spatial filter kernels on f32 planes: 5x5 convolution (the SRM-style high-pass residual filters
// are 3x3 and 5x5 kernels passed as 25 coefficients), per-block mean and standard deviation
// (noise level when run on a residual), and max pooling of a map into a coarser heatmap. Rows are
// processed four pixels at a time with SIMD; zero taps are skipped.

const TAPS: usize = memory.data(25 * 8);

/**
 * dst = src convolved (correlated) with the 5x5 kernel at `k` (25 f32, row-major, centre at 12).
 * Pixels within two of the border are 0: a residual is only defined where the kernel fits.
 */
export function convolve5(src: usize, w: i32, h: i32, k: usize, dst: usize): void {
  if (w >= 5 && h >= 5 && mirrored(k)) {
    convolveMirrored(src, w, h, k, dst);
    return;
  }
  let taps = 0;
  for (let i = 0; i < 25; i++) {
    const c = load<f32>(k + (<usize>i << 2));
    if (c == 0) continue;
    store<i32>(TAPS + (<usize>taps << 3), ((i / 5) - 2) * w + (i % 5) - 2);
    store<f32>(TAPS + (<usize>taps << 3), c, 4);
    taps++;
  }
  memory.fill(dst, 0, <usize>(w * h) << 2);
  if (w < 5 || h < 5) return;
  for (let y = 2; y < h - 2; y++) {
    const row = y * w;
    let x = 2;
    for (; x + 4 <= w - 2; x += 4) {
      let acc = f32x4.splat(0);
      for (let t = 0; t < taps; t++) {
        const off = load<i32>(TAPS + (<usize>t << 3));
        const c = load<f32>(TAPS + (<usize>t << 3), 4);
        acc = f32x4.add(acc, f32x4.mul(v128.load(src + (<usize>(row + x + off) << 2)), f32x4.splat(c)));
      }
      v128.store(dst + (<usize>(row + x) << 2), acc);
    }
    for (; x < w - 2; x++) {
      let acc: f32 = 0;
      for (let t = 0; t < taps; t++) {
        const off = load<i32>(TAPS + (<usize>t << 3));
        acc += load<f32>(src + (<usize>(row + x + off) << 2)) * load<f32>(TAPS + (<usize>t << 3), 4);
      }
      store<f32>(dst + (<usize>(row + x) << 2), acc);
    }
  }
}

/** Whether the 5x5 kernel at `k` is the same mirrored left-right and top-bottom (the SRM filters are). */
function mirrored(k: usize): bool {
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 5; c++) {
      const v = load<f32>(k + (<usize>(r * 5 + c) << 2));
      if (v != load<f32>(k + (<usize>(r * 5 + 4 - c) << 2)) || v != load<f32>(k + (<usize>((4 - r) * 5 + c) << 2))) return false;
    }
  return true;
}

/**
 * `convolve5` for a mirrored kernel: nine coefficients c[a][b] (a, b the row and column distance
 * from the centre) each multiply the sum of the pixels at that distance, gathered as vertical
 * pairs then horizontal pairs: nine products per pixel instead of twenty-five, held in registers.
 */
function convolveMirrored(src: usize, w: i32, h: i32, k: usize, dst: usize): void {
  const c00 = f32x4.splat(load<f32>(k, 48));
  const c01 = f32x4.splat(load<f32>(k, 52));
  const c02 = f32x4.splat(load<f32>(k, 56));
  const c10 = f32x4.splat(load<f32>(k, 28));
  const c11 = f32x4.splat(load<f32>(k, 32));
  const c12 = f32x4.splat(load<f32>(k, 36));
  const c20 = f32x4.splat(load<f32>(k, 8));
  const c21 = f32x4.splat(load<f32>(k, 12));
  const c22 = f32x4.splat(load<f32>(k, 16));
  const stride = <usize>w << 2;
  memory.fill(dst, 0, <usize>(w * h) << 2);
  for (let y = 2; y < h - 2; y++) {
    const row = src + (<usize>y * stride);
    let x = 2;
    for (; x + 4 <= w - 2; x += 4) {
      const p = row + (<usize>(x - 2) << 2); // the vector's column x - 2 on row y
      // vertical sums at horizontal offsets -2..2: distance 0 (row y), 1 and 2
      const a0m2 = v128.load(p);
      const a0m1 = v128.load(p, 4);
      const a00 = v128.load(p, 8);
      const a0p1 = v128.load(p, 12);
      const a0p2 = v128.load(p, 16);
      const u1 = p - stride;
      const d1 = p + stride;
      const a1m2 = f32x4.add(v128.load(u1), v128.load(d1));
      const a1m1 = f32x4.add(v128.load(u1, 4), v128.load(d1, 4));
      const a10 = f32x4.add(v128.load(u1, 8), v128.load(d1, 8));
      const a1p1 = f32x4.add(v128.load(u1, 12), v128.load(d1, 12));
      const a1p2 = f32x4.add(v128.load(u1, 16), v128.load(d1, 16));
      const u2 = u1 - stride;
      const d2 = d1 + stride;
      const a2m2 = f32x4.add(v128.load(u2), v128.load(d2));
      const a2m1 = f32x4.add(v128.load(u2, 4), v128.load(d2, 4));
      const a20 = f32x4.add(v128.load(u2, 8), v128.load(d2, 8));
      const a2p1 = f32x4.add(v128.load(u2, 12), v128.load(d2, 12));
      const a2p2 = f32x4.add(v128.load(u2, 16), v128.load(d2, 16));
      let acc = f32x4.mul(a00, c00);
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a0m1, a0p1), c01));
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a0m2, a0p2), c02));
      acc = f32x4.add(acc, f32x4.mul(a10, c10));
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a1m1, a1p1), c11));
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a1m2, a1p2), c12));
      acc = f32x4.add(acc, f32x4.mul(a20, c20));
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a2m1, a2p1), c21));
      acc = f32x4.add(acc, f32x4.mul(f32x4.add(a2m2, a2p2), c22));
      v128.store(dst + (<usize>y * stride) + (<usize>x << 2), acc);
    }
    for (; x < w - 2; x++) {
      let acc: f32 = 0;
      for (let r = -2; r <= 2; r++)
        for (let c = -2; c <= 2; c++) acc += load<f32>(src + (<usize>((y + r) * w + x + c) << 2)) * load<f32>(k + (<usize>((r + 2) * 5 + c + 2) << 2));
      store<f32>(dst + (<usize>(y * w + x) << 2), acc);
    }
  }
}

/**
 * Mean and population standard deviation of every whole `bs` x `bs` block (blocks in row-major
 * order, floor(w / bs) per row). Sums per row run in f32 SIMD lanes, totals in f64.
 */
export function blockStats(src: usize, w: i32, h: i32, bs: i32, mean: usize, std: usize): void {
  const bw = w / bs;
  const bh = h / bs;
  const n = <f64>(bs * bs);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let sum: f64 = 0;
      let sq: f64 = 0;
      for (let y = by * bs; y < (by + 1) * bs; y++) {
        const p = src + (<usize>(y * w + bx * bs) << 2);
        let vs = f32x4.splat(0);
        let vq = f32x4.splat(0);
        let x = 0;
        for (; x + 4 <= bs; x += 4) {
          const v = v128.load(p + (<usize>x << 2));
          vs = f32x4.add(vs, v);
          vq = f32x4.add(vq, f32x4.mul(v, v));
        }
        let rs = f32x4.extract_lane(vs, 0) + f32x4.extract_lane(vs, 1) + f32x4.extract_lane(vs, 2) + f32x4.extract_lane(vs, 3);
        let rq = f32x4.extract_lane(vq, 0) + f32x4.extract_lane(vq, 1) + f32x4.extract_lane(vq, 2) + f32x4.extract_lane(vq, 3);
        for (; x < bs; x++) {
          const v = load<f32>(p + (<usize>x << 2));
          rs += v;
          rq += v * v;
        }
        sum += <f64>rs;
        sq += <f64>rq;
      }
      const m = sum / n;
      let variance = sq / n - m * m;
      if (variance < 0) variance = 0;
      const o = <usize>(by * bw + bx) << 2;
      store<f32>(mean + o, <f32>m);
      store<f32>(std + o, <f32>Math.sqrt(variance));
    }
  }
}

/**
 * Max of every whole `cw` x `ch` cell of an f32 map into a floor(w / cw) x floor(h / ch) heatmap.
 * Each cell's rows are read sixteen floats at a time into four independent SIMD maxima.
 */
export function poolMax(src: usize, w: i32, h: i32, cw: i32, ch: i32, dst: usize): void {
  const ow = w / cw;
  const oh = h / ch;
  const ninf = f32x4.splat(-Infinity);
  for (let cy = 0; cy < oh; cy++) {
    for (let cx = 0; cx < ow; cx++) {
      let m0 = ninf;
      let m1 = ninf;
      let m2 = ninf;
      let m3 = ninf;
      let m: f32 = -Infinity;
      for (let y = cy * ch; y < (cy + 1) * ch; y++) {
        const p = src + (<usize>(y * w + cx * cw) << 2);
        let x = 0;
        for (; x + 16 <= cw; x += 16) {
          const q = p + (<usize>x << 2);
          m0 = f32x4.max(m0, v128.load(q));
          m1 = f32x4.max(m1, v128.load(q, 16));
          m2 = f32x4.max(m2, v128.load(q, 32));
          m3 = f32x4.max(m3, v128.load(q, 48));
        }
        for (; x + 4 <= cw; x += 4) m0 = f32x4.max(m0, v128.load(p + (<usize>x << 2)));
        for (; x < cw; x++) m = Mathf.max(m, load<f32>(p + (<usize>x << 2)));
      }
      const v = f32x4.max(f32x4.max(m0, m1), f32x4.max(m2, m3));
      m = Mathf.max(m, Mathf.max(Mathf.max(f32x4.extract_lane(v, 0), f32x4.extract_lane(v, 1)), Mathf.max(f32x4.extract_lane(v, 2), f32x4.extract_lane(v, 3))));
      store<f32>(dst + (<usize>(cy * ow + cx) << 2), m);
    }
  }
}

/**
 * Per whole 8x8 block: its contrast (max - min), its steepest step between neighbouring pixels
 * (max |p(x) - p(x-1)| and |p(y) - p(y-1)|, the block's own first row and column stepping from
 * the pixels before them when there are any), and the share of its pixels darker than the middle
 * of its range (thin print is a small share; a step edge about half). The step over the contrast
 * tells crisp print from a blurred one.
 */
export function blockEdges(src: usize, w: i32, h: i32, contrast: usize, steepest: usize, dark: usize): void {
  const bw = w / 8;
  const bh = h / 8;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let lo = f32x4.splat(Infinity);
      let hi = f32x4.splat(-Infinity);
      let step = f32x4.splat(0);
      for (let y = 0; y < 8; y++) {
        const row = src + (<usize>((by * 8 + y) * w + bx * 8) << 2);
        const a = v128.load(row);
        const b = v128.load(row, 16);
        lo = f32x4.min(lo, f32x4.min(a, b));
        hi = f32x4.max(hi, f32x4.max(a, b));
        // the image's first column has no left neighbour: it steps from itself
        const left = bx > 0 ? v128.load(row - 4) : v128.shuffle<f32>(a, a, 0, 0, 1, 2);
        step = f32x4.max(step, f32x4.abs(f32x4.sub(a, left)));
        step = f32x4.max(step, f32x4.abs(f32x4.sub(b, v128.load(row, 12))));
        if (by * 8 + y > 0) {
          const up = row - (<usize>w << 2);
          step = f32x4.max(step, f32x4.max(f32x4.abs(f32x4.sub(a, v128.load(up))), f32x4.abs(f32x4.sub(b, v128.load(up, 16)))));
        }
      }
      const o = <usize>(by * bw + bx) << 2;
      const min = Mathf.min(Mathf.min(f32x4.extract_lane(lo, 0), f32x4.extract_lane(lo, 1)), Mathf.min(f32x4.extract_lane(lo, 2), f32x4.extract_lane(lo, 3)));
      const max = Mathf.max(Mathf.max(f32x4.extract_lane(hi, 0), f32x4.extract_lane(hi, 1)), Mathf.max(f32x4.extract_lane(hi, 2), f32x4.extract_lane(hi, 3)));
      store<f32>(contrast + o, max - min);
      const mid = f32x4.splat((max + min) * 0.5);
      let below = i32x4.splat(0);
      for (let y = 0; y < 8; y++) {
        const row = src + (<usize>((by * 8 + y) * w + bx * 8) << 2);
        below = i32x4.sub(below, f32x4.lt(v128.load(row), mid));
        below = i32x4.sub(below, f32x4.lt(v128.load(row, 16), mid));
      }
      const count = i32x4.extract_lane(below, 0) + i32x4.extract_lane(below, 1) + i32x4.extract_lane(below, 2) + i32x4.extract_lane(below, 3);
      store<f32>(dark + o, <f32>count / 64);
      store<f32>(steepest + o, Mathf.max(Mathf.max(f32x4.extract_lane(step, 0), f32x4.extract_lane(step, 1)), Mathf.max(f32x4.extract_lane(step, 2), f32x4.extract_lane(step, 3))));
    }
  }
}
