// Signature integrity: every signature field's /ByteRange against the revision it closes (it
// must start at 0 and cover the whole revision except its /Contents), the CMS signature verified
// over those bytes (through the platform's verifier, before the checks run: `verify.ts`; no
// certificate chain is trusted), and content changes in revisions after a signature (modified
// after signing).
import { asArray, asInt } from '../../../../pdf/objects.js';
import type { CmsVerification } from '../../../../platform.js';
import { type CheckResult, defineCheck, type FindingOf, type FindingOfCheck, indicator, type NeededFindings, ran, summaryOf } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import { revisionHistory } from '../revision-history/revision-history.js';
import copy from './copy.json' with { type: 'json' };
import { findSignatures } from './verify.js';

const indicators = {
  signature_invalid: indicator<{ signature: string; detail?: string }>(
    copy.signature_invalid,
    'content',
    (f) => `Signature "${f.signature}" does not match the bytes it covers${f.detail ? `: ${f.detail}` : ''}.`,
  ),
  modified_after_signing: indicator<{ signature: string; signedRevision: number; edit: FindingOfCheck<typeof revisionHistory> }>(
    copy.modified_after_signing,
    'content',
    (f) => `After signature "${f.signature}" (revision ${f.signedRevision}): ${summaryOf(revisionHistory.indicators, f.edit)}`,
  ),
  signature_byte_range_invalid: indicator<{ signature: string; range: number[] }>(
    copy.signature_byte_range_invalid,
    'content',
    (f) => `Signature "${f.signature}" covers bytes [${f.range.join(' ')}], not the whole revision it closes.`,
  ),
  signature_present: indicator<{ signature: string; signedRevision?: number; verification?: CmsVerification }>(
    copy.signature_present,
    'structure',
    (f) => `Signature "${f.signature}" signs revision ${f.signedRevision ?? '?'}: ${verificationState(f.verification)}.`,
  ),
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

/** Each signature's verification and byte range, and the content edits saved after it (from the revision history). */
function signaturesOf(ctx: PdfCheckContext, findingsOf: NeededFindings): CheckResult<FindingOf<typeof indicators>> {
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
}

/** The signature check; it reads the revision-history findings for edits after a signature. */
export const signatureIntegrity = defineCheck({
  name: 'signature integrity',
  subjects: ['pdf'],
  order: 90,
  needs: [revisionHistory],
  indicators,
  run: signaturesOf,
});
