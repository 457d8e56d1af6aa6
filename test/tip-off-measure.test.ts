// The tip-off validator measured on the labelled message set (packages/fixtures/src/tip-off-messages.ts,
// 238 messages): ordinary requests — routine, quality, missing-document — pass, and disclosures
// are caught plainly written, disguised and misspelled. bench/tip-off.bench.ts prints the figures.

import { tipOffMessages } from '@loupe/fixtures/tip-off-messages';
import { tipOffTerms } from '@loupe/server';
import { describe, expect, it } from 'vitest';

describe('tip-off validator on the labelled set', () => {
  const messages = tipOffMessages();

  it('holds at least 200 messages of every kind', () => {
    expect(messages.length).toBeGreaterThanOrEqual(200);
    for (const kind of ['routine', 'quality', 'missing', 'plain', 'disguised', 'misspelled'])
      expect(messages.filter((m) => m.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
  });

  it('has precision and recall of at least 0.95', () => {
    const flagged = messages.map((m) => ({ m, flagged: tipOffTerms(m.text).length > 0 }));
    const tp = flagged.filter((f) => f.flagged && f.m.label === 'disclosure').length;
    const fp = flagged.filter((f) => f.flagged && f.m.label === 'safe');
    const fn = flagged.filter((f) => !f.flagged && f.m.label === 'disclosure');
    expect(tp / (tp + fp.length), fp.map((f) => f.m.text).join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(tp / (tp + fn.length), fn.map((f) => f.m.text).join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});
