// Media detection timings, one run: first whole processes side by side with ffmpeg (`loupe
// detect` on a photo and a video against ffmpeg decoding them, three rounds); then a 12 MP photo, a 60 s 720p video and a 5-minute MP3 through
// the whole engine (warm), and the split per stage (decode, preprocess on the WebAssembly kernels,
// inference, aggregate), with the kernels against the TypeScript reference kernels (photo: luma
// and patch features; audio: resampling to 16 kHz and LFCC). `npm run bench:media` (ffmpeg: the
// system's or the packaged one).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  aggregateScore,
  analyseSpeech,
  audioWindows,
  framePlan,
  GENAI_FEATURES,
  genaiFeatures,
  loadVad,
  pictureFeatures,
  pictureTiles,
  SPEECH_FEATURES,
  SPEECH_RATE,
  speechProbabilities,
  wasmAudioKernels,
  wasmKernels,
  windowFeatures,
} from '@loupe/core/internal';
import { decodeJpegLumaRegions } from '@loupe/core/internal/media';
import { referenceAudioKernels, referenceKernels } from '@loupe/core/testing';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { downscaleRgba, generateScene, photographScene } from '@loupe/fixtures/scenes';
import { h264Clip } from '@loupe/fixtures/videos';
import { createCanvasDecoder, createFfmpegMediaDecoder, createModelStore, createNodeMediaEngine, createOnnxInference, ffmpegPaths } from '@loupe/node';
import { median } from './measure.js';
import { type Pair, sideBySide, sideBySideTable } from './side-by-side.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-media-bench-'));
const photo = photographScene(7, 4000, 3000);
// phone cameras write a key frame about every second; x264's default is every 250 frames
const video = h264Clip(join(dir, 'clip.mp4'), { size: '1280x720', rate: 30, durationS: 60, gop: 30 });
const longGop = h264Clip(join(dir, 'long-gop.mp4'), { size: '1280x720', rate: 30, durationS: 60 });
// five minutes of speech: the natural fixture looped, as a 44.1 kHz MP3
execFileSync(ffmpegPaths().ffmpeg, [
  '-v',
  'error',
  '-stream_loop',
  '40',
  '-i',
  fixtureAudio('natural-fr-words.ogg'),
  '-t',
  '300',
  '-ar',
  '44100',
  '-c:a',
  'libmp3lame',
  '-b:a',
  '128k',
  join(dir, 'speech.mp3'),
]);
const speech = new Uint8Array(readFileSync(join(dir, 'speech.mp3')));

// whole processes side by side (issue 54): `loupe detect` against ffmpeg decoding the same input,
// the decoder being the floor for media (every millisecond above it is Loupe's)
writeFileSync(join(dir, 'photo.jpg'), photo);
const loupe = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'loupe.js');
const decode = (file: string): [string, ...string[]] => [ffmpegPaths().ffmpeg, '-v', 'error', '-i', join(dir, file), '-f', 'null', '-'];
const processPairs: Pair[] = [
  {
    label: `12 MP JPEG photo, \`loupe detect --json\``,
    ours: [process.execPath, loupe, 'detect', '--json', join(dir, 'photo.jpg')],
    reference: decode('photo.jpg'),
    referenceLabel: 'ffmpeg decoding it',
    target: 2.5,
  },
  {
    // the floor of any Node process that runs the image model: Node's start, onnxruntime-node's
    // library and the model's first session, and nothing of Loupe's
    label: 'the floor: `node` opening the image model in onnxruntime-node, no Loupe code',
    ours: [
      process.execPath,
      '-e',
      `require(${JSON.stringify(createRequire(import.meta.url).resolve('onnxruntime-node'))}).InferenceSession.create(${JSON.stringify(join(import.meta.dirname, '..', 'models', 'mediaforge.onnx'))})`,
    ],
    reference: decode('photo.jpg'),
    referenceLabel: 'ffmpeg decoding the photo',
  },
  {
    label: '60 s 720p video (a key frame a second), `loupe detect --json`',
    ours: [process.execPath, loupe, 'detect', '--json', join(dir, 'clip.mp4')],
    reference: decode('clip.mp4'),
    referenceLabel: 'ffmpeg decoding every frame',
    target: 1.8,
  },
  // `LOUPE_BEFORE_CLI`: an earlier build's loupe.js, measured in the same rounds
  ...(process.env.LOUPE_BEFORE_CLI
    ? (['photo.jpg', 'clip.mp4'] as const).map(
        (file): Pair => ({
          label: `${file === 'photo.jpg' ? '12 MP JPEG photo' : '60 s 720p video'}, the earlier build`,
          ours: [process.execPath, process.env.LOUPE_BEFORE_CLI!, 'detect', '--json', join(dir, file)],
          reference: decode(file),
          referenceLabel: file === 'photo.jpg' ? 'ffmpeg decoding it' : 'ffmpeg decoding every frame',
        }),
      )
    : []),
  {
    label: '`loupe --help`',
    ours: [process.execPath, loupe, '--help'],
    reference: [process.execPath, '-e', '0'],
    referenceLabel: '`node -e 0`',
  },
];
console.log('Whole processes, side by side (three rounds after a warm-up round; the median of the per-round ratios):\n');
console.log(sideBySideTable(processPairs, sideBySide(processPairs, 3)));
console.log('');
rmSync(dir, { recursive: true });

