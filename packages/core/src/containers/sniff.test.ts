import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff.js';

const b = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe('sniffFormat', () => {
  it('recognises documents by content, not name', () => {
    expect(sniffFormat(b('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFormat(b('junk before the header ', '%PDF-1.4'))).toBe('pdf');
    expect(sniffFormat(b('%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>'))).toBe('pdf');
    expect(sniffFormat(b([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffFormat(b([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
  });

  it('recognises formats it refuses', () => {
    expect(sniffFormat(b('GIF89a'))).toBe('gif');
    expect(sniffFormat(b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffFormat(b('II', [0x2a, 0]))).toBe('tiff');
    expect(sniffFormat(b([0, 0, 0, 0x18], 'ftypheic'))).toBe('heic');
    expect(sniffFormat(b('BM', new Array(20).fill(0)))).toBe('bmp');
  });

  it('calls anything else unknown', () => {
    expect(sniffFormat(b('hello world'))).toBe('unknown');
    expect(sniffFormat(new Uint8Array(0))).toBe('unknown');
  });
});
