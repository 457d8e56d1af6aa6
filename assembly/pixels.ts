// Pixel-format kernels: RGBA bytes to luma or YCbCr float planes (BT.601, as JPEG uses), grey
// bytes to a float plane, RGBA to
// a normalised NCHW float tensor for ONNX models, and area / bilinear resizing of float planes.
// Every buffer lives in linear memory where the host placed it; nothing here allocates. Channel
// extraction and the vertical resize passes run four pixels at a time with SIMD.

const MASK = i32x4.splat(0xff);

@inline function channel(px: v128, shift: i32): v128 {
  return f32x4.convert_i32x4_u(v128.and(i32x4.shr_u(px, shift), MASK));
}

/** `n` grey levels (one byte a pixel, a decoder's luma plane) at `src` into f32 at `dst`. */
export function bytesToPlane(src: usize, n: i32, dst: usize): void {
  for (let i = 0; i < n; i++) store<f32>(dst + (<usize>i << 2), <f32>load<u8>(src + <usize>i));
}

/** Luma Y = 0.299 R + 0.587 G + 0.114 B of `n` RGBA pixels at `src` into f32 at `dst`. */
export function rgbaToGray(src: usize, n: i32, dst: usize): void {
  const kr = f32x4.splat(0.299);
  const kg = f32x4.splat(0.587);
  const kb = f32x4.splat(0.114);
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const at = <usize>i << 2;
    const a = v128.load(src + at);
    const b = v128.load(src + at, 16);
    v128.store(dst + at, f32x4.add(f32x4.add(f32x4.mul(channel(a, 0), kr), f32x4.mul(channel(a, 8), kg)), f32x4.mul(channel(a, 16), kb)));
    v128.store(dst + at, f32x4.add(f32x4.add(f32x4.mul(channel(b, 0), kr), f32x4.mul(channel(b, 8), kg)), f32x4.mul(channel(b, 16), kb)), 16);
  }
  for (; i + 4 <= n; i += 4) {
    const px = v128.load(src + (<usize>i << 2));
    const y = f32x4.add(f32x4.add(f32x4.mul(channel(px, 0), kr), f32x4.mul(channel(px, 8), kg)), f32x4.mul(channel(px, 16), kb));
    v128.store(dst + (<usize>i << 2), y);
  }
  for (; i < n; i++) {
    const p = src + (<usize>i << 2);
    const y = <f32>load<u8>(p) * 0.299 + <f32>load<u8>(p, 1) * 0.587 + <f32>load<u8>(p, 2) * 0.114;
    store<f32>(dst + (<usize>i << 2), y);
  }
}

/** Full-range YCbCr (JFIF) of `n` RGBA pixels into three f32 planes. */
export function rgbaToYCbCr(src: usize, n: i32, y: usize, cb: usize, cr: usize): void {
  const c128 = f32x4.splat(128);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const px = v128.load(src + (<usize>i << 2));
    const r = channel(px, 0);
    const g = channel(px, 8);
    const b = channel(px, 16);
    const o = <usize>i << 2;
    v128.store(y + o, f32x4.add(f32x4.add(f32x4.mul(r, f32x4.splat(0.299)), f32x4.mul(g, f32x4.splat(0.587))), f32x4.mul(b, f32x4.splat(0.114))));
    v128.store(cb + o, f32x4.add(f32x4.add(f32x4.add(c128, f32x4.mul(r, f32x4.splat(-0.168736))), f32x4.mul(g, f32x4.splat(-0.331264))), f32x4.mul(b, f32x4.splat(0.5))));
    v128.store(cr + o, f32x4.add(f32x4.add(f32x4.add(c128, f32x4.mul(r, f32x4.splat(0.5))), f32x4.mul(g, f32x4.splat(-0.418688))), f32x4.mul(b, f32x4.splat(-0.081312))));
  }
  for (; i < n; i++) {
    const p = src + (<usize>i << 2);
    const r = <f32>load<u8>(p);
    const g = <f32>load<u8>(p, 1);
    const b = <f32>load<u8>(p, 2);
    const o = <usize>i << 2;
    store<f32>(y + o, r * 0.299 + g * 0.587 + b * 0.114);
    store<f32>(cb + o, 128 + r * -0.168736 + g * -0.331264 + b * 0.5);
    store<f32>(cr + o, 128 + r * 0.5 + g * -0.418688 + b * -0.081312);
  }
}

/**
 * RGBA pixels to an NCHW f32 tensor (three planes): (value / 255 - mean[c]) / std[c].
 */
export function rgbaToNchw(src: usize, n: i32, dst: usize, m0: f32, m1: f32, m2: f32, s0: f32, s1: f32, s2: f32): void {
  const inv = f32x4.splat(<f32>1 / 255);
  const plane = <usize>n << 2;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const px = v128.load(src + (<usize>i << 2));
    const o = dst + (<usize>i << 2);
    v128.store(o, f32x4.div(f32x4.sub(f32x4.mul(channel(px, 0), inv), f32x4.splat(m0)), f32x4.splat(s0)));
    v128.store(o + plane, f32x4.div(f32x4.sub(f32x4.mul(channel(px, 8), inv), f32x4.splat(m1)), f32x4.splat(s1)));
    v128.store(o + 2 * plane, f32x4.div(f32x4.sub(f32x4.mul(channel(px, 16), inv), f32x4.splat(m2)), f32x4.splat(s2)));
  }
  for (; i < n; i++) {
    const p = src + (<usize>i << 2);
    const o = dst + (<usize>i << 2);
    store<f32>(o, (<f32>load<u8>(p) * (<f32>1 / 255) - m0) / s0);
    store<f32>(o + plane, (<f32>load<u8>(p, 1) * (<f32>1 / 255) - m1) / s1);
    store<f32>(o + 2 * plane, (<f32>load<u8>(p, 2) * (<f32>1 / 255) - m2) / s2);
  }
}

