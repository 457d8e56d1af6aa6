// TypeScript references of the audio kernels (assembly/audio.ts), written for clarity in f64:
// the resampler as a plain loop over the same coefficient table, the cepstra with the textbook
// FFT of reference-fft.ts.
import { referenceFft } from '../reference-fft.js';
import { type AudioKernels, CEPSTRA, cepstraFrames, cepstraTables, resamplePlan } from './kernels.js';

/** The reference audio kernels. */
export const referenceAudioKernels: AudioKernels = {
  resample(pcm, from, to) {
    if (from === to) return pcm.slice();
    const { L, M, taps, coef, outputLength } = resamplePlan(from, to, pcm.length);
    const out = new Float32Array(outputLength);
    for (let i = 0; i < outputLength; i++) {
      const j = Math.floor((i * M) / L);
      const phase = (i * M) % L;
      let acc = 0;
      for (let t = 0; t < taps; t++) {
        const at = j - (taps / 2 - 1) + t;
        if (at >= 0 && at < pcm.length) acc += pcm[at]! * coef[phase * taps + t]!;
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
    const re = new Float64Array(fftN),
      im = new Float64Array(fftN),
      logs = new Float64Array(bands);
    for (let fr = 0; fr < frames; fr++) {
      re.fill(0);
      im.fill(0);
      for (let r = 0; r < frameLen; r++) re[r] = pcm[fr * hop + r]! * window[r]!;
      referenceFft(re, im);
      let total = 0;
      for (let q = 0; q < bands; q++) {
        let e = 0;
        for (let b = 0; b < bins; b++) e += filterbank[q * bins + b]! * (re[b]! * re[b]! + im[b]! * im[b]!);
        logs[q] = e;
        total += e;
      }
      for (let q = 0; q < bands; q++) logs[q] = Math.log(logs[q]! + 1e-5 * total + 1e-20);
      for (let k = 0; k < coeffs; k++) {
        let acc = 0;
        for (let q = 0; q < bands; q++) acc += dct[k * bands + q]! * logs[q]!;
        out[fr * coeffs + k] = acc;
      }
    }
    return { coeffs: out, frames };
  },
};
