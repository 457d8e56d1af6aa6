// Vocoder resynthesis of natural speech, for the synthetic class of speechforge: the same
// recordings re-made by two classic vocoders, so the detector learns the traces of resynthesis
// and not only those of the synthesisers' voices. An LPC vocoder (order-16 all-pole envelope
// every 10 ms, pulse-train or noise excitation from an autocorrelation pitch tracker) and
// Griffin-Lim phase reconstruction from the STFT magnitude (what neural vocoders' early
// baselines did). Both work on 16 kHz mono PCM and return a signal of the same length.
import { referenceFft } from '@loupe/core/testing';

const RATE = 16000;

/** Levinson-Durbin: predictor coefficients a[1..p] from autocorrelation r[0..p]; returns [a, error]. */
function levinson(r: Float64Array, p: number): [Float64Array, number] {
  const a = new Float64Array(p + 1);
  a[0] = 1;
  let err = r[0]! * (1 + 1e-9) + 1e-12;
  for (let i = 1; i <= p; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / err;
    const prev = a.slice();
    for (let j = 1; j < i; j++) a[j] = prev[j]! + k * prev[i - j]!;
    a[i] = k;
    err *= 1 - k * k;
  }
  return [a, Math.max(err, 1e-12)];
}

/** LPC resynthesis: envelope and pitch every 10 ms, excitation re-made, all-pole filtered. */
export function lpcVocoder(pcm: Float32Array, random: () => number): Float32Array {
  const order = 16,
    frame = 400,
    hop = 160;
  const out = new Float32Array(pcm.length);
  const memory = new Float64Array(order);
  let phase = 0;
  for (let start = 0; start + hop <= pcm.length; start += hop) {
    const seg = new Float64Array(frame);
    for (let i = 0; i < frame; i++) {
      const x = pcm[start - (frame - hop) / 2 + i] ?? 0;
      seg[i] = x * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame));
    }
    const r = new Float64Array(order + 1);
    for (let lag = 0; lag <= order; lag++) for (let i = lag; i < frame; i++) r[lag]! += seg[i]! * seg[i - lag]!;
    const [a, err] = levinson(r, order);
    // pitch: best normalised autocorrelation between 60 and 400 Hz
    let best = 0,
      period = 0;
    for (let lag = RATE / 400; lag <= RATE / 60; lag++) {
      let num = 0,
        e1 = 0,
        e2 = 0;
      for (let i = lag; i < frame; i++) {
        num += seg[i]! * seg[i - lag]!;
        e1 += seg[i]! * seg[i]!;
        e2 += seg[i - lag]! * seg[i - lag]!;
      }
      const c = num / Math.sqrt(e1 * e2 + 1e-12);
      if (c > best) [best, period] = [c, lag];
    }
    const voiced = best > 0.4;
    const gain = Math.sqrt(err / frame);
    for (let i = 0; i < hop; i++) {
      let e: number;
      if (voiced) {
        phase += 1;
        if (phase >= period) {
          phase -= period;
          e = Math.sqrt(period);
        } else e = 0;
      } else e = (random() * 2 - 1) * Math.sqrt(3);
      let y = gain * e;
      for (let j = 1; j <= order; j++) y -= a[j]! * memory[j - 1]!;
      memory.copyWithin(1, 0, order - 1);
      memory[0] = Number.isFinite(y) ? Math.max(-4, Math.min(4, y)) : 0;
      out[start + i] = memory[0]!;
    }
  }
  return normalise(out, peak(pcm));
}

/** Griffin-Lim: keeps the STFT magnitude (512-point, hop 128), re-estimates the phase from noise. */
export function griffinLim(pcm: Float32Array, random: () => number, iterations = 16): Float32Array {
  const n = 512,
    hop = 128;
  const frames = Math.max(1, Math.floor((pcm.length - n) / hop) + 1);
  const win = Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
  const mag: Float64Array[] = [];
  for (let f = 0; f < frames; f++) {
    const re = new Float64Array(n),
      im = new Float64Array(n);
    for (let i = 0; i < n; i++) re[i] = (pcm[f * hop + i] ?? 0) * win[i]!;
    referenceFft(re, im);
    mag.push(Float64Array.from({ length: n }, (_, i) => Math.hypot(re[i]!, im[i]!)));
  }
  let signal = Float64Array.from({ length: pcm.length }, () => random() * 2 - 1);
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(pcm.length),
      norm = new Float64Array(pcm.length);
    for (let f = 0; f < frames; f++) {
      const re = new Float64Array(n),
        im = new Float64Array(n);
      for (let i = 0; i < n; i++) re[i] = (signal[f * hop + i] ?? 0) * win[i]!;
      referenceFft(re, im);
      for (let i = 0; i < n; i++) {
        const m = Math.hypot(re[i]!, im[i]!) + 1e-12;
        re[i] = (re[i]! / m) * mag[f]![i]!;
        im[i] = (im[i]! / m) * mag[f]![i]!;
      }
      referenceFft(re, im, true);
      for (let i = 0; i < n && f * hop + i < pcm.length; i++) {
        next[f * hop + i]! += re[i]! * win[i]!;
        norm[f * hop + i]! += win[i]! * win[i]!;
      }
    }
    for (let i = 0; i < pcm.length; i++) next[i] = norm[i]! > 1e-6 ? next[i]! / norm[i]! : 0;
    signal = next;
  }
  return normalise(Float32Array.from(signal), peak(pcm));
}

function peak(x: Float32Array): number {
  let p = 0;
  for (const v of x) p = Math.max(p, Math.abs(v));
  return p;
}

function normalise(x: Float32Array, target: number): Float32Array {
  const p = peak(x);
  if (p > 0) for (let i = 0; i < x.length; i++) x[i] = (x[i]! / p) * target;
  return x;
}