/** dst row = a * (1 - t) + b * t over `n` floats, four at a time. */
@inline function lerpRows(a: usize, b: usize, t: f32, n: i32, dst: usize): void {
  const vt = f32x4.splat(t);
  const vs = f32x4.splat(1 - t);
  let x = 0;
  for (; x + 4 <= n; x += 4) {
    const o = <usize>x << 2;
    v128.store(dst + o, f32x4.add(f32x4.mul(v128.load(a + o), vs), f32x4.mul(v128.load(b + o), vt)));
  }
  for (; x < n; x++) {
    const o = <usize>x << 2;
    store<f32>(dst + o, load<f32>(a + o) * (1 - t) + load<f32>(b + o) * t);
  }
}

/**
 * Bilinear resize of an f32 plane with half-pixel centres (source = (dst + 0.5) * scale - 0.5,
 * clamped to the edge). `row` is scratch for one source-width row.
 */
export function resizeBilinear(src: usize, sw: i32, sh: i32, dst: usize, dw: i32, dh: i32, row: usize): void {
  const sx = <f32>sw / <f32>dw;
  const sy = <f32>sh / <f32>dh;
  for (let y = 0; y < dh; y++) {
    let fy = (<f32>y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    let y0 = <i32>fy;
    if (y0 > sh - 1) y0 = sh - 1;
    const y1 = y0 + 1 < sh ? y0 + 1 : sh - 1;
    const ty = fy - <f32>y0;
    lerpRows(src + (<usize>(y0 * sw) << 2), src + (<usize>(y1 * sw) << 2), ty, sw, row);
    const out = dst + (<usize>(y * dw) << 2);
    for (let x = 0; x < dw; x++) {
      let fx = (<f32>x + 0.5) * sx - 0.5;
      if (fx < 0) fx = 0;
      let x0 = <i32>fx;
      if (x0 > sw - 1) x0 = sw - 1;
      const x1 = x0 + 1 < sw ? x0 + 1 : sw - 1;
      const tx = fx - <f32>x0;
      const a = load<f32>(row + (<usize>x0 << 2));
      const b = load<f32>(row + (<usize>x1 << 2));
      store<f32>(out + (<usize>x << 2), a * (1 - tx) + b * tx);
    }
  }
}

/**
 * Area (box) resize of an f32 plane for downscaling: each output pixel is the coverage-weighted
 * mean of the source pixels under it. Rows are reduced first (whole rows, SIMD) into `tmp`, which
 * holds `sw * dh` floats, then columns.
 */
export function resizeArea(src: usize, sw: i32, sh: i32, dst: usize, dw: i32, dh: i32, tmp: usize): void {
  const sx = <f64>sw / <f64>dw;
  const sy = <f64>sh / <f64>dh;
  const invY = <f32>(1 / sy);
  for (let y = 0; y < dh; y++) {
    const s0 = <f64>y * sy;
    const s1 = s0 + sy;
    const i0 = <i32>Math.floor(s0);
    let i1 = <i32>Math.ceil(s1);
    if (i1 > sh) i1 = sh;
    const out = tmp + (<usize>(y * sw) << 2);
    let x = 0;
    for (; x + 4 <= sw; x += 4) {
      let acc = f32x4.splat(0);
      for (let i = i0; i < i1; i++) {
        const lo = <f64>i > s0 ? <f64>i : s0;
        const hi = <f64>(i + 1) < s1 ? <f64>(i + 1) : s1;
        acc = f32x4.add(acc, f32x4.mul(v128.load(src + (<usize>(i * sw + x) << 2)), f32x4.splat(<f32>(hi - lo))));
      }
      v128.store(out + (<usize>x << 2), f32x4.mul(acc, f32x4.splat(invY)));
    }
    for (; x < sw; x++) {
      let acc: f32 = 0;
      for (let i = i0; i < i1; i++) {
        const lo = <f64>i > s0 ? <f64>i : s0;
        const hi = <f64>(i + 1) < s1 ? <f64>(i + 1) : s1;
        acc += load<f32>(src + (<usize>(i * sw + x) << 2)) * <f32>(hi - lo);
      }
      store<f32>(out + (<usize>x << 2), acc * invY);
    }
  }
  // columns: only the first and last source pixels under an output pixel are partly covered
  const invX = <f32>(1 / sx);
  for (let y = 0; y < dh; y++) {
    const r = tmp + (<usize>(y * sw) << 2);
    const out = dst + (<usize>(y * dw) << 2);
    for (let x = 0; x < dw; x++) {
      const s0 = <f64>x * sx;
      const s1 = s0 + sx;
      const i0 = <i32>Math.floor(s0);
      let i1 = <i32>Math.ceil(s1);
      if (i1 > sw) i1 = sw;
      let acc: f32;
      if (i1 - i0 == 1) {
        acc = load<f32>(r + (<usize>i0 << 2)) * <f32>(s1 - s0);
      } else {
        const hiFirst = <f64>(i0 + 1);
        const loLast = <f64>(i1 - 1);
        acc = load<f32>(r + (<usize>i0 << 2)) * <f32>(hiFirst - s0);
        for (let i = i0 + 1; i < i1 - 1; i++) acc += load<f32>(r + (<usize>i << 2));
        acc += load<f32>(r + (<usize>(i1 - 1) << 2)) * <f32>((s1 < <f64>i1 ? s1 : <f64>i1) - loLast);
      }
      store<f32>(out + (<usize>x << 2), acc * invX);
    }
  }
}
