// The signatures of a PDF and their CMS verification through the platform's verifier: run by the
// document's examine stage before the checks (verification awaits the platform), and read by the
// signature-integrity check from its context.
import { concatBytes } from '../../../../bytes.js';
import { asArray, asDict, asInt, asName, type PdfDict, PdfString } from '../../../../pdf/objects.js';
import type { ObjectView } from '../../../../pdf/pdf-file.js';
import type { CmsVerification, SignatureVerifier } from '../../../../platform.js';

/** A signature found in the document. */
export interface SignatureField {
  name: string;
  sig: PdfDict;
}

/** Signature dictionaries reachable from the AcroForm field tree. */
export function findSignatures(view: ObjectView): SignatureField[] {
  const out: SignatureField[] = [];
  const fields = asArray(view.resolve(asDict(view.getIn(view.catalog(), 'AcroForm'))?.get('Fields'))) ?? [];
  const stack = fields.map((f) => ({ f, depth: 0 }));
  const seen = new Set<PdfDict>();
  while (stack.length > 0 && out.length < 100) {
    const { f, depth } = stack.pop()!;
    const d = asDict(view.resolve(f));
    if (!d || seen.has(d) || depth > 20) continue;
    seen.add(d);
    const v = asDict(view.resolve(d.get('V')));
    if (asName(d.get('FT')) === 'Sig' && v?.has('ByteRange')) {
      const t = d.get('T');
      out.push({ name: t instanceof PdfString ? String.fromCharCode(...t.bytes.slice(0, 64)) : 'signature', sig: v });
    }
    for (const k of asArray(view.resolve(d.get('Kids'))) ?? []) stack.push({ f: k, depth: depth + 1 });
  }
  return out;
}

/** The bytes a signature covers (its /ByteRange), or undefined when the range is not in the file. */
export function signedBytes(data: Uint8Array, sig: PdfDict, view: ObjectView): Uint8Array | undefined {
  const range = (asArray(view.resolve(sig.get('ByteRange'))) ?? []).map((x) => asInt(view.resolve(x)) ?? -1);
  if (range.length !== 4 || range.some((x) => x < 0)) return undefined;
  const [a, b, c, d] = range as [number, number, number, number];
  if (a + b > data.length || c + d > data.length || c < a + b) return undefined;
  return concatBytes(data.subarray(a, a + b), data.subarray(c, c + d));
}

/** Verifies every signature of the document through `verifier`; results keyed by signature. */
export async function verifySignatures(data: Uint8Array, view: ObjectView, verifier: SignatureVerifier): Promise<Map<PdfDict, CmsVerification>> {
  const results = new Map<PdfDict, CmsVerification>();
  for (const { sig } of findSignatures(view)) {
    const contents = view.resolve(sig.get('Contents'));
    const bytes = signedBytes(data, sig, view);
    if (!(contents instanceof PdfString) || !bytes) {
      results.set(sig, { integrity: 'invalid', detail: 'the signature has no contents or its byte range lies outside the file' });
      continue;
    }
    try {
      results.set(sig, await verifier.verify(contents.bytes, bytes));
    } catch (error) {
      results.set(sig, { integrity: 'unknown', detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
