// Hashes of files and the audit manifest digest. The manifest digest is the spec's
// `sha256-of-sorted-sha256-newline-joined`: each document's lowercase-hex SHA-256, sorted,
// joined with a line feed (no trailing one), UTF-8 encoded, hashed with SHA-256, in lowercase hex.
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The algorithm name the spec gives the manifest digest. */
export const MANIFEST_DIGEST_ALGORITHM = 'sha256-of-sorted-sha256-newline-joined';

/** Lowercase-hex SHA-256 of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/** Lowercase-hex MD5 of `bytes` (legacy field, not for integrity). */
export function md5Hex(bytes: Uint8Array): string {
  return bytesToHex(md5(bytes));
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The manifest digest of a file set, from the files' lowercase-hex SHA-256 values. */
export function manifestDigest(sha256s: readonly string[]): string {
  for (const h of sha256s) {
    if (!HEX64.test(h)) throw new TypeError(`Not a lowercase-hex SHA-256: ${JSON.stringify(h)}`);
  }
  const joined = [...sha256s].sort().join('\n');
  return sha256Hex(new TextEncoder().encode(joined));
}
