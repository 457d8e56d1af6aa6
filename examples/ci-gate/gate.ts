// A CI step that fails the build when a document it ships is FORGED: it runs `loupe scan --json`
// (JSON Lines, one object per input file, in order) over the files, prints each verdict, and
// exits 1 if any file is FORGED (SUSPICIOUS is reported, not fatal: a person should look) or 2 if a
// file could not be examined. In a workflow: `node --import tsx examples/ci-gate/gate.ts docs/*.pdf`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The gate's verdict over `files`: the exit code and the lines it prints. */
export async function gate(files: string[]): Promise<{ code: number; lines: string[] }> {
  // the project's installed `loupe` (@loupe/cli), never one fetched on the fly
  const { stdout } = await promisify(execFile)('npx', ['--no-install', 'loupe', 'scan', '--json', '--no-ocr', '--no-progress', ...files], {
    maxBuffer: 1 << 26,
  });
  const results = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { verdict?: string; risk_score?: number; error?: { code: string } });
  const lines = results.map((r, i) => `${files[i]}: ${r.verdict ?? `not examined (${r.error?.code})`}${r.risk_score === undefined ? '' : ` ${r.risk_score}`}`);
  const code = results.some((r) => r.verdict === 'FORGED') ? 1 : results.some((r) => r.error) ? 2 : 0;
  return { code, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code, lines } = await gate(process.argv.slice(2));
  console.log(lines.join('\n'));
  process.exit(code);
}
