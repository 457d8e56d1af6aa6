// The `loupe` command as outside evaluations run it: JSON Lines in input order, error lines in
// the spec's shape, exit codes, the readable report, and `loupe digest`.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runLoupe } from './cli-runner.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-cli-'));
const path = (name: string) => join(dir, name);

beforeAll(async () => {
  const base = await makeStatement({ pages: 2, rowsPerPage: 4 });
  writeFileSync(path('genuine.pdf'), base);
  writeFileSync(path('edited.pdf'), await editText(base, 1, 'First Example Bank', 'Fake Example Bank'));
  writeFileSync(path('notes.txt'), 'not a document');
  writeFileSync(path('image.gif'), 'GIF89a\u0001\u0000\u0001\u0000');
});

describe('loupe scan --json', () => {
  it('prints one line per input, in input order, errors in the spec shape, and exits 0', async () => {
    const inputs = ['edited.pdf', 'notes.txt', 'genuine.pdf', 'missing.pdf', 'image.gif'].map(path);
    const run = await runLoupe(['scan', '--json', ...inputs]);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(5);
    expect((lines[0]!.file as { name: string }).name).toBe('edited.pdf');
    expect((lines[0]!.revisions as { count: number }).count).toBe(2);
    expect(lines[1]).toEqual({
      error: expect.objectContaining({ type: 'processing_error', code: 'unreadable_document', doc_url: expect.any(String), message: expect.any(String) }),
    });
    expect((lines[2]!.file as { name: string }).name).toBe('genuine.pdf');
    expect((lines[3]!.error as { code: string }).code).toBe('unreadable_document');
    expect(lines[4]).toEqual({ error: expect.objectContaining({ type: 'file_error', code: 'unsupported_type' }) });
  });

  it('is stable: the same input gives byte-identical output', async () => {
    const a = await runLoupe(['scan', '--json', path('edited.pdf')]);
    const b = await runLoupe(['scan', '--json', path('edited.pdf')]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('never draws a progress bar into stdout', async () => {
    const run = await runLoupe(['scan', '--json', '--progress', path('genuine.pdf'), path('edited.pdf')]);
    expect(jsonLines(run.stdout)).toHaveLength(2);
    expect(run.stderr).toContain('2/2');
  });
});

describe('loupe scan (readable)', () => {
  it('shows file facts, revisions with their diffs, and metadata', async () => {
    const run = await runLoupe(['scan', path('edited.pdf')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Revisions   2 (1 incremental update)');
    expect(run.stdout).toContain('- Page 2: First Example Bank');
    expect(run.stdout).toContain('+ Page 2: Fake Example Bank');
    expect(run.stdout).toContain('Producer               Loupe fixture generator');
  });
});

describe('loupe digest', () => {
  it('prints the manifest digest of the file set, independent of order', async () => {
    const files = [path('genuine.pdf'), path('edited.pdf')];
    const one = await runLoupe(['digest', ...files]);
    const two = await runLoupe(['digest', '--json', ...files.reverse()]);
    const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
    const expected = createHash('sha256').update(files.map(sha).sort().join('\n')).digest('hex');
    expect(one.stdout.trim()).toBe(expected);
    expect(JSON.parse(two.stdout)).toMatchObject({ manifest_digest: expected, manifest_digest_algorithm: 'sha256-of-sorted-sha256-newline-joined' });
  });
});

describe('usage', () => {
  it('exits 2 on unknown commands, unknown options and missing files', async () => {
    expect((await runLoupe(['frobnicate'])).code).toBe(2);
    expect((await runLoupe(['scan', '--jsn', path('genuine.pdf')])).code).toBe(2);
    expect((await runLoupe(['scan'])).code).toBe(2);
    expect((await runLoupe(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
