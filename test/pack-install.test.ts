// The packages as an integrator gets them: every publishable workspace package packed with `npm
// pack` (its prepack scripts included), the tarballs installed together in a fresh project outside
// the workspace with npm's default settings (none of this repository's .npmrc or environment:
// onnxruntime-node's install script, which downloads GPU libraries from outside npm, is left to
// fail, so the optional native runtime drops out and onnxruntime-web runs the models), and the
// installed `loupe` run from there: `scan --json` and `detect --json` answer what the workspace's
// answers, the models come from the installed @loupe/models (the VAD included, no
// @ricky0123/vad-web), every package carries its LICENSE, the tarballs pass publint and
// arethetypeswrong, importing a library sets no global, and `loupe serve` answers with its
// console. Needs the npm registry (as CI has); about a minute and a half here. better-sqlite3's
// install looks for a prebuilt binary on GitHub, which an integrator reaches and this machine does
// not: the workspace's own build is offered as that prebuild (prebuild-install's local prebuilds),
// so the install does not spend two minutes compiling SQLite; another version compiles as before.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePorts } from '@loupe/fixtures/free-ports';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const PACKAGES = ['models', 'packages/core', 'packages/worker', 'packages/node', 'packages/server', 'packages/cli', 'packages/client', 'packages/browser'];
const dir = mkdtempSync(join(tmpdir(), 'loupe-pack-'));
const project = join(dir, 'project');
/** A page's project: only what a browser pre-screen installs (no pdf.js, no Node packages). */
const webProject = join(dir, 'web');
const tarballs: { name: string; path: string }[] = [];

/** This process's environment without npm's and onnxruntime's settings (what a fresh shell has). */
function plainEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && !/^ONNXRUNTIME/i.test(k) && k !== 'INIT_CWD'));
}

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, env: plainEnv(), encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });

/** `run` without blocking (vitest's worker must keep answering while npm works for a minute). */
const runAsync = async (command: string, args: string[], cwd: string, env = plainEnv()): Promise<void> => {
  await promisify(execFile)(command, args, { cwd, env, maxBuffer: 1 << 26 });
};

/**
 * The environment for `npm install`: a fresh shell's, plus the workspace's better-sqlite3 build as
 * the prebuild its install script would download (named as prebuild-install names its assets).
 */
