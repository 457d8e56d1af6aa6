// The signature-integrity check on files signed by the fixtures' test signer, with the platform's
// verification played by a verifier that answers what a test says: the check reports what the
// verification found, a byte range that does not close its revision, and a content edit saved
// after a signature (read from the revision-history check it needs).
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { signPdf } from '@loupe/fixtures/signing';
import { describe, expect, it } from 'vitest';
import type { CmsVerification } from '../../../../platform.js';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { signatureIntegrity } from './signature-integrity.js';

const verifier = (answer: CmsVerification) => ({ verify: async () => answer });
const run = async (bytes: Uint8Array, answer?: CmsVerification) =>
  runCheck(signatureIntegrity, await checkContext(bytes, answer ? { platform: { signatures: verifier(answer) } } : {}));
const signed = async () => signPdf(await makeStatement({ pages: 1, rowsPerPage: 4 }));

describe('signature integrity', () => {
  it('says what the verification found of a signature that closes its revision', async () => {
    const bytes = await signed();
    const valid = await run(bytes, { integrity: 'valid', signer: 'CN=Loupe Test Signer' });
    expect(valid.findings.map((f) => f.code)).toEqual(['signature_present']);
    expect(valid.summaries[0]).toMatch(/signs revision 2: its CMS signature verifies \(signer CN=Loupe Test Signer\); no certificate chain is trusted\.$/);
    expect((await run(bytes)).summaries[0]).toMatch(/not checked \(no verifier on this platform\)/);
  });

  it('reports a signature whose bytes no longer match it', async () => {
    const { findings, summaries } = await run(await signed(), { integrity: 'invalid', detail: 'the message digest differs' });
    expect(findings.map((f) => f.code)).toEqual(['signature_present', 'signature_invalid']);
    expect(summaries[1]).toMatch(/does not match the bytes it covers: the message digest differs\.$/);
  });

  it('reports a content edit saved after the signature, on the edit’s page and revision', async () => {
    const bytes = await editText(await signed(), 0, 'First Example Bank', 'Fake Example Bank');
    const { findings, summaries } = await run(bytes, { integrity: 'valid' });
    const after = findings.find((f) => f.code === 'modified_after_signing');
    expect(after).toMatchObject({ page: 1, revision: 3, signedRevision: 2 });
    expect(summaries.find((s) => s.startsWith('After signature'))).toMatch(/\(revision 2\): Page 1: "First" became "Fake" in revision 3\./);
  });
});
