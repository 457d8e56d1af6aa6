// Minimal declarations of the universal globals the core uses. The core compiles with no DOM lib
// and no @types/node, so a platform-only API fails to compile here; these few are present in
// every runtime Loupe targets (Node >= 20, evergreen browsers, Web Workers).

declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
  }
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

/** Web Crypto's random source (Node >= 19 and every browser and worker expose it globally). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

/** Timers (the pdf.js text reader's time limit). */
declare function setTimeout(handler: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
