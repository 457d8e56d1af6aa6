import { describe, expect, it } from 'vitest';
import { METADATA_KEYS } from '../spec/document.js';
import { formatBytes, metadataRows } from './metadata-rows.js';

describe('metadata rows', () => {
  it('always has the ten fixed keys in order, anomalous false', () => {
    const rows = metadataRows({ format: 'PDF 1.7', pages: 3, sizeBytes: 2048 });
    expect(rows.map((r) => r.key)).toEqual([...METADATA_KEYS]);
    expect(rows.every((r) => r.anomalous === false)).toBe(true);
  });

  it('formats display values', () => {
    const rows = metadataRows({
      format: 'PDF 1.4',
      pages: 2,
      sizeBytes: 1536,
      producer: 'LibreOffice 7.5',
      created: '2024-03-05T14:22:10Z',
      incrementalRevisions: 2,
      fonts: { total: 4, embedded: 3 },
      xmp: false,
    });
    const value = (k: string) => rows.find((r) => r.key === k)!.value;
    expect(value('File size')).toBe('1.50 KB');
    expect(value('Producer')).toBe('LibreOffice 7.5');
    expect(value('Creator')).toBe('Not present');
    expect(value('Created')).toBe('2024-03-05 14:22:10 UTC');
    expect(value('Incremental revisions')).toBe('2');
    expect(value('Fonts embedded')).toBe('3 of 4');
    expect(value('XMP metadata')).toBe('Absent');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});
