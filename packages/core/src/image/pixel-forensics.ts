// Pixel-level consistency of a document image, on the image kernels: a noise-level map (a
// region with much less sensor noise than the rest of the page was drawn or pasted in), the JPEG
// blocking grid per cell (a region whose 8x8 grid is shifted came from another JPEG), the DCT
// histograms of a JPEG (periodic gaps or peaks: saved twice with different tables), and a
// copy-move search (blocks repeated pixel for pixel at one shift, as when a digit is copied).
// Returns findings in pixel boxes (origin top-left) and the maps, for heatmaps and tests.
import type { BlockPair, ImageKernels, Plane } from './kernels.js';
import { ijgTable, IJG_LUMA, matchQuantization } from './quantization.js';

/** SRM's 5x5 "KV" high-pass kernel: what remains is mostly noise and edges. */
export const SRM_KV = new Float32Array([-1, 2, -2, 2, -1, 2, -6, 8, -6, 2, -2, 8, -12, 8, -2, 2, -6, 8, -6, 2, -1, 2, -2, 2, -1].map((v) => v / 12));

/** A rectangle in pixels, origin top-left, right/bottom exclusive. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One pixel-level finding. */
export interface PixelFinding {
  kind: 'noise_inconsistency' | 'sharpness_inconsistency' | 'jpeg_grid_misaligned' | 'jpeg_double_compressed' | 'first_compression_missing' | 'copy_move';
  summary: string;
  boxes: PixelBox[];
  confidence: number;
}

/** What the analysis measured, besides its findings. */
export interface PixelReport {
  findings: PixelFinding[];
  /** The luma plane the analyses ran on. */
  gray: Plane;
  /** Median noise level (SRM residual standard deviation in flat blocks), grey levels. */
  noiseLevel: number;
  /** Noise level per 64-pixel cell (NaN where the cell is clipped or has too few flat blocks). */
  noiseMap: Plane;
  /** Whether the copy-move search ran (it needs enough sensor noise to tell copies from repeats). */
  copyMoveSearched: boolean;
  /** Matched block pairs of the strongest copy-move shift (0 when none). */
  copyMoveBlocks: number;
}

const CELL = 64;
/** Blocks varying less than this (grey levels) are left out of the error-level comparison. */
const ELA_TEXTURE = 20;
/** Fewest neighbouring blocks an area that missed the first compression needs. */
const ELA_MIN_BLOCKS = 6;
/** The double-compression histograms are read from at most this many pixels of the centre. */
const DQ_PIXELS = 2_000_000;
/** The first compression's quality is searched on at most this many pixels of the centre. */
const ELA_SEARCH_PIXELS = 1_000_000;
/** Contrast (grey levels) from which an 8x8 block holds print for the sharpness analysis. */
const PRINT_CONTRAST = 80;
/** Fewest crisp blocks an area needs (about a short word). */
const SHARP_MIN_BLOCKS = 8;
/** Cell side of the blocking-grid analysis. */
const GRID_CELL = 32;
/** An 8x8 block varying less than this (grey levels, standard deviation) is flat paper or ink. */
const FLAT_STD = 8;
/** Images are searched for copies at no more than about this many pixels. */
const COPY_MOVE_PIXELS = 4_000_000;
/** Block side of the copy-move search, at the working scale. */
const COPY_MOVE_BLOCK = 12;
/** Noise (grey levels) below which copies cannot be told from repeated print: digital renders. */
const MIN_COPY_MOVE_NOISE = 0.3;
/** Largest ratio of a copy's pair difference to the page's median pair difference. */
const COPY_MOVE_MAD_RATIO = 0.35;
/** 5x5 tent (separable 1 2 3 2 1) smoothing before the copy-move search. */
const TENT5 = new Float32Array([1, 2, 3, 2, 1].flatMap((a) => [1, 2, 3, 2, 1].map((b) => (a * b) / 81)));
/** Fewest overlapping blocks an area needs to count as copied (about 21 x 21 pixels). */
const COPY_MOVE_MIN_BLOCKS = 80;

