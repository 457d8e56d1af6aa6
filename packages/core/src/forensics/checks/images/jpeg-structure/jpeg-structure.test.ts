// The JPEG-structure check: a camera photo carrying the tables libjpeg writes was saved again by
// software (read from its tables alone, pixels or not), and the compression traces the pixel
// analysis measured; a picture without JPEG tables is not its business.

import { ascii, dqt, exifBlock, jpeg, segment } from '@loupe/fixtures/jpeg-bytes';
import { describe, expect, it } from 'vitest';
import { readContainer } from '../../../../containers/image-container.js';
import { IJG_CHROMA, IJG_LUMA, ijgTable } from '../../../../image/quantization.js';
import { pictureContext, runCheck, testPicture, testPixels } from '../../../../testing/check-context.js';
import { jpegStructure } from './jpeg-structure.js';

/** A camera JPEG (Canon EOS 80D, with a capture date) whose tables are libjpeg's at quality 85. */
const cameraJpeg = () => {
  const bytes = jpeg([
    segment(0xe1, [...ascii('Exif'), 0, 0, ...exifBlock({ make: 'Canon', model: 'EOS 80D', taken: '2024:03:05 09:00:00' })]),
    dqt(0, ijgTable(IJG_LUMA, 85)),
    dqt(1, ijgTable(IJG_CHROMA, 85)),
  ]);
  const container = readContainer(bytes, 'jpg');
  return { container, luma: container.quantTables.get(0)! };
};

describe('JPEG structure', () => {
  it('reports a camera photo re-saved with libjpeg’s tables, from its tables alone', async () => {
    const { findings, summaries } = await runCheck(jpegStructure, pictureContext([testPicture(cameraJpeg())]));
    expect(findings).toEqual([{ code: 'jpeg_software_reencoded', make: 'Canon', quality: 85 }]);
    expect(summaries).toEqual(['A Canon photo carries standard libjpeg tables at quality 85.']);
  });

  it('reports the compression traces the pixel analysis measured', async () => {
    const twice = { kind: 'jpeg_double_compressed' as const, frequencies: 6, median: 0.12, strong: 3, boxes: [] };
    const missed = { kind: 'first_compression_missing' as const, quality: 75, boxes: [{ x0: 0, y0: 0, x1: 8, y1: 8 }] };
    const picture = testPicture({ page: 2, onPage: true, luma: [1], pixels: testPixels([twice, missed]) });
    const { summaries } = await runCheck(jpegStructure, pictureContext([picture]));
    expect(summaries).toEqual([
      "Page 2: The DCT histograms of 6 low frequencies depart from a single compression with the file's tables (median departure 0.12): the image was JPEG-compressed at least twice.",
      "Page 2: One area was not part of the image's first JPEG compression (quality about 75): error levels at that quality are over four times the page's.",
    ]);
  });

  it('is not listed for pictures without JPEG tables', async () => {
    expect(await runCheck(jpegStructure, pictureContext([testPicture({ pixels: testPixels([]) })]))).toMatchObject({ ran: false, notRun: [] });
  });
});
