// Signature integrity: every signature field's /ByteRange against the revision it closes (it
// must start at 0 and cover the whole revision except its /Contents), the CMS signature verified
// over those bytes (through the platform's verifier, before the checks run: `verify.ts`; no
// certificate chain is trusted), and content changes in revisions after a signature (modified
// after signing).
import { asArray, asInt } from '../../../../pdf/objects.js';
import type { CmsVerification } from '../../../../platform.js';
import { defineCheck, type FindingOf, type FindingOfCheck, indicator, ran, summaryOf } from '../../../check.js';
import { revisionHistory } from '../revision-history/revision-history.js';
import { findSignatures } from './verify.js';

const indicators = {
  signature_invalid: indicator<{ signature: string; detail?: string }>({
    title: 'Digital signature does not verify',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'A signature whose cryptographic check fails over the bytes it covers.',
    what_it_means: 'The signed bytes were altered after signing.',
    how_detected: "The CMS signature was verified over the signature's /ByteRange.",
    summary: (f) => `Signature "${f.signature}" does not match the bytes it covers${f.detail ? `: ${f.detail}` : ''}.`,
  }),
  modified_after_signing: indicator<{ signature: string; signedRevision: number; edit: FindingOfCheck<typeof revisionHistory> }>({
    title: 'Content changed after signing',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'A save after a signature changed page content.',
    what_it_means: 'The document shown is not the document that was signed.',
    how_detected: "Revisions after the signature's byte range were analysed for content changes.",
    summary: (f) => `After signature "${f.signature}" (revision ${f.signedRevision}): ${summaryOf(revisionHistory.indicators, f.edit)}`,
  }),
  signature_byte_range_invalid: indicator<{ signature: string; range: number[] }>({
    title: 'Signature does not cover its revision',
    severity: 'high',
    evidence: 'content',
    what_it_is: "A signature's /ByteRange leaves bytes of its own revision uncovered, other than its contents.",
    what_it_means: 'Bytes inside the signed revision can be changed without breaking the signature.',
    how_detected: "The /ByteRange was compared with the revision's byte span.",
    summary: (f) => `Signature "${f.signature}" covers bytes [${f.range.join(' ')}], not the whole revision it closes.`,
  }),
  signature_present: indicator<{ signature: string; signedRevision?: number; verification?: CmsVerification }>({
    title: 'Digitally signed',
    severity: 'low',
    evidence: 'structure',
    what_it_is: 'The document carries a digital signature.',
    what_it_means: 'No certificate chain is trusted by default; the signature proves integrity, not identity.',
    how_detected: 'Signature fields with a /Sig value were found.',
    summary: (f) => `Signature "${f.signature}" signs revision ${f.signedRevision ?? '?'}: ${verificationState(f.verification)}.`,
  }),
};

/** What a signature's CMS verification says, in words. */
function verificationState(check: CmsVerification | undefined): string {
  if (check?.integrity === 'valid') return `its CMS signature verifies${check.signer ? ` (signer ${check.signer})` : ''}; no certificate chain is trusted`;
  if (check?.integrity === 'unknown') return `its CMS signature could not be checked (${check.detail ?? 'unsupported'})`;
  return check ? 'its CMS signature does not verify' : 'its CMS signature was not checked (no verifier on this platform)';
}

/** Revision-history findings that change what a signed document shows. */
const CONTENT_EDITS = new Set([
  'revision_text_edit',
  'revision_content_edit',
  'revision_graphics_edit',
  'revision_image_replaced',
  'revision_page_added',
  'revision_page_removed',
  'revision_font_added',
]);

/** The signature check; it reads the revision-history findings for edits after a signature. */
export const signatureIntegrity = defineCheck({
  name: 'signature integrity',
  subjects: ['pdf'],
  order: 90,
  needs: [revisionHistory],
  indicators,
  run(ctx, findingsOf) {
    const findings: FindingOf<typeof indicators>[] = [];
    for (const { name, sig } of findSignatures(ctx.view)) {
      const range = (asArray(ctx.view.resolve(sig.get('ByteRange'))) ?? []).map((x) => asInt(ctx.view.resolve(x)) ?? -1);
      const [a, b, c, d] = range;
      const end = c !== undefined && d !== undefined ? c + d : -1;
      const revision = ctx.revisions.find((r) => Math.abs(r.end - end) <= 2 || (r.end >= end && r.start < end));
      const verification = ctx.signatureChecks?.get(sig);
      findings.push({
        code: 'signature_present',
        signature: name,
        ...(revision ? { signedRevision: revision.revision } : {}),
        ...(verification ? { verification } : {}),
      });
      if (verification?.integrity === 'invalid')
        findings.push({
          code: 'signature_invalid',
          signature: name,
          revision: revision?.revision ?? 1,
          ...(verification.detail ? { detail: verification.detail } : {}),
        });
      const ok = range.length === 4 && a === 0 && b! > 0 && c! > b! && revision !== undefined && end >= revision.end - 2 && end <= revision.end;
      if (!ok) {
        findings.push({ code: 'signature_byte_range_invalid', signature: name, range });
        continue;
      }
      for (const edit of findingsOf(revisionHistory)) {
        if (!CONTENT_EDITS.has(edit.code) || (edit.revision ?? 0) <= revision!.revision) continue;
        findings.push({
          code: 'modified_after_signing',
          signature: name,
          signedRevision: revision!.revision,
          edit,
          ...(edit.page === undefined ? {} : { page: edit.page }),
          ...(edit.revision === undefined ? {} : { revision: edit.revision }),
          ...(edit.boxes ? { boxes: edit.boxes } : {}),
        });
      }
    }
    return ran(findings);
  },
});
