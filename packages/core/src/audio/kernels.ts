// The contract of Loupe's audio kernels and the tables both implementations compute from:
// band-limited resampling (a Hann-windowed sinc, tabulated) and linear-frequency cepstra (LFCC:
// Hann window, FFT power, triangular bands spaced evenly in hertz, log with a floor 50 dB under
// the frame's energy, orthonormal DCT-II).
// The WebAssembly kernels (`wasm-kernels.ts`) run them; `reference-kernels.ts` is the
// TypeScript reference the equality tests compare them with.

/** Sample rate every speech analysis runs at. */
export const SPEECH_RATE = 16000;

/** Cepstral analysis: 25 ms frames every 10 ms at 16 kHz, 512-point FFT, 20 bands, 20 coefficients. */
export const CEPSTRA = { frameLen: 400, hop: 160, fftN: 512, bands: 20, coeffs: 20 } as const;

/** Zero crossings of the resampling filter on each side, in periods of the lower rate. */
const RESAMPLE_ZEROS = 16;
/** Filter cutoff as a share of the lower Nyquist frequency (leaves a transition band). */
const RESAMPLE_ROLLOFF = 0.94;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * How `from` Hz becomes `to` Hz (whole rates): output i sits at input time i * M / L; the
 * filter (a Hann-windowed sinc with its cutoff at 0.94 of the lower Nyquist frequency, 16 zero
 * crossings each side) is tabulated for each of the L phases over `taps` input samples, the
 * first at j - (taps / 2 - 1) for output position j + phase / L.
 */
export interface ResamplePlan {
  L: number;
  M: number;
  taps: number;
  /** L rows of `taps` coefficients. */
  coef: Float32Array;
  outputLength: number;
}

/** The resampling plan for `from` -> `to` Hz over `inputLength` samples. */
export function resamplePlan(from: number, to: number, inputLength: number): ResamplePlan {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0 || to <= 0)
    throw new RangeError(`Sample rates must be whole positive numbers (got ${from} and ${to}).`);
  const g = gcd(from, to);
  const L = to / g,
    M = from / g;
  const scale = Math.min(1, to / from) * RESAMPLE_ROLLOFF;
  const radius = RESAMPLE_ZEROS / scale;
  const taps = Math.ceil((2 * Math.ceil(radius) + 2) / 4) * 4;
  const coef = new Float32Array(L * taps);
  for (let phase = 0; phase < L; phase++) {
    for (let t = 0; t < taps; t++) {
      const d = Math.abs(phase / L - (t - (taps / 2 - 1)));
      if (d >= radius) continue;
      const x = Math.PI * scale * d;
      coef[phase * taps + t] = scale * (d === 0 ? 1 : Math.sin(x) / x) * (0.5 + 0.5 * Math.cos((Math.PI * d) / radius));
    }
  }
  return { L, M, taps, coef, outputLength: Math.floor((inputLength * L) / M) };
}

/** The tables of the cepstral analysis. */
export interface CepstraTables {
  window: Float32Array;
  cos: Float32Array;
  sin: Float32Array;
  /** bands x (fftN / 2 + 1). */
  filterbank: Float32Array;
  /** coeffs x bands. */
  dct: Float32Array;
}

let tables: CepstraTables | undefined;

/** The cepstral tables (built once). */
export function cepstraTables(): CepstraTables {
  if (tables) return tables;
  const { frameLen, fftN, bands, coeffs } = CEPSTRA;
  const bins = fftN / 2 + 1;
  const window = Float32Array.from({ length: frameLen }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frameLen));
  const cos = Float32Array.from({ length: fftN / 2 }, (_, k) => Math.cos((2 * Math.PI * k) / fftN));
  const sin = Float32Array.from({ length: fftN / 2 }, (_, k) => Math.sin((2 * Math.PI * k) / fftN));
  // Triangles with centres evenly spaced over 0..Nyquist (in bins), each reaching its neighbours' centres.
  const filterbank = new Float32Array(bands * bins);
  const edge = (q: number): number => (q * (bins - 1)) / (bands + 1);
  for (let q = 0; q < bands; q++) {
    const lo = edge(q),
      mid = edge(q + 1),
      hi = edge(q + 2);
    for (let b = 0; b < bins; b++) {
      const w = b <= mid ? (b - lo) / (mid - lo) : (hi - b) / (hi - mid);
      filterbank[q * bins + b] = Math.max(0, w);
    }
  }
  const dct = new Float32Array(coeffs * bands);
  for (let k = 0; k < coeffs; k++) {
    for (let q = 0; q < bands; q++) dct[k * bands + q] = Math.sqrt((k === 0 ? 1 : 2) / bands) * Math.cos((Math.PI * k * (q + 0.5)) / bands);
  }
  tables = { window, cos, sin, filterbank, dct };
  return tables;
}

/** Number of whole cepstral frames in `samples` samples. */
export function cepstraFrames(samples: number): number {
  return samples < CEPSTRA.frameLen ? 0 : Math.floor((samples - CEPSTRA.frameLen) / CEPSTRA.hop) + 1;
}

/** The audio kernels. */
export interface AudioKernels {
  /** Mono PCM from `from` Hz to `to` Hz (the polyphase filter of `resamplePlan`; a copy when the rates are equal). */
  resample(pcm: Float32Array, from: number, to: number): Float32Array;
  /** LFCC of 16 kHz PCM: `CEPSTRA.coeffs` values per frame, frame-major. */
  cepstra(pcm: Float32Array): { coeffs: Float32Array; frames: number };
}