const engine = createNodeMediaEngine();
const time = async (fn: () => Promise<unknown>, runs = 3): Promise<number> => {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  return median(t);
};

console.log(`Media detection on node ${process.version} (one run)\n`);
const first = await engine.detect(photo, { filename: 'photo.jpg' }); // warm-up: model load, kernels
await engine.detect(photo, { filename: 'photo.jpg' }); // and the compiler
const imageMs = await time(() => engine.detect(photo, { filename: 'photo.jpg' }), 7);
const videoMs = await time(() => engine.detect(video, { filename: 'clip.mp4' }), 2);
const longGopMs = await time(() => engine.detect(longGop, { filename: 'long-gop.mp4' }), 2);
const heard = await engine.detect(speech, { filename: 'speech.mp3' }); // warm-up: VAD and speech model
const audioMs = await time(() => engine.detect(speech, { filename: 'speech.mp3' }), 2);

// the split for the photo
const decoder = createCanvasDecoder();
const store = createModelStore();
const { manifest, bytes } = await store.load('mediaforge');
const model = await createOnnxInference().load(bytes);
// what the engine does: the nine tiles decoded alone, their features, one model run
const tiled = await decoder.decodeRegions!(photo, (width, height) => pictureTiles(width, height) ?? []);
const tilesMs = await time(() => decoder.decodeRegions!(photo, (width, height) => pictureTiles(width, height) ?? []), 5);
const tileFeaturesMs = await time(async () => pictureFeatures(tiled.regions), 5);
// the path a baseline JPEG photo takes: its grey levels alone, the tiles' blocks alone transformed
// by the core's decoder; and the platform's path for other JPEGs, the tiles cropped by ffmpeg in another process
const tilesOf = (width: number, height: number) => pictureTiles(width, height) ?? [];
const coreLumaMs = await time(async () => decodeJpegLumaRegions(photo, tilesOf), 7);
const lumaOf = () => decoder.decodeJpegLuma!(photo, tilesOf);
const lumaTiles = decodeJpegLumaRegions(photo, tilesOf)!.regions.map(({ width, height, luma }) => ({ width, height, gray: luma }));
const lumaMs = await time(lumaOf, 5);
const lumaFeaturesMs = await time(async () => pictureFeatures(lumaTiles), 5);
const features = pictureFeatures(tiled.regions);
let t = performance.now();
const out = await model.run({ features: { data: features, dims: [features.length / GENAI_FEATURES, GENAI_FEATURES] } });
const inferenceMs = performance.now() - t;
t = performance.now();
aggregateScore(Array.from(out[manifest.outputs[0]!.name]!.data as Float32Array));
const aggregateMs = performance.now() - t;
// the kernels against the TypeScript references, on the whole picture
const image = await decoder.decode(photo);
t = performance.now();
genaiFeatures(wasmKernels, image);
const preprocessMs = performance.now() - t;
t = performance.now();
genaiFeatures(referenceKernels, referenceKernels.gray(image.rgba, image.width, image.height));
const referenceMs = performance.now() - t;

// the split for the video's frame decoding
const media = createFfmpegMediaDecoder();
t = performance.now();
const frames = await media.frames(video, framePlan((await media.probe(video)).durationS), 1024);
const framesMs = performance.now() - t;

console.log(
  `12 MP photo (${(photo.length / 1e6).toFixed(1)} MB JPEG): ${imageMs.toFixed(0)} ms warm end to end, median of 7 (target 120 ms); ${first.verdict}, score ${first.score}`,
);
console.log(
  `  the tiles' grey levels alone: ${coreLumaMs.toFixed(0)} ms in the core's decoder (a baseline JPEG's path), ${lumaMs.toFixed(0)} ms through ffmpeg (the platform's, for other JPEGs; ${(lumaMs / coreLumaMs).toFixed(1)}x), their features ${lumaFeaturesMs.toFixed(1)} ms; in colour (Skia) ${tilesMs.toFixed(0)} ms; their features ${tileFeaturesMs.toFixed(1)} ms; inference (${features.length / GENAI_FEATURES} patches) ${inferenceMs.toFixed(1)} ms; aggregate ${aggregateMs.toFixed(2)} ms`,
);
console.log(
  `  features of the whole 12 MP picture ${preprocessMs.toFixed(0)} ms on the kernels vs ${referenceMs.toFixed(0)} ms on the TypeScript references (${(referenceMs / preprocessMs).toFixed(1)}x)`,
);
console.log(
  `60 s 720p video, key frame every second (${(video.length / 1e6).toFixed(1)} MB), ${frames.length} frames: ${videoMs.toFixed(0)} ms end to end (target 3000 ms); frame decoding alone ${framesMs.toFixed(0)} ms`,
);
console.log(`60 s 720p video, key frame every 250 frames (x264 default): ${longGopMs.toFixed(0)} ms end to end`);

