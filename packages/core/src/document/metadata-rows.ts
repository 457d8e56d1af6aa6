// Builds the ten fixed metadata rows of a Document (`Format`, `Pages`, `File size`, `Producer`,
// `Creator`, `Created`, `Modified`, `Incremental revisions`, `Fonts embedded`, `XMP metadata`)
// with their display values. `anomalous` is reserved by the spec and always false.
import type { MetadataRow } from '../spec/document.js';
import { METADATA_KEYS } from '../spec/document-fields.js';

/** The facts the rows are made from; absent facts display as "Not present". */
export interface MetadataFacts {
  format: string;
  pages: number;
  sizeBytes: number;
  producer?: string | undefined;
  creator?: string | undefined;
  /** ISO 8601. */
  created?: string | undefined;
  modified?: string | undefined;
  incrementalRevisions?: number | undefined;
  fonts?: { total: number; embedded: number } | undefined;
  xmp?: boolean | undefined;
}

const NOT_PRESENT = 'Not present';
const NOT_APPLICABLE = 'Not applicable';

/** Formats a byte count for display: `512 B`, `12.3 KB`, `4.56 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ${units[unit]}`;
}

/** Formats an ISO 8601 instant for display: `2024-03-05 14:22:10 UTC`. */
export function formatInstant(iso: string | undefined): string {
  if (!iso) return NOT_PRESENT;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

function fontsValue(fonts: MetadataFacts['fonts']): string {
  if (!fonts) return NOT_APPLICABLE;
  if (fonts.total === 0) return 'No fonts';
  if (fonts.embedded === fonts.total) return `All (${fonts.total})`;
  if (fonts.embedded === 0) return `None of ${fonts.total}`;
  return `${fonts.embedded} of ${fonts.total}`;
}

/** The ten rows, in the spec's order. */
export function metadataRows(f: MetadataFacts): MetadataRow[] {
  const values: Record<(typeof METADATA_KEYS)[number], string> = {
    Format: f.format,
    Pages: String(f.pages),
    'File size': formatBytes(f.sizeBytes),
    Producer: f.producer ?? NOT_PRESENT,
    Creator: f.creator ?? NOT_PRESENT,
    Created: formatInstant(f.created),
    Modified: formatInstant(f.modified),
    'Incremental revisions': f.incrementalRevisions === undefined ? NOT_APPLICABLE : String(f.incrementalRevisions),
    'Fonts embedded': fontsValue(f.fonts),
    'XMP metadata': f.xmp === undefined ? NOT_APPLICABLE : f.xmp ? 'Present' : 'Absent',
  };
  return METADATA_KEYS.map((key) => ({ key, value: values[key], anomalous: false }));
}
