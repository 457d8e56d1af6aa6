// File structure: cross-reference data that had to be rebuilt, data after the last %%EOF, and
// encryption that opens without a password. The smallest check, and the one the core README's
// "Adding a check" walks through.
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  structure_recovered: indicator(
    copy.structure_recovered,
    'structure',
    () => 'Cross-reference offsets were broken and the file was read by scanning its objects.',
  ),
  data_after_end_of_file: indicator<{ trailingBytes: number }>(
    copy.data_after_end_of_file,
    'structure',
    (f) => `${f.trailingBytes} byte(s) of data follow the last end-of-file marker.`,
  ),
  encrypted_with_owner_password: indicator<{ method: string; keyBits: number }>(
    copy.encrypted_with_owner_password,
    'structure',
    (f) => `Encrypted (${f.method}, ${f.keyBits}-bit) and opened without a password.`,
  ),
};

/** Bytes other than white space after `from` (what follows the last end-of-file marker). */
function trailingBytes(data: Uint8Array, from: number): number {
  let trailing = 0;
  for (let i = from; i < data.length; i++) {
    const c = data[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x00 && c !== 0x0c) trailing++;
  }
  return trailing;
}

/** What the file's structure shows: rebuilt cross-references, bytes after the end, owner-password encryption. */
function structureOf({ file }: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const findings: FindingOf<typeof indicators>[] = [];
  if (file.recovered) findings.push({ code: 'structure_recovered' });
  const lastEof = file.markers.eof[file.markers.eof.length - 1];
  const trailing = lastEof === undefined ? 0 : trailingBytes(file.data, lastEof + 5);
  if (trailing > 0) findings.push({ code: 'data_after_end_of_file', trailingBytes: trailing });
  if (file.encryption) findings.push({ code: 'encrypted_with_owner_password', method: file.encryption.method, keyBits: file.encryption.keyBits });
  return ran(findings);
}

/** The file-structure check. */
export const fileStructure = defineCheck({ name: 'file structure', subjects: ['pdf'], order: 100, indicators, run: structureOf });
