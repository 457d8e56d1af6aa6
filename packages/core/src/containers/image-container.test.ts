// The container reader and the metadata findings on small files built here byte by byte: a JPEG
// with EXIF (camera, dates, software), XMP history and IJG tables; a PNG with text chunks; and
// damaged or hostile headers (truncated segments, EXIF offset loops, a zTXt bomb).

import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { imageMetadataFindings } from '../forensics/checks/images/image-metadata/metadata.js';
import { IJG_CHROMA, IJG_LUMA, ijgTable, matchQuantization } from '../image/quantization.js';
import { readContainer } from './image-container.js';
import { ZIGZAG } from './jpeg.js';

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const u16 = (n: number): number[] => [n >> 8, n & 255];
const segment = (marker: number, body: number[]): number[] => [0xff, marker, ...u16(body.length + 2), ...body];

/** A big-endian TIFF block with IFD0 (make, model, software, date, Exif pointer) and an Exif IFD. */
function exifBlock(fields: { make?: string; model?: string; software?: string; modified?: string; taken?: string }): number[] {
  const strings: [number, string][] = [];
  if (fields.make) strings.push([0x010f, fields.make]);
  if (fields.model) strings.push([0x0110, fields.model]);
  if (fields.software) strings.push([0x0131, fields.software]);
  if (fields.modified) strings.push([0x0132, fields.modified]);
  const ifd0Count = strings.length + 1;
  const ifd0Size = 2 + ifd0Count * 12 + 4;
  const exifAt = 8 + ifd0Size;
  const exifSize = 2 + 12 + 4;
  let dataAt = exifAt + exifSize;
  const entries: number[] = [];
  const data: number[] = [];
  const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  for (const [tag, value] of strings) {
    const bytes = [...ascii(value), 0];
    entries.push(...u16(tag), ...u16(2), ...u32(bytes.length), ...u32(dataAt));
    data.push(...bytes);
    dataAt += bytes.length;
  }
  entries.push(...u16(0x8769), ...u16(4), ...u32(1), ...u32(exifAt));
  const takenBytes = [...ascii(fields.taken ?? ''), 0];
  const exif = fields.taken ? [...u16(1), ...u16(0x9003), ...u16(2), ...u32(takenBytes.length), ...u32(dataAt), 0, 0, 0, 0] : [...u16(0), 0, 0, 0, 0];
  while (exif.length < exifSize) exif.push(0);
  if (fields.taken) data.push(...takenBytes);
  return [...ascii('MM'), 0, 42, 0, 0, 0, 8, ...u16(ifd0Count), ...entries, 0, 0, 0, 0, ...exif, ...data];
}

function dqt(id: number, natural: number[]): number[] {
  const zig = new Array<number>(64);
  for (let i = 0; i < 64; i++) zig[i] = natural[ZIGZAG[i]!]!;
  return segment(0xdb, [id, ...zig]);
}

