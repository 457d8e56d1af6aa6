import { readFileSync } from 'node:fs';
import { BOMB_FILE } from '@loupe/fixtures/bombs';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LimitExceededError } from '../../errors.js';
import { Budget, DEFAULT_LIMITS } from '../limits.js';
import { PdfDict, PdfName, type PdfObject } from '../objects.js';
import { decodeStreamData } from './decode.js';

const enc = new TextEncoder();
const dict = (entries: Record<string, PdfObject>) => new PdfDict(new Map(Object.entries(entries)));
const decode = (d: PdfDict, raw: Uint8Array, budget = new Budget()) => new TextDecoder('latin1').decode(decodeStreamData(d, raw, budget).data);

describe('stream filters', () => {
  it('inflates Flate data, and keeps what it decoded before a corruption', () => {
    const z = zlibSync(enc.encode('BT (hello) Tj ET'));
    expect(decode(dict({ Filter: PdfName.of('FlateDecode') }), z)).toBe('BT (hello) Tj ET');
    const long = zlibSync(enc.encode(`${'x'.repeat(200_000)}tail`));
    const truncated = long.subarray(0, long.length - 20);
    expect(decode(dict({ Filter: PdfName.of('Fl') }), truncated).length).toBeGreaterThan(1000);
  });

  it('decodes ASCIIHex, ASCII85, RunLength and LZW', () => {
    expect(decode(dict({ Filter: PdfName.of('ASCIIHexDecode') }), enc.encode('48 65 6c 6C 6f>'))).toBe('Hello');
    expect(decode(dict({ Filter: PdfName.of('ASCII85Decode') }), enc.encode('87cURD]i,"Ebo80~>'))).toBe('Hello World!');
    expect(decode(dict({ Filter: PdfName.of('RunLengthDecode') }), Uint8Array.from([2, 0x61, 0x62, 0x63, 254, 0x7a, 128]))).toBe('abczzz');
    // LZW sample from the PDF specification (ISO 32000-1, 7.4.4.2)
    const lzw = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(Array.from(decodeStreamData(dict({ Filter: PdfName.of('LZWDecode') }), lzw, new Budget()).data)).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
  });

  it('applies chained filters and the PNG Up predictor', () => {
    const rows = Uint8Array.from([2, 1, 2, 3, 2, 1, 1, 1]); // two rows of 3 bytes, predictor Up
    const d = dict({
      Filter: [PdfName.of('ASCIIHexDecode'), PdfName.of('FlateDecode')],
      DecodeParms: [null, dict({ Predictor: 12, Columns: 3 })],
    });
    const hex = `${Array.from(zlibSync(rows), (b) => b.toString(16).padStart(2, '0')).join('')}>`;
    expect(Array.from(decodeStreamData(d, enc.encode(hex), new Budget()).data)).toEqual([1, 2, 3, 2, 3, 4]);
  });

  it('stops a decompression bomb: 1 KB that would inflate to gigabytes', () => {
    const gigabyte = new Uint8Array(readFileSync(BOMB_FILE));
    expect(gigabyte.length).toBeLessThan(4096);
    const d = dict({ Filter: [PdfName.of('FlateDecode'), PdfName.of('FlateDecode')] });
    expect(() => decodeStreamData(d, gigabyte, new Budget())).toThrow(LimitExceededError);
  });

  it('bounds the total decoded size of a document', () => {
    const budget = new Budget({ ...DEFAULT_LIMITS, maxTotalDecodedBytes: 1000 });
    const z = zlibSync(new Uint8Array(600));
    decodeStreamData(dict({ Filter: PdfName.of('FlateDecode') }), z, budget);
    expect(() => decodeStreamData(dict({ Filter: PdfName.of('FlateDecode') }), z, budget)).toThrow(LimitExceededError);
  });

  it('leaves image codecs encoded', () => {
    const raw = Uint8Array.from([0xff, 0xd8, 0xff]);
    const out = decodeStreamData(dict({ Filter: PdfName.of('DCTDecode') }), raw, new Budget());
    expect(out.imageCodec).toBe('DCTDecode');
    expect(out.data).toBe(raw);
  });
});
