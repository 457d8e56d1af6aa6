// `@loupe/core/testing`: what tests, benchmarks and training scripts need and applications do
// not — the TypeScript reference of every WebAssembly kernel (the yardstick the kernels are
// held to), the reference FFT, and synthetic document pages with their seeded random source.

export { referenceAudioKernels } from './audio/reference-kernels.js';
export { referenceKernels } from './image/reference-kernels.js';
export { scanMarkersReference } from './pdf/markers.js';
export { referenceFft } from './reference-fft.js';
export { copyRect, seededRandom, syntheticPage } from './testing/synthetic.js';
