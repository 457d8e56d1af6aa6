// File structure: cross-reference data that had to be rebuilt, data after the last %%EOF, and
// encryption that opens without a password. The smallest check, and the one the core README's
// "Adding a check" walks through.
import { defineCheck, type FindingOf, indicator, ran } from '../../../check.js';

const indicators = {
  structure_recovered: indicator({
    title: 'File structure had to be repaired',
    severity: 'low',
    evidence: 'structure',
    what_it_is: "The file's cross-reference data was broken and was rebuilt by scanning.",
    what_it_means: 'Careless tools and deliberate edits both leave broken offsets.',
    how_detected: 'Cross-reference offsets did not point at their objects.',
    summary: () => 'Cross-reference offsets were broken and the file was read by scanning its objects.',
  }),
  data_after_end_of_file: indicator<{ trailingBytes: number }>({
    title: 'Data after the end of the file',
    severity: 'low',
    evidence: 'structure',
    what_it_is: 'Bytes follow the last end-of-file marker.',
    what_it_means: 'An incomplete update, or data appended by another tool.',
    how_detected: 'Bytes after the last %%EOF were counted (whitespace ignored).',
    summary: (f) => `${f.trailingBytes} byte(s) of data follow the last end-of-file marker.`,
  }),
  encrypted_with_owner_password: indicator<{ method: string; keyBits: number }>({
    title: 'Encrypted with an owner password',
    severity: 'low',
    evidence: 'structure',
    what_it_is: 'The file is encrypted and opens without a password.',
    what_it_means: 'Common for issued documents; permissions do not prevent editing.',
    how_detected: 'The standard security handler authenticated with the empty user password.',
    summary: (f) => `Encrypted (${f.method}, ${f.keyBits}-bit) and opened without a password.`,
  }),
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

/** The file-structure check. */
export const fileStructure = defineCheck({
  name: 'file structure',
  subjects: ['pdf'],
  order: 100,
  indicators,
  run({ file }) {
    const findings: FindingOf<typeof indicators>[] = [];
    if (file.recovered) findings.push({ code: 'structure_recovered' });
    const lastEof = file.markers.eof[file.markers.eof.length - 1];
    const trailing = lastEof === undefined ? 0 : trailingBytes(file.data, lastEof + 5);
    if (trailing > 0) findings.push({ code: 'data_after_end_of_file', trailingBytes: trailing });
    if (file.encryption) findings.push({ code: 'encrypted_with_owner_password', method: file.encryption.method, keyBits: file.encryption.keyBits });
    return ran(findings);
  },
});
