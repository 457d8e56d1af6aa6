// Media detection timings, one run: a 12 MP photo and a 60 s 720p video through the whole
// engine (warm), and the split per stage (decode, preprocess = luma and patch features on the
// WebAssembly kernels, inference, aggregate), with the kernels' features against the TypeScript
// reference kernels. `npm run bench:media` (ffmpeg: the system's or the packaged one).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aggregateScore, genaiFeatures, GENAI_FEATURES, referenceKernels, wasmKernels, framePlan } from '@loupe/core';
import { createCanvasDecoder, createFfmpegMediaDecoder, createModelStore, createNodeMediaEngine, createOnnxInference, ffmpegPaths } from '@loupe/node';
import { photographScene } from '../test/fixtures/scenes.js';
import { median } from './measure.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-media-bench-'));
const photo = photographScene(7, 4000, 3000);
// phone cameras write a key frame about every second; x264's default is every 250 frames
execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=60', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')]);
execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=60', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', join(dir, 'long-gop.mp4')]);
const video = new Uint8Array(readFileSync(join(dir, 'clip.mp4')));
const longGop = new Uint8Array(readFileSync(join(dir, 'long-gop.mp4')));
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
const imageMs = await time(() => engine.detect(photo, { filename: 'photo.jpg' }));
const videoMs = await time(() => engine.detect(video, { filename: 'clip.mp4' }), 2);
const longGopMs = await time(() => engine.detect(longGop, { filename: 'long-gop.mp4' }), 2);

// the split for the photo
const decoder = createCanvasDecoder();
const store = createModelStore();
const { manifest, bytes } = await store.load('mediaforge');
const model = await createOnnxInference().load(bytes);
let t = performance.now();
const image = await decoder.decode(photo);
const decodeMs = performance.now() - t;
t = performance.now();
const { features } = genaiFeatures(wasmKernels, wasmKernels.gray(image.rgba, image.width, image.height));
const preprocessMs = performance.now() - t;
t = performance.now();
genaiFeatures(referenceKernels, referenceKernels.gray(image.rgba, image.width, image.height));
const referenceMs = performance.now() - t;
t = performance.now();
const out = await model.run({ features: { data: features, dims: [features.length / GENAI_FEATURES, GENAI_FEATURES] } });
const inferenceMs = performance.now() - t;
t = performance.now();
aggregateScore(Array.from(out[manifest.outputs[0]!.name]!.data));
const aggregateMs = performance.now() - t;

// the split for the video's frame decoding
const media = createFfmpegMediaDecoder();
t = performance.now();
const frames = await media.frames(video, framePlan((await media.probe(video)).durationS), 1024);
const framesMs = performance.now() - t;

console.log(`12 MP photo (${(photo.length / 1e6).toFixed(1)} MB JPEG): ${imageMs.toFixed(0)} ms warm end to end (target 150 ms); ${first.verdict}, score ${first.score}`);
console.log(`  decode ${decodeMs.toFixed(0)} ms; features of the whole 12 MP picture ${preprocessMs.toFixed(0)} ms on the kernels vs ${referenceMs.toFixed(0)} ms on the TypeScript references (${(referenceMs / preprocessMs).toFixed(1)}x; the engine reads 9 tiles of 512 px, about a fifth of that); inference ${inferenceMs.toFixed(1)} ms; aggregate ${aggregateMs.toFixed(2)} ms`);
console.log(`60 s 720p video, key frame every second (${(video.length / 1e6).toFixed(1)} MB), ${frames.length} frames: ${videoMs.toFixed(0)} ms end to end (target 3000 ms); frame decoding alone ${framesMs.toFixed(0)} ms`);
console.log(`60 s 720p video, key frame every 250 frames (x264 default): ${longGopMs.toFixed(0)} ms end to end`);
