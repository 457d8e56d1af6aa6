// The `SignatureVerifier` port on Node: pkijs over Node's WebCrypto. Parses the detached CMS
// SignedData of a PDF signature (trailing zero padding tolerated), checks the message digest
// against the signed bytes and the signature against the signer's certificate. No certificate
// chain is trusted: `valid` means the bytes are what was signed, not who signed them.
import { webcrypto } from 'node:crypto';
import type { CmsVerification, SignatureVerifier } from '@loupe/core';
import type * as Pkijs from 'pkijs';

type Libraries = { asn1js: typeof import('asn1js'); pkijs: typeof Pkijs };
let libraries: Promise<Libraries> | undefined;

/** asn1js and pkijs, imported on the first signature (pkijs sets a global when it loads), with pkijs's engine on Node's WebCrypto. */
function loadLibraries(): Promise<Libraries> {
  libraries ??= (async () => {
    const [asn1js, pkijs] = await Promise.all([import('asn1js'), import('pkijs')]);
    type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
    pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }));
    return { asn1js, pkijs };
  })();
  return libraries;
}

function subjectOf(cert: Pkijs.Certificate | null | undefined): string | undefined {
  if (!cert) return undefined;
  const names: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.10': 'O', '2.5.4.6': 'C' };
  const parts = cert.subject.typesAndValues
    .filter((tv) => names[tv.type])
    .map((tv) => `${names[tv.type]}=${(tv.value.valueBlock as { value?: string }).value ?? ''}`);
  return parts.length ? parts.join(', ') : undefined;
}

/** Creates the pkijs-based verifier. */
export function createCmsVerifier(): SignatureVerifier {
  return {
    async verify(cms, signedBytes): Promise<CmsVerification> {
      const { asn1js, pkijs } = await loadLibraries();
      const asn1 = asn1js.fromBER(cms.slice().buffer);
      if (asn1.offset === -1) return { integrity: 'invalid', detail: 'the signature contents are not DER-encoded CMS' };
      let signed: Pkijs.SignedData;
      try {
        const info = new pkijs.ContentInfo({ schema: asn1.result });
        signed = new pkijs.SignedData({ schema: info.content });
      } catch (error) {
        return { integrity: 'invalid', detail: `the CMS structure is unreadable: ${(error as Error).message}` };
      }
      const data = signedBytes.slice().buffer;
      try {
        const result = await signed.verify({ signer: 0, data, checkChain: false, extendedMode: true });
        const signer = subjectOf(result.signerCertificate);
        const base: CmsVerification = result.signatureVerified
          ? { integrity: 'valid' }
          : { integrity: 'invalid', detail: result.message || 'the signature does not match' };
        return signer ? { ...base, signer } : base;
      } catch (error) {
        const e = error as { message?: string; signatureVerified?: boolean; code?: number; signerCertificate?: Pkijs.Certificate };
        const signer = subjectOf(e.signerCertificate);
        // pkijs reports a digest mismatch or a bad signature as a rejected verification
        if (e.signatureVerified === false || /digest|signature|verif/i.test(e.message ?? '')) {
          const invalid: CmsVerification = { integrity: 'invalid', detail: e.message ?? 'the signature does not match' };
          return signer ? { ...invalid, signer } : invalid;
        }
        return { integrity: 'unknown', detail: e.message ?? String(error) };
      }
    },
  };
}
