// Entry point of Loupe's WebAssembly kernels: re-exports every kernel module so they compile
// into one .wasm whose bytes the core inlines at build time.
export { heapBase, resumePosition, scanMarkers } from './markers';
export { bytesToPlane, rgbaToGray, rgbaToYCbCr, rgbaToNchw, resizeBilinear, resizeArea } from './pixels';
export { convolve5, blockStats, poolMax, blockEdges } from './filters';
export { dctBlocks, elaBlocks, gridPhases } from './dct';
export { fftScratchBytes, patchSpectra } from './fft';
export { patchProfiles } from './patches';
export { cmFeatures, radixSort, cmMatch } from './copymove';
export { resample, cepstraScratchBytes, cepstra } from './audio';
export { jpegLuma } from './jpeg';
