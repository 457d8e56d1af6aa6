// File structure: cross-reference data that had to be rebuilt, data after the last %%EOF, and
// encryption that opens without a password.
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';

/** The file-structure check. */
export const fileStructure: Check = {
  name: 'file structure',
  run(ctx: CheckContext) {
    const { file } = ctx;
    const findings: Finding[] = [];
    if (file.recovered)
      findings.push({ code: 'structure_recovered', summary: 'Cross-reference offsets were broken and the file was read by scanning its objects.' });
    const lastEof = file.markers.eof[file.markers.eof.length - 1];
    if (lastEof !== undefined) {
      let trailing = 0;
      for (let i = lastEof + 5; i < file.data.length; i++) {
        const c = file.data[i]!;
        if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x00 && c !== 0x0c) trailing++;
      }
      if (trailing > 0) findings.push({ code: 'data_after_end_of_file', summary: `${trailing} byte(s) of data follow the last end-of-file marker.` });
    }
    if (file.encryption)
      findings.push({
        code: 'encrypted_with_owner_password',
        summary: `Encrypted (${file.encryption.method}, ${file.encryption.keyBits}-bit) and opened without a password.`,
      });
    return { findings };
  },
};