// the split for the audio
const inference = createOnnxInference();
const vad = await loadVad(store, inference);
const speechModel = await store.load('speechforge');
const speechRun = await inference.load(speechModel.bytes);
t = performance.now();
const audio = await media.audio(speech);
const audioDecodeMs = performance.now() - t;
t = performance.now();
const pcm = wasmAudioKernels.resample(audio.samples, audio.sampleRate, SPEECH_RATE);
const resampleMs = performance.now() - t;
t = performance.now();
referenceAudioKernels.resample(audio.samples, audio.sampleRate, SPEECH_RATE);
const resampleRefMs = performance.now() - t;
t = performance.now();
await speechProbabilities(vad, pcm);
const vadMs = performance.now() - t;
t = performance.now();
wasmAudioKernels.cepstra(pcm);
const cepstraMs = performance.now() - t;
t = performance.now();
referenceAudioKernels.cepstra(pcm);
const cepstraRefMs = performance.now() - t;
const analysis = await analyseSpeech(wasmAudioKernels, vad, audio.samples, audio.sampleRate);
t = performance.now();
const rows = audioWindows((audio.samples.length / audio.sampleRate) * 1000)
  .map((w) => windowFeatures(analysis, w.start_ms, w.end_ms))
  .filter((f): f is Float32Array => f !== null);
const featuresMs = performance.now() - t;
const batch = new Float32Array(rows.length * SPEECH_FEATURES);
for (const [i, r] of rows.entries()) batch.set(r, i * SPEECH_FEATURES);
t = performance.now();
const scored = await speechRun.run({ features: { data: batch, dims: [rows.length, SPEECH_FEATURES] } });
const speechInferenceMs = performance.now() - t;
t = performance.now();
aggregateScore(Array.from(scored[speechModel.manifest.outputs[0]!.name]!.data as Float32Array));
const audioAggregateMs = performance.now() - t;
console.log(
  `5-minute MP3 (${(speech.length / 1e6).toFixed(1)} MB, 44.1 kHz): ${audioMs.toFixed(0)} ms warm end to end (target 3000 ms); ${heard.verdict}, score ${heard.score}, ${heard.segments!.length} windows`,
);
console.log(
  `  decode ${audioDecodeMs.toFixed(0)} ms; resample to 16 kHz ${resampleMs.toFixed(0)} ms on the kernels vs ${resampleRefMs.toFixed(0)} ms on the reference (${(resampleRefMs / resampleMs).toFixed(1)}x); LFCC ${cepstraMs.toFixed(0)} ms vs ${cepstraRefMs.toFixed(0)} ms (${(cepstraRefMs / cepstraMs).toFixed(1)}x); VAD ${vadMs.toFixed(0)} ms; window features ${featuresMs.toFixed(1)} ms; inference ${speechInferenceMs.toFixed(1)} ms; aggregate ${audioAggregateMs.toFixed(2)} ms`,
);

// V1.5 against V1.6 on held-out scenes (seeds the models never saw) as they travel: the camera
// photo, re-saved at JPEG 70, downscaled by 0.6 and re-saved; and the generated picture, re-saved
const v15 = createNodeMediaEngine({ version: 'V1.5' });
const v16 = createNodeMediaEngine({ version: 'V1.6' });
const kinds: Record<string, { label: 0 | 1; pictures: Uint8Array[] }> = {
  'camera photo': { label: 0, pictures: [] },
  'camera photo re-saved (q70)': { label: 0, pictures: [] },
  'camera photo downscaled 0.6 + q80': { label: 0, pictures: [] },
  generated: { label: 1, pictures: [] },
  'generated re-saved (q70)': { label: 1, pictures: [] },
};
for (let seed = 900; seed < 916; seed++) {
  const camera = photographScene(seed);
  const generated = generateScene(seed);
  const cameraPixels = await decoder.decode(camera);
  kinds['camera photo']!.pictures.push(camera);
  kinds['camera photo re-saved (q70)']!.pictures.push(await decoder.encodeJpeg!(cameraPixels, 70));
  kinds['camera photo downscaled 0.6 + q80']!.pictures.push(await decoder.encodeJpeg!(downscaleRgba(cameraPixels, 0.6), 80));
  kinds.generated!.pictures.push(generated);
  kinds['generated re-saved (q70)']!.pictures.push(await decoder.encodeJpeg!(await decoder.decode(generated), 70));
}
console.log('\nDetector versions on 16 held-out scenes (share answered LIKELY_REAL / ALERT / LIKELY_AI):');
for (const [kind, { pictures }] of Object.entries(kinds)) {
  const line: string[] = [];
  for (const [name, e] of [
    ['V1.5', v15],
    ['V1.6', v16],
  ] as const) {
    const verdicts = await Promise.all(pictures.map(async (p) => (await e.detect(p, { filename: 'p.jpg' })).verdict));
    const share = (v: string): string => (verdicts.filter((x) => x === v).length / verdicts.length).toFixed(2);
    line.push(`${name} ${share('LIKELY_REAL')} / ${share('ALERT')} / ${share('LIKELY_AI')}`);
  }
  console.log(`  ${kind.padEnd(36)} ${line.join('   ')}`);
}
