// Trains speechforge, the media engine's speech baseline: per 4 s window, statistics of the
// cepstra over voiced frames (packages/core/src/audio/speech-features.ts, computed exactly as the
// engine does: kernel resampling, Silero VAD, LFCC), natural speech as the real class and
// synthesised or vocoder-resynthesised speech as the synthetic class (models/speech-data.ts,
// models/vocoders.ts). The natural recordings are isolated words, so the synthetic class holds
// the same words read by espeak-ng in each voice's language (and the English ones by flite and
// festival) as well as sentences: the way words are strung together is not a cue for the class.
// Natural voices are split by language folder (one speaker each) and synthetic voices by voice,
// so held-out windows come from voices the model never heard; the festival HTS voice is held out
// entirely, as a synthesis technique the model never saw.
//   apt-get install -y ktuberling-data alsa-utils espeak-ng flite festival festvox-kallpc16k festvox-us-slt-hts ffmpeg
//   npm run build && node --import tsx models/train-speechforge.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import {
  analyseSpeech,
  audioWindows,
  loadVad,
  SPEECH_FEATURES,
  SPEECH_RATE,
  type SpeechAnalysis,
  wasmAudioKernels,
  windowFeatures,
} from '@loupe/core/internal';
import { seededRandom } from '@loupe/core/testing';
import { createModelStore, createOnnxInference } from '@loupe/node';
import { fitPatchModel, type PatchSet, trainPatchModel } from './patch-model.js';
import {
  CHANNELS,
  decode16k,
  ESPEAK_LANGUAGE,
  ESPEAK_VARIANTS,
  join16k,
  naturalRecordings,
  SENTENCES,
  spokenWords,
  synthesise,
  syntheticVoices,
  throughChannel,
  type Voice,
} from './speech-data.js';
import { griffinLim, lpcVocoder } from './vocoders.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Made material, kept between runs by stage (delete build/speech-*.v8 to remake the audio). */
const cache = (stage: string): string => join(here, '..', 'build', `speech-${stage}.v8`);
const SEED = 20261124;

/** Natural language folders held out (about a quarter of the recordings). */
const HELD_GROUPS = new Set(['fr', 'ru', 'sl', 'wa']);
/** Synthetic voices held out besides every fourth espeak-ng voice. */
const HELD_VOICES = new Set(['flite:rms', 'festival:cmu_us_slt_arctic_hts']);
/** Share of natural clips each vocoder re-makes. */
const VOCODED_SHARE = 0.25;
/** The network: a small hidden layer, few epochs (two dozen voices overfit a larger one). */
const HIDDEN = 8;
const EPOCHS = 60;
/** Folds of training voices for the threshold, and the real-class rate it allows. */
const FOLDS = 4;
const FALSE_POSITIVE_TARGET = 0.05;

