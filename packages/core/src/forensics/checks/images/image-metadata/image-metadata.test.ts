// The image-metadata check on JPEGs built byte by byte: what the picture's own metadata says about
// its history, named on the page of an image drawn on a PDF page; and an uploaded photo's EXIF
// thumbnail compared with the photo (a thumbnail of another picture).
import { ascii, exifBlock, jpeg, segment } from '@loupe/fixtures/jpeg-bytes';
import { describe, expect, it } from 'vitest';
import { readContainer } from '../../../../containers/image-container.js';
import { pictureContext, runCheck, testPicture } from '../../../../testing/check-context.js';
import { imageMetadata } from './image-metadata.js';

const edited = () =>
  readContainer(
    jpeg([
      segment(0xe1, [
        ...ascii('Exif'),
        0,
        0,
        ...exifBlock({ make: 'Canon', model: 'EOS 80D', software: 'Adobe Photoshop 25.0', modified: '2024:03:06 10:00:00', taken: '2024:03:05 09:00:00' }),
      ]),
    ]),
    'jpg',
  );

describe('image metadata', () => {
  it('reports the editor and the change after capture an uploaded photo’s EXIF records', async () => {
    const { findings, summaries } = await runCheck(imageMetadata, pictureContext([testPicture({ container: edited() })]));
    expect(findings).toEqual([
      { code: 'image_editing_software', editor: 'Adobe Photoshop 25.0' },
      { code: 'image_modified_after_capture', taken: '2024:03:05 09:00:00', changed: '2024:03:06 10:00:00' },
    ]);
    expect(summaries[0]).toBe('The image metadata names the editor "Adobe Photoshop 25.0".');
  });

  it('puts the findings of an image drawn on a PDF page on that page, and says a camera-named file lacks camera data', async () => {
    const onPage = await runCheck(imageMetadata, pictureContext([testPicture({ page: 2, onPage: true, name: '', container: edited() })]));
    expect(onPage.findings.every((f) => f.page === 2)).toBe(true);
    const bare = readContainer(jpeg([]), 'jpg');
    expect((await runCheck(imageMetadata, pictureContext([testPicture({ name: 'IMG_0042.JPG', container: bare })]))).summaries).toEqual([
      '"IMG_0042.JPG" is named like a camera photo but has no camera data.',
    ]);
  });

  it('is not listed for pictures without a container (raw samples of a PDF page)', async () => {
    expect(await runCheck(imageMetadata, pictureContext([testPicture()]))).toMatchObject({ ran: false, notRun: [] });
  });
});
