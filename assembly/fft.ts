// Spectral kernel: the 2-D FFT power spectrum of every n x n patch of an f32 plane (patch mean
// removed), averaged over rings of equal radius (azimuthal average) into `bins` values per patch.
// Patches are real, so two share one complex transform (one as the real part, one as the imaginary).
// Periodic traces of resampling and generator upsampling show as peaks in these profiles. The
// radix-2 transform runs on columns four at a time with SIMD; rows are done as columns after a
// transpose. Scratch is the host's (`fftScratchBytes`), laid out as re | im | cos | sin | bin | count.

/** Bytes of scratch `patchSpectra` needs for patch size `n` and `bins` radial bins. */
export function fftScratchBytes(n: i32, bins: i32): i32 {
  return n * n * 4 * 3 + n * 4 + bins * 4 + 64;
}

@inline function reverseBits(i: i32, bits: i32): i32 {
  let r = 0;
  for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
  return r;
}

/**
 * In-place forward FFT of every column of the n-row, `cols`-column complex array (re, im), `cols`
 * a multiple of 4; `cs`/`sn` hold cos/sin(2 pi k / n) for k < n / 2.
 */
export function fftColumns(re: usize, im: usize, n: i32, cols: i32, bits: i32, cs: usize, sn: usize): void {
  const rowBytes = <usize>cols << 2;
  for (let i = 0; i < n; i++) {
    const j = reverseBits(i, bits);
    if (j <= i) continue;
    for (let c: usize = 0; c < rowBytes; c += 16) {
      const ai = <usize>i * rowBytes + c;
      const aj = <usize>j * rowBytes + c;
      const tr = v128.load(re + ai);
      v128.store(re + ai, v128.load(re + aj));
      v128.store(re + aj, tr);
      const ti = v128.load(im + ai);
      v128.store(im + ai, v128.load(im + aj));
      v128.store(im + aj, ti);
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < half; k++) {
        const wr = f32x4.splat(load<f32>(cs + (<usize>(k * step) << 2)));
        const wi = f32x4.splat(-load<f32>(sn + (<usize>(k * step) << 2)));
        const a = <usize>(start + k) * rowBytes;
        const b = <usize>(start + k + half) * rowBytes;
        for (let c: usize = 0; c < rowBytes; c += 16) {
          const br = v128.load(re + b + c);
          const bi = v128.load(im + b + c);
          const tr = f32x4.sub(f32x4.mul(br, wr), f32x4.mul(bi, wi));
          const ti = f32x4.add(f32x4.mul(br, wi), f32x4.mul(bi, wr));
          const ar = v128.load(re + a + c);
          const ai = v128.load(im + a + c);
          v128.store(re + b + c, f32x4.sub(ar, tr));
          v128.store(im + b + c, f32x4.sub(ai, ti));
          v128.store(re + a + c, f32x4.add(ar, tr));
          v128.store(im + a + c, f32x4.add(ai, ti));
        }
      }
    }
  }
}

@inline function transpose(m: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = m + (<usize>(i * n + j) << 2);
      const b = m + (<usize>(j * n + i) << 2);
      const t = load<f32>(a);
      store<f32>(a, load<f32>(b));
      store<f32>(b, t);
    }
  }
}

/**
 * Radial power profile of every whole n x n patch (n a power of two, at least 4): `bins` f32 per
 * patch, the mean |F(u, v)|^2 over frequencies whose radius r = sqrt(fu^2 + fv^2) (fu, fv in
 * -n/2..n/2-1) falls in bin floor(r / (n / 2) * bins); radii beyond n/2 are left out.
 */
