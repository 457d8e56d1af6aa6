// Signature integrity: every signature field's /ByteRange against the revision it closes (it
// must start at 0 and cover the whole revision except its /Contents), the CMS signature verified
// over those bytes (through the platform's verifier; no certificate chain is trusted), and content
// changes in revisions after a signature (modified after signing).
import { concatBytes } from '../../bytes.js';
import { asArray, asDict, asInt, asName, type PdfDict, PdfString } from '../../pdf/objects.js';
import type { ObjectView } from '../../pdf/pdf-file.js';
import type { CmsVerification, SignatureVerifier } from '../../platform.js';
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';
import { revisionHistory } from './revision-history.js';

const CONTENT_EDITS = new Set([
  'revision_text_edit',
  'revision_content_edit',
  'revision_graphics_edit',
  'revision_image_replaced',
  'revision_page_added',
  'revision_page_removed',
  'revision_font_added',
]);

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

/** The signature check; it reads the revision-history findings for edits after a signature. */
export const signatureIntegrity: Check = {
  name: 'signature integrity',
  needs: [revisionHistory],
  run(ctx: CheckContext, findingsOf) {
    const sigs = findSignatures(ctx.view);
    if (sigs.length === 0) return { findings: [] };
    const findings: Finding[] = [];
    for (const { name, sig } of sigs) {
      const range = (asArray(ctx.view.resolve(sig.get('ByteRange'))) ?? []).map((x) => asInt(ctx.view.resolve(x)) ?? -1);
      const [a, b, c, d] = range;
      const end = c !== undefined && d !== undefined ? c + d : -1;
      const revision = ctx.revisions.find((r) => Math.abs(r.end - end) <= 2 || (r.end >= end && r.start < end));
      const check = ctx.signatureChecks?.get(sig);
      const state =
        check?.integrity === 'valid'
          ? `its CMS signature verifies${check.signer ? ` (signer ${check.signer})` : ''}; no certificate chain is trusted`
          : check?.integrity === 'unknown'
            ? `its CMS signature could not be checked (${check.detail ?? 'unsupported'})`
            : check
              ? 'its CMS signature does not verify'
              : 'its CMS signature was not checked (no verifier on this platform)';
      findings.push({ code: 'signature_present', summary: `Signature "${name}" signs revision ${revision?.revision ?? '?'}: ${state}.` });
      if (check?.integrity === 'invalid') {
        findings.push({
          code: 'signature_invalid',
          summary: `Signature "${name}" does not match the bytes it covers${check.detail ? `: ${check.detail}` : ''}.`,
          revision: revision?.revision ?? 1,
          confidence: 0.95,
        });
      }
      const ok = range.length === 4 && a === 0 && b! > 0 && c! > b! && revision !== undefined && end >= revision.end - 2 && end <= revision.end;
      if (!ok) {
        findings.push({
          code: 'signature_byte_range_invalid',
          summary: `Signature "${name}" covers bytes [${range.join(' ')}], not the whole revision it closes.`,
          confidence: 0.8,
        });
        continue;
      }
      const after = findingsOf(revisionHistory).filter((f) => CONTENT_EDITS.has(f.code) && (f.revision ?? 0) > revision!.revision);
      for (const f of after) {
        const finding: Finding = {
          code: 'modified_after_signing',
          summary: `After signature "${name}" (revision ${revision!.revision}): ${f.summary}`,
          confidence: 0.95,
        };
        if (f.page !== undefined) finding.page = f.page;
        if (f.revision !== undefined) finding.revision = f.revision;
        if (f.boxes) finding.boxes = f.boxes;
        findings.push(finding);
      }
    }
    return { findings };
  },
};

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
