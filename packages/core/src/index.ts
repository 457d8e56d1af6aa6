// Public surface of @loupe/core: the document and media engines, the ports a platform implements,
// the two contracts' shapes, errors with stable codes and their contract bodies, format sniffing,
// digests, the indicator catalogue and scoring, and the word diff. Everything else (the COS object
// model, kernels, frame planning, readers) is `@loupe/core/internal`, for Loupe's own packages.

export { DOCUMENT_FORMATS, type MediaFormat, type SniffedFormat, sniffFormat, sniffMedia } from './containers/sniff.js';
export { MANIFEST_DIGEST_ALGORITHM, manifestDigest, md5Hex, sha256Hex } from './digest.js';
export type { Engine, EngineOptions, ScanDetail, ScanInput } from './document/engine.js';
export { createEngine, ENGINE_MODEL, ENGINE_VERSION, MAX_FILE_BYTES, MAX_PAGES } from './document/engine.js';
export {
  ERROR_DOC_BASE,
  MEDIA_ERROR_STATUS,
  type MediaSpecCode,
  mediaSpecCode,
  toDocumentError,
  toMediaErrorBody,
} from './error-bodies.js';
export {
  type DocumentErrorCode,
  FileEncryptedError,
  FileTooLargeError,
  LimitExceededError,
  LoupeError,
  type LoupeErrorCode,
  MediaError,
  type MediaErrorCode,
  ModelError,
  type ModelErrorReason,
  PoolError,
  type PoolErrorCode,
  UnreadableDocumentError,
  type UnreadableReason,
  UnsupportedTypeError,
} from './errors.js';
export type { Finding } from './forensics/catalogue.js';
export type { ContextFamily, EvidenceClass, FactsOf, FindingOf, IndicatorDefinition, Indicators } from './forensics/check.js';
export type { NotRun } from './forensics/examine.js';
export type { PageBox, Placement } from './forensics/findings.js';
export { CHECKS, type CheckName, INDICATORS, type IndicatorCode, type IndicatorEntry } from './forensics/indicators.js';
export type { PercentBox } from './forensics/regions.js';
export type { TextSource, UnreadRevision } from './forensics/revision-diffs.js';
export { INCONCLUSIVE_CAP, riskScore, verdictFor } from './forensics/score.js';
export type { LoanBox, LoanConflict, LoanConflictCode, LoanDifference, LoanValue } from './loan/conflict.js';
export { continuityConflicts } from './loan/continuity.js';
export { type DocumentFacts, documentFacts, type LedgerCredit, type LoanDate, type LoanFigure, type PayFigure } from './loan/document-facts.js';
export type { EmploymentLetter, PaySchedule, StatedSchedule, StubTerms, WageStatement } from './loan/employment-facts.js';
export { loanConflicts } from './loan/loan-conflicts.js';
export { type LoanWord, MAX_LOAN_PAGES, MAX_LOAN_WORDS } from './loan/loan-words.js';
export { documentKeys, type LoanDocumentWords, MAX_DIFFERENCES, type VersionConflict, versionConflicts } from './loan/versions.js';
// the media engine, its versions and caps (and again what the rest of this list names)
export * from './media.js';
export type { ParseLimits } from './pdf/limits.js';
export type { InfoFields, RevisionChanges } from './pdf/revision-changes.js';
export type {
  CmsVerification,
  Digests,
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
export { type DiffHunk, diffWords, tokenizeWords } from './text/word-diff.js';
