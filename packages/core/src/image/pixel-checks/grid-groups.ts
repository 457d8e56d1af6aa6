// Shared helpers of the pixel checks: groups of flagged cells on a grid (connected within a
// radius, optionally only where two cells agree), their boxes in pixels, and percentiles.
import type { PixelBox } from './types.js';

/** The p-quantile (0..1) of a list of numbers; NaN for an empty list. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const s = Float32Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]!;
}

/** How cells connect. */
export interface Connection {
  /** Largest step between neighbours on each axis (1: the 8 neighbours). */
  radius?: number;
  /** Only the four edge neighbours (radius 1). */
  edgesOnly?: boolean;
  /** Extra condition for two flagged neighbours to join. */
  joins?: (a: number, b: number) => boolean;
}

/** The groups (cell indices) of flagged cells of a `width` x `height` grid. */
export function flaggedGroups(width: number, height: number, flagged: (cell: number) => boolean, connection: Connection = {}): number[][] {
  const radius = connection.radius ?? 1;
  const seen = new Uint8Array(width * height);
  const groups: number[][] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !flagged(start)) continue;
    seen[start] = 1;
    const stack = [start];
    const members: number[] = [];
    while (stack.length) {
      const c = stack.pop()!;
      members.push(c);
      const cx = c % width;
      const cy = Math.floor(c / width);
      for (let oy = -radius; oy <= radius; oy++) {
        for (let ox = -radius; ox <= radius; ox++) {
          if ((ox === 0 && oy === 0) || (connection.edgesOnly && ox !== 0 && oy !== 0)) continue;
          const nx = cx + ox;
          const ny = cy + oy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (seen[n] || !flagged(n) || (connection.joins && !connection.joins(c, n))) continue;
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    groups.push(members);
  }
  return groups;
}

/** The extent of a group, in cells. */
export function groupExtent(members: readonly number[], width: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (const m of members) {
    const x = m % width;
    const y = Math.floor(m / width);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** The pixel box of a group of `cell`-pixel cells. */
export function groupBox(members: readonly number[], width: number, cell: number): PixelBox {
  const e = groupExtent(members, width);
  return { x0: e.x0 * cell, y0: e.y0 * cell, x1: (e.x1 + 1) * cell, y1: (e.y1 + 1) * cell };
}
