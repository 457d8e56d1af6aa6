import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defined } from './defined.js';

describe('defined', () => {
  it('keeps every member but those whose value is undefined', () => {
    expect(defined({ a: 1, b: undefined, c: null, d: 0, e: false, f: '' })).toEqual({ a: 1, c: null, d: 0, e: false, f: '' });
    expect(Object.keys(defined({ a: undefined }))).toEqual([]);
  });

  it('is the spread-if it replaces, for any object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.option(fc.anything(), { nil: undefined })), (fields) => {
        const spread = Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])));
        expect(defined(fields)).toEqual(spread);
      }),
    );
  });
});
