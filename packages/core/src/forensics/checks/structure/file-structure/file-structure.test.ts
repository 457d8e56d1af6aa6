// The file-structure check on files built byte by byte: a clean file says nothing; broken
// cross-reference offsets, bytes after the last %%EOF and an owner-password encryption are each
// reported, with their figures, and never as content evidence.
import { readFileSync } from 'node:fs';
import { fixtureFile } from '@loupe/fixtures/paths';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { fileStructure } from './file-structure.js';

const onePage = () => new RawPdf().section(onePageObjects('Total 1,234.56'), { trailer: '/Root 1 0 R' });
const found = async (bytes: Uint8Array) => runCheck(fileStructure, await checkContext(bytes));

describe('file structure', () => {
  it('says nothing of a well-formed file, and lists itself as run', async () => {
    expect(await found(onePage().bytes())).toMatchObject({ ran: true, findings: [] });
  });

  it('reports cross-reference offsets that had to be rebuilt', async () => {
    const broken = new RawPdf().section(onePageObjects('Total 1,234.56'), { trailer: '/Root 1 0 R', offsetError: 7 }).bytes();
    const { findings, summaries } = await found(broken);
    expect(findings.map((f) => f.code)).toEqual(['structure_recovered']);
    expect(summaries[0]).toMatch(/read by scanning its objects/);
  });

  it('counts the bytes after the last end-of-file marker, white space aside', async () => {
    const { findings, summaries } = await found(onePage().raw('\n\n  garbage-after-eof  \n').bytes());
    expect(findings).toEqual([{ code: 'data_after_end_of_file', trailingBytes: 17 }]);
    expect(summaries).toEqual(['17 byte(s) of data follow the last end-of-file marker.']);
    expect((await found(onePage().raw('\n \r\n\t').bytes())).findings).toEqual([]);
  });

  it('names the encryption of a file that opens without a password', async () => {
    const { findings } = await found(new Uint8Array(readFileSync(fixtureFile('encrypted-aes-128.pdf'))));
    expect(findings).toEqual([{ code: 'encrypted_with_owner_password', method: expect.stringMatching(/AES/), keyBits: 128 }]);
  });
});