export function patchSpectra(src: usize, w: i32, h: i32, n: i32, bins: i32, dst: usize, scratch: usize): void {
  let bits = 0;
  while ((1 << bits) < n) bits++;
  const area = <usize>(n * n) << 2;
  const re = (scratch + 15) & ~<usize>15;
  const im = re + area;
  const bin = im + area;
  const cs = bin + area;
  const sn = cs + (<usize>(n >> 1) << 2);
  const count = sn + (<usize>(n >> 1) << 2);
  for (let k = 0; k < n >> 1; k++) {
    const angle = 2 * Math.PI * <f64>k / <f64>n;
    store<f32>(cs + (<usize>k << 2), <f32>Math.cos(angle));
    store<f32>(sn + (<usize>k << 2), <f32>Math.sin(angle));
  }
  memory.fill(count, 0, <usize>bins << 2);
  const halfN = <f64>(n >> 1);
  for (let v = 0; v < n; v++) {
    const fv = v < n >> 1 ? v : v - n;
    for (let u = 0; u < n; u++) {
      const fu = u < n >> 1 ? u : u - n;
      const r = Math.sqrt(<f64>(fu * fu + fv * fv));
      let b = <i32>Math.floor(r / halfN * <f64>bins);
      if (r > halfN) b = -1;
      else if (b >= bins) b = bins - 1;
      store<i32>(bin + (<usize>(v * n + u) << 2), b);
      if (b >= 0) store<f32>(count + (<usize>b << 2), load<f32>(count + (<usize>b << 2)) + 1);
    }
  }
  const pw = w / n;
  const patches = pw * (h / n);
  // two real patches per complex transform: one in re, the next in im (a lone last one with im 0)
  for (let p = 0; p < patches; p += 2) {
    const second = p + 1 < patches;
    subtract(re, area, loadPatch(src, w, n, p % pw, p / pw, re));
    if (second) subtract(im, area, loadPatch(src, w, n, (p + 1) % pw, (p + 1) / pw, im));
    else memory.fill(im, 0, area);
    fftColumns(re, im, n, n, bits, cs, sn);
    transpose(re, n);
    transpose(im, n);
    fftColumns(re, im, n, n, bits, cs, sn);
    const outA = dst + (<usize>(p * bins) << 2);
    const outB = outA + (<usize>bins << 2);
    memory.fill(outA, 0, <usize>bins << 2);
    if (second) memory.fill(outB, 0, <usize>bins << 2);
    // Z = A + iB with A, B the transforms of the real patches: A(k) = (Z(k) + conj Z(-k)) / 2 and
    // B(k) = (Z(k) - conj Z(-k)) / 2i, so |A|^2 and |B|^2 come from Z at k and at -k
    for (let v = 0; v < n; v++) {
      const mv = v == 0 ? 0 : n - v;
      for (let u = 0; u < n; u++) {
        const i = v * n + u;
        const b = load<i32>(bin + (<usize>i << 2));
        if (b < 0) continue;
        const j = mv * n + (u == 0 ? 0 : n - u);
        const zr = load<f32>(re + (<usize>i << 2));
        const zi = load<f32>(im + (<usize>i << 2));
        const wr = load<f32>(re + (<usize>j << 2));
        const wi = load<f32>(im + (<usize>j << 2));
        const sr = zr + wr;
        const di = zi - wi;
        const slotA = outA + (<usize>b << 2);
        store<f32>(slotA, load<f32>(slotA) + (sr * sr + di * di) * 0.25);
        if (second) {
          const dr = zr - wr;
          const si = zi + wi;
          const slotB = outB + (<usize>b << 2);
          store<f32>(slotB, load<f32>(slotB) + (dr * dr + si * si) * 0.25);
        }
      }
    }
    for (let b = 0; b < bins; b++) {
      const c = load<f32>(count + (<usize>b << 2));
      const slotA = outA + (<usize>b << 2);
      store<f32>(slotA, c > 0 ? load<f32>(slotA) / c : 0);
      if (second) {
        const slotB = outB + (<usize>b << 2);
        store<f32>(slotB, c > 0 ? load<f32>(slotB) / c : 0);
      }
    }
  }
}

/** Copies patch (px, py) of the plane into `to` (n x n) and returns its mean. */
function loadPatch(src: usize, w: i32, n: i32, px: i32, py: i32, to: usize): f32 {
  let sum: f64 = 0;
  for (let y = 0; y < n; y++) {
    const s = src + (<usize>((py * n + y) * w + px * n) << 2);
    memory.copy(to + (<usize>(y * n) << 2), s, <usize>n << 2);
    for (let x = 0; x < n; x++) sum += <f64>load<f32>(s + (<usize>x << 2));
  }
  return <f32>(sum / <f64>(n * n));
}

@inline function subtract(at: usize, bytes: usize, value: f32): void {
  const v = f32x4.splat(value);
  for (let i: usize = 0; i < bytes; i += 16) v128.store(at + i, f32x4.sub(v128.load(at + i), v));
}
