import { describe, expect, it } from 'vitest';
import { DocumentResultSchema } from './document.js';
import { DOCUMENT_FIELD_ORDER } from './document-fields.js';

describe('DOCUMENT_FIELD_ORDER', () => {
  it('is the Document schema’s keys, in its order', () => {
    expect([...DOCUMENT_FIELD_ORDER]).toEqual(Object.keys(DocumentResultSchema.properties));
  });
});
