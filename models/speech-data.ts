// The speech material speechforge is trained on, made on this machine from Debian packages:
// natural recordings (the spoken words of KDE's ktuberling, `ktuberling-data`, GPL-2+, one
// voice per language folder; ALSA's channel-test announcements, `alsa-utils`, GPL-2+) and
// synthetic speech (espeak-ng formant voices and variants, flite's diphone and cluster-unit
// voices, festival's diphone and HTS voices). Files are decoded by ffmpeg at their own rate
// and brought to 16 kHz by the engine's resampling kernel. Channels (MP3, Opus, an 8 kHz
// telephone band, noise, level) are applied to both classes alike, so that no codec or band
// is a cue for the class.
//   apt-get install -y ktuberling-data alsa-utils espeak-ng flite festival festvox-kallpc16k festvox-us-slt-hts ffmpeg
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEECH_RATE, wasmAudioKernels } from '@loupe/core/internal';

/** A natural recording and its speaker group. */
export interface Recording {
  group: string;
  file: string;
}

const KTUBERLING = '/usr/share/ktuberling/sounds';
const ALSA = '/usr/share/sounds/alsa';

/** Every natural recording found (ktuberling words by language folder; sr variants are one voice). */
export function naturalRecordings(): Recording[] {
  const out: Recording[] = [];
  if (existsSync(KTUBERLING)) {
    for (const dir of readdirSync(KTUBERLING, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()) {
      for (const f of readdirSync(join(KTUBERLING, dir))
        .filter((f) => /\.(ogg|wav|opus)$/.test(f))
        .sort())
        out.push({ group: dir.replace(/@.*/, ''), file: join(KTUBERLING, dir, f) });
    }
  }
  if (existsSync(ALSA))
    for (const f of readdirSync(ALSA)
      .filter((f) => f.endsWith('.wav') && f !== 'Noise.wav')
      .sort())
      out.push({ group: 'alsa', file: join(ALSA, f) });
  return out;
}

/** Decodes a file (or bytes) to mono f32 at `rate`, or at its own rate when `rate` is omitted. */
export function decode(input: string | Uint8Array, rate?: number): { rate: number; pcm: Float32Array } {
  const source = typeof input === 'string' ? input : 'pipe:0';
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', source], typeof input === 'string' ? {} : { input }).toString(),
  ) as { streams: { sample_rate?: string }[] };
  const own = Number(probe.streams[0]?.sample_rate ?? SPEECH_RATE);
  const target = rate ?? Math.min(own, 48000);
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', source, '-ac', '1', '-ar', String(target), '-f', 'f32le', 'pipe:1'], {
    maxBuffer: 1 << 30,
    ...(typeof input === 'string' ? {} : { input }),
  });
  return { rate: target, pcm: new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length - (raw.length % 4))) };
}

/** A file at 16 kHz through the engine's resampler. */
export function decode16k(file: string): Float32Array {
  const { rate, pcm } = decode(file);
  return wasmAudioKernels.resample(pcm, rate, SPEECH_RATE);
}

/** The words a recording says, from its file name (`egypte_chameau.wav` says "chameau"). */
export function spokenWords(file: string): string {
  return (file.split('/').pop() ?? '')
    .replace(/\.[a-z0-9]+$/, '')
    .split('_')
    .pop()!
    .replace(/-/g, ' ');
}

/** The espeak-ng language that reads a natural voice's words (ktuberling folder -> espeak-ng voice). */
export const ESPEAK_LANGUAGE: Record<string, string> = {
  ca: 'ca',
  da: 'da',
  de: 'de',
  el: 'el',
  en: 'en-us',
  es: 'es',
  fi: 'fi',
  fr: 'fr-fr',
  ga: 'ga',
  gl: 'pt',
  it: 'it',
  lt: 'lt',
  nds: 'de',
  nl: 'nl',
  nn: 'nb',
  pt: 'pt',
  ro: 'ro',
  ru: 'ru',
  sl: 'sl',
  sr: 'sr',
  sv: 'sv',
  uk: 'uk',
  wa: 'fr-be',
  alsa: 'en-us',
};

/** espeak-ng voice variants (appended to a language as `+variant`). */
export const ESPEAK_VARIANTS = ['', 'm1', 'm3', 'm5', 'f1', 'f3', 'f5', 'klatt', 'klatt3', 'Andy', 'Annie', 'belinda', 'croak', 'Mr serious'];

/** A synthesiser voice. */
export interface Voice {
  engine: 'espeak-ng' | 'flite' | 'festival';
  name: string;
}

/** The synthesiser voices used: espeak-ng languages x variants, flite's voices, festival's two. */
export function syntheticVoices(): Voice[] {
  const languages = ['en-us', 'en-gb', 'fr-fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ru', 'ca', 'fi', 'da', 'el', 'cs'];
  const espeak = languages.flatMap((l, i) =>
    ESPEAK_VARIANTS.filter((_, j) => (i + j) % 4 === 0).map((v) => ({ engine: 'espeak-ng' as const, name: v ? `${l}+${v}` : l })),
  );
  const flite = ['kal', 'kal16', 'awb', 'rms', 'slt'].map((name) => ({ engine: 'flite' as const, name }));
  const festival = ['kal_diphone', 'cmu_us_slt_arctic_hts'].map((name) => ({ engine: 'festival' as const, name }));
  return [...espeak, ...flite, ...festival];
}

