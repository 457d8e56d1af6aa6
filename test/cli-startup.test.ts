// `loupe` starts only what a command uses: every command answers `--help` and `-h` with its own
// usage and exit 0, and `--help`, `digest` and `accounts` load no engine, model runtime, WASM,
// PDF reader, canvas, OCR or HTTP stack, and `detect` on a photo loads no part of the document
// engine and loads the media surfaces as one bundled module (the modules a run resolves are
// recorded by a loader hook).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { photographScene } from '@loupe/fixtures/scenes';
import { describe, expect, it } from 'vitest';
import { LOUPE_BIN } from './cli-runner.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-startup-'));
const hook = join(dir, 'hook.mjs');
writeFileSync(
  hook,
  // written to fd 2 at once: the hooks run on their own thread, whose process.stderr writes a
  // command that exits promptly can leave unflushed (a module then missing from the record)
  `import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  writeSync(2, 'resolved ' + resolved.url + '\\n');
  return resolved;
}
`,
);
const register = join(dir, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);

/** Runs `loupe ...args` and answers its exit code, output and the module URLs it resolved. */
function run(args: string[]): { code: number | null; stdout: string; modules: string[] } {
  const r = spawnSync(process.execPath, ['--import', register, LOUPE_BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  const modules = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('resolved '))
    .map((l) => l.slice('resolved '.length));
  return { code: r.status, stdout: r.stdout, modules };
}

/** What only documents need: the core's whole surface, pdf.js, OCR, the signature verifier, PDF decryption, the HTTP stack. */
const DOCUMENT_ONLY = /\/core\/dist\/(index|internal)\.js$|pdfjs-dist|tesseract|pkijs|@noble\/ciphers|fastify|\/cli\/dist\/commands/;

/** Packages a light command must not load. */
const HEAVY = /onnxruntime|pdfjs-dist|@napi-rs\/canvas|tesseract|fastify|@loupe\/node|@loupe\/worker|packages\/node\/|\.wasm/;

describe('loupe start-up', () => {
  it('answers --help and -h for every command with its usage and exit 0', () => {
    for (const command of ['scan', 'detect', 'digest', 'serve', 'accounts', 'webhooks', 'worker', 'migrate'])
      for (const flag of ['--help', '-h']) {
        const r = run([command, flag]);
        expect(r.code, `${command} ${flag}`).toBe(0);
        expect(r.stdout, `${command} ${flag}`).toMatch(new RegExp(`^Usage:\\n {2}loupe ${command} `));
      }
    const whole = run(['--help']);
    expect(whole.code).toBe(0);
    for (const command of ['scan', 'detect', 'digest', 'serve', 'accounts', 'webhooks', 'worker', 'migrate'])
      expect(whole.stdout).toContain(`loupe ${command} `);
    expect(run(['help', 'serve']).stdout).toMatch(/^Usage:\n {2}loupe serve /);
    expect(run(['scan', '--nonsense', 'x.pdf']).code).toBe(2);
  });

  it('loads no engine, model runtime, PDF reader or HTTP stack for --help, digest and accounts', () => {
    const help = run(['serve', '--help']);
    expect(help.modules.filter((m) => m.includes('/node_modules/'))).toEqual([]);
    writeFileSync(join(dir, 'a.txt'), 'a');
    const digest = run(['digest', join(dir, 'a.txt')]);
    expect(digest.code).toBe(0);
    expect(digest.modules.filter((m) => HEAVY.test(m))).toEqual([]);
    const accounts = run(['accounts', 'create', '--email', 'startup@example.com', '--data', join(dir, 'data'), '--json']);
    expect(accounts.code).toBe(0);
    expect(accounts.modules.some((m) => m.includes('better-sqlite3'))).toBe(true);
    expect(accounts.modules.filter((m) => HEAVY.test(m))).toEqual([]);
    // the check sees a heavy module when one loads
    expect(run(['scan', '--json', '--no-ocr', join(dir, 'a.txt')]).modules.some((m) => HEAVY.test(m))).toBe(true);
  });

  it('detects on a photo from one bundled module, without the document engine, pdf.js, OCR or the signature verifier', () => {
    writeFileSync(join(dir, 'photo.jpg'), photographScene(3, 640, 480));
    const detect = run(['detect', '--json', join(dir, 'photo.jpg')]);
    expect(detect.code).toBe(0);
    expect(JSON.parse(detect.stdout)).toMatchObject({ status: 'completed', media: { type: 'image' } });
    expect(detect.modules.filter((m) => DOCUMENT_ONLY.test(m))).toEqual([]);
    // the media surfaces of the core and of @loupe/node come bundled (packages/cli/tsup.config.ts),
    // not as the packages' own chunks: near a millisecond a module on a cold Node 20 process
    const ours = detect.modules.filter((m) => m.includes('/packages/'));
    expect(ours.some((m) => m.endsWith('/cli/dist/media-detection.js'))).toBe(true);
    expect(ours.filter((m) => /\/packages\/(core|node)\/dist\//.test(m))).toEqual([]);
    expect(ours.length).toBeLessThanOrEqual(8);
  });

  it("answers a pool's failed files with their codes, as one job does (the pool's core is not the bundle's)", () => {
    writeFileSync(join(dir, 'notes.txt'), 'no media here');
    writeFileSync(join(dir, 'cut.jpg'), photographScene(4, 320, 240).subarray(0, 600));
    const files = ['notes.txt', 'cut.jpg', 'photo.jpg'].map((f) => join(dir, f));
    writeFileSync(join(dir, 'photo.jpg'), photographScene(3, 640, 480));
    const codes = (jobs: string): string[] =>
      run(['detect', '--json', `--jobs=${jobs}`, ...files])
        .stdout.trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { error?: { code: string }; status?: string }).error?.code ?? 'completed');
    const one = codes('1');
    expect(one).toEqual(['UNSUPPORTED_MEDIA_TYPE', expect.stringMatching(/^(UNDECODABLE_IMAGE|UNSUPPORTED_MEDIA_TYPE)$/), 'completed']);
    expect(codes('2')).toEqual(one);
  });
});
