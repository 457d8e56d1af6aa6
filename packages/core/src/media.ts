// The media-detection surface of @loupe/core alone: the media engine, its detector versions and
// caps, the media contract's shapes, its errors and their contract bodies, and the ports a media
// platform implements. What embeds only media detection (`loupe detect`, a media worker, a page
// that scores photos) imports this and never loads the document engine: a third of the modules
// and a quarter of the code the package root loads. Everything here is also exported by the
// package root, with the media contract's TypeBox schemas.

export { MEDIA_ERROR_STATUS, type MediaSpecCode, mediaSpecCode, toMediaErrorBody } from './error-bodies.js';
export { LoupeError, MediaError, type MediaErrorCode, ModelError, type ModelErrorReason } from './errors.js';
export {
  createMediaEngine,
  DETECTORS,
  type DetectInput,
  type DetectorModels,
  type MediaEngine,
  type MediaEngineOptions,
  type MediaPlatform,
} from './media/engine.js';
export type { DetectorVersion } from './media/envelope.js';
export { MAX_MEDIA_PIXELS, MEDIA_CAPS } from './media/inspect.js';
export { MAX_FRAMES } from './media/plan.js';
export type {
  DecodedAudio,
  DecodedFrame,
  DecodedImage,
  DecodedLuma,
  DecodedRegions,
  ImageDecoder,
  Inference,
  InferenceModel,
  MediaDecoder,
  MediaProbe,
  ModelManifestEntry,
  ModelStore,
  ModelTensor,
  PixelRect,
} from './platform.js';
// the contract's types; its TypeBox schemas (for validating and documenting) are the package root's
export type {
  Detection,
  Frame,
  MediaErrorBody,
  MediaFacts,
  MediaObjectError,
  MediaStringError,
  MediaType,
  MediaVerdict,
  Segment,
  Source,
} from './spec/media.js';