/** Speaks `text` with `voice`; 16 kHz PCM through the engine's resampler. */
export function synthesise(voice: Voice, text: string, random: () => number): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-tts-'));
  const wav = join(dir, 'out.wav');
  try {
    if (voice.engine === 'espeak-ng') {
      execFileSync('espeak-ng', [
        '-v',
        voice.name,
        '-s',
        String(130 + Math.floor(random() * 60)),
        '-p',
        String(30 + Math.floor(random() * 40)),
        '-w',
        wav,
        text,
      ]);
    } else if (voice.engine === 'flite') {
      execFileSync('flite', ['-voice', voice.name, '-t', text, '-o', wav]);
    } else {
      writeFileSync(join(dir, 'in.txt'), text);
      execFileSync('text2wave', ['-eval', `(voice_${voice.name})`, join(dir, 'in.txt'), '-o', wav]);
    }
    return decode16k(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sentences the synthesisers read (loan-office and everyday English; the voices' own accents apply). */
export const SENTENCES = [
  'The borrower signed the loan agreement on the fourteenth of March.',
  'Please confirm the amount of the monthly payment before Friday.',
  'Our records show two deposits into the checking account last week.',
  'I am calling about the application you submitted yesterday afternoon.',
  'The appraisal came back higher than we expected, which is good news.',
  'Can you send me a copy of your last three pay slips?',
  'The interest rate is fixed for the first five years of the mortgage.',
  'My employer will write a letter confirming my salary and start date.',
  'We moved to this address in the summer of two thousand and nineteen.',
  'Thank you for waiting, your call is important to us.',
  'The quick brown fox jumps over the lazy dog near the river bank.',
  'She sells sea shells by the sea shore every morning in July.',
  'Seven hundred and forty two dollars were transferred on Tuesday.',
  'Hello, this is your bank. We noticed an unusual payment on your card.',
  'The weather tomorrow will be cloudy with a chance of light rain.',
  'I would like to close my savings account and move the balance.',
  'Please hold while I connect you to the underwriting department.',
  'The closing date has been moved to the end of next month.',
  'He paid the invoice in full, including the late fee.',
  'Do you have any other loans or credit cards open at the moment?',
];

/** A recording channel applied to a 16 kHz clip. */
export type Channel = 'clean' | 'mp3' | 'opus' | 'phone' | 'noise' | 'quiet';
export const CHANNELS: Channel[] = ['clean', 'mp3', 'opus', 'phone', 'noise', 'quiet'];

function encodeWav(pcm: Float32Array, rate: number): Uint8Array {
  const data = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm[i]!)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return new Uint8Array(Buffer.concat([header, data]));
}

/** `pcm` (16 kHz) through a channel, back at the rate a decoder would give, for the engine's path. */
export function throughChannel(pcm: Float32Array, channel: Channel, random: () => number): { rate: number; pcm: Float32Array } {
  const wav = encodeWav(pcm, SPEECH_RATE);
  const codec = (args: string[], format: string): Uint8Array =>
    new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', ...args, '-f', format, 'pipe:1'], { input: wav, maxBuffer: 1 << 28 }));
  switch (channel) {
    case 'clean':
      return { rate: SPEECH_RATE, pcm };
    case 'mp3':
      return decode(codec(['-c:a', 'libmp3lame', '-b:a', `${[32, 48, 64, 96][Math.floor(random() * 4)]}k`], 'mp3'));
    case 'opus':
      return decode(codec(['-c:a', 'libopus', '-b:a', `${[16, 24, 32][Math.floor(random() * 3)]}k`], 'ogg'));
    case 'phone':
      return decode(codec(['-ar', '8000', '-c:a', 'pcm_mulaw'], 'wav'));
    case 'noise': {
      let energy = 0;
      for (const v of pcm) energy += v * v;
      const sigma = Math.sqrt(energy / Math.max(1, pcm.length)) * 10 ** (-(20 + random() * 20) / 20);
      return { rate: SPEECH_RATE, pcm: pcm.map((v) => v + sigma * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())) };
    }
    case 'quiet':
      return { rate: SPEECH_RATE, pcm: pcm.map((v) => v * (0.05 + random() * 0.2)) };
  }
}

/** Joins utterances with 150-500 ms of faint noise between them. */
export function join16k(parts: Float32Array[], random: () => number): Float32Array {
  const pieces: Float32Array[] = [];
  for (const p of parts) {
    pieces.push(p);
    const gap = new Float32Array(Math.round(SPEECH_RATE * (0.15 + random() * 0.35)));
    for (let i = 0; i < gap.length; i++) gap[i] = (random() - 0.5) * 2e-4;
    pieces.push(gap);
  }
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
