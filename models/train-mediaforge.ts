// Trains mediaforge, the media engine's image and video-frame baseline: the same per-patch
// features and dense network as docforge (models/patch-model.ts), on procedural scenes made here
// (test/fixtures/scenes.ts): camera photographs (optical blur, Bayer mosaic with sensor noise,
// bilinear demosaicing, JPEG 80-95) as the real class and the same scenes drawn small and
// upsampled like generators do (bilinear, or nearest then smoothed, sometimes colour-quantised,
// JPEG 85-95) as the synthetic class. Scenes are split by seed into training and held-out sets.
// `--variant=v16` trains mediaforge-v16, the model behind detector version V1.6: the same
// network a little wider, on more scenes, with copies made the way pictures travel (both classes
// re-saved at JPEG 65-85, camera photos also downscaled by 0.5-0.8 then re-saved), so that a
// shared or resized camera photo is not read as generated.
//   npm run build && node --import tsx models/train-mediaforge.ts [--variant=v16]
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvasDecoder } from '@loupe/node';
import type { DecodedImage } from '@loupe/core';
import { genaiFeatures, GENAI_FEATURES, GENAI_PATCH, seededRandom, wasmKernels } from '@loupe/core';
import { generateScene, photographScene } from '../test/fixtures/scenes.js';
import { trainPatchModel, type PatchSet } from './patch-model.js';

const here = dirname(fileURLToPath(import.meta.url));
const V16 = process.argv.includes('--variant=v16');
const TRAIN_SCENES = V16 ? 64 : 48;
const HELD_OUT_SCENES = 16;
const random = seededRandom(V16 ? 20261125 : 20261123);

const decoder = createCanvasDecoder();

async function featuresOf(jpeg: Uint8Array): Promise<Float32Array> {
  const image = await decoder.decode(jpeg);
  return genaiFeatures(wasmKernels, wasmKernels.gray(image.rgba, image.width, image.height)).features;
}

/** Area-averaged RGBA downscale by `scale`. */
function downscale(image: DecodedImage, scale: number): DecodedImage {
  const width = Math.max(1, Math.floor(image.width * scale)), height = Math.max(1, Math.floor(image.height * scale));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / scale), x1 = Math.max(x0 + 1, Math.floor((x + 1) / scale));
      const y0 = Math.floor(y / scale), y1 = Math.max(y0 + 1, Math.floor((y + 1) / scale));
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += image.rgba[(yy * image.width + xx) * 4 + c]!;
        rgba[(y * width + x) * 4 + c] = Math.round(sum / ((x1 - x0) * (y1 - y0)));
      }
    }
  }
  return { width, height, rgba };
}

/** V1.6's travelled copies of a picture: re-saved, and for camera photos also downscaled. */
async function travelled(jpeg: Uint8Array, label: 0 | 1): Promise<Uint8Array[]> {
  if (!V16) return [];
  const image = await decoder.decode(jpeg);
  const quality = (): number => 65 + Math.floor(random() * 21);
  const copies = [await decoder.encodeJpeg!(image, quality())];
  if (label === 0) copies.push(await decoder.encodeJpeg!(downscale(image, 0.5 + random() * 0.3), quality()));
  return copies;
}

async function dataset(seeds: number[]): Promise<PatchSet> {
  const set: PatchSet = { x: [], y: [] };
  for (const seed of seeds) {
    const pairs: [Uint8Array, 0 | 1][] = [[photographScene(seed), 0], [generateScene(seed), 1]];
    for (const [jpeg, label] of [...pairs]) for (const copy of await travelled(jpeg, label)) pairs.push([copy, label]);
    for (const [jpeg, label] of pairs) {
      const f = await featuresOf(jpeg);
      for (let p = 0; p < f.length / GENAI_FEATURES; p++) {
        set.x.push(f.slice(p * GENAI_FEATURES, (p + 1) * GENAI_FEATURES));
        set.y.push(label);
      }
    }
  }
  return set;
}

const trainSeeds = Array.from({ length: TRAIN_SCENES }, (_, i) => 100 + i);
const heldSeeds = Array.from({ length: HELD_OUT_SCENES }, (_, i) => 900 + i);
const result = trainPatchModel({
  id: V16 ? 'mediaforge-v16' : 'mediaforge',
  dir: here,
  features: GENAI_FEATURES,
  hidden: V16 ? 24 : 16,
  epochs: 80,
  random,
  train: await dataset(trainSeeds),
  held: await dataset(heldSeeds),
  entry: {
    version: V16 ? '1.6.0' : '1.5.0',
    task: 'media-image-patch-likelihood',
    preprocessing: {
      function: 'genaiFeatures (packages/core/src/image/genai-features.ts) on BT.601 luma',
      patch: GENAI_PATCH,
      aggregation: 'image or frame score = mean of the top quarter of its patch likelihoods (aggregateScore)',
      normalisation: 'inside the graph (Sub mean, Div std of the training features)',
    },
    provenance: {
      script: `models/train-mediaforge.ts${V16 ? ' --variant=v16' : ''}`,
      seed: V16 ? 20261125 : 20261123,
      data: `made here: ${TRAIN_SCENES} training and ${HELD_OUT_SCENES} held-out procedural scenes (test/fixtures/scenes.ts, seeds ${trainSeeds[0]}-${trainSeeds.at(-1)} and ${heldSeeds[0]}-${heldSeeds.at(-1)}), 640x480, each photographed (real: blur, Bayer mosaic with sensor noise, bilinear demosaicing, JPEG 80-95) and generated (synthetic: drawn at 1/2-1/4 size, bilinear or nearest+smoothed upsampling, sometimes 6-level colour quantisation, JPEG 85-95)${V16 ? '; plus, in both splits, each picture re-saved at JPEG 65-85 and each camera photo downscaled by 0.5-0.8 (area average) and re-saved' : ''}`,
      licence: 'all data generated by the repository; font: Liberation Sans (SIL OFL) from pdfjs-dist',
    },
    limits: 'A baseline for the media engine. It tells camera pixels (demosaiced, noisy) from upsampled, smoothed pixels on procedural scenes. It has never seen a real photograph of the world, a diffusion or GAN output, a face swap, screen recordings or heavy recompression; its numbers say nothing about real generators.',
  },
});
console.log(`${V16 ? 'mediaforge-v16' : 'mediaforge'}: threshold ${result.threshold}`);
console.log('held out', result.held);
console.log('training', result.training);
