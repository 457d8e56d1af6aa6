// Plain TypeScript references of the image kernels: the straightforward implementations the
// WebAssembly kernels are tested against (equal within a stated float tolerance; the copy-move
// search exactly, as it emulates f32 arithmetic with Math.fround) and benchmarked against.

import { referenceFft } from '../reference-fft.js';
import type { BlockPair, ImageKernels, Plane } from './kernels.js';

const f = Math.fround;

function plane(width: number, height: number): Plane {
  return { data: new Float32Array(width * height), width, height };
}

/** The 8x8 DCT-II basis C[u][x], orthonormal. */
export const DCT_BASIS: Float64Array = (() => {
  const c = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) c[u * 8 + x] = (u === 0 ? Math.sqrt(0.125) : 0.5) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return c;
})();

function dct8(block: Float64Array, out: Float64Array): void {
  const tmp = new Float64Array(64);
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += block[y * 8 + x]! * DCT_BASIS[u * 8 + x]!;
      tmp[y * 8 + u] = s;
    }
  }
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += DCT_BASIS[v * 8 + y]! * tmp[y * 8 + u]!;
      out[v * 8 + u] = s;
    }
  }
}

function idct8(coef: Float64Array, out: Float64Array): void {
  const tmp = new Float64Array(64);
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += DCT_BASIS[v * 8 + y]! * coef[v * 8 + u]!;
      tmp[y * 8 + u] = s;
    }
  }
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += tmp[y * 8 + u]! * DCT_BASIS[u * 8 + x]!;
      out[y * 8 + x] = s;
    }
  }
}

function readBlock(src: Plane, x0: number, y0: number, block: Float64Array): void {
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) block[y * 8 + x] = src.data[(y0 + y) * src.width + x0 + x]! - 128;
}

/** The 48-bit sort key of a block's features (same layout as the kernel's). */
function blockKey(feat: Float32Array, at: number, mean: number): number {
  let key = (Math.trunc(mean) >> 2) & 63;
  for (const i of [0, 3, 12, 15, 5, 6, 9, 10]) key = key * 32 + ((Math.trunc(feat[at + i]!) >> 3) & 31);
  return key;
}