function jpeg(parts: number[][]): Uint8Array {
  const sof = segment(0xc0, [8, ...u16(480), ...u16(640), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return new Uint8Array([0xff, 0xd8, ...parts.flat(), ...sof, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

describe('JPEG containers', () => {
  it('reads the frame, the quantisation tables, EXIF and XMP', () => {
    const xmp =
      '<x:xmpmeta><rdf:Description xmp:CreatorTool="Adobe Photoshop 25.0" /><stEvt:action>saved</stEvt:action><stEvt:softwareAgent>Adobe Photoshop 25.0</stEvt:softwareAgent></x:xmpmeta>';
    const bytes = jpeg([
      segment(0xe1, [...ascii('Exif'), 0, 0, ...exifBlock({ make: 'Canon', model: 'EOS 80D', modified: '2024:03:06 10:00:00', taken: '2024:03:05 09:00:00' })]),
      segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/'), 0, ...ascii(xmp)]),
      dqt(0, ijgTable(IJG_LUMA, 85)),
      dqt(1, ijgTable(IJG_CHROMA, 85)),
    ]);
    const c = readContainer(bytes, 'jpg');
    expect(c).toMatchObject({ width: 640, height: 480, progressive: false, sampling: '3 components 2x2,1x1,1x1', componentTables: [0, 1, 1] });
    expect(c.exif).toMatchObject({ make: 'Canon', model: 'EOS 80D', modifyDate: '2024:03:06 10:00:00', originalDate: '2024:03:05 09:00:00' });
    expect(matchQuantization(c.quantTables.get(0)!, c.quantTables.get(1))).toEqual({ family: 'ijg', quality: 85 });
    const codes = imageMetadataFindings(c, 'IMG_0042.JPG').map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['image_editing_software', 'image_edit_history', 'image_modified_after_capture']));
    expect(codes).not.toContain('camera_data_missing');
  });

  it('says nothing about a camera file with its camera data and its own tables', () => {
    const own = IJG_LUMA.map((v, i) => Math.max(1, Math.round(v * 0.37) + (i % 3)));
    const c = readContainer(
      jpeg([
        segment(0xe1, [
          ...ascii('Exif'),
          0,
          0,
          ...exifBlock({ make: 'Canon', model: 'EOS 80D', modified: '2024:03:05 09:00:00', taken: '2024:03:05 09:00:00' }),
        ]),
        dqt(0, own),
      ]),
      'jpg',
    );
    expect(matchQuantization(c.quantTables.get(0)!).family).toBe('custom');
    expect(imageMetadataFindings(c, 'IMG_0042.JPG')).toEqual([]);
  });

  it('notices a camera-named file without camera data', () => {
    const c = readContainer(jpeg([dqt(0, ijgTable(IJG_LUMA, 90))]), 'jpg');
    expect(imageMetadataFindings(c, 'PXL_20240305_091500.jpg').map((f) => f.code)).toEqual(['camera_data_missing']);
    expect(imageMetadataFindings(c, 'statement.jpg')).toEqual([]);
  });

  it('survives truncation, a segment running past the end and an EXIF IFD that points at itself', () => {
    const good = jpeg([segment(0xe1, [...ascii('Exif'), 0, 0, ...exifBlock({ make: 'Canon' })])]);
    for (let cut = 0; cut < good.length; cut += 7) expect(() => readContainer(good.subarray(0, cut), 'jpg')).not.toThrow();
    const loop = [...ascii('MM'), 0, 42, 0, 0, 0, 8, 0, 1, 0x87, 0x69, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 8];
    expect(readContainer(jpeg([segment(0xe1, [...ascii('Exif'), 0, 0, ...loop])]), 'jpg').exif).toMatchObject({ exposure: false });
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3]);
    expect(readContainer(broken, 'jpg').problems[0]).toMatch(/past the end/);
  });
});

describe('PNG containers', () => {
  const chunk = (type: string, body: number[]): number[] => {
    const n = body.length;
    return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...ascii(type), ...body, 0, 0, 0, 0];
  };
  const png = (chunks: number[][]): Uint8Array =>
    new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...chunk('IHDR', [0, 0, 1, 0, 0, 0, 0, 200, 8, 6, 0, 0, 0]),
      ...chunks.flat(),
      ...chunk('IEND', []),
    ]);

  it('reads text chunks (plain and compressed), tIME and finds the editor', () => {
    const z = [...zlibSync(new TextEncoder().encode('Edited in Canva'))];
    const c = readContainer(
      png([
        chunk('tEXt', [...ascii('Software'), 0, ...ascii('GIMP 2.10')]),
        chunk('zTXt', [...ascii('Comment'), 0, 0, ...z]),
        chunk('tIME', [7, 232, 3, 5, 9, 30, 0]),
      ]),
      'png',
    );
    expect(c).toMatchObject({ width: 256, height: 200, pngTime: '2024-03-05T09:30:00Z' });
    expect(c.text.get('Comment')).toBe('Edited in Canva');
    expect(imageMetadataFindings(c, 'scan.png').map((f) => f.code)).toEqual(['image_editing_software']);
  });

  it('refuses a compressed text chunk that would inflate past 1 MiB', () => {
    const bomb = [...zlibSync(new Uint8Array(8 << 20), { level: 9 })];
    const c = readContainer(png([chunk('zTXt', [...ascii('Comment'), 0, 0, ...bomb])]), 'png');
    expect(c.text.has('Comment')).toBe(false);
  });
});
