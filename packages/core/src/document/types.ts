import type { Examination } from '../forensics/examine.js';
import type { Category } from './classify.js';

// The Document resource of the document-forensics spec, as the engine produces it. Field names
// and enum values are the spec's; fields that do not apply are omitted, never null. Server-owned
// fields (id, external_ref, review, timestamps) are added by the server, not the engine.

/** File types of the spec's `file.type`. */
export type DocumentFileType = 'pdf' | 'png' | 'jpg';

/** The spec's `capture` values. */
export type Capture = 'native_pdf' | 'photo' | 'scan';

/** `file` of a Document. */
export interface DocumentFile {
  name: string;
  type: DocumentFileType;
  pages: number;
  size_bytes: number;
  sha256: string;
  md5: string;
}

/** One entry of `revisions.diffs`. */
export interface RevisionDiff {
  from_revision: number;
  to_revision: number;
  before: string;
  after: string;
}

/** `revisions` of a PDF Document. */
export interface Revisions {
  count: number;
  diffs: RevisionDiff[];
}

/** Keys of the ten fixed metadata rows, in display order. */
export const METADATA_KEYS = [
  'Format',
  'Pages',
  'File size',
  'Producer',
  'Creator',
  'Created',
  'Modified',
  'Incremental revisions',
  'Fonts embedded',
  'XMP metadata',
] as const;

/** One metadata row. */
export interface MetadataRow {
  key: (typeof METADATA_KEYS)[number];
  value: string;
  anomalous: boolean;
}

/** A completed Document as the engine returns it: file facts, then the examination's verdict fields. */
export interface DocumentResult extends Omit<Examination, 'notRun'> {
  object: 'document';
  status: 'completed';
  /** Document class from its text, a hint (spec values); omitted when no text was read. */
  category?: Category;
  file: DocumentFile;
  /** The printed issue date (statement, pay or bill date), ISO; omitted when not found. */
  issue_date?: string;
  capture?: Capture;
  model: string;
  model_version: string;
  revisions?: Revisions;
  metadata: MetadataRow[];
  /** Image documents with `models: ["docforge"]`: per-patch likelihood rows, 0..1 (64-pixel patches). */
  genai_heatmap?: number[][];
  /** Deprecated twin of `recapture_eligible`, emitted until 2026-12-31. */
  verifi_eligible?: boolean;
}