async function installEnv(): Promise<NodeJS.ProcessEnv> {
  const sqlite = join(root, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'))) return plainEnv();
  const { version } = JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string };
  const prebuilds = join(dir, 'prebuilds');
  mkdirSync(prebuilds);
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await runAsync('tar', ['czf', join(prebuilds, asset), 'build/Release/better_sqlite3.node'], sqlite);
  return { ...plainEnv(), npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

beforeAll(async () => {
  const packs = join(dir, 'packs');
  mkdirSync(packs);
  mkdirSync(project);
  for (const p of PACKAGES) await runAsync('npm', ['pack', '--silent', '--pack-destination', packs], join(root, p));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  for (const p of PACKAGES) {
    const { name, version } = JSON.parse(readFileSync(join(root, p, 'package.json'), 'utf8')) as { name: string; version: string };
    tarballs.push({ name, path: join(packs, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`) });
  }
  await runAsync('npm', ['install', '--no-audit', '--no-fund', ...tarballs.map((t) => t.path)], project, await installEnv());
  mkdirSync(webProject);
  writeFileSync(join(webProject, 'package.json'), JSON.stringify({ name: 'page', private: true, type: 'module' }));
  const forPage = tarballs.filter((t) => ['@loupe/browser', '@loupe/core', '@loupe/worker'].includes(t.name)).map((t) => t.path);
  await runAsync('npm', ['install', '--no-audit', '--no-fund', ...forPage], webProject);
}, 900_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** JSON Lines of the installed `loupe` and of the workspace's, on the same files. */
function bothWays(args: string[]): { installed: Record<string, unknown>[]; workspace: Record<string, unknown>[] } {
  const lines = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    installed: lines(run(join(project, 'node_modules', '.bin', 'loupe'), args, project)),
    workspace: lines(run(process.execPath, [join(root, 'packages', 'cli', 'bin', 'loupe.js'), ...args], project)),
  };
}

describe('packed and installed outside the workspace', () => {
  it('scans documents as the workspace does', async () => {
    const genuine = await makeStatement({ seed: 41 });
    writeFileSync(join(project, 'genuine.pdf'), genuine);
    writeFileSync(join(project, 'edited.pdf'), await editText(genuine, 0, 'First Example Bank', 'Last Example Bank'));
    const { installed, workspace } = bothWays(['scan', '--json', '--no-ocr', 'genuine.pdf', 'edited.pdf']);
    const essence = (d: Record<string, unknown>) => ({
      verdict: d.verdict,
      risk_score: d.risk_score,
      codes: (d.indicators as { code: string }[]).map((i) => i.code),
    });
    expect(installed.map(essence)).toEqual(workspace.map(essence));
    expect(installed[1]!.verdict).not.toBe('CLEAN');
  });

  it('detects media with the installed models and the runtime that installed', () => {
    writeFileSync(join(project, 'photo.jpg'), photographScene(12));
    writeFileSync(join(project, 'words.ogg'), readFileSync(fixtureAudio('natural-fr-words.ogg')));
    const { installed, workspace } = bothWays(['detect', '--json', 'photo.jpg', 'words.ogg']);
    expect(installed.map((d) => d.verdict)).toEqual(workspace.map((d) => d.verdict));
    for (const [i, d] of installed.entries()) expect(Math.abs((d.score as number) - (workspace[i]!.score as number))).toBeLessThanOrEqual(0.01);
    const probe = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('@loupe/node'); console.log(JSON.stringify({ runtime: await m.inferenceRuntime(), models: m.MODELS_DIR }))",
      ],
      project,
    );
    const { runtime, models } = JSON.parse(probe) as { runtime: string; models: string };
    expect(models).toBe(join(project, 'node_modules', '@loupe', 'models'));
    expect(['onnxruntime-node', 'onnxruntime-web']).toContain(runtime);
    expect(existsSync(join(models, 'silero_vad_v5.onnx'))).toBe(true);
    expect(existsSync(join(project, 'node_modules', '@ricky0123'))).toBe(false);
    for (const p of ['core', 'worker', 'node', 'server', 'cli', 'client', 'browser', 'models'])
      expect(existsSync(join(project, 'node_modules', '@loupe', p, 'LICENSE'))).toBe(true);
  });

  it('passes publint and arethetypeswrong (ESM only: no CommonJS entry is offered)', () => {
    const bin = (name: string) => join(root, 'node_modules', '.bin', name);
    expect(tarballs.length).toBe(PACKAGES.length);
    for (const t of tarballs) {
      expect(run(bin('publint'), ['run', t.path, '--strict'], dir), t.name).toContain('All good!');
      // the models package holds no code and no types
      if (t.name !== '@loupe/models') run(bin('attw'), [t.path, '--profile', 'esm-only', '--format', 'ascii'], dir);
    }
  });

  it('compiles against the installed types with skipLibCheck off (a Node service; a page without pdf.js)', async () => {
    // `types` named, as a project does: left to default, TypeScript would load every @types package
    // installed, and mediabunny's @types/dom-webcodecs clashes with TypeScript 5.9's own DOM library
    const check = async (folder: string, moduleResolution: string, types: string[], lines: string[]) => {
      writeFileSync(join(folder, 'check.ts'), `${lines.join('\n')}\n`);
      const compilerOptions = {
        target: 'ES2022',
        module: moduleResolution === 'Bundler' ? 'ESNext' : 'NodeNext',
        moduleResolution,
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types,
      };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
      try {
        // not blocking: on a slow machine tsc takes long enough to time out vitest's worker RPC
        await runAsync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder], folder);
      } catch (error) {
        throw new Error(`tsc in ${folder}: ${(error as { stdout?: string }).stdout ?? error}`);
      }
    };
    await check(
      project,
      'NodeNext',
      ['node'],
      [
        "import { sniffFormat } from '@loupe/core';",
        "import { createNodeEngine, createNodeMediaEngine, createNodePool } from '@loupe/node';",
        "import { createLoupeClient } from '@loupe/client';",
        "import { createServer } from '@loupe/server';",
        'export const used = [sniffFormat, createNodeEngine, createNodeMediaEngine, createNodePool, createLoupeClient, createServer];',
      ],
    );
    expect(existsSync(join(webProject, 'node_modules', 'pdfjs-dist'))).toBe(false);
    await check(
      webProject,
      'Bundler',
      [],
      [
        "import { createBrowserEngine } from '@loupe/browser';",
        "import { sniffFormat } from '@loupe/core';",
        "import { createWebPool } from '@loupe/worker/web';",
        'export const used = [createBrowserEngine, sniffFormat, createWebPool];',
      ],
    );
  });

  it('sets no globals when a library is imported', () => {
    for (const name of ['@loupe/core', '@loupe/worker', '@loupe/node', '@loupe/client']) {
      const script = `const before = new Set(Object.getOwnPropertyNames(globalThis)); await import('${name}'); console.log(JSON.stringify(Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k))))`;
      expect([name, JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project))]).toEqual([name, []]);
    }
  });

  it('serves the API and the console from the install', async () => {
    const [port, sandboxPort] = await freePorts(2);
    const server = spawn(
      join(project, 'node_modules', '.bin', 'loupe'),
      ['serve', '--data', join(dir, 'data'), '--port', String(port), '--sandbox-port', String(sandboxPort)],
      {
        cwd: project,
        env: plainEnv(),
        stdio: 'ignore',
      },
    );
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(await health!.json()).toEqual({ status: 'ok' });
      const page = await fetch(`http://127.0.0.1:${port}/console/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('reviewer console');
    } finally {
      server.kill('SIGTERM');
    }
  });
});
