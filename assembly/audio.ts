// Audio kernels: band-limited resampling of mono PCM by a tabulated windowed-sinc filter, and
// cepstra of short frames (window, FFT power, filterbank, log, DCT) four frames at a time with
// SIMD. The host builds every table (filter, window, twiddles, filterbank, DCT), so the
// TypeScript references compute from the same numbers.
import { fftColumns } from './fft';

/**
 * Resamples `n` samples at `src` into `m` samples at `dst`: output i sits at input time
 * t = i * step and is the sum of x[j] h(|t - j|) over |t - j| < radius, h read from `table`
 * (`tableLen` values over 0..radius) with linear interpolation.
 */
export function resample(src: usize, n: i32, dst: usize, m: i32, step: f64, radius: f64, table: usize, tableLen: i32): void {
  const perUnit = <f64>(tableLen - 1) / radius;
  for (let i = 0; i < m; i++) {
    const t = <f64>i * step;
    let j0 = <i32>Math.ceil(t - radius);
    if (j0 < 0) j0 = 0;
    let j1 = <i32>Math.floor(t + radius);
    if (j1 > n - 1) j1 = n - 1;
    let acc: f32 = 0;
    for (let j = j0; j <= j1; j++) {
      const u = Math.abs(t - <f64>j) * perUnit;
      const k = <i32>u;
      if (k >= tableLen - 1) continue;
      const frac = <f32>(u - <f64>k);
      const a = load<f32>(table + (<usize>k << 2));
      const b = load<f32>(table + (<usize>(k + 1) << 2));
      acc += load<f32>(src + (<usize>j << 2)) * (a + frac * (b - a));
    }
    store<f32>(dst + (<usize>i << 2), acc);
  }
}

/** Bytes of scratch `cepstra` needs for an `fftN`-point transform and `bands` bands. */
export function cepstraScratchBytes(fftN: i32, bands: i32): i32 {
  return fftN * 16 * 2 + ((fftN >> 1) + 1) * 16 + bands * 16 + 16;
}

/**
 * Cepstra of `frames` frames of `frameLen` samples every `hop` samples of `src`: each frame is
 * multiplied by `window`, zero-padded to `fftN` (a power of two), transformed; its power spectrum
 * (fftN / 2 + 1 bins) is weighted by `fbank` (bands x bins, row-major) into band energies, whose
 * natural logs (plus 1e-10) are multiplied by `dct` (coeffs x bands) into `coeffs` values per
 * frame at `dst`.
 */
export function cepstra(
  src: usize, frames: i32, frameLen: i32, hop: i32, fftN: i32, bands: i32, coeffs: i32,
  window: usize, cs: usize, sn: usize, fbank: usize, dct: usize, dst: usize, scratch: usize,
): void {
  let bits = 0;
  while ((1 << bits) < fftN) bits++;
  const bins = (fftN >> 1) + 1;
  const re = (scratch + 15) & ~<usize>15;
  const im = re + (<usize>fftN << 4);
  const power = im + (<usize>fftN << 4);
  const logs = power + (<usize>bins << 4);
  for (let g = 0; g < frames; g += 4) {
    for (let r = 0; r < fftN; r++) {
      for (let c = 0; c < 4; c++) {
        const f = g + c;
        let v: f32 = 0;
        if (r < frameLen && f < frames) v = load<f32>(src + (<usize>(f * hop + r) << 2)) * load<f32>(window + (<usize>r << 2));
        store<f32>(re + (<usize>(r * 4 + c) << 2), v);
      }
    }
    memory.fill(im, 0, <usize>fftN << 4);
    fftColumns(re, im, fftN, 4, bits, cs, sn);
    for (let b = 0; b < bins; b++) {
      const a = <usize>b << 4;
      const x = v128.load(re + a);
      const y = v128.load(im + a);
      v128.store(power + a, f32x4.add(f32x4.mul(x, x), f32x4.mul(y, y)));
    }
    for (let q = 0; q < bands; q++) {
      let acc = f32x4.splat(0);
      const row = fbank + (<usize>(q * bins) << 2);
      for (let b = 0; b < bins; b++) acc = f32x4.add(acc, f32x4.mul(f32x4.splat(load<f32>(row + (<usize>b << 2))), v128.load(power + (<usize>b << 4))));
      v128.store(logs + (<usize>q << 4), acc);
    }
    for (let i = 0; i < bands * 4; i++) {
      const at = logs + (<usize>i << 2);
      store<f32>(at, <f32>Math.log(<f64>load<f32>(at) + 1e-10));
    }
    for (let c = 0; c < 4; c++) {
      const f = g + c;
      if (f >= frames) break;
      for (let k = 0; k < coeffs; k++) {
        let acc: f32 = 0;
        const row = dct + (<usize>(k * bands) << 2);
        for (let q = 0; q < bands; q++) acc += load<f32>(row + (<usize>q << 2)) * load<f32>(logs + (<usize>(q * 4 + c) << 2));
        store<f32>(dst + (<usize>(f * coeffs + k) << 2), acc);
      }
    }
  }
}