/** One clip as the engine analysed it. */
interface Clip {
  held: boolean;
  label: 0 | 1;
  source: string;
  /** The voice: a natural language folder or a synthesiser voice. */
  voice: string;
  durationMs: number;
  analysis: SpeechAnalysis;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A stage's result from the cache, or made (with its own seeded random source) and cached. */
async function stage<T>(name: string, seed: number, make: (random: () => number) => Promise<T>): Promise<T> {
  if (existsSync(cache(name))) return deserialize(readFileSync(cache(name))) as T;
  const made = await make(seededRandom(seed));
  mkdirSync(dirname(cache(name)), { recursive: true });
  writeFileSync(cache(name), serialize(made));
  return made;
}

const vad = await loadVad(createModelStore(), createOnnxInference());

/** A 16 kHz clip through a random channel, analysed as the engine would. */
async function analysed(random: () => number, held: boolean, pcm16k: Float32Array, label: 0 | 1, source: string, voice: string): Promise<Clip> {
  const { rate, pcm } = throughChannel(pcm16k, random() < 0.4 ? 'clean' : pick(CHANNELS, random), random);
  return { held, label, source, voice, durationMs: (pcm.length / rate) * 1000, analysis: await analyseSpeech(wasmAudioKernels, vad, pcm, rate) };
}

/** Natural clips: each voice's words shuffled and joined into clips of about 8 s. */
interface NaturalClip {
  group: string;
  held: boolean;
  words: string[];
  pcm: Float32Array;
}

const recordings = naturalRecordings();
const groups = [...new Set(recordings.map((r) => r.group))];
const natural = await stage('natural-pcm', SEED, async (random) => {
  const out: NaturalClip[] = [];
  for (const group of groups) {
    const files = recordings.filter((r) => r.group === group).map((r) => r.file);
    for (let i = files.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [files[i], files[j]] = [files[j]!, files[i]!];
    }
    let clip: string[] = [];
    let parts: Float32Array[] = [];
    let length = 0;
    const flush = (): void => {
      out.push({ group, held: HELD_GROUPS.has(group), words: clip.map(spokenWords), pcm: join16k(parts, random) });
      [clip, parts, length] = [[], [], 0];
    };
    for (const file of files) {
      const pcm = decode16k(file);
      clip.push(file);
      parts.push(pcm);
      length += pcm.length;
      if (length >= 8 * SPEECH_RATE) flush();
    }
    if (length >= 2 * SPEECH_RATE) flush();
  }
  return out;
});
console.log(`natural: ${recordings.length} recordings in ${groups.length} voices, ${natural.length} clips`);

// each natural clip twice, through different channels
const naturalClips = await stage('natural', SEED + 1, async (random) => {
  const out: Clip[] = [];
  for (const c of natural) for (let k = 0; k < 2; k++) out.push(await analysed(random, c.held, c.pcm, 0, 'natural', c.group));
  return out;
});

// the same words read by espeak-ng in the voice's language (a random variant per clip); English
// words also by flite and festival
const voices = syntheticVoices();
const wordClips = await stage('words', SEED + 2, async (random) => {
  const out: Clip[] = [];
  for (const c of natural) {
    const variant = pick(ESPEAK_VARIANTS, random);
    const voice: Voice = { engine: 'espeak-ng', name: `${ESPEAK_LANGUAGE[c.group] ?? 'en-us'}${variant ? `+${variant}` : ''}` };
    out.push(await analysed(random, c.held, synthesise(voice, c.words.join('. '), random), 1, 'espeak-ng', `${voice.engine}:${voice.name}`));
  }
  const english = natural.filter((c) => c.group === 'en' || c.group === 'alsa');
  for (const voice of voices.filter((v) => v.engine !== 'espeak-ng')) {
    const held = HELD_VOICES.has(`${voice.engine}:${voice.name}`);
    for (const c of english)
      out.push(await analysed(random, held, synthesise(voice, c.words.join('. '), random), 1, sourceOf(voice), `${voice.engine}:${voice.name}`));
  }
  return out;
});

// sentences: each voice reads pairs of sentences
const sentenceClips = await stage('sentences', SEED + 3, async (random) => {
  const out: Clip[] = [];
  for (const [i, voice] of voices.entries()) {
    const held = HELD_VOICES.has(`${voice.engine}:${voice.name}`) || (voice.engine === 'espeak-ng' && i % 4 === 3);
    for (let c = 0; c < (voice.engine === 'espeak-ng' ? 3 : 8); c++) {
      const pcm = join16k([synthesise(voice, pick(SENTENCES, random), random), synthesise(voice, pick(SENTENCES, random), random)], random);
      out.push(await analysed(random, held, pcm, 1, sourceOf(voice), `${voice.engine}:${voice.name}`));
    }
  }
  return out;
});
console.log(`synthetic: ${voices.length} voices`);

// vocoders: a share of each split's natural clips re-made by each
const vocodedClips = await stage('vocoded', SEED + 4, async (random) => {
  const out: Clip[] = [];
  for (const c of natural) {
    if (random() < VOCODED_SHARE) out.push(await analysed(random, c.held, lpcVocoder(c.pcm, random), 1, 'lpc-vocoder', c.group));
    if (random() < VOCODED_SHARE) out.push(await analysed(random, c.held, griffinLim(c.pcm, random), 1, 'griffin-lim', c.group));
  }
  return out;
});

function sourceOf(voice: Voice): string {
  return voice.engine === 'festival' ? (voice.name.endsWith('hts') ? 'festival-hts' : 'festival-diphone') : voice.engine;
}

const names = (engine: Voice['engine']): string =>
  voices
    .filter((v) => v.engine === engine)
    .map((v) => v.name)
    .join(', ');
const clips = [...naturalClips, ...wordClips, ...sentenceClips, ...vocodedClips];

/** Every voiced window of every clip, with its clip's split and voice. */
const rows: { x: Float32Array; y: number; source: string; voice: string; held: boolean }[] = [];
for (const clip of clips) {
  for (const w of audioWindows(clip.durationMs)) {
    const x = windowFeatures(clip.analysis, w.start_ms, w.end_ms);
    if (x) rows.push({ x, y: clip.label, source: clip.label === 0 ? `natural ${clip.voice}` : clip.source, voice: clip.voice, held: clip.held });
  }
}
const asSet = (r: typeof rows): PatchSet => ({ x: r.map((q) => q.x), y: r.map((q) => q.y), source: r.map((q) => q.source) });
const trainRows = rows.filter((r) => !r.held);
const heldRows = rows.filter((r) => r.held);
console.log(`windows: ${trainRows.length} training, ${heldRows.length} held out`);

// The threshold comes from voices a model did not train on: the training voices in folds, each
// fold's natural windows scored by a model fitted without that voice, and the threshold set at
// the (1 - FALSE_POSITIVE_TARGET) quantile of those out-of-fold scores.
const naturalVoices = [...new Set(trainRows.filter((r) => r.y === 0).map((r) => r.voice))].sort();
const outOfFold: number[] = [];
for (let k = 0; k < FOLDS; k++) {
  const out = new Set(naturalVoices.filter((_, i) => i % FOLDS === k));
  const fitted = fitPatchModel({
    features: SPEECH_FEATURES,
    hidden: HIDDEN,
    epochs: EPOCHS,
    random: seededRandom(SEED + 10 + k),
    train: asSet(trainRows.filter((r) => !out.has(r.voice))),
  });
  for (const r of trainRows) if (r.y === 0 && out.has(r.voice)) outOfFold.push(fitted.score(r.x));
}
outOfFold.sort((a, b) => a - b);
const threshold = Math.round(outOfFold[Math.floor(outOfFold.length * (1 - FALSE_POSITIVE_TARGET))]! * 1000) / 1000;

const result = trainPatchModel({
  id: 'speechforge',
  dir: here,
  features: SPEECH_FEATURES,
  hidden: HIDDEN,
  epochs: EPOCHS,
  random: seededRandom(SEED),
  train: asSet(trainRows),
  held: asSet(heldRows),
  unit: 'windows',
  threshold: {
    value: threshold,
    rule: `the ${Math.round((1 - FALSE_POSITIVE_TARGET) * 100)}th percentile of out-of-fold scores of natural training windows (${FOLDS} folds by voice: each voice scored by a model trained without it)`,
  },
  entry: {
    version: '1.5.0',
    task: 'speech-synthetic-likelihood',
    preprocessing: {
      function: 'analyseSpeech + windowFeatures (packages/core/src/audio/speech-features.ts)',
      input: 'mono PCM at its own rate, resampled to 16 kHz by the resampling kernel',
      windows: '4 s every 2 s (audioWindows); a window needs 0.3 s of voiced frames (Silero VAD >= 0.5) or it abstains',
      features: `${SPEECH_FEATURES} per window over voiced 25 ms / 10 ms frames: the spread and the frame-to-frame delta spread of each LFCC c0..c19 (20 linear bands 0-8 kHz, orthonormal DCT); no means, so level and a fixed channel do not move them`,
      aggregation: 'clip score = mean of the top quarter of its window likelihoods (aggregateScore)',
      normalisation: 'inside the graph (Sub mean, Div std of the training features)',
    },
    provenance: {
      script: 'models/train-speechforge.ts (data: models/speech-data.ts, models/vocoders.ts)',
      seed: 20261124,
      data: {
        natural: `${recordings.length} recordings by ${groups.length} voices: the spoken words of KDE ktuberling (Debian ktuberling-data, one voice per language folder, sr variants as one) and the 8 ALSA channel-test announcements (Debian alsa-utils); words joined into about 8 s clips, each clip used twice through different channels. Held out: the ${[...HELD_GROUPS].join(', ')} voices.`,
        synthetic: `the words of every natural clip read by espeak-ng in the voice's language (a random variant per clip), and the English clips' words by every flite and festival voice; espeak-ng (${names('espeak-ng')}), flite (${names('flite')}) and festival (${names('festival')}) reading ${SENTENCES.length} English sentences; LPC-vocoder and Griffin-Lim resyntheses of about a quarter of the natural clips each. Held out: the words of the held-out natural voices, every fourth espeak-ng sentence voice, flite rms, and festival's HTS voice entirely. No MBROLA voices: Debian does not ship them in main.`,
        channels:
          'each clip clean (40%) or through one of MP3 32-96 kbit/s, Opus 16-32 kbit/s, 8 kHz mu-law telephone, white noise at 20-40 dB SNR, or a level drop, for both classes alike',
        licence:
          'recordings GPL-2+ (ktuberling, alsa-utils), read from the Debian packages at training time and not copied into the repository; synthetic speech made here',
      },
    },
    limits: `A baseline, trained on ${groups.length} natural voices saying isolated words (children's-game recordings; no natural conversation or read sentences), against rule-based, concatenative and HTS synthesisers and two classic vocoders. It has never heard modern neural text-to-speech or voice conversion (VITS, Tacotron/WaveNet-style, ElevenLabs-style systems), so a LIKELY_REAL answer on such audio means nothing; it may also call unusual natural recordings (studio-processed, heavily compressed, sung) synthetic.`,
  },
});
console.log(result);
