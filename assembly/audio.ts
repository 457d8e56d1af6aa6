// Audio kernels: band-limited polyphase resampling of mono PCM (windowed-sinc coefficients), and
// cepstra of short frames (window, FFT power, filterbank, log, DCT) four frames at a time with
// SIMD. The host builds every table (filter, window, twiddles, filterbank, DCT), so the
// TypeScript references compute from the same numbers.
import { fftColumns } from './fft';

/**
 * Polyphase resampling by L/M: output i sits at input time i * M / L, whose integer part j and
 * phase (i * M mod L) are stepped without multiplication. Output i is the dot product of `taps`
 * coefficients (row `phase` of `coef`, L rows) with the input from j - (taps / 2 - 1) on, four
 * at a time; `src` is the input with taps / 2 - 1 zeros before it and at least `taps` after it,
 * so no bound is checked in the loop.
 */
export function resample(src: usize, dst: usize, m: i32, L: i32, M: i32, taps: i32, coef: usize): void {
  const whole = M / L;
  const rest = M % L;
  let j = 0;
  let phase = 0;
  for (let i = 0; i < m; i++) {
    const row = coef + (<usize>(phase * taps) << 2);
    const s = src + (<usize>j << 2);
    let acc = f32x4.splat(0);
    for (let t = 0; t < taps; t += 4) acc = f32x4.add(acc, f32x4.mul(v128.load(s + (<usize>t << 2)), v128.load(row + (<usize>t << 2))));
    store<f32>(dst + (<usize>i << 2), (f32x4.extract_lane(acc, 0) + f32x4.extract_lane(acc, 1)) + (f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3)));
    j += whole;
    phase += rest;
    if (phase >= L) {
      phase -= L;
      j++;
    }
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
 * natural logs (after adding 1e-5 of the frame's total band energy, and 1e-20) are multiplied by `dct` (coeffs x bands) into `coeffs` values per
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
    // the log floor follows the frame's energy (50 dB under it), so a level change only shifts c0
    let total = f32x4.splat(0);
    for (let q = 0; q < bands; q++) total = f32x4.add(total, v128.load(logs + (<usize>q << 4)));
    const floor = f32x4.add(f32x4.mul(total, f32x4.splat(1e-5)), f32x4.splat(1e-20));
    for (let q = 0; q < bands; q++) {
      const at = logs + (<usize>q << 4);
      v128.store(at, f32x4.add(v128.load(at), floor));
    }
    for (let i = 0; i < bands * 4; i++) {
      const at = logs + (<usize>i << 2);
      store<f32>(at, <f32>Math.log(<f64>load<f32>(at)));
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
