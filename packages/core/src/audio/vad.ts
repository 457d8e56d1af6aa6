// Voice activity: the Silero VAD model (v5, MIT, as shipped in @ricky0123/vad-web) run through
// the `Inference` port on 16 kHz PCM, one speech probability per 512-sample chunk (32 ms). As
// in Silero's own wrapper, each chunk is fed with the last 64 samples before it as context and
// the recurrent state carried from chunk to chunk. To keep the number of model calls low on long
// clips, the clip is cut into streams of STREAM_CHUNKS chunks run side by side as one batch,
// each stream starting from a zero state (the first chunks of a stream may read a little low).

import { ModelError } from '../errors.js';
import { type LoadedModel, loadModel } from '../model-loading.js';
import type { Inference, ModelStore } from '../platform.js';
import { SPEECH_RATE } from './kernels.js';

/** Samples per VAD chunk at 16 kHz. */
export const VAD_CHUNK = 512;
const CONTEXT = 64;
const STATE = 128;
/** Chunks per stream (about 10 s). */
const STREAM_CHUNKS = 313;
/** Streams per model call. */
const MAX_BATCH = 64;

/** Loads and verifies the VAD model. */
export function loadVad(store: ModelStore, inference: Inference, id = 'silero-vad'): Promise<LoadedModel> {
  return loadModel(id, store, inference, { tasks: ['voice-activity'], inputNames: ['input', 'state', 'sr'] });
}

/** Speech probability of every whole 512-sample chunk of 16 kHz `pcm`. */
export async function speechProbabilities(vad: LoadedModel, pcm: Float32Array): Promise<Float32Array> {
  const chunks = Math.floor(pcm.length / VAD_CHUNK);
  const out = new Float32Array(chunks);
  const streams = Math.ceil(chunks / STREAM_CHUNKS);
  const sr = { data: BigInt64Array.of(BigInt(SPEECH_RATE)), dims: [] };
  for (let first = 0; first < streams; first += MAX_BATCH) {
    const batch = Math.min(MAX_BATCH, streams - first);
    let state: Float32Array = new Float32Array(2 * batch * STATE);
    const width = CONTEXT + VAD_CHUNK;
    for (let step = 0; step < STREAM_CHUNKS; step++) {
      const input = new Float32Array(batch * width);
      let live = false;
      for (let b = 0; b < batch; b++) {
        const chunk = (first + b) * STREAM_CHUNKS + step;
        if (chunk >= chunks) continue;
        live = true;
        const start = chunk * VAD_CHUNK;
        // the context is the previous chunk's tail, zeros at the start of a stream
        if (step > 0) input.set(pcm.subarray(start - CONTEXT, start), b * width);
        input.set(pcm.subarray(start, start + VAD_CHUNK), b * width + CONTEXT);
      }
      if (!live) break;
      const result = await vad.model.run({ input: { data: input, dims: [batch, width] }, state: { data: state, dims: [2, batch, STATE] }, sr });
      const probs = result.output?.data;
      const next = result.stateN?.data;
      if (!(probs instanceof Float32Array) || probs.length !== batch || !(next instanceof Float32Array)) {
        throw new ModelError(`Model "${vad.manifest.id}" answered out of shape.`, 'model_output_mismatch');
      }
      state = next;
      for (let b = 0; b < batch; b++) {
        const chunk = (first + b) * STREAM_CHUNKS + step;
        if (chunk < chunks) out[chunk] = probs[b]!;
      }
    }
  }
  return out;
}
