// Timestamp consistency: Info against XMP creation and modification dates, a modification before
// the creation, dates in the future, modification dates that go backwards across saves, and an
// /ID pair showing the file was saved again after creation.
import { asArray, PdfString } from '../../../../pdf/objects.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  create_date_mismatch: indicator<{ info: string; xmp: string }>(copy.create_date_mismatch, 'dates', (f) => `Info says created ${f.info}, XMP says ${f.xmp}.`),
  modify_date_mismatch: indicator<{ info: string; xmp: string }>(copy.modify_date_mismatch, 'dates', (f) => `Info says modified ${f.info}, XMP says ${f.xmp}.`),
  modified_before_created: indicator<{ modified: string; created: string }>(
    copy.modified_before_created,
    'dates',
    (f) => `Modified ${f.modified} before it was created ${f.created}.`,
  ),
  date_in_future: indicator<{ which: 'creation' | 'modification'; date: string }>(
    copy.date_in_future,
    'dates',
    (f) => `The ${f.which} date ${f.date} is in the future.`,
  ),
  revision_dates_out_of_order: indicator<{ revision: number; dated: string; before: string }>(
    copy.revision_dates_out_of_order,
    'dates',
    (f) => `Revision ${f.revision} is dated ${f.dated}, before revision ${f.revision - 1} (${f.before}).`,
  ),
  document_id_changed: indicator(
    copy.document_id_changed,
    'resave',
    () => 'The two halves of the file identifier differ: the file was saved again after it was created.',
  ),
};

const TOLERANCE_MS = 2 * 60_000;

/** Parses an XMP (ISO 8601) date; one without a zone yields `floating: true`. */
export function parseXmpDate(text: string | undefined): { ms: number; floating: boolean } | undefined {
  if (!text) return undefined;
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) return undefined;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return { ms, floating: !zone };
}

/** True when two instants disagree beyond tolerance (a floating time may be in any zone). */
function disagree(infoIso: string, xmp: { ms: number; floating: boolean }): boolean {
  const diff = Math.abs(Date.parse(infoIso) - xmp.ms);
  if (!xmp.floating) return diff > TOLERANCE_MS;
  // a zone-less XMP date matches when it differs by a whole number of quarter hours up to 14 h
  return !(diff <= 14 * 3_600_000 && (diff % (15 * 60_000) <= TOLERANCE_MS || diff % (15 * 60_000) >= 15 * 60_000 - TOLERANCE_MS));
}

/** What the file's dates and identifier say against each other and the time of the analysis. */
function datesOf(ctx: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const findings: FindingOf<typeof indicators>[] = [];
  const latest = ctx.revisions[ctx.revisions.length - 1]!.info;
  const xmpCreate = parseXmpDate(ctx.xmp.createDate);
  const xmpModify = parseXmpDate(ctx.xmp.modifyDate);
  if (latest.created && xmpCreate && disagree(latest.created, xmpCreate)) {
    findings.push({ code: 'create_date_mismatch', info: latest.created, xmp: ctx.xmp.createDate! });
  }
  if (latest.modified && xmpModify && disagree(latest.modified, xmpModify)) {
    findings.push({ code: 'modify_date_mismatch', info: latest.modified, xmp: ctx.xmp.modifyDate! });
  }
  const created = latest.created ? Date.parse(latest.created) : xmpCreate && !xmpCreate.floating ? xmpCreate.ms : undefined;
  const modified = latest.modified ? Date.parse(latest.modified) : xmpModify && !xmpModify.floating ? xmpModify.ms : undefined;
  if (created !== undefined && modified !== undefined && modified < created - TOLERANCE_MS) {
    findings.push({ code: 'modified_before_created', modified: new Date(modified).toISOString(), created: new Date(created).toISOString() });
  }
  const limit = ctx.now.getTime() + 86_400_000;
  for (const [which, ms] of [
    ['creation', created],
    ['modification', modified],
  ] as const) {
    if (ms !== undefined && ms > limit) findings.push({ code: 'date_in_future', which, date: new Date(ms).toISOString() });
  }
  for (let i = 1; i < ctx.revisions.length; i++) {
    const a = ctx.revisions[i - 1]!.info.modified;
    const b = ctx.revisions[i]!.info.modified;
    if (a && b && Date.parse(b) < Date.parse(a) - TOLERANCE_MS) findings.push({ code: 'revision_dates_out_of_order', revision: i + 1, dated: b, before: a });
  }
  const ids = asArray(ctx.view.trailer.get('ID'));
  const [a, b] = [ids?.[0], ids?.[1]];
  if (
    a instanceof PdfString &&
    b instanceof PdfString &&
    a.bytes.length > 0 &&
    (a.bytes.length !== b.bytes.length || a.bytes.some((x, i) => x !== b.bytes[i]))
  ) {
    findings.push({ code: 'document_id_changed' });
  }
  return ran(findings);
}

/** The timestamp-consistency check. */
export const timestamps = defineCheck({ name: 'timestamp consistency', subjects: ['pdf'], order: 80, indicators, run: datesOf });
