// The audio kernels on WebAssembly (assembly/audio.ts), staged like the image kernels: inputs
// and the host-built tables copied into linear memory, the kernel run on them, outputs copied out.

import { type Kernels, kernels } from '../wasm/kernels.js';
import { f32, layout, type Staged, unstaged } from '../wasm/staging.js';
import { type AudioKernels, CEPSTRA, cepstraFrames, cepstraTables, resamplePlan } from './kernels.js';

interface AudioExports {
  resample(src: number, dst: number, m: number, L: number, M: number, taps: number, coef: number): void;
  cepstraScratchBytes(fftN: number, bands: number): number;
  cepstra(
    src: number,
    frames: number,
    frameLen: number,
    hop: number,
    fftN: number,
    bands: number,
    coeffs: number,
    window: number,
    cs: number,
    sn: number,
    fbank: number,
    dct: number,
    dst: number,
    scratch: number,
  ): void;
}

function ex(k: Kernels): AudioExports {
  return k.exports as unknown as AudioExports;
}

/** Every audio kernel, staged. */
export const stagedAudioKernels: Staged<AudioKernels> = {
  resample(pcm, from, to) {
    if (from === to) return { run: () => undefined, result: () => pcm.slice() };
    const k = kernels();
    const { L, M, taps, coef, outputLength } = resamplePlan(from, to, pcm.length);
    const lead = taps / 2 - 1;
    const padded = lead + pcm.length + 2 * taps + Math.ceil(M / L);
    const [src, dst, table] = layout(k, [padded * 4, outputLength * 4, coef.length * 4]);
    const input = f32(k, src!, padded);
    input.fill(0);
    input.set(pcm, lead);
    f32(k, table!, coef.length).set(coef);
    return {
      run: () => ex(k).resample(src!, dst!, outputLength, L, M, taps, table!),
      result: () => f32(k, dst!, outputLength).slice(),
    };
  },

  cepstra(pcm) {
    const k = kernels();
    const { frameLen, hop, fftN, bands, coeffs } = CEPSTRA;
    const t = cepstraTables();
    const frames = cepstraFrames(pcm.length);
    const sizes = [pcm.length, t.window.length, t.cos.length, t.sin.length, t.filterbank.length, t.dct.length, frames * coeffs].map((n) => n * 4);
    const [src, window, cs, sn, fbank, dct, dst, scratch] = layout(k, [...sizes, ex(k).cepstraScratchBytes(fftN, bands)]);
    const tablesAt: [number, Float32Array][] = [
      [src!, pcm],
      [window!, t.window],
      [cs!, t.cos],
      [sn!, t.sin],
      [fbank!, t.filterbank],
      [dct!, t.dct],
    ];
    for (const [at, values] of tablesAt) f32(k, at, values.length).set(values);
    return {
      run: () => ex(k).cepstra(src!, frames, frameLen, hop, fftN, bands, coeffs, window!, cs!, sn!, fbank!, dct!, dst!, scratch!),
      result: () => ({ coeffs: f32(k, dst!, frames * coeffs).slice(), frames }),
    };
  },
};

/** The WebAssembly implementations of the `AudioKernels` contract. */
export const wasmAudioKernels: AudioKernels = unstaged(stagedAudioKernels);
