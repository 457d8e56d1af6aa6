// Trains docforge, the GenAI patch model: a small dense network over the per-patch features of
// `genaiFeatures` (residual spectra, spreads, neighbour-difference ratio), on data made here.
// Real class: document photos and scans from the camera and scanner pipelines of
// test/fixtures/document-photos.ts. Synthetic class: the same kinds of pages put through
// generator-style pipelines (downscale then nearest or bilinear upsampling with smoothing, as
// transposed convolutions and upsamplers leave; blur with faint noise; colour quantisation), then
// saved as JPEG. Documents are split by seed into training and held-out sets. Fixed seeds
// throughout: running it again writes the same model. Writes models/docforge.onnx and its
// manifest entry with the held-out metrics.
//   npm run build && node --import tsx models/train-docforge.ts
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { genaiFeatures, GENAI_FEATURES, GENAI_PATCH, seededRandom, wasmKernels } from '@loupe/core';
import { captureDocument } from '../test/fixtures/document-photos.js';
import { writeOnnx } from './onnx-writer.js';

const here = dirname(fileURLToPath(import.meta.url));
const TRAIN_DOCS = 16;
const HELD_OUT_DOCS = 6;
const HIDDEN = 16;
const random = seededRandom(20261122);

interface Image { width: number; height: number; rgba: Uint8Array }

async function decode(bytes: Uint8Array): Promise<Image> {
  const img = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, img.width, img.height);
  return { width: img.width, height: img.height, rgba: new Uint8Array(d.data.buffer) };
}

function toCanvas(image: Image): ReturnType<typeof createCanvas> {
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
  if (kind % 5 === 4) for (let i = 0; i < out.rgba.length; i++) if (i % 4 !== 3) out.rgba[i] = Math.max(0, Math.min(255, out.rgba[i]! + Math.round((random() - 0.5) * 1.2)));
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
    for (const [image, label] of [[real, 0], [fake, 1]] as const) {
      const f = featuresOf(image);
      for (let p = 0; p < f.length / GENAI_FEATURES; p++) {
        x.push(f.slice(p * GENAI_FEATURES, (p + 1) * GENAI_FEATURES));
        y.push(label);
      }
    }
  }
  return { x, y };
}

// --- a two-layer network trained with Adam ---
const F = GENAI_FEATURES;
const W1 = new Float32Array(F * HIDDEN).map(() => (random() - 0.5) * Math.sqrt(6 / (F + HIDDEN)));
const B1 = new Float32Array(HIDDEN);
const W2 = new Float32Array(HIDDEN).map(() => (random() - 0.5) * Math.sqrt(6 / (HIDDEN + 1)));
const B2 = new Float32Array(1);
const params = [W1, B1, W2, B2];
const m = params.map((p) => new Float32Array(p.length));
const v = params.map((p) => new Float32Array(p.length));

function forward(x: Float32Array, hidden: Float32Array): number {
  let z = B2[0]!;
  for (let j = 0; j < HIDDEN; j++) {
    let a = B1[j]!;
    for (let i = 0; i < F; i++) a += x[i]! * W1[i * HIDDEN + j]!;
    hidden[j] = Math.max(0, a);
    z += hidden[j]! * W2[j]!;
  }
  return 1 / (1 + Math.exp(-z));
}

function train(x: Float32Array[], y: number[], epochs: number): void {
  const grads = params.map((p) => new Float32Array(p.length));
  const hidden = new Float32Array(HIDDEN);
  const order = x.map((_, i) => i);
  let step = 0;
  const weight1 = y.length / (2 * y.filter((l) => l === 1).length);
  const weight0 = y.length / (2 * y.filter((l) => l === 0).length);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let start = 0; start < order.length; start += 256) {
      for (const g of grads) g.fill(0);
      const batch = order.slice(start, start + 256);
      for (const n of batch) {
        const p = forward(x[n]!, hidden);
        const d = (p - y[n]!) * (y[n] === 1 ? weight1 : weight0) / batch.length;
        grads[3]![0]! += d;
        for (let j = 0; j < HIDDEN; j++) {
          grads[2]![j]! += d * hidden[j]!;
          if (hidden[j]! <= 0) continue;
          const dh = d * W2[j]!;
          grads[1]![j]! += dh;
          for (let i = 0; i < F; i++) grads[0]![i * HIDDEN + j]! += dh * x[n]![i]!;
        }
      }
      step++;
      params.forEach((p, k) => {
        for (let i = 0; i < p.length; i++) {
          const g = grads[k]![i]! + 1e-4 * p[i]!;
          m[k]![i] = 0.9 * m[k]![i]! + 0.1 * g;
          v[k]![i] = 0.999 * v[k]![i]! + 0.001 * g * g;
          p[i]! -= (0.01 * (m[k]![i]! / (1 - 0.9 ** step))) / (Math.sqrt(v[k]![i]! / (1 - 0.999 ** step)) + 1e-8);
        }
      });
    }
  }
}

function standardiser(x: Float32Array[]): { mean: Float32Array; std: Float32Array } {
  const mean = new Float32Array(F);
  const std = new Float32Array(F);
  for (const r of x) for (let i = 0; i < F; i++) mean[i]! += r[i]! / x.length;
  for (const r of x) for (let i = 0; i < F; i++) std[i]! += (r[i]! - mean[i]!) ** 2 / x.length;
  for (let i = 0; i < F; i++) std[i] = Math.sqrt(std[i]!) || 1;
  return { mean, std };
}

