// What the speech detector reads: a clip brought to 16 kHz by the resampling kernel, its voice
// activity (Silero VAD, 32 ms chunks) and its cepstra (LFCC, 10 ms frames), and for each
// analysis window the statistics of the cepstra over its voiced frames only: for each coefficient
// its spread and the spread of its frame-to-frame change. Means are left out on purpose (they
// describe the speaker and the microphone more than the way the voice was made), so gain and a
// fixed channel do not move the features.
import type { LoadedModel } from '../model-loading.js';
import { type AudioKernels, CEPSTRA, SPEECH_RATE } from './kernels.js';
import { speechProbabilities, VAD_CHUNK } from './vad.js';

/** Features per window: the spread and the delta spread of each of c0..c19. */
export const SPEECH_FEATURES = CEPSTRA.coeffs * 2;
/** Fewest voiced cepstral frames (0.3 s) for a window to be scored. */
export const MIN_VOICED_FRAMES = 30;

/** A clip ready for window features. */
export interface SpeechAnalysis {
  /** Length of the 16 kHz signal in samples. */
  samples: number;
  /** LFCC, `CEPSTRA.coeffs` per frame. */
  cepstra: Float32Array;
  frames: number;
  /** Speech probability per 512-sample VAD chunk. */
  speech: Float32Array;
  /** The VAD model's threshold. */
  speechThreshold: number;
}

/** Resamples `samples` (at `rate` Hz) to 16 kHz and computes its voice activity and cepstra. */
export async function analyseSpeech(k: AudioKernels, vad: LoadedModel, samples: Float32Array, rate: number): Promise<SpeechAnalysis> {
  const pcm = rate === SPEECH_RATE ? samples : k.resample(samples, rate, SPEECH_RATE);
  const speech = await speechProbabilities(vad, pcm);
  const { coeffs, frames } = k.cepstra(pcm);
  return { samples: pcm.length, cepstra: coeffs, frames, speech, speechThreshold: vad.manifest.threshold };
}

/** Whether cepstral frame `f` lies in a chunk the VAD calls speech. */
function voiced(a: SpeechAnalysis, f: number): boolean {
  const chunk = Math.floor((f * CEPSTRA.hop + CEPSTRA.frameLen / 2) / VAD_CHUNK);
  return chunk < a.speech.length && a.speech[chunk]! >= a.speechThreshold;
}

/** The features of the window [startMs, endMs), or null when it holds too little speech. */
export function windowFeatures(a: SpeechAnalysis, startMs: number, endMs: number): Float32Array | null {
  const C = CEPSTRA.coeffs;
  const first = Math.max(0, Math.ceil((startMs * SPEECH_RATE) / 1000 / CEPSTRA.hop));
  const last = Math.min(a.frames, Math.floor(((endMs * SPEECH_RATE) / 1000 - CEPSTRA.frameLen) / CEPSTRA.hop) + 1);
  const frames: number[] = [];
  for (let f = first; f < last; f++) if (voiced(a, f)) frames.push(f);
  if (frames.length < MIN_VOICED_FRAMES) return null;
  const sum = new Float64Array(C),
    sq = new Float64Array(C),
    dsum = new Float64Array(C),
    dsq = new Float64Array(C);
  let deltas = 0;
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i]!;
    const adjacent = i > 0 && frames[i - 1] === f - 1;
    if (adjacent) deltas++;
    for (let c = 0; c < C; c++) {
      const v = a.cepstra[f * C + c]!;
      sum[c]! += v;
      sq[c]! += v * v;
      if (adjacent) {
        const d = v - a.cepstra[(f - 1) * C + c]!;
        dsum[c]! += d;
        dsq[c]! += d * d;
      }
    }
  }
  const n = frames.length;
  const spread = (s: number, q: number, m: number): number => Math.sqrt(Math.max(0, q / Math.max(1, m) - (s / Math.max(1, m)) ** 2));
  const out = new Float32Array(SPEECH_FEATURES);
  for (let c = 0; c < C; c++) {
    out[c] = spread(sum[c]!, sq[c]!, n);
    out[C + c] = spread(dsum[c]!, dsq[c]!, deltas);
  }
  return out;
}
