// The container reader and the metadata findings on small files built here byte by byte: a JPEG
// with EXIF (camera, dates, software), XMP history and IJG tables; a PNG with text chunks; and
// damaged or hostile headers (truncated segments, EXIF offset loops, a zTXt bomb).

import { ascii, dqt, exifBlock, jpeg, segment } from '@loupe/fixtures/jpeg-bytes';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { imageMetadataFindings } from '../forensics/checks/images/image-metadata/metadata.js';
import { IJG_CHROMA, IJG_LUMA, ijgTable, matchQuantization } from '../image/quantization.js';
import { readContainer } from './image-container.js';

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
