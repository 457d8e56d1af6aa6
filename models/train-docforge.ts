// Trains docforge, the GenAI patch model: a small dense network over the per-patch features of
// `genaiFeatures` (residual spectra, spreads, neighbour-difference ratio), on data made here.
// Real class: document photos and scans from the camera and scanner pipelines of
// packages/fixtures/src/document-photos.ts. Synthetic class: the same kinds of pages put through
// generator-style pipelines (downscale then nearest or bilinear upsampling with smoothing, as
// transposed convolutions and upsamplers leave; blur with faint noise; colour quantisation), then
// saved as JPEG. Documents are split by seed into training and held-out sets. Fixed seeds
// throughout: running it again writes the same model. Writes models/docforge.onnx and its
// manifest entry with the held-out metrics.
//   npm run build && node --import tsx models/train-docforge.ts
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENAI_FEATURES, GENAI_PATCH, genaiFeatures, wasmKernels } from '@loupe/core/internal';
import { seededRandom } from '@loupe/core/testing';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { createCanvasDecoder } from '@loupe/node';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { trainPatchModel } from './patch-model.js';

const here = dirname(fileURLToPath(import.meta.url));
const TRAIN_DOCS = 16;
const HELD_OUT_DOCS = 6;
const HIDDEN = 16;
const random = seededRandom(20261122);

interface Image {
  width: number;
  height: number;
  rgba: Uint8Array;
}

const decoder = createCanvasDecoder();
const decode = (bytes: Uint8Array): Promise<Image> => decoder.decode(bytes);

function toCanvas(image: Image): Canvas {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(image.width, image.height);
  data.data.set(image.rgba);
  ctx.putImageData(data, 0, 0);
  return canvas;
}

function boxBlur(image: Image): void {
  const { width: w, height: h, rgba } = image;
  const src = rgba.slice();
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += src[((y + dy) * w + x + dx) * 4 + c]!;
        rgba[(y * w + x) * 4 + c] = Math.round(s / 9);
      }
    }
  }
}

/** One of the generator-style pipelines, chosen by `kind`, then a JPEG save. */
async function synthesise(image: Image, kind: number): Promise<Image> {
  const factor = 2 + (kind % 3);
  const small = createCanvas(Math.floor(image.width / factor), Math.floor(image.height / factor));
  const sctx = small.getContext('2d');
  sctx.drawImage(toCanvas(image), 0, 0, small.width, small.height);
  const big = createCanvas(image.width, image.height);
  const bctx = big.getContext('2d');
  bctx.imageSmoothingEnabled = kind % 2 === 0;
  bctx.drawImage(small, 0, 0, image.width, image.height);
  const data = bctx.getImageData(0, 0, image.width, image.height);
  const out: Image = { width: image.width, height: image.height, rgba: new Uint8Array(data.data.buffer) };
  if (kind % 2 === 1) boxBlur(out); // nearest upsampling then a smoothing layer
  if (kind % 4 === 3) for (let i = 0; i < out.rgba.length; i++) if (i % 4 !== 3) out.rgba[i] = Math.round(out.rgba[i]! / 8) * 8; // colour quantisation
  if (kind % 5 === 4)
    for (let i = 0; i < out.rgba.length; i++) if (i % 4 !== 3) out.rgba[i] = Math.max(0, Math.min(255, out.rgba[i]! + Math.round((random() - 0.5) * 1.2)));
  const canvas = toCanvas(out);
  return decode(new Uint8Array(canvas.encodeSync('jpeg', 90 + (kind % 6))));
}

function featuresOf(image: Image): Float32Array {
  return genaiFeatures(wasmKernels, wasmKernels.gray(image.rgba, image.width, image.height)).features;
}

async function dataset(seeds: number[]): Promise<{ x: Float32Array[]; y: number[] }> {
  const x: Float32Array[] = [];
  const y: number[] = [];
  for (const seed of seeds) {
    const capture = await captureDocument({ kind: seed % 3 === 0 ? 'scan' : 'photo', seed, format: 'jpg' });
    const real = await decode(capture.bytes);
    const fake = await synthesise(real, seed);
    for (const [image, label] of [
      [real, 0],
      [fake, 1],
    ] as const) {
      const f = featuresOf(image);
      for (let p = 0; p < f.length / GENAI_FEATURES; p++) {
        x.push(f.slice(p * GENAI_FEATURES, (p + 1) * GENAI_FEATURES));
        y.push(label);
      }
    }
  }
  return { x, y };
}

const trainSeeds = Array.from({ length: TRAIN_DOCS }, (_, i) => 7000 + i);
const heldSeeds = Array.from({ length: HELD_OUT_DOCS }, (_, i) => 8000 + i);
const result = trainPatchModel({
  id: 'docforge',
  dir: here,
  features: GENAI_FEATURES,
  hidden: HIDDEN,
  epochs: 60,
  random,
  train: await dataset(trainSeeds),
  held: await dataset(heldSeeds),
  entry: {
    version: '1.0.0',
    task: 'genai-patch-likelihood',
    preprocessing: {
      function: 'genaiFeatures (packages/core/src/image/genai-features.ts)',
      patch: GENAI_PATCH,
      features: `${GENAI_FEATURES} per ${GENAI_PATCH}x${GENAI_PATCH} patch of BT.601 luma: 16 log radial power bins of the SRM KV residual (relative to their mean), log residual std, log luma std, log ratio of second to first horizontal neighbour-difference spread`,
      normalisation: 'inside the graph (Sub mean, Div std of the training features)',
    },
    provenance: {
      script: 'models/train-docforge.ts',
      seed: 20261122,
      data: `made here: ${TRAIN_DOCS} training and ${HELD_OUT_DOCS} held-out documents (packages/fixtures/src/document-photos.ts, seeds ${trainSeeds[0]}-${trainSeeds.at(-1)} and ${heldSeeds[0]}-${heldSeeds.at(-1)}), each as a camera photo or scan (real) and through one generator-style pipeline (synthetic): downscale by 2-4 then nearest or bilinear upsampling, 3x3 smoothing after nearest, colour quantisation to 32 levels or faint noise on some, JPEG quality 90-95`,
      licence: 'all data generated by the repository; fonts: Liberation Sans (SIL OFL) from pdfjs-dist',
    },
    limits:
      'A baseline. It separates interpolated or smoothed pixels from camera and scanner pixels on the kinds of pages it was trained on. It has never seen a real diffusion or GAN output, inpainting by a real model, screenshots, or heavy JPEG recompression, and may flag soft-focus or motion-blurred photos.',
  },
});
console.log(`docforge: threshold ${result.threshold}`);
console.log('held out', result.held);
console.log('training', result.training);