function metrics(scores: number[], y: number[], threshold: number) {
  let tp = 0, fp = 0, tn = 0, fn = 0;
  scores.forEach((s, i) => (s >= threshold ? (y[i] ? tp++ : fp++) : y[i] ? fn++ : tn++));
  const pos = scores.filter((_, i) => y[i] === 1);
  const neg = scores.filter((_, i) => y[i] === 0);
  let wins = 0;
  const sortedNeg = [...neg].sort((a, b) => a - b);
  for (const p of pos) {
    let lo = 0, hi = sortedNeg.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedNeg[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    wins += lo;
  }
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return { patches: y.length, accuracy: round((tp + tn) / y.length), true_positive_rate: round(tp / (tp + fn)), false_positive_rate: round(fp / (fp + tn)), auc: round(wins / (pos.length * neg.length)) };
}

const trainSeeds = Array.from({ length: TRAIN_DOCS }, (_, i) => 7000 + i);
const heldSeeds = Array.from({ length: HELD_OUT_DOCS }, (_, i) => 8000 + i);
const trainSet = await dataset(trainSeeds);
const heldSet = await dataset(heldSeeds);
const { mean, std } = standardiser(trainSet.x);
const normalise = (r: Float32Array): Float32Array => r.map((value, i) => (value - mean[i]!) / std[i]!);
const trainX = trainSet.x.map(normalise);
train(trainX, trainSet.y, 60);
const hidden = new Float32Array(HIDDEN);
// threshold: the lowest score that keeps real training patches at or under 1% false positives
const realScores = trainX.filter((_, i) => trainSet.y[i] === 0).map((r) => forward(r, hidden)).sort((a, b) => a - b);
const threshold = Math.round(realScores[Math.floor(realScores.length * 0.99)]! * 1000) / 1000;
const heldScores = heldSet.x.map((r) => forward(normalise(r), hidden));
const held = metrics(heldScores, heldSet.y, threshold);
const trainMetrics = metrics(trainX.map((r) => forward(r, hidden)), trainSet.y, threshold);

const onnx = writeOnnx({
  name: 'docforge',
  producer: 'loupe models/train-docforge.ts',
  input: { name: 'features', shape: ['N', F] },
  output: { name: 'likelihood', shape: ['N', 1] },
  initializers: [
    { name: 'mean', dims: [F], values: mean },
    { name: 'std', dims: [F], values: std },
    { name: 'W1', dims: [F, HIDDEN], values: W1 },
    { name: 'B1', dims: [HIDDEN], values: B1 },
    { name: 'W2', dims: [HIDDEN, 1], values: W2 },
    { name: 'B2', dims: [1], values: B2 },
  ],
  nodes: [
    { op: 'Sub', inputs: ['features', 'mean'], output: 'centred' },
    { op: 'Div', inputs: ['centred', 'std'], output: 'scaled' },
    { op: 'MatMul', inputs: ['scaled', 'W1'], output: 'h1' },
    { op: 'Add', inputs: ['h1', 'B1'], output: 'h1b' },
    { op: 'Relu', inputs: ['h1b'], output: 'h1r' },
    { op: 'MatMul', inputs: ['h1r', 'W2'], output: 'z' },
    { op: 'Add', inputs: ['z', 'B2'], output: 'zb' },
    { op: 'Sigmoid', inputs: ['zb'], output: 'likelihood' },
  ],
});
writeFileSync(join(here, 'docforge.onnx'), onnx);
const manifestPath = join(here, 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { models: { id: string }[] };
const entry = {
  id: 'docforge',
  version: '1.0.0',
  task: 'genai-patch-likelihood',
  file: 'docforge.onnx',
  sha256: createHash('sha256').update(onnx).digest('hex'),
  bytes: onnx.length,
  inputs: [{ name: 'features', shape: ['N', F], dtype: 'float32' }],
  outputs: [{ name: 'likelihood', shape: ['N', 1], dtype: 'float32', range: [0, 1] }],
  preprocessing: {
    function: 'genaiFeatures (packages/core/src/image/genai-features.ts)',
    patch: GENAI_PATCH,
    features: `${F} per ${GENAI_PATCH}x${GENAI_PATCH} patch of BT.601 luma: 16 log radial power bins of the SRM KV residual (relative to their mean), log residual std, log luma std, log ratio of second to first horizontal neighbour-difference spread`,
    normalisation: 'inside the graph (Sub mean, Div std of the training features)',
  },
  architecture: `dense ${F} -> ${HIDDEN} ReLU -> 1 sigmoid`,
  threshold,
  threshold_rule: 'the 99th percentile of real training patches (1% patch false-positive rate on training data)',
  provenance: {
    script: 'models/train-docforge.ts',
    seed: 20261122,
    data: `made here: ${TRAIN_DOCS} training and ${HELD_OUT_DOCS} held-out documents (test/fixtures/document-photos.ts, seeds ${trainSeeds[0]}-${trainSeeds.at(-1)} and ${heldSeeds[0]}-${heldSeeds.at(-1)}), each as a camera photo or scan (real) and through one generator-style pipeline (synthetic): downscale by 2-4 then nearest or bilinear upsampling, 3x3 smoothing after nearest, colour quantisation to 32 levels or faint noise on some, JPEG quality 90-95`,
    licence: 'all data generated by the repository; fonts: Liberation Sans (SIL OFL) from pdfjs-dist',
  },
  metrics: { held_out: held, training: trainMetrics },
  limits: 'A baseline. It separates interpolated or smoothed pixels from camera and scanner pixels on the kinds of pages it was trained on. It has never seen a real diffusion or GAN output, inpainting by a real model, screenshots, or heavy JPEG recompression, and may flag soft-focus or motion-blurred photos.',
};
manifest.models = [...manifest.models.filter((m) => m.id !== 'docforge'), entry];
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`docforge: ${trainSet.y.length} training and ${heldSet.y.length} held-out patches; threshold ${threshold}`);
console.log('held out', held);
console.log('training', trainMetrics);
