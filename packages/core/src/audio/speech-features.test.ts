import { describe, expect, it } from 'vitest';
import type { LoadedModel } from '../model-loading.js';
import type { ModelTensor } from '../platform.js';
import { SPEECH_RATE } from './kernels.js';
import { analyseSpeech, MIN_VOICED_FRAMES, SPEECH_FEATURES, windowFeatures } from './speech-features.js';
import { speechProbabilities, VAD_CHUNK } from './vad.js';
import { wasmAudioKernels } from './wasm-kernels.js';

/** A VAD stand-in that answers `p` for every chunk and records its calls. */
function fakeVad(p: number): LoadedModel & { calls: { batch: number; width: number }[] } {
  const calls: { batch: number; width: number }[] = [];
  return {
    calls,
    manifest: { id: 'fake-vad', version: '0', task: 'voice-activity', file: '', sha256: '', inputs: [], outputs: [], threshold: 0.5 },
    model: {
      async run(feeds: Record<string, ModelTensor>) {
        const [batch, width] = feeds.input!.dims as [number, number];
        calls.push({ batch, width });
        return {
          output: { data: new Float32Array(batch).fill(p), dims: [batch, 1] },
          stateN: { data: new Float32Array(2 * batch * 128), dims: [2, batch, 128] },
        };
      },
    },
  };
}

/** A voiced-like signal: a gliding harmonic series with a syllable envelope. */
function voice(seconds: number, gain = 0.3): Float32Array {
  return Float32Array.from({ length: Math.round(SPEECH_RATE * seconds) }, (_, i) => {
    const t = i / SPEECH_RATE;
    const f0 = 120 + 20 * Math.sin(2 * Math.PI * 0.7 * t);
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(2 * Math.PI * f0 * h * t) / h;
    return gain * v * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t));
  });
}

describe('speech features', () => {
  it('ignores the level of the recording', async () => {
    const vad = fakeVad(0.9);
    const loud = windowFeatures(await analyseSpeech(wasmAudioKernels, vad, voice(4), SPEECH_RATE), 0, 4000)!;
    const quiet = windowFeatures(await analyseSpeech(wasmAudioKernels, vad, voice(4, 0.03), SPEECH_RATE), 0, 4000)!;
    expect(loud).toHaveLength(SPEECH_FEATURES);
    for (let i = 0; i < SPEECH_FEATURES; i++) expect(Math.abs(loud[i]! - quiet[i]!)).toBeLessThan(1e-2 * (1 + Math.abs(loud[i]!)));
  });

  it('abstains on a window without enough voiced frames', async () => {
    expect(windowFeatures(await analyseSpeech(wasmAudioKernels, fakeVad(0.1), voice(4), SPEECH_RATE), 0, 4000)).toBeNull();
    // 0.25 s of frames is under MIN_VOICED_FRAMES
    expect(MIN_VOICED_FRAMES).toBeGreaterThan(25);
    expect(windowFeatures(await analyseSpeech(wasmAudioKernels, fakeVad(0.9), voice(0.27), SPEECH_RATE), 0, 270)).toBeNull();
  });

  it('resamples other rates to 16 kHz before reading them', async () => {
    const at44 = wasmAudioKernels.resample(voice(2), SPEECH_RATE, 44100);
    const analysis = await analyseSpeech(wasmAudioKernels, fakeVad(0.9), at44, 44100);
    expect(Math.abs(analysis.samples - 2 * SPEECH_RATE)).toBeLessThanOrEqual(1);
  });

  it('runs long clips as batched 10 s streams with 64 samples of context', async () => {
    const vad = fakeVad(0.8);
    const pcm = new Float32Array(25 * SPEECH_RATE);
    const probs = await speechProbabilities(vad, pcm);
    expect(probs).toHaveLength(Math.floor(pcm.length / VAD_CHUNK));
    expect(probs.every((p) => Math.abs(p - 0.8) < 1e-6)).toBe(true);
    expect(vad.calls[0]).toEqual({ batch: 3, width: 576 });
    expect(vad.calls.length).toBe(313);
  });
});
