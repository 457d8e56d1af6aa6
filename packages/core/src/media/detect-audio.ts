// A recording's detection: decoded to mono PCM through the `MediaDecoder` port, brought to 16 kHz,
// its voice activity found by the VAD model, and each 4 s window with speech scored by the speech
// model on its cepstral statistics (windows without speech abstain).
import { analyseSpeech, SPEECH_FEATURES, windowFeatures } from '../audio/speech-features.js';
import { wasmAudioKernels } from '../audio/wasm-kernels.js';
import { MediaError, undecodable } from '../errors.js';
import { scoreRows } from '../model-loading.js';
import type { DecodedAudio } from '../platform.js';
import type { Detection, Segment } from '../spec/media.js';
import { loadingModel, type MediaRuntime, message } from './detectors.js';
import { audioDetection, type EnvelopeBase } from './envelope.js';
import { audioWindows, centreThreshold, MIN_AUDIO_MS } from './plan.js';

/** Detects on a recording. */
export async function detectAudio(runtime: MediaRuntime, bytes: Uint8Array, base: Omit<EnvelopeBase, 'threshold'>): Promise<Detection> {
  const decoder = runtime.platform.media;
  if (!decoder) throw new MediaError('detectors_unavailable', 'The platform decodes no audio.');
  // the models load while the recording decodes
  const models = Promise.all([loadingModel(runtime.speechModel), loadingModel(runtime.vadModel)]);
  models.catch(() => undefined); // observed; awaited below
  let audio: DecodedAudio;
  try {
    audio = await decoder.audio(bytes);
  } catch (error) {
    await models;
    throw undecodable('audio', `The audio could not be decoded: ${message(error)}`);
  }
  const [speech, vad] = await models;
  const durationMs = audio.sampleRate > 0 ? (audio.samples.length / audio.sampleRate) * 1000 : 0;
  // window values are put on the scale where 0.5 is the model's threshold (audio has no threshold_used to show)
  const envelope = { ...base, threshold: 0.5 };
  const onHalfScale = (p: number): number => centreThreshold(p, speech.manifest.threshold);
  if (durationMs < MIN_AUDIO_MS) return audioDetection(envelope, durationMs, []);
  const analysis = await analyseSpeech(wasmAudioKernels, vad, audio.samples, audio.sampleRate);
  const windows = audioWindows(durationMs);
  const features = windows.map((w) => windowFeatures(analysis, w.start_ms, w.end_ms));
  const voiced = features.filter((f): f is Float32Array => f !== null);
  const rows = new Float32Array(voiced.length * SPEECH_FEATURES);
  for (const [i, f] of voiced.entries()) rows.set(f, i * SPEECH_FEATURES);
  const values = await scoreRows(speech, rows, voiced.length, SPEECH_FEATURES);
  let next = 0;
  const segments: Segment[] = windows.map((w, i) =>
    features[i]
      ? { ...w, value: onHalfScale(values[next++]!), status: 'scored' }
      : { ...w, value: null, status: 'abstained', reason_codes: ['no_voice_content'] },
  );
  return audioDetection(envelope, durationMs, segments);
}
