import { describe, expect, it } from 'vitest';
import { LimitExceededError } from '../errors.js';
import { Lexer } from './lexer.js';
import { PdfDict, PdfName, PdfRef, type PdfStream, type PdfString } from './objects.js';
import { parseIndirectObject, parseObject } from './parser.js';

const enc = new TextEncoder();
const parse = (text: string) => parseObject(new Lexer(enc.encode(text)), 200);
const str = (v: unknown) => new TextDecoder('latin1').decode((v as PdfString).bytes);

describe('COS parser', () => {
  it('reads every object type', () => {
    const v = parse('<< /A 1 /B -2.5 /C (x\\(y\\)\\101\\n) /D <48 65 6C6C 6F> /E [true false null /N] /F 12 0 R /G#20H 1 >>') as PdfDict;
    expect(v).toBeInstanceOf(PdfDict);
    expect(v.get('A')).toBe(1);
    expect(v.get('B')).toBe(-2.5);
    expect(str(v.get('C'))).toBe('x(y)A\n');
    expect(str(v.get('D'))).toBe('Hello');
    expect(v.get('E')).toEqual([true, false, null, PdfName.of('N')]);
    expect(v.get('F')).toEqual(new PdfRef(12, 0));
    expect(v.get('G H')).toBe(1);
  });

  it('interns names', () => {
    expect(parse('/Type')).toBe(PdfName.of('Type'));
  });

  it('keeps balanced parentheses and drops unknown tokens', () => {
    expect(str(parse('(a (b) c)'))).toBe('a (b) c');
    expect(parse('[1 foo 2]')).toEqual([1, null, 2]);
  });

  it('ends a truncated object without throwing', () => {
    expect(parse('<< /A [1 2')).toEqual(new PdfDict(new Map([['A', [1, 2]]])));
  });

  it('bounds nesting depth: 100k nested arrays end in LimitExceededError, not a stack overflow', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => parse(deep)).toThrow(LimitExceededError);
    try {
      parse(deep);
    } catch (e) {
      expect((e as LimitExceededError).reason).toBe('nesting_too_deep');
    }
  });

  it('reads a stream with a wrong /Length by finding endstream', () => {
    const text = '7 0 obj\n<< /Length 3 >>\nstream\nhello world\nendstream\nendobj\n';
    const obj = parseIndirectObject(enc.encode(text), 0, 50, () => undefined);
    expect(obj.num).toBe(7);
    expect(new TextDecoder().decode((obj.value as PdfStream).raw)).toBe('hello world');
  });

  it('resolves an indirect /Length through the callback', () => {
    const text = '7 0 obj\n<< /Length 8 0 R >>\nstream\nabcdef\nendstream\nendobj\n';
    const obj = parseIndirectObject(enc.encode(text), 0, 50, (ref) => (ref.num === 8 ? 6 : undefined));
    expect(new TextDecoder().decode((obj.value as PdfStream).raw)).toBe('abcdef');
  });
});