function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const s = Float32Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]!;
}

/** Groups flagged cells (4-connected) into boxes of at least `minCells` cells. */
function cellGroups(flags: Uint8Array, cw: number, ch: number, minCells: number): { box: PixelBox; cells: number }[] {
  const seen = new Uint8Array(flags.length);
  const groups: { box: PixelBox; cells: number }[] = [];
  for (let start = 0; start < flags.length; start++) {
    if (!flags[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let cells = 0;
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % cw;
      const cy = Math.floor(c / cw);
      cells++;
      x0 = Math.min(x0, cx); y0 = Math.min(y0, cy); x1 = Math.max(x1, cx); y1 = Math.max(y1, cy);
      for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
        const n = ny * cw + nx;
        if (flags[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (cells >= minCells) groups.push({ box: { x0: x0 * CELL, y0: y0 * CELL, x1: (x1 + 1) * CELL, y1: (y1 + 1) * CELL }, cells });
  }
  return groups;
}

/** Noise level per cell, and cells much quieter than the page. */
function noiseAnalysis(k: ImageKernels, gray: Plane): { map: Plane; level: number; texture: Plane; finding?: PixelFinding } {
  const residual = k.convolve5(gray, SRM_KV);
  const { std } = k.blockStats(residual, 8);
  const { mean, std: texture } = k.blockStats(gray, 8);
  const per = CELL / 8;
  const cw = Math.floor(gray.width / CELL);
  const ch = Math.floor(gray.height / CELL);
  const map: Plane = { data: new Float32Array(cw * ch).fill(NaN), width: cw, height: ch };
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const values: number[] = [];
      for (let y = 0; y < per; y++) {
        for (let x = 0; x < per; x++) {
          const b = (cy * per + y) * std.width + cx * per + x;
          const m = mean.data[b]!;
          // only flat blocks measure noise: not clipped paper or ink, not print, not the border
          if (m > 8 && m < 247 && texture.data[b]! < FLAT_STD && cx * per + x > 0 && cy * per + y > 0) values.push(std.data[b]!);
        }
      }
      if (values.length >= per * per / 4) map.data[cy * cw + cx] = percentile(values, 0.5);
    }
  }
  const valid = [...map.data].filter((v) => !Number.isNaN(v));
  const level = percentile(valid, 0.5);
  if (!(level >= 1.2) || valid.length < 24) return { map, level, texture };
  const flags = new Uint8Array(cw * ch);
  for (let i = 0; i < flags.length; i++) flags[i] = map.data[i]! < 0.3 * level ? 1 : 0;
  const groups = cellGroups(flags, cw, ch, 2).filter((g) => g.cells <= valid.length * 0.25);
  if (groups.length === 0) return { map, level, texture };
  return {
    map,
    level,
    texture,
    finding: {
      kind: 'noise_inconsistency',
      summary: `${groups.length === 1 ? 'One region has' : `${groups.length} regions have`} less than a third of the page's sensor noise (${level.toFixed(1)} grey levels).`,
      boxes: groups.map((g) => g.box),
      confidence: Math.min(0.9, 0.6 + 0.05 * groups.reduce((s, g) => s + g.cells, 0)),
    },
  };
}

/**
 * Areas whose JPEG blocking sits on a shifted grid. Per 32-pixel cell, pixel steps (capped, so
 * print edges do not dominate) are summed by position modulo 8 on each axis; a cell is off-grid
 * when both axes peak at a phase other than the image's, clearly above the other phases. Noise
 * makes single cells do that by chance, so only neighbouring cells agreeing on the same shifted
 * phase pair count.
 */
function gridAnalysis(k: ImageKernels, gray: Plane, noiseLevel: number): PixelFinding | undefined {
  const cell = GRID_CELL;
  const cap = Math.max(4, Number.isNaN(noiseLevel) ? 4 : 2 * noiseLevel);
  const { phases, cellsWide, cellsHigh } = k.gridPhases(gray, cell, cap);
  const cells = cellsWide * cellsHigh;
  if (cells < 16) return undefined;
  /** The strongest phase and its excess over the median of the other seven. */
  const peak = (p: ArrayLike<number>, at: number): { phase: number; strength: number } => {
    const v = Array.from({ length: 8 }, (_, i) => p[at + i]!);
    let phase = 0;
    for (let i = 1; i < 8; i++) if (v[i]! > v[phase]!) phase = i;
    const others = v.filter((_, i) => i !== phase).sort((a, b) => a - b);
    const base = others[3]!;
    return { phase, strength: base > 0 ? v[phase]! / base - 1 : 0 };
  };
  const total = new Array<number>(16).fill(0);
  for (let c = 0; c < cells; c++) for (let i = 0; i < 16; i++) total[i]! += phases[c * 16 + i]!;
  const gx = peak(total, 0);
  const gy = peak(total, 8);
  if (gx.strength < 0.03 || gy.strength < 0.03) return undefined; // no grid to be off
  const label = new Int16Array(cells).fill(-1);
  for (let c = 0; c < cells; c++) {
    const x = peak(phases, c * 16);
    const y = peak(phases, c * 16 + 8);
    if (x.phase !== gx.phase && y.phase !== gy.phase && x.strength > 0.3 && y.strength > 0.3) label[c] = x.phase * 8 + y.phase;
  }
  const boxes: PixelBox[] = [];
  const seen = new Uint8Array(cells);
  for (let c = 0; c < cells; c++) {
    if (label[c]! < 0 || seen[c]) continue;
    const stack = [c];
    seen[c] = 1;
    const members: number[] = [];
    while (stack.length) {
      const m = stack.pop()!;
      members.push(m);
      const mx = m % cellsWide;
      const my = Math.floor(m / cellsWide);
      for (const [nx, ny] of [[mx - 1, my], [mx + 1, my], [mx, my - 1], [mx, my + 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= cellsWide || ny >= cellsHigh) continue;
        const n = ny * cellsWide + nx;
        if (!seen[n] && label[n] === label[c]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (members.length < 2) continue;
    const xs = members.map((m) => m % cellsWide);
    const ys = members.map((m) => Math.floor(m / cellsWide));
    boxes.push({ x0: Math.min(...xs) * cell, y0: Math.min(...ys) * cell, x1: (Math.max(...xs) + 1) * cell, y1: (Math.max(...ys) + 1) * cell });
  }
  if (boxes.length === 0 || boxes.length > 4) return undefined; // many scattered areas: texture, not a paste
  return {
    kind: 'jpeg_grid_misaligned',
    summary: `${boxes.length === 1 ? 'One area carries' : `${boxes.length} areas carry`} JPEG blocking on a grid shifted from the rest of the image.`,
    boxes,
    confidence: 0.7,
  };
}

/**
 * Print much crisper than the rest of the page. A camera or scanner blurs everything it sees
 * alike, so the steepest step inside an 8x8 block of thin print (dark on light, under 40% of the
 * block dark), relative to the block's contrast, is about the same all over a capture; text typed onto the image afterwards keeps the renderer's
 * crisp edges. Blocks far above the page's typical ratio that gather (within two blocks of each
 * other) into a small area are reported; a page that is sharp all over is just a sharp capture.
 */
function sharpnessAnalysis(k: ImageKernels, gray: Plane): PixelFinding | undefined {
  const { contrast, steepest, dark } = k.blockEdges(gray);
  const { width: bw, height: bh } = contrast;
  const ratio = new Float32Array(bw * bh).fill(NaN);
  const values: number[] = [];
  for (let i = 0; i < ratio.length; i++) {
    // thin print only: a step edge (page border, filled shape) has another profile under blur
    if (contrast.data[i]! < PRINT_CONTRAST || dark.data[i]! > 0.4) continue;
    ratio[i] = steepest.data[i]! / contrast.data[i]!;
    values.push(ratio[i]!);
  }
  if (values.length < 200) return undefined;
  const typical = percentile(values, 0.5);
  const threshold = Math.max(0.72, typical + 0.25);
  const seen = new Uint8Array(ratio.length);
  const boxes: PixelBox[] = [];
  for (let start = 0; start < ratio.length; start++) {
    if (seen[start] || !(ratio[start]! >= threshold)) continue;
    seen[start] = 1;
    const stack = [start];
    const members: number[] = [];
    while (stack.length) {
      const c = stack.pop()!;
      members.push(c);
      const cx = c % bw;
      const cy = Math.floor(c / bw);
      for (let oy = -2; oy <= 2; oy++) {
        for (let ox = -2; ox <= 2; ox++) {
          const nx = cx + ox;
          const ny = cy + oy;
          if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
          const n = ny * bw + nx;
          if (!seen[n] && ratio[n]! >= threshold) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (members.length < SHARP_MIN_BLOCKS || members.length > values.length * 0.05) continue;
    if (percentile(members.map((m) => ratio[m]!), 0.5) < typical + 0.3) continue;
    const xs = members.map((m) => m % bw);
    const ys = members.map((m) => Math.floor(m / bw));
    const wide = Math.max(...xs) - Math.min(...xs) + 1;
    const high = Math.max(...ys) - Math.min(...ys) + 1;
    // straight lines (rules, the page's border) are crisp along their length: print fills an area
    if (wide < 2 || high < 2 || members.length < 0.3 * wide * high) continue;
    boxes.push({ x0: Math.min(...xs) * 8, y0: Math.min(...ys) * 8, x1: (Math.max(...xs) + 1) * 8, y1: (Math.max(...ys) + 1) * 8 });
  }
  if (boxes.length === 0 || boxes.length > 5) return undefined;
  return {
    kind: 'sharpness_inconsistency',
    summary: `${boxes.length === 1 ? 'One area of print is' : `${boxes.length} areas of print are`} much crisper than the rest of the capture (edge steepness over contrast above ${threshold.toFixed(2)}, typical ${typical.toFixed(2)}).`,
    boxes,
    confidence: 0.75,
  };
}

/**
 * Two JPEG compressions, by calibration: the DCT of the decoded luma on the file's 8x8 grid is
 * compared, frequency by frequency, with the DCT on a grid shifted by (4, 4), which no past
 * compression touched and so shows what one compression with the file's steps would leave. Both
 * are histogrammed in units of the file's quantisation step; a second compression with other
 * steps moves mass between bins periodically, so the aligned histogram departs from the
 * calibrated one (total variation over the non-zero bins, relative to their mass).
 */
function doubleCompression(k: ImageKernels, image: Plane, luma: readonly number[]): PixelFinding | undefined {
  const gray = centreCrop(image, DQ_PIXELS);
  const aligned = k.dctBlocks(gray, 0, 0);
  const shifted = k.dctBlocks(gray, 4, 4);
  const K = 12;
  const histogram = (d: typeof aligned, at: number, step: number): Float64Array => {
    const h = new Float64Array(K + 1);
    const blocks = d.blocksWide * d.blocksHigh;
    for (let b = 0; b < blocks; b++) {
      const v = Math.abs(Math.round(d.coefficients[b * 64 + at]! / step));
      if (v <= K) h[v]!++;
    }
    const total = h.reduce((a, x) => a + x, 0);
    return total > 0 ? h.map((x) => x / total) : h;
  };
  const departures: number[] = [];
  for (const at of [1, 8, 16, 9, 2, 3, 10, 17, 24]) {
    const step = luma[at]!;
    if (!(step >= 2)) continue;
    const a = histogram(aligned, at, step);
    const c = histogram(shifted, at, step);
    const mass = 1 - c[0]!;
    if (mass < 0.02) continue;
    let d = 0;
    for (let v = 1; v <= K; v++) d += Math.abs(a[v]! - c[v]!);
    departures.push(d / mass);
  }
  if (departures.length < 5) return undefined;
  const strong = departures.filter((d) => d >= 0.15).length;
  const median = percentile(departures, 0.5);
  if (strong < 2 && median < 0.09) return undefined;
  return {
    kind: 'jpeg_double_compressed',
    summary: `The DCT histograms of ${strong || departures.length} low frequencies depart from a single compression with the file's tables (median departure ${median.toFixed(2)}): the image was JPEG-compressed at least twice.`,
    boxes: [],
    confidence: Math.min(0.9, 0.5 + median + 0.05 * strong),
  };
}

/**
 * Areas that missed the image's first compression. A JPEG saved twice keeps the traces of its
 * first quality: pushed through that quality again, its blocks barely change (error levels near
 * zero), while an area pasted in from elsewhere, or drawn after that first save, was never
 * quantised on that grid with those steps and changes several times more. The first quality is
 * searched among IJG qualities other than the file's own on the central megapixel, and only when one
 * of them is clearly a fixed point of the page is the whole image measured at it. Error levels
 * are divided by each block's contrast (textured blocks only), so print and paper compare fairly.
 */
function firstCompressionAnalysis(k: ImageKernels, image: Plane, texture: Plane, luma: readonly number[]): PixelFinding | undefined {
  const own = matchQuantization(luma).quality;
  const candidates = [70, 75, 80, 85, 90, 95].filter((q) => Math.abs(q - own) > 2);
  if (candidates.length < 3) return undefined;
  const relativeLevels = (plane: Plane, std: Plane, q: number): { ratio: Float32Array; width: number } => {
    const ela = k.elaBlocks(plane, new Float32Array(ijgTable(IJG_LUMA, q)));
    const ratio = new Float32Array(ela.data.length).fill(NaN);
    for (let i = 0; i < ratio.length; i++) if (std.data[i]! >= ELA_TEXTURE) ratio[i] = ela.data[i]! / (std.data[i]! + 1);
    return { ratio, width: ela.width };
  };
  const centre = centreCrop(image, ELA_SEARCH_PIXELS);
  const centreTexture = k.blockStats(centre, 8).std;
  const medians = candidates.map((q) => percentile(relativeLevels(centre, centreTexture, q).ratio.filter((v) => !Number.isNaN(v)), 0.5));
  let best = 0;
  for (let i = 1; i < medians.length; i++) if (medians[i]! < medians[best]!) best = i;
  const others = medians.filter((_, i) => i !== best);
  if (!(medians[best]! <= 0.5 * percentile(others, 0.5))) return undefined; // no first compression to miss
  const { ratio, width } = relativeLevels(image, texture, candidates[best]!);
  const height = ratio.length / width;
  const typical = percentile(ratio.filter((v) => !Number.isNaN(v)), 0.5);
  const flags = new Uint8Array(ratio.length);
  for (let i = 0; i < ratio.length; i++) flags[i] = ratio[i]! >= 4 * typical ? 1 : 0;
  const boxes: PixelBox[] = [];
  const seen = new Uint8Array(ratio.length);
  const textured = ratio.filter((v) => !Number.isNaN(v)).length;
  for (let start = 0; start < flags.length; start++) {
    if (!flags[start] || seen[start]) continue;
    seen[start] = 1;
    const stack = [start];
    const members: number[] = [];
    while (stack.length) {
      const c = stack.pop()!;
      members.push(c);
      const cx = c % width;
      const cy = Math.floor(c / width);
      for (let oy = -1; oy <= 1; oy++) {
        for (let ox = -1; ox <= 1; ox++) {
          const nx = cx + ox;
          const ny = cy + oy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (flags[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (members.length < ELA_MIN_BLOCKS || members.length > textured * 0.05) continue;
    const xs = members.map((m) => m % width);
    const ys = members.map((m) => Math.floor(m / width));
    boxes.push({ x0: Math.min(...xs) * 8, y0: Math.min(...ys) * 8, x1: (Math.max(...xs) + 1) * 8, y1: (Math.max(...ys) + 1) * 8 });
  }
  if (boxes.length === 0 || boxes.length > 3) return undefined;
  return {
    kind: 'first_compression_missing',
    summary: `${boxes.length === 1 ? 'One area was' : `${boxes.length} areas were`} not part of the image's first JPEG compression (quality about ${candidates[best]}): error levels at that quality are over four times the page's.`,
    boxes,
    confidence: 0.75,
  };
}

/** The centre of a plane, cut on the 8x8 grid to about `pixels` pixels (the whole plane when smaller). */
function centreCrop(plane: Plane, pixels: number): Plane {
  if (plane.width * plane.height <= pixels) return plane;
  const scale = Math.sqrt(pixels / (plane.width * plane.height));
  const width = Math.floor((plane.width * scale) / 8) * 8;
  const height = Math.floor((plane.height * scale) / 8) * 8;
  const x0 = Math.floor((plane.width - width) / 16) * 8;
  const y0 = Math.floor((plane.height - height) / 16) * 8;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) data.set(plane.data.subarray((y0 + y) * plane.width + x0, (y0 + y) * plane.width + x0 + width), y * width);
  return { data, width, height };
}

/** A connected set of matched blocks sharing one shift. */
interface CopyComponent {
  dx: number;
  dy: number;
  blocks: number;
  density: number;
  /** Median mean-absolute-difference of its block pairs. */
  mad: number;
  source: PixelBox;
  target: PixelBox;
}

/** Connected components (8-neighbour) of the source blocks of pairs sharing each exact shift. */
/** A number naming a shift (dx >= 0 after normalisation, |dy| < 32768). */
const shiftKey = (dx: number, dy: number): number => dx * 65536 + dy + 32768;

function shiftComponents(pairs: readonly BlockPair[], bs: number): { components: CopyComponent[] } {
  const byShift = new Map<number, { dx: number; dy: number; at: Map<number, number> }>();
  for (const p of pairs) {
    let dx = p.x2 - p.x1;
    let dy = p.y2 - p.y1;
    let x = p.x1;
    let y = p.y1;
    if (dx < 0 || (dx === 0 && dy < 0)) {
      dx = -dx;
      dy = -dy;
      x = p.x2;
      y = p.y2;
    }
    const key = shiftKey(dx, dy);
    const entry = byShift.get(key) ?? { dx, dy, at: new Map<number, number>() };
    entry.at.set(y * 65536 + x, p.mad);
    byShift.set(key, entry);
  }
  const components: CopyComponent[] = [];
  for (const { dx, dy, at } of byShift.values()) {
    if (at.size < COPY_MOVE_MIN_BLOCKS) continue;
    const seen = new Set<number>();
    for (const start of at.keys()) {
      if (seen.has(start)) continue;
      seen.add(start);
      const stack = [start];
      let blocks = 0;
      const mads: number[] = [];
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
      while (stack.length) {
        const c = stack.pop()!;
        mads.push(at.get(c)!);
        const cx = c % 65536;
        const cy = Math.floor(c / 65536);
        blocks++;
        x0 = Math.min(x0, cx); x1 = Math.max(x1, cx); y0 = Math.min(y0, cy); y1 = Math.max(y1, cy);
        for (let oy = -1; oy <= 1; oy++) {
          for (let ox = -1; ox <= 1; ox++) {
            const n = (cy + oy) * 65536 + cx + ox;
            if (at.has(n) && !seen.has(n)) {
              seen.add(n);
              stack.push(n);
            }
          }
        }
      }
      mads.sort((a, b) => a - b);
      components.push({
        dx, dy, blocks, density: blocks / ((x1 - x0 + 1) * (y1 - y0 + 1)), mad: mads[mads.length >> 1]!,
        source: { x0, y0, x1: x1 + bs, y1: y1 + bs },
        target: { x0: x0 + dx, y0: y0 + dy, x1: x1 + bs + dx, y1: y1 + bs + dy },
      });
    }
  }
  return { components };
}

/**
 * Blocks repeated at one shift. Documents repeat themselves legitimately (the same label on many
 * rows, right-aligned columns of similar figures), but two printed repeats differ by their own
 * sensor noise while a copy carries its source's noise along. So the search compares slightly
 * smoothed pixels (a 5x5 tent filter takes out most of the noise a later JPEG save adds, which
 * sits in high frequencies, and less of the sensor noise), keeps the pairs that match far more
 * closely than the page's typical look-alike pair, and reports a copy where such pairs form one
 * compact, dense area at one shift that no other such area shares.
 */
function copyMove(k: ImageKernels, gray: Plane): { finding?: PixelFinding; blocks: number } {
  const factor = Math.max(1, Math.ceil(Math.sqrt((gray.width * gray.height) / COPY_MOVE_PIXELS)));
  const small = factor > 1 ? k.resizeArea(gray, Math.floor(gray.width / factor), Math.floor(gray.height / factor)) : gray;
  const smooth = k.convolve5(small, TENT5);
  const bs = COPY_MOVE_BLOCK;
  const pairs = k.copyMovePairs(smooth, {
    blockSize: bs, minStd: 10, maxBlocks: 3_000_000, window: 12, maxFeatureDiff: 4, minShift: 2 * bs, maxMad: 4, maxPairs: 600_000,
  });
  const mads = Float32Array.from(pairs, (p) => p.mad).sort();
  const baseline = mads[mads.length >> 1] ?? 0;
  const close = pairs.filter((p) => p.mad <= COPY_MOVE_MAD_RATIO * baseline);
  const { components } = shiftComponents(close, bs);
  const copies = components.filter((c) => {
    if (c.blocks < COPY_MOVE_MIN_BLOCKS || c.density < 0.5) return false;
    // a second close area at the same shift is a repeating pattern, not one pasted area
    return !components.some((o) => o !== c && Math.abs(o.dx - c.dx) <= 2 && Math.abs(o.dy - c.dy) <= 2 && o.blocks >= c.blocks * 0.25);
  });
  if (copies.length === 0) return { blocks: 0 };
  copies.sort((a, b) => b.blocks - a.blocks);
  const scale = (b: PixelBox): PixelBox => ({ x0: b.x0 * factor, y0: b.y0 * factor, x1: b.x1 * factor, y1: b.y1 * factor });
  const strongest = copies[0]!;
  return {
    blocks: strongest.blocks,
    finding: {
      kind: 'copy_move',
      summary: `An area of ${strongest.blocks} overlapping blocks repeats ${Math.round(Math.hypot(strongest.dx, strongest.dy) * factor)} pixels away, matching ${(baseline / Math.max(strongest.mad, 0.01)).toFixed(1)} times more closely than the page's look-alikes: one was copied onto the other.`,
      boxes: copies.slice(0, 3).flatMap((c) => [scale(c.source), scale(c.target)]),
      confidence: Math.min(0.95, 0.6 + strongest.blocks / 1500 + 0.2 * (1 - strongest.mad / (COPY_MOVE_MAD_RATIO * baseline))),
    },
  };
}

/** Runs the pixel analyses on an RGBA image; `luma` is the JPEG's luminance table, when JPEG. */
export function analysePixels(k: ImageKernels, rgba: Uint8Array, width: number, height: number, luma?: readonly number[]): PixelReport {
  const gray = k.gray(rgba, width, height);
  const findings: PixelFinding[] = [];
  const noise = noiseAnalysis(k, gray);
  if (noise.finding) findings.push(noise.finding);
  const sharp = sharpnessAnalysis(k, gray);
  if (sharp) findings.push(sharp);
  const grid = gridAnalysis(k, gray, noise.level);
  if (grid) findings.push(grid);
  const twice = luma ? doubleCompression(k, gray, luma) : undefined;
  if (twice) findings.push(twice);
  const first = luma ? firstCompressionAnalysis(k, gray, noise.texture, luma) : undefined;
  if (first) findings.push(first);
  const searched = noise.level >= MIN_COPY_MOVE_NOISE;
  const copies = searched ? copyMove(k, gray) : { blocks: 0 };
  if (copies.finding) findings.push(copies.finding);
  return { findings, gray, noiseLevel: noise.level, noiseMap: noise.map, copyMoveSearched: searched, copyMoveBlocks: copies.blocks };
}
