// Copy-move search kernels: features of every overlapping textured block, a radix sort of their
// keys so that similar blocks become neighbours, and the matching of neighbours into candidate
// (source, target) pairs verified pixel by pixel. The host clusters pairs by their shift.

/**
 * Features of every `bs` x `bs` block at every pixel position (bs a multiple of 4): the 16 means
 * of its 4 x 4 grid of sub-blocks. Blocks whose sub-block means vary less than `minStd` (flat
 * paper, blank margins) are skipped. Writes up to `cap` kept blocks: 16 f32 at `feats`, the
 * top-left position y * w + x at `pos`, a 48-bit sort key at `keys` (u64) and the identity
 * permutation at `order`. `tmp` and `box` each hold w * h f32. Returns the number kept.
 */
export function cmFeatures(src: usize, w: i32, h: i32, bs: i32, minStd: f32, tmp: usize, box: usize, feats: usize, pos: usize, keys: usize, order: usize, cap: i32): i32 {
  const s = bs >> 2;
  const inv = <f32>1 / <f32>(s * s);
  // horizontal box sums of width s
  for (let y = 0; y < h; y++) {
    const r = src + (<usize>(y * w) << 2);
    const t = tmp + (<usize>(y * w) << 2);
    let acc: f32 = 0;
    for (let x = 0; x < s; x++) acc += load<f32>(r + (<usize>x << 2));
    for (let x = 0; x + s <= w; x++) {
      store<f32>(t + (<usize>x << 2), acc);
      if (x + s < w) acc += load<f32>(r + (<usize>(x + s) << 2)) - load<f32>(r + (<usize>x << 2));
    }
  }
  // vertical box sums of height s, four columns at a time: box = s x s means
  const vinv = f32x4.splat(inv);
  for (let y = 0; y + s <= h; y++) {
    const out = box + (<usize>(y * w) << 2);
    let x = 0;
    for (; x + 4 <= w - s + 1; x += 4) {
      let acc = f32x4.splat(0);
      for (let k = 0; k < s; k++) acc = f32x4.add(acc, v128.load(tmp + (<usize>((y + k) * w + x) << 2)));
      v128.store(out + (<usize>x << 2), f32x4.mul(acc, vinv));
    }
    for (; x + s <= w; x++) {
      let acc: f32 = 0;
      for (let k = 0; k < s; k++) acc += load<f32>(tmp + (<usize>((y + k) * w + x) << 2));
      store<f32>(out + (<usize>x << 2), acc * inv);
    }
  }
  let kept = 0;
  for (let y = 0; y + bs <= h; y++) {
    for (let x = 0; x + bs <= w; x++) {
      if (kept >= cap) return kept;
      const f = feats + (<usize>kept << 6);
      let sum: f32 = 0;
      let sq: f32 = 0;
      for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 4; i++) {
          const v = load<f32>(box + (<usize>((y + j * s) * w + x + i * s) << 2));
          store<f32>(f + (<usize>(j * 4 + i) << 2), v);
          sum += v;
          sq += v * v;
        }
      }
      const mean = sum / 16;
      const variance = sq / 16 - mean * mean;
      if (variance < minStd * minStd) continue;
      let key: u64 = <u64>(<i32>mean >> 2) & 63;
      key = (key << 5) | (<u64>(<i32>load<f32>(f) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 12) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 48) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 60) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 20) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 24) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 36) >> 3) & 31);
      key = (key << 5) | (<u64>(<i32>load<f32>(f, 40) >> 3) & 31);
      store<u64>(keys + (<usize>kept << 3), key);
      store<u32>(pos + (<usize>kept << 2), <u32>(y * w + x));
      store<u32>(order + (<usize>kept << 2), <u32>kept);
      kept++;
    }
  }
  return kept;
}

const COUNTS: usize = memory.data(256 * 4);

/**
 * Stable LSD radix sort of `n` (key, id) pairs by the low 48 bits of the u64 keys, 8 bits a pass;
 * `tk`/`ti` are scratch of the same sizes. The sorted pairs end in `keys`/`ids`.
 */
