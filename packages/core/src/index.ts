// Public surface of @loupe/core: the engine, its ports, the Document types, errors, digests and
// the lower layers (COS object model, revision analysis, kernels) for callers that need them.
export { createEngine, ENGINE_MODEL, ENGINE_VERSION, MAX_FILE_BYTES, MAX_PAGES } from './engine.js';
export type { Engine, EngineOptions, ScanDetail, ScanInput } from './engine.js';
export type { CmsVerification, Digests, Ocr, OcrWord, PageText, PdfText, Platform, RasterImage, Rasterizer, SignatureVerifier, TextItem } from './platform.js';
export * from './document/types.js';
export type { TextSource, UnreadRevision } from './document/revision-diffs.js';
export { TextInterpreter, UnsupportedText } from './pdf/content/text-interpreter.js';
export { formatBytes, formatInstant, metadataRows } from './document/metadata-rows.js';
export * from './errors.js';
export { manifestDigest, MANIFEST_DIGEST_ALGORITHM, md5Hex, sha256Hex } from './digest.js';
export { sniffFormat, DOCUMENT_FORMATS, type SniffedFormat } from './sniff.js';
export { PdfFile, ObjectView, type RevisionSection, type OpenOptions } from './pdf/pdf-file.js';
export { DEFAULT_LIMITS, type ParseLimits } from './pdf/limits.js';
export { analyseRevisions, type RevisionChanges, type InfoFields } from './pdf/revision-changes.js';
export { listPages, type PageNode } from './pdf/pages.js';
export * from './pdf/objects.js';
export { scanMarkers, scanMarkersReference, type MarkerTable } from './wasm/markers.js';
export { diffWords, tokenizeWords, type DiffHunk } from './text/word-diff.js';
export { INDICATORS, CHECKS, type IndicatorCode, type IndicatorDefinition, type Severity, type CheckName } from './forensics/indicators.js';
export { riskScore, verdictFor, INCONCLUSIVE_CAP, type Verdict } from './forensics/score.js';
export type { Indicator, Region, ReportedFinding, ReviewTier, NextStep, Examination } from './forensics/examine.js';
export type { Finding, MathCheck, PageBox } from './forensics/findings.js';
export { parseAmount, type Amount } from './tables/amounts.js';
export { toPercentBox, type PercentBox } from './forensics/regions.js';
export { classifyText, issueDate, type Category as DocumentCategory } from './document/classify.js';
