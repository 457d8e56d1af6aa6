// `@loupe/core/testing`: what tests, benchmarks and training scripts need and applications do
// not — the TypeScript reference of every WebAssembly kernel (the yardstick the kernels are
// held to), the reference FFT, synthetic document pages with their seeded random source, and the
// check context of a PDF with a runner for one check (the checks' tests).

export { referenceAudioKernels } from './audio/reference-kernels.js';
export { referenceKernels } from './image/reference-kernels.js';
export { scanMarkersReference } from './pdf/markers.js';
export { referenceFft } from './reference-fft.js';
export { type CheckContextOptions, type CheckRun, checkContext, pictureContext, runCheck, testPicture, testPixels } from './testing/check-context.js';
export { copyRect, seededRandom, syntheticPage } from './testing/synthetic.js';
