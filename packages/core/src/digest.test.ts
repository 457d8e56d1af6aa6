import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifestDigest, md5Hex, sha256Hex } from './digest.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('digests', () => {
  it('hashes bytes like node:crypto', () => {
    const bytes = new TextEncoder().encode('loupe');
    expect(sha256Hex(bytes)).toBe(sha('loupe'));
    expect(md5Hex(bytes)).toBe(createHash('md5').update('loupe').digest('hex'));
  });

  it('builds the manifest digest from sorted, newline-joined hex digests without a trailing newline', () => {
    const a = sha('a');
    const b = sha('b');
    const c = sha('c');
    const expected = sha([a, b, c].sort().join('\n'));
    expect(manifestDigest([c, a, b])).toBe(expected);
    expect(manifestDigest([b, c, a])).toBe(expected);
    expect(manifestDigest([a])).toBe(sha(a));
  });

  it('rejects values that are not lowercase-hex SHA-256', () => {
    expect(() => manifestDigest([sha('a').toUpperCase()])).toThrow(TypeError);
    expect(() => manifestDigest(['abc'])).toThrow(TypeError);
  });
});
