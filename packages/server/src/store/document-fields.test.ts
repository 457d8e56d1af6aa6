// Decoding a document's stored JSON: a result is decoded once per stored text and shared, frozen
// (a reader cannot change another's), decoded anew when the text changes (a reprocess), and a
// field that is not what its writer stores is a StoreError.
import { describe, expect, it } from 'vitest';
import { decodeDocumentFields } from './document-fields.js';
import { StoreError } from './store-error.js';

const row = (result: string | null) => ({ options: '{"facts":{"md5":"00"}}', result, error: null, review: null });

describe('decodeDocumentFields', () => {
  it('shares one frozen result per stored text and decodes a changed text anew', () => {
    const first = decodeDocumentFields('doc_shared', row('{"verdict":"CLEAN","indicators":[{"code":"a"}]}')).result;
    const again = decodeDocumentFields('doc_shared', row('{"verdict":"CLEAN","indicators":[{"code":"a"}]}')).result;
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { indicators: { code: string }[] }).indicators[0]!.code = 'b';
    }).toThrow(TypeError);
    const reprocessed = decodeDocumentFields('doc_shared', row('{"verdict":"FORGED","indicators":[]}')).result;
    expect(reprocessed).not.toBe(first);
    expect(reprocessed?.verdict).toBe('FORGED');
    // another document with the same text gets its own
    expect(decodeDocumentFields('doc_other', row('{"verdict":"FORGED","indicators":[]}')).result).not.toBe(reprocessed);
  });

  it('refuses stored text that is not JSON or not an object', () => {
    expect(() => decodeDocumentFields('doc_bad', row('{"verdict":'))).toThrow(StoreError);
    expect(() => decodeDocumentFields('doc_bad', row('[1,2]'))).toThrow(StoreError);
  });
});
