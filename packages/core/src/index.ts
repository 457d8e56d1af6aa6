// Public surface of @loupe/core: the engine, its ports, the Document types, errors, digests and
// the lower layers (COS object model, revision analysis, kernels) for callers that need them.

export { type AudioKernels, CEPSTRA, cepstraFrames, SPEECH_RATE } from './audio/kernels.js';
export { analyseSpeech, MIN_VOICED_FRAMES, SPEECH_FEATURES, type SpeechAnalysis, windowFeatures } from './audio/speech-features.js';
export { loadVad, speechProbabilities, VAD_CHUNK } from './audio/vad.js';
export { stagedAudioKernels, wasmAudioKernels } from './audio/wasm-kernels.js';
export { type ImageContainer, imageSize, readContainer, wellFormedImage } from './containers/image-container.js';
export { DOCUMENT_FORMATS, type MediaFormat, type SniffedFormat, sniffFormat, sniffMedia } from './containers/sniff.js';
export { webpSize } from './containers/webp.js';
export { MANIFEST_DIGEST_ALGORITHM, manifestDigest, md5Hex, sha256Hex } from './digest.js';
export { classifyText, issueDate } from './document/classify.js';
export type { Engine, EngineOptions, ScanDetail, ScanInput } from './document/engine.js';
export { createEngine, ENGINE_MODEL, ENGINE_VERSION, MAX_FILE_BYTES, MAX_PAGES } from './document/engine.js';
export { formatBytes, formatInstant, metadataRows } from './document/metadata-rows.js';
export * from './error-bodies.js';
export * from './errors.js';
export type { Examination } from './forensics/examine.js';
export type { Finding, PageBox } from './forensics/findings.js';
export { CHECKS, type CheckName, INDICATORS, type IndicatorCode, type IndicatorDefinition } from './forensics/indicators.js';
export { type PercentBox, toPercentBox } from './forensics/regions.js';
export type { TextSource, UnreadRevision } from './forensics/revision-diffs.js';
export { INCONCLUSIVE_CAP, riskScore, verdictFor } from './forensics/score.js';
export { GENAI_FEATURES, GENAI_PATCH, genaiFeatures } from './image/genai-features.js';
export type { BlockPair, CopyMoveOptions, ImageKernels, Plane } from './image/kernels.js';
export { analysePixels, type PixelFinding, type PixelReport } from './image/pixel-forensics.js';
export { stagedKernels, wasmKernels } from './image/wasm-kernels.js';
export {
  createMediaEngine,
  DETECTORS,
  type DetectInput,
  type DetectorModels,
  type MediaEngine,
  type MediaEngineOptions,
  type MediaPlatform,
} from './media/engine.js';
export { audioDetection, type DetectorVersion, type EnvelopeBase, imageDetection, MEDIA_ENGINE, videoDetection } from './media/envelope.js';
export { inspectMedia, MAX_MEDIA_PIXELS, MEDIA_CAPS, mediaOfStreams } from './media/inspect.js';
export { cropPixels } from './media/picture-score.js';
export { AUDIO_HOP_MS, AUDIO_WINDOW_MS, aggregateScore, audioWindows, billableUnits, framePlan, MAX_FRAMES, MIN_AUDIO_MS, mediaVerdict } from './media/plan.js';
export { checkManifest, type LoadedModel, loadModel, type ModelExpectation } from './model-loading.js';
export { type PaintEvent, TextInterpreter, UnsupportedText } from './pdf/content/text-interpreter.js';
export { loadFontTables } from './pdf/fonts/glyphs.js';
export { DEFAULT_LIMITS, type ParseLimits } from './pdf/limits.js';
export { type MarkerTable, scanMarkers } from './pdf/markers.js';
export * from './pdf/objects.js';
export { listPages, type PageNode } from './pdf/pages.js';
export { ObjectView, type OpenOptions, PdfFile, type RevisionSection } from './pdf/pdf-file.js';
export { type PdfJsLoadingTask, readTextWithPdfJs } from './pdf/pdfjs-text-reader.js';
export { analyseRevisions, type InfoFields, type RevisionChanges } from './pdf/revision-changes.js';
export type {
  CmsVerification,
  DecodedAudio,
  DecodedFrame,
  DecodedImage,
  DecodedRegions,
  Digests,
  ImageDecoder,
  Inference,
  InferenceModel,
  MediaDecoder,
  MediaProbe,
  ModelManifestEntry,
  ModelStore,
  ModelTensor,
  Ocr,
  OcrWord,
  PageText,
  PdfText,
  PixelRect,
  Platform,
  RasterImage,
  Rasterizer,
  SignatureVerifier,
  TextItem,
} from './platform.js';
export * from './spec/index.js';
export { type Amount, parseAmount } from './tables/amounts.js';
export { loadDecimals } from './tables/decimal.js';
export { type DiffHunk, diffWords, tokenizeWords } from './text/word-diff.js';
export type { StagedKernel } from './wasm/staging.js';
