// Print sharper than the capture: edge steepness over contrast in 8x8 blocks of thin print,
// compared with the page (text typed onto an image keeps the renderer's crisp edges), in both
// directions (a line of print aligned with the pixel grid is crisp across its strokes only).
import type { ImageKernels, Plane } from '../kernels.js';
import { flaggedGroups, groupBox, groupExtent, percentile } from './grid-groups.js';
import type { PixelBox, PixelFinding } from './types.js';

/** Contrast (grey levels) from which an 8x8 block holds print for the sharpness analysis. */
const PRINT_CONTRAST = 80;
/** Fewest crisp blocks an area needs (about a short word). */
const SHARP_MIN_BLOCKS = 8;
/** The least share of the print inside an area that must be crisp: typed text is crisp throughout. */
const SHARP_COVERAGE = 0.7;

/**
 * Print much crisper than the rest of the page. A camera or scanner blurs everything it sees
 * alike, so the steepest step inside an 8x8 block of thin print (dark on light, under 40% of the
 * block dark), relative to the block's contrast, is about the same all over a capture; text typed onto the image afterwards keeps the renderer's
 * crisp edges. Blocks far above the page's typical ratio that gather (within two blocks of each
 * other) into a small area are reported; a page that is sharp all over is just a sharp capture.
 * Text typed in is crisp throughout its area; print that a photo's warp happens to set on the
 * pixel grid is crisp in patches (about half its blocks), so an area counts only when most of the
 * print inside it is crisp.
 */
export function sharpnessAnalysis(k: ImageKernels, gray: Plane): PixelFinding | undefined {
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
  // the page's typical crispness across and along lines, from a sample of its print blocks
  const sample: number[] = [];
  for (let i = 0; i < ratio.length && sample.length < 4000; i += Math.max(1, Math.floor(values.length / 4000))) if (!Number.isNaN(ratio[i]!)) sample.push(i);
  const typicalAcross = percentile(
    sample.map((i) => directionalSteps(gray, i % bw, Math.floor(i / bw), contrast.data[i]!)[0]),
    0.5,
  );
  const typicalAlong = percentile(
    sample.map((i) => directionalSteps(gray, i % bw, Math.floor(i / bw), contrast.data[i]!)[1]),
    0.5,
  );
  const boxes: PixelBox[] = [];
  for (const members of flaggedGroups(bw, bh, (i) => ratio[i]! >= threshold, { radius: 2 })) {
    if (members.length < SHARP_MIN_BLOCKS || members.length > values.length * 0.05) continue;
    if (
      percentile(
        members.map((m) => ratio[m]!),
        0.5,
      ) <
      typical + 0.3
    )
      continue;
    const e = groupExtent(members, bw);
    const wide = e.x1 - e.x0 + 1;
    const high = e.y1 - e.y0 + 1;
    // straight lines (rules, the page's border) are crisp along their length: print fills an area
    if (wide < 2 || high < 2 || members.length < 0.3 * wide * high) continue;
    // text typed onto a capture is crisp in both directions; a line of print that happens to sit
    // on the pixel grid is crisp only across its horizontal strokes (a render's phase, not an edit)
    const steps = members.map((m) => directionalSteps(gray, m % bw, Math.floor(m / bw), contrast.data[m]!));
    const across = percentile(
      steps.map((d) => d[0]),
      0.5,
    );
    const along = percentile(
      steps.map((d) => d[1]),
      0.5,
    );
    if (across < typicalAcross + 0.2 || along < typicalAlong + 0.2) continue;
    let print = 0;
    for (let y = e.y0; y <= e.y1; y++) for (let x = e.x0; x <= e.x1; x++) if (!Number.isNaN(ratio[y * bw + x]!)) print++;
    if (members.length < SHARP_COVERAGE * print) continue;
    boxes.push(groupBox(members, bw, 8));
  }
  if (boxes.length === 0 || boxes.length > 5) return undefined;
  return {
    kind: 'sharpness_inconsistency',
    threshold,
    typical,
    boxes,
  };
}

/** Steepest horizontal and vertical steps of an 8x8 block, each over the block's contrast. */
function directionalSteps(gray: Plane, bx: number, by: number, contrast: number): [number, number] {
  let dx = 0;
  let dy = 0;
  const w = gray.width;
  for (let y = by * 8; y < by * 8 + 8; y++) {
    for (let x = bx * 8; x < bx * 8 + 8; x++) {
      const v = gray.data[y * w + x]!;
      if (x > 0) dx = Math.max(dx, Math.abs(v - gray.data[y * w + x - 1]!));
      if (y > 0) dy = Math.max(dy, Math.abs(v - gray.data[(y - 1) * w + x]!));
    }
  }
  const c = Math.max(1, contrast);
  return [dx / c, dy / c];
}
