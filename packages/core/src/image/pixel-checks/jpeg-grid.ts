// The JPEG blocking grid per cell: areas whose blocking sits on an 8x8 grid shifted from the
// rest of the image (cut from another JPEG and pasted in).
import type { ImageKernels, Plane } from '../kernels.js';
import { flaggedGroups, groupBox } from './grid-groups.js';
import type { PixelFinding } from './types.js';

/** Cell side of the blocking-grid analysis. */
const GRID_CELL = 32;

/**
 * Areas whose JPEG blocking sits on a shifted grid. Per 32-pixel cell, pixel steps (capped, so
 * print edges do not dominate) are summed by position modulo 8 on each axis; a cell is off-grid
 * when both axes peak at a phase other than the image's, clearly above the other phases. Noise
 * makes single cells do that by chance, so only neighbouring cells agreeing on the same shifted
 * phase pair count.
 */
export function gridAnalysis(k: ImageKernels, gray: Plane, noiseLevel: number): PixelFinding | undefined {
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
  const boxes = flaggedGroups(cellsWide, cellsHigh, (c) => label[c]! >= 0, { edgesOnly: true, joins: (a, b) => label[a] === label[b] })
    .filter((members) => members.length >= 2)
    .map((members) => groupBox(members, cellsWide, cell));
  if (boxes.length === 0 || boxes.length > 4) return undefined; // many scattered areas: texture, not a paste
  return {
    kind: 'jpeg_grid_misaligned',
    summary: `${boxes.length === 1 ? 'One area carries' : `${boxes.length} areas carry`} JPEG blocking on a grid shifted from the rest of the image.`,
    boxes,
    confidence: 0.7,
  };
}
