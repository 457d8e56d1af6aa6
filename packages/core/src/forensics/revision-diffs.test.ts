import { describe, expect, it } from 'vitest';
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { PdfText } from '../platform.js';
import { revisionDiffs } from './revision-diffs.js';

const rev = (revision: number, end: number, touchedPages: number[], pageCount = 1): RevisionChanges => ({
  revision,
  start: 0,
  end,
  xref: 'table',
  added: [],
  changed: [],
  freed: [],
  restated: [],
  touchedPages,
  pageCount,
  info: {},
});

/** A port that serves fixed text per byte-prefix length, and fails for prefixes it does not know. */
function portFor(texts: Record<number, string>): PdfText & { calls: number[][] } {
  const calls: number[][] = [];
  return {
    calls,
    async extract(bytes, pages) {
      calls.push([bytes.length, ...pages]);
      const text = texts[bytes.length];
      if (text === undefined) throw new Error('cannot parse this prefix');
      return pages.map((page) => ({ page, width: 612, height: 792, items: [{ str: text, x: 0, y: 0, width: 1, height: 1 }] }));
    },
  };
}

describe('revisionDiffs', () => {
  const bytes = new Uint8Array(300);

  it('diffs touched pages between consecutive revisions and extracts each (revision, page) once', async () => {
    const port = portFor({ 100: 'Total due 10.00', 200: 'Total due 90.00', 300: 'Total due 99.00' });
    const { diffs, unread } = await revisionDiffs(bytes, [rev(1, 100, []), rev(2, 200, [1]), rev(3, 300, [1])], port);
    expect(unread).toEqual([]);
    expect(diffs).toEqual([
      { from_revision: 1, to_revision: 2, before: 'Page 1: Total due 10.00', after: 'Page 1: Total due 90.00' },
      { from_revision: 2, to_revision: 3, before: 'Page 1: Total due 90.00', after: 'Page 1: Total due 99.00' },
    ]);
    expect(port.calls).toEqual([
      [100, 1],
      [200, 1],
      [300, 1],
    ]);
  });

  it('skips revisions whose text cannot be read and lists them instead of failing', async () => {
    const port = portFor({ 300: 'after' });
    const { diffs, unread } = await revisionDiffs(bytes, [rev(1, 100, []), rev(2, 300, [1])], port);
    expect(diffs).toEqual([]);
    expect(unread).toEqual([{ revision: 1, message: 'cannot parse this prefix' }]);
  });

  it('asks for nothing when no revision touched a page', async () => {
    const port = portFor({});
    expect((await revisionDiffs(bytes, [rev(1, 100, []), rev(2, 300, [])], port)).diffs).toEqual([]);
    expect(port.calls).toEqual([]);
  });
});
