// Entry point of Loupe's WebAssembly kernels: re-exports every kernel module so they compile
// into one .wasm whose bytes the core inlines at build time.
export { heapBase, resumePosition, scanMarkers } from './markers';
