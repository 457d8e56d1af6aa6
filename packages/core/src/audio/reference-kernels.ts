// TypeScript references of the audio kernels (assembly/audio.ts), written for clarity: the
// resampler emulates the kernel's f32 arithmetic step by step (so the two agree exactly), the
// cepstra are computed in f64 with a plain recursive-free radix-2 FFT.
import { cepstraFrames, cepstraTables, CEPSTRA, resamplePlan, type AudioKernels } from './kernels.js';

const f = Math.fround;

function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < len / 2; k++) {
        const angle = (-2 * Math.PI * k) / len;
        const wr = Math.cos(angle), wi = Math.sin(angle);
        const a = start + k, b = a + len / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** The reference audio kernels. */
export const referenceAudioKernels: AudioKernels = {
  resample(pcm, from, to) {
    const { step, radius, table, outputLength } = resamplePlan(from, to, pcm.length);
    const perUnit = (table.length - 1) / radius;
    const out = new Float32Array(outputLength);
    for (let i = 0; i < outputLength; i++) {
      const t = i * step;
      const j0 = Math.max(0, Math.ceil(t - radius));
      const j1 = Math.min(pcm.length - 1, Math.floor(t + radius));
      let acc = 0;
      for (let j = j0; j <= j1; j++) {
        const u = Math.abs(t - j) * perUnit;
        const k = Math.floor(u);
        if (k >= table.length - 1) continue;
        const frac = f(u - k);
        const a = table[k]!, b = table[k + 1]!;
        acc = f(acc + f(pcm[j]! * f(a + f(frac * f(b - a)))));
      }
      out[i] = acc;
    }
    return out;
  },

  cepstra(pcm) {
    const { frameLen, hop, fftN, bands, coeffs } = CEPSTRA;
    const { window, filterbank, dct } = cepstraTables();
    const bins = fftN / 2 + 1;
    const frames = cepstraFrames(pcm.length);
    const out = new Float32Array(frames * coeffs);
    const re = new Float64Array(fftN), im = new Float64Array(fftN), logs = new Float64Array(bands);
    for (let fr = 0; fr < frames; fr++) {
      re.fill(0);
      im.fill(0);
      for (let r = 0; r < frameLen; r++) re[r] = pcm[fr * hop + r]! * window[r]!;
      fft(re, im);
      for (let q = 0; q < bands; q++) {
        let e = 0;
        for (let b = 0; b < bins; b++) e += filterbank[q * bins + b]! * (re[b]! * re[b]! + im[b]! * im[b]!);
        logs[q] = Math.log(e + 1e-10);
      }
      for (let k = 0; k < coeffs; k++) {
        let acc = 0;
        for (let q = 0; q < bands; q++) acc += dct[k * bands + q]! * logs[q]!;
        out[fr * coeffs + k] = acc;
      }
    }
    return { coeffs: out, frames };
  },
};
