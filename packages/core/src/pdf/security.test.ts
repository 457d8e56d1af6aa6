import { readFileSync } from 'node:fs';
import { fixtureFile } from '@loupe/fixtures/paths';
import { describe, expect, it } from 'vitest';
import { FileEncryptedError } from '../errors.js';
import { PdfStream } from './objects.js';
import { listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { analyseRevisions } from './revision-changes.js';
import { rc4 } from './security.js';

const open = (name: string) => PdfFile.open(new Uint8Array(readFileSync(fixtureFile(name))));

describe('standard security handler', () => {
  it('implements RC4 (RFC 6229 test vector, key 0x0102030405)', () => {
    const out = rc4(Uint8Array.from([1, 2, 3, 4, 5]), new Uint8Array(16));
    expect(Buffer.from(out).toString('hex')).toBe('b2396305f03dc027ccc3524a0a1118a8');
  });

  for (const variant of ['rc4-40', 'rc4-128', 'aes-128', 'aes-256-r5', 'aes-256-r6']) {
    it(`opens a ${variant} file that has only an owner password and decrypts strings and streams`, () => {
      const file = open(`encrypted-${variant}.pdf`);
      expect(file.encryption).toBeDefined();
      const [rev] = analyseRevisions(file);
      expect(rev!.info.producer).toBe('Loupe fixture generator');
      const view = file.view();
      const page = listPages(view)[0]!;
      const contents = view.resolve(page.dict.get('Contents'));
      const content = Array.isArray(contents) ? view.resolve(contents[0]) : contents;
      expect(content).toBeInstanceOf(PdfStream);
      const text = new TextDecoder('latin1').decode(file.decode(content as PdfStream).data);
      expect(text).toContain(' Tj');
    });
  }

  it('reports a file that needs a user password as file_encrypted', () => {
    expect(() => open('encrypted-user-password.pdf')).toThrow(FileEncryptedError);
  });
});