export function radixSort(keys: usize, ids: usize, n: i32, tk: usize, ti: usize): void {
  let sk = keys;
  let si = ids;
  let dk = tk;
  let di = ti;
  for (let shift: u64 = 0; shift < 48; shift += 8) {
    memory.fill(COUNTS, 0, 1024);
    for (let i = 0; i < n; i++) {
      const d = <usize>((load<u64>(sk + (<usize>i << 3)) >> shift) & 255);
      store<u32>(COUNTS + (d << 2), load<u32>(COUNTS + (d << 2)) + 1);
    }
    let total: u32 = 0;
    for (let d = 0; d < 256; d++) {
      const c = load<u32>(COUNTS + (<usize>d << 2));
      store<u32>(COUNTS + (<usize>d << 2), total);
      total += c;
    }
    for (let i = 0; i < n; i++) {
      const k = load<u64>(sk + (<usize>i << 3));
      const d = <usize>((k >> shift) & 255);
      const at = load<u32>(COUNTS + (d << 2));
      store<u32>(COUNTS + (d << 2), at + 1);
      store<u64>(dk + (<usize>at << 3), k);
      store<u32>(di + (<usize>at << 2), load<u32>(si + (<usize>i << 2)));
    }
    const a = sk; sk = dk; dk = a;
    const b = si; si = di; di = b;
  }
  // six passes: the result is back in the caller's buffers
}

/**
 * Compares each block with the next `window` blocks in sorted order. A pair is a candidate when
 * every feature differs by at most `maxDiff`, the blocks are at least `minShift` apart, and the
 * mean absolute pixel difference of the two bs x bs blocks is at most `maxMad`. Writes records
 * of (x1, y1, x2, y2 as i32, mad as f32) to `out`, up to `cap`; returns how many.
 */
export function cmMatch(src: usize, w: i32, bs: i32, feats: usize, pos: usize, order: usize, n: i32, window: i32, maxDiff: f32, minShift: i32, maxMad: f32, out: usize, cap: i32): i32 {
  let found = 0;
  const limit = maxMad * <f32>(bs * bs);
  const vd = f32x4.splat(maxDiff);
  for (let i = 0; i < n; i++) {
    const a = load<u32>(order + (<usize>i << 2));
    const fa = feats + (<usize>a << 6);
    const pa = <i32>load<u32>(pos + (<usize>a << 2));
    const xa = pa % w;
    const ya = pa / w;
    const end = i + 1 + window < n ? i + 1 + window : n;
    for (let j = i + 1; j < end; j++) {
      const b = load<u32>(order + (<usize>j << 2));
      const fb = feats + (<usize>b << 6);
      let far = v128.any_true(f32x4.gt(f32x4.abs(f32x4.sub(v128.load(fa), v128.load(fb))), vd));
      far = far || v128.any_true(f32x4.gt(f32x4.abs(f32x4.sub(v128.load(fa, 16), v128.load(fb, 16))), vd));
      far = far || v128.any_true(f32x4.gt(f32x4.abs(f32x4.sub(v128.load(fa, 32), v128.load(fb, 32))), vd));
      far = far || v128.any_true(f32x4.gt(f32x4.abs(f32x4.sub(v128.load(fa, 48), v128.load(fb, 48))), vd));
      if (far) continue;
      const pb = <i32>load<u32>(pos + (<usize>b << 2));
      const xb = pb % w;
      const yb = pb / w;
      const dx = xb - xa;
      const dy = yb - ya;
      if (dx * dx + dy * dy < minShift * minShift) continue;
      let total: f32 = 0;
      for (let y = 0; y < bs && total <= limit; y++) {
        const ra = src + (<usize>((ya + y) * w + xa) << 2);
        const rb = src + (<usize>((yb + y) * w + xb) << 2);
        let acc = f32x4.splat(0);
        for (let x = 0; x < bs; x += 4) {
          acc = f32x4.add(acc, f32x4.abs(f32x4.sub(v128.load(ra + (<usize>x << 2)), v128.load(rb + (<usize>x << 2)))));
        }
        total += f32x4.extract_lane(acc, 0) + f32x4.extract_lane(acc, 1) + f32x4.extract_lane(acc, 2) + f32x4.extract_lane(acc, 3);
      }
      if (total > limit) continue;
      if (found >= cap) return found;
      const o = out + <usize>found * 20;
      store<i32>(o, xa);
      store<i32>(o, ya, 4);
      store<i32>(o, xb, 8);
      store<i32>(o, yb, 12);
      store<f32>(o, total / <f32>(bs * bs), 16);
      found++;
    }
  }
  return found;
}
