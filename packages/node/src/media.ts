// The media half of @loupe/node alone: the Node media engine (canvas images, ffmpeg video and
// audio, onnxruntime models) and the adapters it is made of. What embeds only media detection
// (`loupe detect`) imports `@loupe/node/media`, which loads the core's media surface and never its
// document engine, pdf.js, tesseract.js or the signature verifier. The package root exports all of
// it too.
import { createMediaEngine, type MediaEngine, type MediaEngineOptions } from '@loupe/core/media';
import { createFfmpegMediaDecoder } from './ffmpeg-media.js';
import { createCanvasDecoder } from './image-decoder.js';
import { createModelStore, createOnnxInference, MODELS_DIR } from './onnx-inference.js';

export { createFfmpegMediaDecoder, type FfmpegOptions, ffmpegPaths } from './ffmpeg-media.js';
export { createCanvasDecoder } from './image-decoder.js';
export { readMediaFile } from './media-files.js';
export { createModelStore, createOnnxInference, inferenceRuntime, MODELS_DIR, type OnnxRuntimeName } from './onnx-inference.js';

/** Where the Node media engine finds models besides the repository's models/. */
export interface NodeMediaOptions {
  /** A folder laid out like models/ (manifest.json and model files), searched first. */
  modelsDir?: string;
}

/** Creates the media detection engine on Node: canvas images, ffmpeg video and audio, onnxruntime models. */
export function createNodeMediaEngine(options: MediaEngineOptions & NodeMediaOptions = {}): MediaEngine {
  const models = createModelStore(options.modelsDir ? [options.modelsDir, MODELS_DIR] : [MODELS_DIR]);
  return createMediaEngine({ images: createCanvasDecoder(), media: createFfmpegMediaDecoder(), inference: createOnnxInference(), models }, options);
}
