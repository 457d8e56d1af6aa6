// The timestamp check on Info dictionaries and XMP packets written byte by byte: dates against
// each other, against the analysis time, across revisions, and the file identifier's two halves.
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { timestamps } from './timestamps.js';

/** A one-page file with `info` as its Info dictionary, `xmp` as its metadata packet's body and `id` as its file identifier. */
function file({ info = '', xmp = '', id = '' } = {}): Uint8Array {
  const packet = `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" ${xmp}/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const objects = onePageObjects('dated');
  objects[0] = { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /Metadata 7 0 R >>' };
  return new RawPdf()
    .section(
      [
        ...objects,
        { num: 6, body: `<< /Producer (Test) ${info} >>` },
        { num: 7, body: `<< /Type /Metadata /Subtype /XML /Length ${packet.length} >>\nstream\n${packet}\nendstream` },
      ],
      { trailer: `/Root 1 0 R /Info 6 0 R ${id}` },
    )
    .bytes();
}
const codes = async (bytes: Uint8Array, now?: Date) => (await runCheck(timestamps, await checkContext(bytes, now ? { now } : {}))).findings.map((f) => f.code);

describe('timestamp consistency', () => {
  it('says nothing of dates that agree, a zone-less XMP date a whole number of quarter hours off included', async () => {
    const info = '/CreationDate (D:20240301100000Z) /ModDate (D:20240302100000Z)';
    expect(await codes(file({ info, xmp: 'xmp:CreateDate="2024-03-01T10:00:00Z" xmp:ModifyDate="2024-03-02T05:00:00"' }))).toEqual([]);
  });

  it('judges dates against the analysis time: in the future, and modified before created', async () => {
    const bytes = file({ info: '/CreationDate (D:20300101000000Z) /ModDate (D:20240101000000Z)' });
    expect(await codes(bytes)).toEqual(expect.arrayContaining(['date_in_future', 'modified_before_created']));
    expect(await codes(bytes, new Date('2030-01-01T00:00:00Z'))).not.toContain('date_in_future');
  });

  it('sets Info against XMP, saying both dates', async () => {
    const ctx = await checkContext(file({ info: '/CreationDate (D:20240301100000Z)', xmp: 'xmp:CreateDate="2024-03-09T10:00:00Z"' }));
    expect((await runCheck(timestamps, ctx)).summaries).toEqual(['Info says created 2024-03-01T10:00:00Z, XMP says 2024-03-09T10:00:00Z.']);
  });

  it('notices a file identifier whose halves differ: the file was saved again', async () => {
    const id = '/ID [<00112233445566778899aabbccddeeff> <ffeeddccbbaa99887766554433221100>]';
    expect(await codes(file({ id }))).toEqual(['document_id_changed']);
    expect(await codes(file({ id: '/ID [<00112233> <00112233>]' }))).toEqual([]);
  });
});
