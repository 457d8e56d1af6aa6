// The human-readable report of `loupe scan`: file facts, capture, each revision with what it
// changed and its word diffs, and the metadata rows. Plain text, no colour codes when piped.
import type { DocumentError, ScanDetail } from '@loupe/core';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function list(nums: number[], max = 12): string {
  return nums.length <= max ? nums.join(', ') : `${nums.slice(0, max).join(', ')} … (+${nums.length - max})`;
}

/** Formats one document's report. */
export function formatReport(detail: ScanDetail): string {
  const { document: doc, revisions, unreadRevisions = [], textReaders } = detail;
  const f = doc.file;
  const rowValue = (key: string): string => doc.metadata.find((r) => r.key === key)?.value ?? '';
  const lines: string[] = [];
  lines.push(f.name);
  const score = doc.risk_score === undefined ? '' : ` (risk ${doc.risk_score}/100)`;
  lines.push(`  Verdict     ${doc.verdict}${score} · confidence ${doc.confidence} · ${doc.review_tier.replace('_', ' ')}`);
  lines.push(`  Headline    ${doc.headline}`);
  if (doc.next_step) lines.push(`  Next step   ${doc.next_step.replace(/_/g, ' ')}${doc.reason_codes ? ` (${doc.reason_codes.join(', ')})` : ''}`);
  if (doc.indicators.length > 0) {
    lines.push('  Indicators');
    for (const ind of doc.indicators) {
      lines.push(`    [${ind.severity.padEnd(6)}] ${ind.title} (${ind.code})`);
      for (const finding of doc.findings.filter((x) => x.code === ind.code).slice(0, 5)) lines.push(`             ${finding.summary}`);
    }
  }
  if (doc.regions.length > 0) {
    lines.push('  Regions');
    for (const r of doc.regions.slice(0, 12)) {
      lines.push(`    page ${r.page} at x ${r.x}% y ${r.y}% (${r.w}% × ${r.h}%) · ${r.indicator_code}`);
    }
  }
  lines.push(`  Checks      passed: ${doc.checks_passed.join(', ') || 'none'}`);
  lines.push(`  File        ${rowValue('Format')} · ${plural(f.pages, 'page')} · ${rowValue('File size')}`);
  lines.push(`  SHA-256     ${f.sha256}`);
  lines.push(`  Capture     ${doc.capture ?? 'not determined'}`);
  if (doc.revisions) {
    const updates = doc.revisions.count - 1;
    lines.push(`  Revisions   ${doc.revisions.count} (${updates === 0 ? 'no incremental updates' : plural(updates, 'incremental update')})`);
    if (textReaders && textReaders.core + textReaders.port > 0) {
      lines.push(`              page text read by the core interpreter for ${plural(textReaders.core, 'page pair')}, by pdf.js for ${textReaders.port}`);
    }
    for (const rev of revisions ?? []) {
      if (rev.revision === 1) continue;
      const parts = [
        rev.added.length ? `added ${list(rev.added)}` : '',
        rev.changed.length ? `changed ${list(rev.changed)}` : '',
        rev.freed.length ? `freed ${list(rev.freed)}` : '',
        rev.restated.length ? `restated ${rev.restated.length}` : '',
      ].filter(Boolean);
      lines.push(`    r${rev.revision}  bytes ${rev.start}–${rev.end} · ${rev.xref} xref · objects ${parts.join('; ') || 'none'}`);
      lines.push(
        `         pages touched: ${rev.touchedPages.length ? list(rev.touchedPages) : 'none'}${rev.info.producer ? ` · producer ${rev.info.producer}` : ''}`,
      );
      const unread = unreadRevisions.find((u) => u.revision === rev.revision || u.revision === rev.revision - 1);
      if (unread) lines.push(`         text of r${unread.revision} could not be read, so no diff: ${unread.message}`);
      for (const diff of doc.revisions.diffs.filter((d) => d.to_revision === rev.revision)) {
        lines.push(`         - ${diff.before}`);
        lines.push(`         + ${diff.after}`);
      }
    }
  }
  lines.push('  Metadata');
  for (const row of doc.metadata) lines.push(`    ${row.key.padEnd(22)} ${row.value}`);
  return lines.join('\n');
}

/** Formats an error for the readable report. */
export function formatError(name: string, error: DocumentError): string {
  return `${name}\n  Error       ${error.code}${error.reason ? ` (${error.reason})` : ''}: ${error.message}`;
}
