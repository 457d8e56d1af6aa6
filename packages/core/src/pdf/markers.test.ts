import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanMarkers, scanMarkersReference } from './markers.js';

const enc = new TextEncoder();
const CORPUS = join(__dirname, '../../../../../shared/corpus');

function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

describe('marker scanner kernel', () => {
  it('finds each kind of marker with its offset and numbers', () => {
    const text = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n 12  3 obj<<>>endobj\nxref\n0 1\ntrailer<<>>\nstartxref\n9\n%%EOF\n';
    const t = scanMarkers(enc.encode(text));
    expect(t.objOffsets).toEqual([text.indexOf('1 0 obj'), text.indexOf('12  3 obj')]);
    expect(t.objNums).toEqual([1, 12]);
    expect(t.objGens).toEqual([0, 3]);
    expect(t.xref).toEqual([text.indexOf('xref\n0')]);
    expect(t.startxref).toEqual([text.indexOf('startxref')]);
    expect(t.eof).toEqual([text.indexOf('%%EOF')]);
  });

  it('rejects look-alikes: endobj, objx, numbers glued to names, 11-digit numbers', () => {
    const text = 'endobj 1 0 objx /A1 0 obj 12345678901 0 obj 1 0 obj';
    const t = scanMarkers(enc.encode(text));
    expect(t.objOffsets).toEqual([text.lastIndexOf('1 0 obj')]);
    expect(scanMarkersReference(enc.encode(text))).toEqual(t);
  });

  it('matches the TypeScript reference on random bytes sprinkled with markers', () => {
    const bytes = randomBytes(3_000_000, 7);
    const inject = ['%%EOF', 'startxref', '\nxref\n', ' 4 0 obj ', '\n17 2 obj<<', 'xref', 'obj'];
    for (let i = 0; i < 5000; i++) bytes.set(enc.encode(inject[i % inject.length]!), (i * 599) % (bytes.length - 16));
    expect(scanMarkers(bytes)).toEqual(scanMarkersReference(bytes));
  });

  it('keeps markers that straddle its 4 MiB windows and resumes past a full output buffer', () => {
    const size = 9 * 1024 * 1024;
    const bytes = new Uint8Array(size).fill(0x20);
    // a header every 64 bytes: more records than one output buffer holds
    for (let p = 0, n = 1; p + 16 < size; p += 64, n++) bytes.set(enc.encode(`${n} 0 obj`), p);
    for (const boundary of [4 << 20, 8 << 20]) bytes.set(enc.encode('\n99 0 obj %%EOF startxref'), boundary - 6);
    const wasm = scanMarkers(bytes);
    expect(wasm.objOffsets.length).toBeGreaterThan(65536);
    expect(wasm).toEqual(scanMarkersReference(bytes));
  });

  it.runIf(existsSync(CORPUS))('matches the reference on real-world PDFs', () => {
    const files = readdirSync(join(CORPUS, 'pdfjs'))
      .filter((f) => f.endsWith('.pdf'))
      .slice(0, 150);
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, 'pdfjs', f)));
      expect(scanMarkers(bytes), f).toEqual(scanMarkersReference(bytes));
    }
  });
});
