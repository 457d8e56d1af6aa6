// Media sniffing on hand-built headers of every accepted container, and on look-alikes that
// must be refused (Matroska that is not WebM, AVI, PDF, text).
import { describe, expect, it } from 'vitest';
import { sniffMedia } from './sniff.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(new Array(32).fill(0)));
const ftyp = (major: string, ...compatible: string[]): Uint8Array => bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 2, 0], ...compatible);
const ebml = (docType: string): Uint8Array => bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType);

describe('media sniffing', () => {
  it('recognises every accepted container from its content', () => {
    const cases: [Uint8Array, string, string][] = [
      [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image', 'jpg'],
      [bytes([0x89], 'PNG', [13, 10, 26, 10]), 'image', 'png'],
      [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'webp'],
      [ftyp('isom', 'isom', 'avc1'), 'video', 'mp4'],
      [ftyp('qt  ', 'qt  '), 'video', 'mov'],
      [ebml('webm'), 'video', 'webm'],
      [bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64]), 'audio', 'mp3'],
      [bytes([0xff, 0xfb, 0x90, 0x64]), 'audio', 'mp3'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio', 'wav'],
      [ftyp('M4A ', 'M4A ', 'mp42'), 'audio', 'm4a'],
      [bytes('fLaC', [0, 0, 0, 34]), 'audio', 'flac'],
      [bytes('OggS', [0, 2]), 'audio', 'ogg'],
      [bytes([0xff, 0xf1, 0x50, 0x80]), 'audio', 'aac'],
    ];
    for (const [data, type, format] of cases) expect(sniffMedia(data), format).toMatchObject({ type, format });
  });

  it('refuses look-alikes and other files', () => {
    for (const data of [
      ebml('matroska'),
      bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'),
      bytes('%PDF-1.7\n'),
      bytes('hello, world'),
      bytes([0xff, 0xfb]),
      new Uint8Array(4),
    ]) {
      expect(sniffMedia(data)).toBeUndefined();
    }
  });
});
