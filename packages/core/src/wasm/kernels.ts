// Instantiates Loupe's WebAssembly kernels from the bytes inlined at build time, once per
// process or worker, and hands out the typed exports. Owns the module's linear memory: callers
// ask for a region with `reserve`, which grows memory when needed; views must be re-created
// after any reserve because growth detaches the old buffer.
import { decodeBase64 } from './base64.js';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.generated.js';

/** Typed view of the functions the kernels module exports. */
export interface KernelExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  resumePosition(): number;
  scanMarkers(base: number, len: number, start: number, stop: number, out: number, cap: number): number;
}

/** The kernels instance and its memory management. */
export interface Kernels {
  readonly exports: KernelExports;
  /** Ensures linear memory holds at least `bytes` bytes from the heap base; returns the base. */
  reserve(bytes: number): number;
  /** The current memory buffer (re-read after `reserve`). */
  buffer(): ArrayBuffer;
}

const PAGE = 65536;
let instance: Kernels | undefined;

/** Returns the process-wide kernels instance, instantiating it on first use. */
export function kernels(): Kernels {
  if (instance) return instance;
  const module = new WebAssembly.Module(decodeBase64(KERNELS_WASM_BASE64));
  const inst = new WebAssembly.Instance(module, {
    env: {
      abort(): never {
        throw new Error('WebAssembly kernel aborted');
      },
    },
  });
  const exports = inst.exports as unknown as KernelExports;
  const base = (exports.heapBase() + 15) & ~15;
  instance = {
    exports,
    reserve(bytes: number): number {
      const needed = base + bytes;
      const have = exports.memory.buffer.byteLength;
      if (needed > have) exports.memory.grow(Math.ceil((needed - have) / PAGE));
      return base;
    },
    buffer: () => exports.memory.buffer,
  };
  return instance;
}
