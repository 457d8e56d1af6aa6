// The last stage of every scan: the spec's Document from the file facts, the examination and the
// metadata rows, its keys in the spec's order (the Document schema's), the deprecated twin of
// `recapture_eligible` beside it.
import type { Examination } from '../../forensics/examine.js';
import type { DocumentFileType, DocumentResult } from '../../spec/document.js';
import { DOCUMENT_KEY_ORDER } from '../../spec/document-fields.js';
import type { ScanContext } from '../scan-context.js';

/** The Document's `file`. */
export function fileFacts(scan: ScanContext, type: DocumentFileType, pages: number): DocumentResult['file'] {
  const { bytes, input, digests } = scan;
  return { name: input.name, type, pages, size_bytes: bytes.length, sha256: digests.sha256(bytes), md5: digests.md5(bytes) };
}

/** The Document's verdict fields from an examination (the deprecated twin included). */
export function verdictFields(
  e: Examination,
): Omit<DocumentResult, 'object' | 'status' | 'file' | 'capture' | 'model' | 'model_version' | 'revisions' | 'metadata'> {
  const { notRun: _notRun, evidence: _evidence, ...fields } = e;
  return { ...fields, verifi_eligible: e.recapture_eligible };
}

/** Returns the document with its keys in the spec's table order (stable JSON for diffing). */
export function orderFields(doc: DocumentResult): DocumentResult {
  const out: Record<string, unknown> = {};
  for (const key of DOCUMENT_KEY_ORDER) if (key in doc) out[key] = (doc as unknown as Record<string, unknown>)[key];
  return out as unknown as DocumentResult;
}
