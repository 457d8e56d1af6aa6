// The short soak (`npm run bench:soak` is the hour): `loupe serve` on the embedded store under the
// bench's bounded mix for a minute — uploads with and without wait, reads, lists, loans,
// audit reports, detections, credit reads from four clients. Judged by outcome: no 5xx, every
// answer one the contract gives, every upload completed. Memory and latency are the bench's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSoak } from '@loupe/fixtures/soak';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'loupe-soak-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a short soak of loupe serve', () => {
  it('answers a bounded mix for 60 s with no 5xx and completes every upload', async () => {
    const result = await runSoak({ dataDir, seconds: 60, sampleSeconds: 20 });
    expect(result.serverErrors, JSON.stringify(result.answers)).toBe(0);
    expect(result.answers['network error']).toBeUndefined();
    expect(result.uploads).toBeGreaterThan(30);
    expect(result.completed).toBe(result.uploads);
    // every operation was exercised and answered in the contract: successes, and the refusals the mix can meet
    // (a loan with no document yet is 404; a report on it is 400; a key past its request allowance is 429)
    for (const name of [
      'upload 202',
      'upload wait 200',
      'document 200',
      'list 200',
      'loan 200',
      'report 202',
      'report read 200',
      'detection 200',
      'credits 200',
    ])
      expect(result.answers[name], name).toBeGreaterThan(0);
    const allowed =
      /^(upload 20[02]|upload wait 20[02]|document 200|list 200|loan (200|404)|report (202|400)|report read 200|detection 200|credits 200|.+ 429)$/;
    for (const name of Object.keys(result.answers)) expect(name).toMatch(allowed);
  }, 300_000);
});
