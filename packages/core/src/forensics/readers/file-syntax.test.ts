// The writing habits of a first save, read from one document written byte by byte in two writers' styles.
import { styledPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { PdfFile } from '../../pdf/pdf-file.js';
import { fileSyntax, producerFamily } from './file-syntax.js';

const syntaxOf = (bytes: Uint8Array) => fileSyntax(PdfFile.open(bytes));

describe('file syntax', () => {
  it('reads the header comment, the cross-reference form, the trailer ID, the object order and the white space of each habit', () => {
    expect(syntaxOf(styledPdf({ mark: [0x81, 0x81, 0x81, 0x81], joined: false, shuffled: false, id: false }, '/Producer (x)'))).toEqual({
      mark: '81818181',
      xref: 'table',
      id: 'no',
      order: 'ascending',
      afterObj: '\\n',
      afterDictOpen: 'sp',
      typeValue: 'sp',
      streamEol: '\\n',
      beforeEndstream: '\\n',
    });
  });

  it('tells another writer’s habits apart: dictionaries without spaces, objects out of number order, an ID', () => {
    const libreOffice = [0xc3, 0xa4, 0xc3, 0xbc, 0xc3, 0xb6, 0xc3, 0x9f];
    expect(syntaxOf(styledPdf({ mark: libreOffice, joined: true, shuffled: true, id: true }, '/Producer (x)'))).toMatchObject({
      mark: 'c3a4c3bcc3b6c39f',
      id: 'yes',
      order: 'other',
      afterDictOpen: 'none',
      typeValue: 'none',
    });
    expect(syntaxOf(styledPdf({ mark: [], joined: true, shuffled: true, id: true }, '/Producer (x)'))?.mark).toBe('none');
  });

  it('names a producer without its version, build or notes', () => {
    expect(producerFamily('LibreOffice 7.4')).toBe('libreoffice');
    expect(producerFamily('LibreOffice 24.2.5.2')).toBe('libreoffice');
    expect(producerFamily('Skia/PDF m156')).toBe('skia/pdf');
    expect(producerFamily('pdfTeX-1.40.16')).toBe('pdftex');
    expect(producerFamily('cairo 1.16.0 (https://cairographics.org)')).toBe('cairo');
  });
});
