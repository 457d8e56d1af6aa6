// Signature integrity: every signature field's /ByteRange against the revision it closes (it
// must start at 0 and cover the whole revision except its /Contents), and content changes in
// revisions after a signature (modified after signing). The CMS signature itself is not yet
// verified cryptographically; the check says so rather than pass it.
import { asArray, asDict, asInt, asName, PdfDict, PdfString } from '../../pdf/objects.js';
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';

const CONTENT_EDITS = new Set(['revision_text_edit', 'revision_content_edit', 'revision_graphics_edit', 'revision_image_replaced', 'revision_page_added', 'revision_page_removed', 'revision_font_added']);

/** Signature dictionaries reachable from the AcroForm field tree. */
function signatures(ctx: CheckContext): { name: string; sig: PdfDict }[] {
  const { view } = ctx;
  const out: { name: string; sig: PdfDict }[] = [];
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

/** The signature check; `contentFindings` are the revision-history findings (run first). */
export function signatureIntegrity(contentFindings: () => Finding[]): Check {
  return {
    name: 'signature integrity',
    run(ctx: CheckContext) {
      const sigs = signatures(ctx);
      if (sigs.length === 0) return { findings: [] };
      const findings: Finding[] = [];
      for (const { name, sig } of sigs) {
        const range = (asArray(ctx.view.resolve(sig.get('ByteRange'))) ?? []).map((x) => asInt(ctx.view.resolve(x)) ?? -1);
        const [a, b, c, d] = range;
        const end = c !== undefined && d !== undefined ? c + d : -1;
        const revision = ctx.revisions.find((r) => Math.abs(r.end - end) <= 2 || (r.end >= end && r.start < end));
        findings.push({ code: 'signature_present', summary: `Signature "${name}" signs revision ${revision?.revision ?? '?'}; no certificate chain is trusted by default and the CMS signature is not yet verified.` });
        const ok = range.length === 4 && a === 0 && b! > 0 && c! > b! && revision !== undefined && end >= revision.end - 2 && end <= revision.end;
        if (!ok) {
          findings.push({ code: 'signature_byte_range_invalid', summary: `Signature "${name}" covers bytes [${range.join(' ')}], not the whole revision it closes.`, confidence: 0.8 });
          continue;
        }
        const after = contentFindings().filter((f) => CONTENT_EDITS.has(f.code) && (f.revision ?? 0) > revision!.revision);
        for (const f of after) {
          const finding: Finding = { code: 'modified_after_signing', summary: `After signature "${name}" (revision ${revision!.revision}): ${f.summary}`, confidence: 0.95 };
          if (f.page !== undefined) finding.page = f.page;
          if (f.revision !== undefined) finding.revision = f.revision;
          if (f.boxes) finding.boxes = f.boxes;
          findings.push(finding);
        }
      }
      return { findings };
    },
  };
}
