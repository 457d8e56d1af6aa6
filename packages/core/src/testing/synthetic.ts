// Deterministic synthetic images for tests and benchmarks of the image kernels and checks: a
// seeded PRNG, a paper-and-ink page with text-like strokes and sensor-like noise, and helpers to
// copy a rectangle within an RGBA image. Pure; no platform.

/** A seeded PRNG (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples from a uniform source (Box-Muller). */
export function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * An RGBA page: light paper with a brightness gradient, rows of dark rectangular "glyphs" at
 * sub-pixel positions (soft edges), and Gaussian noise of `noise` levels.
 */
export function syntheticPage(width: number, height: number, seed: number, noise = 2): Uint8Array {
  const random = seededRandom(seed);
  const normal = gaussian(random);
  const ink = new Float32Array(width * height);
  const lineHeight = Math.max(12, Math.round(height / 40));
  for (let top = lineHeight; top + lineHeight < height; top += lineHeight * 1.6) {
    let x = lineHeight * 0.8;
    while (x < width - lineHeight * 2) {
      const w = lineHeight * (0.3 + random() * 0.5);
      const h = lineHeight * (0.5 + random() * 0.5);
      const y0 = top + lineHeight - h;
      for (let y = Math.floor(y0); y < Math.ceil(top + lineHeight); y++) {
        for (let xx = Math.floor(x); xx < Math.ceil(x + w); xx++) {
          const cover = Math.max(0, Math.min(xx + 1, x + w) - Math.max(xx, x)) * Math.max(0, Math.min(y + 1, top + lineHeight) - Math.max(y, y0));
          if (xx < width && y < height) ink[y * width + xx] = Math.max(ink[y * width + xx]!, cover);
        }
      }
      x += w + lineHeight * (0.15 + random() * (random() < 0.15 ? 1.5 : 0.2));
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const paper = 225 + 20 * (x / width) - 15 * (y / height);
      const base = paper * (1 - ink[i]!) + 35 * ink[i]!;
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = Math.max(0, Math.min(255, Math.round(base + (c - 1) * 4 + noise * normal())));
      rgba[i * 4 + 3] = 255;
    }
  }
  return rgba;
}

/** Copies the w x h rectangle at (sx, sy) of an RGBA image to (dx, dy), in place. */
export function copyRect(rgba: Uint8Array, width: number, sx: number, sy: number, w: number, h: number, dx: number, dy: number): void {
  const patch = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) patch.set(rgba.subarray(((sy + y) * width + sx) * 4, ((sy + y) * width + sx + w) * 4), y * w * 4);
  for (let y = 0; y < h; y++) rgba.set(patch.subarray(y * w * 4, (y + 1) * w * 4), ((dy + y) * width + dx) * 4);
}
