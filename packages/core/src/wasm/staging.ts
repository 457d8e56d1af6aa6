// Staging of kernel calls: buffers laid out back to back from the heap base of the kernels'
// linear memory, and f32 views of them. Shared by the image and audio kernels.
import type { Kernels } from './kernels.js';

/** A kernel call whose inputs are resident in linear memory. */
export interface StagedKernel<T> {
  /** Runs the kernel on the resident buffers; may be repeated. */
  run(): void;
  /** Copies the outputs of the last run out of linear memory. */
  result(): T;
}

/** A kernel contract whose calls return staged kernels. */
export type Staged<K> = { [M in keyof K]: K[M] extends (...args: infer A) => infer R ? (...args: A) => StagedKernel<R> : never };

/** Reserves consecutive 16-byte-aligned buffers of the given sizes; returns their addresses. */
export function layout(k: Kernels, sizes: number[]): number[] {
  const offsets: number[] = [];
  let total = 0;
  for (const size of sizes) {
    offsets.push(total);
    total += Math.ceil(size / 16) * 16 + 16;
  }
  const base = k.reserve(total);
  return offsets.map((o) => base + o);
}

/** An f32 view of linear memory (re-take after any reserve). */
export function f32(k: Kernels, at: number, length: number): Float32Array {
  return new Float32Array(k.buffer(), at, length);
}

/** The plain contract from its staged form: each call stages, runs and copies out. */
export function unstaged<K>(staged: Staged<K>): K {
  return Object.fromEntries(
    Object.entries(staged).map(([name, stage]) => [
      name,
      (...args: unknown[]) => {
        const call = (stage as (...a: unknown[]) => StagedKernel<unknown>)(...args);
        call.run();
        return call.result();
      },
    ]),
  ) as K;
}
