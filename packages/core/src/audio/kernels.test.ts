import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/synthetic.js';
import { CEPSTRA, SPEECH_RATE } from './kernels.js';
import { referenceAudioKernels as ref } from './reference-kernels.js';
import { wasmAudioKernels as wasm } from './wasm-kernels.js';

/** A chirp with a little noise: energy across the band, so aliasing would show. */
function signal(rate: number, seconds: number, seed = 3): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => {
    const t = i / rate;
    return 0.5 * Math.sin(2 * Math.PI * (100 * t + 2000 * t * t)) + 0.05 * (random() - 0.5);
  });
}

function tone(rate: number, hz: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
}

function rms(x: Float32Array, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / Math.max(1, to - from));
}

describe('audio kernels', () => {
  it.each([
    [44100, 16000],
    [48000, 16000],
    [22050, 16000],
    [8000, 16000],
    [11025, 16000],
    [44101, 16000],
  ])('resamples %i -> %i Hz like the reference', (from, to) => {
    const pcm = signal(from, 0.5);
    const a = wasm.resample(pcm, from, to);
    const b = ref.resample(pcm, from, to);
    expect(a.length).toBe(Math.floor((pcm.length * to) / from));
    expect(b.length).toBe(a.length);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(1e-5);
  });

  it('passes 16 kHz through unchanged and refuses fractional rates', () => {
    const pcm = signal(16000, 0.1);
    const same = wasm.resample(pcm, 16000, 16000);
    expect(same).toEqual(pcm);
    expect(same).not.toBe(pcm);
    expect(() => wasm.resample(pcm, 44100.5, 16000)).toThrow(RangeError);
  });

  it('keeps a tone in the pass band and removes one above the new Nyquist frequency', () => {
    const kept = wasm.resample(tone(44100, 1000, 1), 44100, SPEECH_RATE);
    expect(rms(kept, 1000, 15000)).toBeGreaterThan(0.69);
    expect(rms(kept, 1000, 15000)).toBeLessThan(0.72);
    const aliased = wasm.resample(tone(44100, 12000, 1), 44100, SPEECH_RATE);
    expect(rms(aliased, 1000, 15000)).toBeLessThan(0.01);
  });

  it('computes the cepstra of the reference within f32 rounding', () => {
    const pcm = signal(SPEECH_RATE, 1.3, 9);
    const a = wasm.cepstra(pcm);
    const b = ref.cepstra(pcm);
    expect(a.frames).toBe(Math.floor((pcm.length - CEPSTRA.frameLen) / CEPSTRA.hop) + 1);
    expect(b.frames).toBe(a.frames);
    let worst = 0;
    for (let i = 0; i < a.coeffs.length; i++) worst = Math.max(worst, Math.abs(a.coeffs[i]! - b.coeffs[i]!) / (1 + Math.abs(b.coeffs[i]!)));
    expect(worst).toBeLessThan(1e-4);
  });

  it('puts a tone in the band that holds its frequency', () => {
    // c0 rises with level; a 1 kHz tone and a 6 kHz tone differ in the cepstral shape (c1 sign).
    const low = wasm.cepstra(tone(SPEECH_RATE, 1000, 0.2)).coeffs;
    const high = wasm.cepstra(tone(SPEECH_RATE, 6000, 0.2)).coeffs;
    expect(low[1]!).toBeGreaterThan(0);
    expect(high[1]!).toBeLessThan(0);
    expect(wasm.cepstra(new Float32Array(399)).frames).toBe(0);
  });
});