/** The reference implementations. */
export const referenceKernels: ImageKernels = {
  gray(rgba, width, height) {
    const out = plane(width, height);
    for (let i = 0; i < width * height; i++) out.data[i] = rgba[i * 4]! * 0.299 + rgba[i * 4 + 1]! * 0.587 + rgba[i * 4 + 2]! * 0.114;
    return out;
  },

  ycbcr(rgba, width, height) {
    const y = plane(width, height);
    const cb = plane(width, height);
    const cr = plane(width, height);
    for (let i = 0; i < width * height; i++) {
      const r = rgba[i * 4]!;
      const g = rgba[i * 4 + 1]!;
      const b = rgba[i * 4 + 2]!;
      y.data[i] = r * 0.299 + g * 0.587 + b * 0.114;
      cb.data[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      cr.data[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
    return { y, cb, cr };
  },

  nchw(rgba, width, height, mean, std) {
    const n = width * height;
    const out = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < 3; c++) out[c * n + i] = (rgba[i * 4 + c]! / 255 - mean[c]!) / std[c]!;
    }
    return out;
  },

  resizeBilinear(src, width, height) {
    const out = plane(width, height);
    const sx = src.width / width;
    const sy = src.height / height;
    for (let y = 0; y < height; y++) {
      const fy = Math.max(0, (y + 0.5) * sy - 0.5);
      const y0 = Math.min(Math.floor(fy), src.height - 1);
      const y1 = Math.min(y0 + 1, src.height - 1);
      const ty = fy - y0;
      for (let x = 0; x < width; x++) {
        const fx = Math.max(0, (x + 0.5) * sx - 0.5);
        const x0 = Math.min(Math.floor(fx), src.width - 1);
        const x1 = Math.min(x0 + 1, src.width - 1);
        const tx = fx - x0;
        const at = (yy: number, xx: number) => src.data[yy * src.width + xx]!;
        const left = at(y0, x0) * (1 - ty) + at(y1, x0) * ty;
        const right = at(y0, x1) * (1 - ty) + at(y1, x1) * ty;
        out.data[y * width + x] = left * (1 - tx) + right * tx;
      }
    }
    return out;
  },

  resizeArea(src, width, height) {
    const out = plane(width, height);
    const sx = src.width / width;
    const sy = src.height / height;
    for (let y = 0; y < height; y++) {
      const t0 = y * sy;
      const t1 = t0 + sy;
      for (let x = 0; x < width; x++) {
        const s0 = x * sx;
        const s1 = s0 + sx;
        let acc = 0;
        for (let j = Math.floor(t0); j < Math.min(src.height, Math.ceil(t1)); j++) {
          const wy = Math.min(j + 1, t1) - Math.max(j, t0);
          for (let i = Math.floor(s0); i < Math.min(src.width, Math.ceil(s1)); i++) {
            acc += src.data[j * src.width + i]! * wy * (Math.min(i + 1, s1) - Math.max(i, s0));
          }
        }
        out.data[y * width + x] = acc / (sx * sy);
      }
    }
    return out;
  },

  convolve5(src, kernel) {
    const { width: w, height: h } = src;
    const out = plane(w, h);
    for (let y = 2; y < h - 2; y++) {
      for (let x = 2; x < w - 2; x++) {
        let acc = 0;
        for (let j = 0; j < 5; j++) for (let i = 0; i < 5; i++) acc += src.data[(y + j - 2) * w + x + i - 2]! * kernel[j * 5 + i]!;
        out.data[y * w + x] = acc;
      }
    }
    return out;
  },

  blockStats(src, bs) {
    const bw = Math.floor(src.width / bs);
    const bh = Math.floor(src.height / bs);
    const mean = plane(bw, bh);
    const std = plane(bw, bh);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        let sum = 0;
        for (let y = 0; y < bs; y++) for (let x = 0; x < bs; x++) sum += src.data[(by * bs + y) * src.width + bx * bs + x]!;
        const m = sum / (bs * bs);
        let sq = 0;
        for (let y = 0; y < bs; y++) for (let x = 0; x < bs; x++) sq += (src.data[(by * bs + y) * src.width + bx * bs + x]! - m) ** 2;
        mean.data[by * bw + bx] = m;
        std.data[by * bw + bx] = Math.sqrt(sq / (bs * bs));
      }
    }
    return { mean, std };
  },

  blockEdges(src) {
    const bw = Math.floor(src.width / 8);
    const bh = Math.floor(src.height / 8);
    const contrast = plane(bw, bh);
    const steepest = plane(bw, bh);
    const dark = plane(bw, bh);
    const at = (x: number, y: number): number => src.data[y * src.width + x]!;
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        let lo = Infinity;
        let hi = -Infinity;
        let step = 0;
        for (let y = by * 8; y < by * 8 + 8; y++) {
          for (let x = bx * 8; x < bx * 8 + 8; x++) {
            lo = Math.min(lo, at(x, y));
            hi = Math.max(hi, at(x, y));
            if (x > 0) step = Math.max(step, Math.abs(at(x, y) - at(x - 1, y)));
            if (y > 0) step = Math.max(step, Math.abs(at(x, y) - at(x, y - 1)));
          }
        }
        contrast.data[by * bw + bx] = hi - lo;
        steepest.data[by * bw + bx] = step;
        const mid = Math.fround((hi + lo) * 0.5);
        let below = 0;
        for (let y = by * 8; y < by * 8 + 8; y++) for (let x = bx * 8; x < bx * 8 + 8; x++) if (at(x, y) < mid) below++;
        dark.data[by * bw + bx] = below / 64;
      }
    }
    return { contrast, steepest, dark };
  },

  poolMax(src, cw, ch) {
    const out = plane(Math.floor(src.width / cw), Math.floor(src.height / ch));
    for (let cy = 0; cy < out.height; cy++) {
      for (let cx = 0; cx < out.width; cx++) {
        let m = -Infinity;
        for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) m = Math.max(m, src.data[(cy * ch + y) * src.width + cx * cw + x]!);
        out.data[cy * out.width + cx] = m;
      }
    }
    return out;
  },

  dctBlocks(src, ox, oy) {
    const blocksWide = Math.floor((src.width - ox) / 8);
    const blocksHigh = Math.floor((src.height - oy) / 8);
    const coefficients = new Float32Array(blocksWide * blocksHigh * 64);
    const block = new Float64Array(64);
    const coef = new Float64Array(64);
    for (let by = 0; by < blocksHigh; by++) {
      for (let bx = 0; bx < blocksWide; bx++) {
        readBlock(src, ox + bx * 8, oy + by * 8, block);
        dct8(block, coef);
        coefficients.set(coef, (by * blocksWide + bx) * 64);
      }
    }
    return { coefficients, blocksWide, blocksHigh };
  },

  elaBlocks(src, steps) {
    const out = plane(Math.floor(src.width / 8), Math.floor(src.height / 8));
    const block = new Float64Array(64);
    const coef = new Float64Array(64);
    const back = new Float64Array(64);
    for (let by = 0; by < out.height; by++) {
      for (let bx = 0; bx < out.width; bx++) {
        readBlock(src, bx * 8, by * 8, block);
        dct8(block, coef);
        for (let i = 0; i < 64; i++) coef[i] = Math.floor(coef[i]! / steps[i]! + 0.5) * steps[i]!;
        idct8(coef, back);
        let err = 0;
        for (let i = 0; i < 64; i++) err += Math.abs(Math.min(255, Math.max(0, back[i]! + 128)) - (block[i]! + 128));
        out.data[by * out.width + bx] = err / 64;
      }
    }
    return out;
  },

  gridPhases(src, cell, cap) {
    const cellsWide = Math.floor(src.width / cell);
    const cellsHigh = Math.floor(src.height / cell);
    const phases = new Float32Array(cellsWide * cellsHigh * 16);
    for (let cy = 0; cy < cellsHigh; cy++) {
      for (let cx = 0; cx < cellsWide; cx++) {
        const o = (cy * cellsWide + cx) * 16;
        for (let y = cy * cell; y < (cy + 1) * cell; y++) {
          for (let x = cx * cell; x < (cx + 1) * cell; x++) {
            const p = src.data[y * src.width + x]!;
            if (x > 0) phases[o + (x % 8)]! += Math.min(cap, Math.abs(p - src.data[y * src.width + x - 1]!));
            if (y > 0) phases[o + 8 + (y % 8)]! += Math.min(cap, Math.abs(p - src.data[(y - 1) * src.width + x]!));
          }
        }
      }
    }
    return { phases, cellsWide, cellsHigh };
  },

  patchProfiles(pixels, n, bins, residual, filters) {
    const src =
      'rgba' in pixels
        ? referenceKernels.gray(pixels.rgba, pixels.width, pixels.height)
        : 'gray' in pixels
          ? { width: pixels.width, height: pixels.height, data: new Float32Array(pixels.gray) }
          : pixels;
    const filtered = referenceKernels.convolve5(src, residual);
    const { spectra, patchesWide, patchesHigh } = referenceKernels.patchSpectra(filtered, n, bins);
    const std = [filtered, src, ...filters.map((filter) => referenceKernels.convolve5(src, filter))].map(
      (plane) => referenceKernels.blockStats(plane, n).std.data,
    );
    return { spectra, std, patchesWide, patchesHigh };
  },

  patchSpectra(src, n, bins) {
    const patchesWide = Math.floor(src.width / n);
    const patchesHigh = Math.floor(src.height / n);
    const spectra = new Float32Array(patchesWide * patchesHigh * bins);
    const binOf = new Int32Array(n * n);
    const count = new Float64Array(bins);
    for (let v = 0; v < n; v++) {
      for (let u = 0; u < n; u++) {
        const fu = u < n / 2 ? u : u - n;
        const fv = v < n / 2 ? v : v - n;
        const r = Math.hypot(fu, fv);
        const b = r > n / 2 ? -1 : Math.min(bins - 1, Math.floor((r / (n / 2)) * bins));
        binOf[v * n + u] = b;
        if (b >= 0) count[b]!++;
      }
    }
    const re = new Float64Array(n * n);
    const im = new Float64Array(n * n);
    const rowRe = new Float64Array(n);
    const rowIm = new Float64Array(n);
    for (let py = 0; py < patchesHigh; py++) {
      for (let px = 0; px < patchesWide; px++) {
        let mean = 0;
        for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) mean += src.data[(py * n + y) * src.width + px * n + x]!;
        mean /= n * n;
        for (let y = 0; y < n; y++) {
          for (let x = 0; x < n; x++) rowRe[x] = src.data[(py * n + y) * src.width + px * n + x]! - mean;
          rowIm.fill(0);
          referenceFft(rowRe, rowIm);
          re.set(rowRe, y * n);
          im.set(rowIm, y * n);
        }
        for (let x = 0; x < n; x++) {
          for (let y = 0; y < n; y++) {
            rowRe[y] = re[y * n + x]!;
            rowIm[y] = im[y * n + x]!;
          }
          referenceFft(rowRe, rowIm);
          for (let y = 0; y < n; y++) {
            re[y * n + x] = rowRe[y]!;
            im[y * n + x] = rowIm[y]!;
          }
        }
        const o = (py * patchesWide + px) * bins;
        for (let i = 0; i < n * n; i++) {
          const b = binOf[i]!;
          if (b >= 0) spectra[o + b]! += re[i]! ** 2 + im[i]! ** 2;
        }
        for (let b = 0; b < bins; b++) spectra[o + b] = count[b]! > 0 ? spectra[o + b]! / count[b]! : 0;
      }
    }
    return { spectra, patchesWide, patchesHigh };
  },

  copyMovePairs(src, options) {
    // f32 arithmetic emulated step by step so the result equals the kernel's exactly
    const { width: w, height: h, data } = src;
    const bs = options.blockSize;
    const s = bs >> 2;
    const inv = f(1 / (s * s));
    const tmp = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      let acc = 0;
      for (let x = 0; x < s; x++) acc = f(acc + data[y * w + x]!);
      for (let x = 0; x + s <= w; x++) {
        tmp[y * w + x] = acc;
        if (x + s < w) acc = f(acc + f(data[y * w + x + s]! - data[y * w + x]!));
      }
    }
    const box = new Float32Array(w * h);
    for (let y = 0; y + s <= h; y++) {
      for (let x = 0; x + s <= w; x++) {
        let acc = 0;
        for (let k = 0; k < s; k++) acc = f(acc + tmp[(y + k) * w + x]!);
        box[y * w + x] = f(acc * inv);
      }
    }
    const feats: Float32Array = new Float32Array(Math.min(options.maxBlocks, w * h) * 16);
    const positions: number[] = [];
    const keys: number[] = [];
    const minVar = f(f(options.minStd) * f(options.minStd));
    scan: for (let y = 0; y + bs <= h; y++) {
      for (let x = 0; x + bs <= w; x++) {
        if (positions.length >= options.maxBlocks) break scan;
        const at = positions.length * 16;
        let sum = 0;
        let sq = 0;
        for (let j = 0; j < 4; j++) {
          for (let i = 0; i < 4; i++) {
            const v = box[(y + j * s) * w + x + i * s]!;
            feats[at + j * 4 + i] = v;
            sum = f(sum + v);
            sq = f(sq + f(v * v));
          }
        }
        const mean = f(sum / 16);
        if (f(f(sq / 16) - f(mean * mean)) < minVar) continue;
        keys.push(blockKey(feats, at, mean));
        positions.push(y * w + x);
      }
    }
    const order = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
    const pairs: BlockPair[] = [];
    const limit = f(f(options.maxMad) * (bs * bs));
    const maxDiff = f(options.maxFeatureDiff);
    for (let i = 0; i < order.length; i++) {
      const a = order[i]!;
      const xa = positions[a]! % w;
      const ya = Math.floor(positions[a]! / w);
      for (let j = i + 1; j < Math.min(order.length, i + 1 + options.window); j++) {
        const b = order[j]!;
        let far = false;
        for (let k = 0; k < 16 && !far; k++) far = Math.abs(f(feats[a * 16 + k]! - feats[b * 16 + k]!)) > maxDiff;
        if (far) continue;
        const xb = positions[b]! % w;
        const yb = Math.floor(positions[b]! / w);
        const dx = xb - xa;
        const dy = yb - ya;
        if (dx * dx + dy * dy < options.minShift * options.minShift) continue;
        let total = 0;
        for (let y = 0; y < bs && total <= limit; y++) {
          const lanes = [0, 0, 0, 0];
          for (let x = 0; x < bs; x++) lanes[x % 4] = f(lanes[x % 4]! + Math.abs(f(data[(ya + y) * w + xa + x]! - data[(yb + y) * w + xb + x]!)));
          total = f(total + f(f(f(lanes[0]! + lanes[1]!) + lanes[2]!) + lanes[3]!));
        }
        if (total > limit) continue;
        if (pairs.length >= options.maxPairs) return pairs;
        pairs.push({ x1: xa, y1: ya, x2: xb, y2: yb, mad: f(total / (bs * bs)) });
      }
    }
    return pairs;
  },
};
