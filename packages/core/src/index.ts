// Public surface of @loupe/core: the engine, its ports, the Document types, errors, digests and
// the lower layers (COS object model, revision analysis, kernels) for callers that need them.
export { createEngine, ENGINE_MODEL, ENGINE_VERSION, MAX_FILE_BYTES, MAX_PAGES } from './document/engine.js';
export type { Engine, EngineOptions, ScanDetail, ScanInput } from './document/engine.js';
export type {
  CmsVerification,
  DecodedAudio,
  DecodedFrame,
  DecodedImage,
  Digests,
  ImageDecoder,
  MediaDecoder,
  MediaProbe,
  Inference,
  InferenceModel,
  ModelManifestEntry,
  ModelStore,
  ModelTensor,
  Ocr,
  OcrWord,
  PageText,
  PdfText,
  Platform,
  RasterImage,
  Rasterizer,
  SignatureVerifier,
  TextItem,
} from './platform.js';
export * from './spec/index.js';
export type { TextSource, UnreadRevision } from './document/revision-diffs.js';
export { TextInterpreter, UnsupportedText, type PaintEvent } from './pdf/content/text-interpreter.js';
export { formatBytes, formatInstant, metadataRows } from './document/metadata-rows.js';
export * from './errors.js';
export { manifestDigest, MANIFEST_DIGEST_ALGORITHM, md5Hex, sha256Hex } from './digest.js';
export { sniffFormat, sniffMedia, DOCUMENT_FORMATS, type MediaFormat, type SniffedFormat } from './containers/sniff.js';
export { PdfFile, ObjectView, type RevisionSection, type OpenOptions } from './pdf/pdf-file.js';
export { DEFAULT_LIMITS, type ParseLimits } from './pdf/limits.js';
export { analyseRevisions, type RevisionChanges, type InfoFields } from './pdf/revision-changes.js';
export { listPages, type PageNode } from './pdf/pages.js';
export * from './pdf/objects.js';
export { scanMarkers, type MarkerTable } from './pdf/markers.js';
export { diffWords, tokenizeWords, type DiffHunk } from './text/word-diff.js';
export { INDICATORS, CHECKS, type IndicatorCode, type IndicatorDefinition, type CheckName } from './forensics/indicators.js';
export { riskScore, verdictFor, INCONCLUSIVE_CAP } from './forensics/score.js';
export type { Examination } from './forensics/examine.js';
export type { Finding, PageBox } from './forensics/findings.js';
export { parseAmount, type Amount } from './tables/amounts.js';
export { toPercentBox, type PercentBox } from './forensics/regions.js';
export { classifyText, issueDate } from './document/classify.js';
export type { ImageKernels, Plane, CopyMoveOptions, BlockPair } from './image/kernels.js';
export { wasmKernels, stagedKernels } from './image/wasm-kernels.js';
export type { StagedKernel } from './wasm/staging.js';
export { SPEECH_RATE, CEPSTRA, cepstraFrames, type AudioKernels } from './audio/kernels.js';
export { wasmAudioKernels, stagedAudioKernels } from './audio/wasm-kernels.js';
export { readTextWithPdfJs, type PdfJsLoadingTask } from './pdf/pdfjs-text-reader.js';
export { loadVad, speechProbabilities, VAD_CHUNK } from './audio/vad.js';
export { analyseSpeech, windowFeatures, SPEECH_FEATURES, MIN_VOICED_FRAMES, type SpeechAnalysis } from './audio/speech-features.js';
export { loadModel, checkManifest, type LoadedModel, type ModelExpectation } from './model-loading.js';
export { imageSize, readContainer, wellFormedImage, type ImageContainer } from './containers/image-container.js';
export { webpSize } from './containers/webp.js';
export { genaiFeatures, GENAI_FEATURES, GENAI_PATCH } from './image/genai-features.js';
export { analysePixels, type PixelReport, type PixelFinding } from './image/pixel-forensics.js';
export { aggregateScore, audioWindows, billableUnits, framePlan, mediaVerdict, AUDIO_HOP_MS, AUDIO_WINDOW_MS, MAX_FRAMES, MIN_AUDIO_MS } from './media/plan.js';
export { inspectMedia, MAX_MEDIA_PIXELS, MEDIA_CAPS } from './media/inspect.js';
export { audioDetection, imageDetection, videoDetection, MEDIA_ENGINE, type DetectorVersion, type EnvelopeBase } from './media/envelope.js';
export {
  createMediaEngine,
  DETECTORS,
  type DetectInput,
  type DetectorModels,
  type MediaEngine,
  type MediaEngineOptions,
  type MediaPlatform,
} from './media/engine.js';
