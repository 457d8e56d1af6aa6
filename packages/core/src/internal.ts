/**
 * `@loupe/core/internal`: the engine's lower layers, exported for Loupe's own packages (the Node
 * and browser adapters, the worker protocol, the server), benchmarks and tests. Not part of the
 * public API: names and shapes here change without a major version.
 *
 * @packageDocumentation
 * @internal
 */

export { type AudioKernels, CEPSTRA, cepstraFrames, SPEECH_RATE } from './audio/kernels.js';
export { analyseSpeech, MIN_VOICED_FRAMES, SPEECH_FEATURES, type SpeechAnalysis, windowFeatures } from './audio/speech-features.js';
export { loadVad, speechProbabilities, VAD_CHUNK } from './audio/vad.js';
export { stagedAudioKernels, wasmAudioKernels } from './audio/wasm-kernels.js';
export { concatBytes } from './bytes.js';
export { type ImageContainer, imageSize, readContainer, wellFormedImage } from './containers/image-container.js';
export { ZIGZAG } from './containers/jpeg.js';
export { webpSize } from './containers/webp.js';
export { defined } from './defined.js';
export { classifyText, issueDate } from './document/classify.js';
export { formatBytes, formatInstant, metadataRows } from './document/metadata-rows.js';
export { FIGURE_CHARACTERS, readFiguresAgain } from './document/second-reading.js';
export { type TesseractPage, tesseractWords } from './document/tesseract-words.js';
export { reviveError, type SerializedError, serializeError, undecodable } from './errors.js';
export { UNCORROBORATED } from './forensics/checks/arithmetic/arithmetic-consistency/indicators.js';
export type { Examination } from './forensics/examine.js';
export { provenRate, TARGET_FALSE_ALARMS } from './forensics/policy.js';
export { type PercentBox, toPercentBox } from './forensics/regions.js';
export { GENAI_FEATURES, GENAI_PATCH, genaiFeatures } from './image/genai-features.js';
export type { BlockPair, CopyMoveOptions, ImageKernels, Plane } from './image/kernels.js';
export { analysePixels, type PixelFinding, type PixelReport } from './image/pixel-forensics.js';
export { stagedKernels, wasmKernels } from './image/wasm-kernels.js';
export { audioDetection, type EnvelopeBase, imageDetection, MEDIA_ENGINE, videoDetection } from './media/envelope.js';
export { inspectMedia, mediaOfStreams } from './media/inspect.js';
export { cropPixels, pictureFeatures, pictureTiles } from './media/picture-score.js';
export { AUDIO_HOP_MS, AUDIO_WINDOW_MS, aggregateScore, audioWindows, billableUnits, framePlan, MIN_AUDIO_MS, mediaVerdict } from './media/plan.js';
export { checkManifest, type LoadedModel, loadModel, type ModelExpectation } from './model-loading.js';
export { type PaintEvent, TextInterpreter, UnsupportedText } from './pdf/content/text-interpreter.js';
export { loadFontTables } from './pdf/fonts/glyphs.js';
export { DEFAULT_LIMITS } from './pdf/limits.js';
export { type MarkerTable, scanMarkers } from './pdf/markers.js';
export * from './pdf/objects.js';
export { listPages, type PageNode } from './pdf/pages.js';
export { ObjectView, type OpenOptions, PdfFile, type RevisionSection } from './pdf/pdf-file.js';
export { type PdfJsLoadingTask, readTextWithPdfJs } from './pdf/pdfjs-text-reader.js';
export { analyseRevisions } from './pdf/revision-changes.js';
export { type Amount, parseAmount } from './tables/amounts.js';
export { loadDecimals } from './tables/decimal.js';
export type { StagedKernel } from './wasm/staging.js';
