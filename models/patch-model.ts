// The patch models' trainer, shared by the training scripts in this folder: a dense network
// (features -> hidden ReLU -> sigmoid) trained with Adam on class-balanced batches, the
// standardisation folded into the ONNX graph, a threshold at the 99th percentile of the real
// class's training scores, held-out metrics (accuracy, rates at the threshold, AUC), and the
// model file and its manifest entry written. Deterministic for a given seeded random source.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOnnx } from './onnx-writer.js';

/** Feature rows and labels (1: synthetic). */
export interface PatchSet {
  x: Float32Array[];
  y: number[];
  /** Where each row came from (a source name), for per-source rates on held-out data. */
  source?: string[];
}

/** Held-out or training metrics at the threshold. */
export interface PatchMetrics {
  /** Rows measured, named by the unit (patches, windows). */
  [unit: string]: number;
  accuracy: number;
  true_positive_rate: number;
  false_positive_rate: number;
  auc: number;
}

function metrics(scores: number[], y: number[], threshold: number, unit: string): PatchMetrics {
  let tp = 0,
    fp = 0,
    tn = 0,
    fn = 0;
  for (const [i, s] of scores.entries()) {
    if (s >= threshold) {
      if (y[i]) tp++;
      else fp++;
    } else if (y[i]) fn++;
    else tn++;
  }
  const pos = scores.filter((_, i) => y[i] === 1);
  const sortedNeg = scores.filter((_, i) => y[i] === 0).sort((a, b) => a - b);
  let wins = 0;
  for (const p of pos) {
    let lo = 0,
      hi = sortedNeg.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedNeg[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    wins += lo;
  }
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return {
    [unit]: y.length,
    accuracy: round((tp + tn) / y.length),
    true_positive_rate: round(tp / (tp + fn)),
    false_positive_rate: round(fp / (fp + tn)),
    auc: round(wins / (pos.length * sortedNeg.length)),
  };
}

/** A fitted network: its parameters (standardisation included) and its score for a raw row. */
export interface FittedPatchModel {
  mean: Float32Array;
  std: Float32Array;
  W1: Float32Array;
  B1: Float32Array;
  W2: Float32Array;
  B2: Float32Array;
  score(row: Float32Array): number;
}

/** Fits the network (features -> hidden ReLU -> sigmoid) on `train` with class-balanced Adam. */
export function fitPatchModel(options: { features: number; hidden: number; epochs: number; random: () => number; train: PatchSet }): FittedPatchModel {
  const { features: F, hidden: HIDDEN, random } = options;
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
          const d = ((p - y[n]!) * (y[n] === 1 ? weight1 : weight0)) / batch.length;
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

  const { mean, std } = standardiser(options.train.x);
  const normalise = (r: Float32Array): Float32Array => r.map((value, i) => (value - mean[i]!) / std[i]!);
  train(options.train.x.map(normalise), options.train.y, options.epochs);
  const hidden = new Float32Array(HIDDEN);
  return { mean, std, W1, B1, W2, B2, score: (row) => forward(normalise(row), hidden) };
}

/** Trains a model on `train`, measures it on `held`, and writes `<dir>/<id>.onnx` and its manifest entry. */
export function trainPatchModel(options: {
  id: string;
  dir: string;
  features: number;
  hidden: number;
  epochs: number;
  random: () => number;
  train: PatchSet;
  held: PatchSet;
  /** What a row is, in the threshold rule (default "patches"). */
  unit?: string;
  /** A threshold chosen by the caller (default: the 99th percentile of real training rows). */
  threshold?: { value: number; rule: string };
  /** Measure only; write nothing. */
  dryRun?: boolean;
  /** Manifest fields besides those the trainer fills (id, file, sha256, bytes, inputs, outputs, architecture, threshold, metrics). */
  entry: Record<string, unknown>;
}): { threshold: number; held: PatchMetrics; training: PatchMetrics; bySource?: Record<string, { rows: number; flagged_rate: number }> } {
  const { features: F, hidden: HIDDEN } = options;
  const fitted = fitPatchModel(options);
  const { mean, std, W1, B1, W2, B2 } = fitted;
  const trainScores = options.train.x.map((r) => fitted.score(r));
  // threshold: the lowest score that keeps real training rows at or under 1% false positives
  const realScores = trainScores.filter((_, i) => options.train.y[i] === 0).sort((a, b) => a - b);
  const threshold = options.threshold?.value ?? Math.round(realScores[Math.floor(realScores.length * 0.99)]! * 1000) / 1000;
  const heldScores = options.held.x.map((r) => fitted.score(r));
  const unit = options.unit ?? 'patches';
  const held = metrics(heldScores, options.held.y, threshold, unit);
  // the share of each held-out source's rows at or over the threshold
  let bySource: Record<string, { rows: number; flagged_rate: number }> | undefined;
  if (options.held.source) {
    bySource = {};
    for (const name of [...new Set(options.held.source)].sort()) {
      const rows = heldScores.filter((_, i) => options.held.source![i] === name);
      bySource[name] = { rows: rows.length, flagged_rate: Math.round((rows.filter((s) => s >= threshold).length / rows.length) * 1000) / 1000 };
    }
  }
  const training = metrics(trainScores, options.train.y, threshold, unit);
  if (options.dryRun) return { threshold, held, training, ...(bySource ? { bySource } : {}) };
  const onnx = writeOnnx({
    name: options.id,
    producer: `loupe models/train-${options.id}.ts`,
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
  writeFileSync(join(options.dir, `${options.id}.onnx`), onnx);
  const manifestPath = join(options.dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { models: { id: string }[] };
  const { version, task, ...rest } = options.entry;
  const entry = {
    id: options.id,
    version,
    task,
    file: `${options.id}.onnx`,
    sha256: createHash('sha256').update(onnx).digest('hex'),
    bytes: onnx.length,
    inputs: [{ name: 'features', shape: ['N', F], dtype: 'float32' }],
    outputs: [{ name: 'likelihood', shape: ['N', 1], dtype: 'float32', range: [0, 1] }],
    ...rest,
    architecture: `dense ${F} -> ${HIDDEN} ReLU -> 1 sigmoid`,
    threshold,
    threshold_rule: options.threshold?.rule ?? `the 99th percentile of real training ${unit} (1% false-positive rate on training data)`,
    metrics: { held_out: held, ...(bySource ? { held_out_by_source: bySource } : {}), training },
  };
  manifest.models = [...manifest.models.filter((m) => m.id !== options.id), entry];
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { threshold, held, training, ...(bySource ? { bySource } : {}) };
}
