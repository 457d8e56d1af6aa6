// The shape of the house, checked: no import cycles in any package, and what installing each
// published package pulls in. A browser or the pure core must never drag a Node-native package
// (an addon, a prebuilt binary, a platform-only toolchain) into an install, and the
// technology-neutral worker package must not depend on the Node platform.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkFolders, registrySource } from '../scripts/check-registry.mjs';
import { largeInterfaces, longFunctions } from '../scripts/code-size.mjs';
import { folderCycles, importCycles, importGraph } from '../scripts/import-cycles.mjs';

const root = join(import.meta.dirname, '..');
const PACKAGES = ['core', 'worker', 'node', 'browser', 'server', 'cli'];

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  gypfile?: boolean;
  os?: string[];
  cpu?: string[];
  scripts?: Record<string, string>;
}

const manifestAt = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where Node's resolution finds `name` from a package installed at `from`. */
function locate(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

/** Every package an install of the package at `dir` brings, by name, with its folder (optional peers are the installer's choice, so they are not counted). */
function closure(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (at: string): void => {
    const m = manifestAt(at);
    const peers = Object.keys(m.peerDependencies ?? {}).filter((name) => !m.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys({ ...m.dependencies, ...m.optionalDependencies }), ...peers]) {
      if (seen.has(name)) continue;
      const found = locate(name, at);
      if (!found) continue; // an optional package for another platform is not installed here
      seen.set(name, found);
      visit(found);
    }
  };
  visit(dir);
  return seen;
}

/** Packages known to need Node: native addons, prebuilt binaries, Node-only engines. */
const NODE_ONLY = [
  /^onnxruntime-node$/,
  /^@napi-rs\//,
  /^tesseract\.js$/,
  /^@ffmpeg-installer\//,
  /^@ffprobe-installer\//,
  /^better-sqlite3$/,
  /^pg$/,
  /^canvas$/,
  /^sharp$/,
  /^@loupe\/node$/,
  /^@loupe\/cli$/,
];

/** Why a package counts as Node-native, or undefined. */
function nodeNative(name: string, dir: string): string | undefined {
  if (NODE_ONLY.some((re) => re.test(name))) return 'a Node-only package';
  const m = manifestAt(dir);
  if (m.gypfile || existsSync(join(dir, 'binding.gyp'))) return 'a native addon';
  if (m.os || m.cpu) return `a prebuilt binary for ${[...(m.os ?? []), ...(m.cpu ?? [])].join('/')}`;
  if (/node-gyp|prebuild|node-pre-gyp|cmake-js/.test(`${m.scripts?.install ?? ''} ${m.scripts?.postinstall ?? ''}`)) return 'a native build at install';
  return undefined;
}

describe('import graph', () => {
  for (const name of PACKAGES) {
    it(`@loupe/${name} has no import cycle`, () => {
      expect(importCycles(join(root, 'packages', name, 'src'))).toEqual([]);
    });
  }
});

describe('folder graph', () => {
  for (const name of ['core', 'server']) {
    it(`the folders of @loupe/${name} import each other without a cycle`, () => {
      expect(folderCycles(join(root, 'packages', name, 'src'))).toEqual([]);
    });
  }

  it('the check sees a cycle between two folders', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-folders-'));
    try {
      for (const [folder, other] of [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ] as const) {
        mkdirSync(join(dir, folder));
        writeFileSync(join(dir, folder, 'x.ts'), `import { y } from '../${other}/y.js';\nexport const x = y;\n`);
        writeFileSync(join(dir, folder, 'y.ts'), 'export const y = 1;\n');
      }
      expect(folderCycles(dir)).toEqual([['a', 'b', 'c']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('imports between packages', () => {
  /** Every TypeScript file of the repository's packages, apps, tests and benchmarks (tests included). */
  const everySource = (): string[] =>
    ['packages', 'apps', 'test', 'bench', 'models', 'examples'].flatMap((top) =>
      readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.includes('node_modules') && !f.split(sep).includes('dist'))
        .map((f) => join(root, top, f)),
    );
  /** The folder a file belongs to as a unit: its package or app, else its top folder (test, bench). */
  const unitOf = (file: string): string => {
    const [top, name] = relative(root, file).split(sep);
    return top === 'packages' || top === 'apps' || top === 'examples' ? `${top}/${name}` : top!;
  };

  it("no package's file imports another package's by path, and nothing climbs into the fixtures", () => {
    const climbing: string[] = [];
    for (const file of everySource()) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = join(dirname(file), fileName);
        const from = unitOf(file);
        const to = unitOf(target);
        // a package's or app's files stay inside it; nothing reaches into the fixtures but by name
        const leavesPackage = to !== from && (from.startsWith('packages/') || from.startsWith('apps/') || to === 'packages/fixtures');
        if (leavesPackage) climbing.push(`${relative(root, file)} -> ${fileName}`);
      }
    }
    expect(climbing).toEqual([]);
  });
});

describe('size of every package and app', () => {
  /** Every package's and app's sources. */
  const UNITS = [...readdirSync(join(root, 'packages')).map((p) => `packages/${p}`), ...readdirSync(join(root, 'apps')).map((a) => `apps/${a}`)].filter(
    (unit) => existsSync(join(root, unit, 'src')),
  );
  /** The one named exception: the content-stream interpreter's operator switch (a case per PDF operator) and the method that holds it. */
  const operatorSwitch = (unit: string, f: { file: string; name: string }): boolean =>
    unit === 'packages/core' && f.file === join('pdf', 'content', 'text-interpreter.ts') && (f.name === 'run' || f.name === '(anonymous)');

  for (const unit of UNITS) {
    it(`${unit} has no function longer than 150 lines (a longer one does several jobs)`, () => {
      expect(longFunctions(join(root, unit, 'src'), 150).filter((f) => !operatorSwitch(unit, f))).toEqual([]);
    });
  }
  it('the server has no port or other interface with more than 25 members', () => {
    expect(largeInterfaces(join(root, 'packages', 'server', 'src'), 25)).toEqual([]);
  });
  it('the checks see what they must (and the exception is still the interpreter’s switch)', () => {
    const src = join(root, 'packages', 'server', 'src');
    expect(longFunctions(src, 60).length).toBeGreaterThan(0);
    expect(largeInterfaces(src, 10).length).toBeGreaterThan(0);
    expect(longFunctions(join(root, 'packages', 'core', 'src'), 150).filter((f) => operatorSwitch('packages/core', f)).length).toBeGreaterThan(0);
  });
});

describe('the checks of the core', () => {
  const checks = join(root, 'packages', 'core', 'src', 'forensics', 'checks');
  const folders = checkFolders(checks);
  const sourcesOf = (folder: string): string[] =>
    readdirSync(join(checks, folder))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(checks, folder, f));

  it('are one folder each, grouped by what they judge, every one in the registry the build writes', () => {
    expect(folders.length).toBeGreaterThanOrEqual(15);
    for (const folder of folders) expect(folder).toMatch(/^(structure|typesetting|arithmetic|images)\/[a-z-]+$/);
    expect(readFileSync(join(checks, 'registry.generated.ts'), 'utf8')).toBe(registrySource(folders));
  });

  it('each have a test beside them', () => {
    const missing = folders.filter((folder) => !existsSync(join(checks, folder, `${folder.split('/')[1]}.test.ts`)));
    expect(missing).toEqual([]);
  });

  it('hold no confidence or weight: the scoring policy weighs their findings', () => {
    const literal = /\b(confidence|weight)\s*[:=]\s*(Math\.(min|max)\()?\s*\d/;
    const holding = folders.flatMap(sourcesOf).filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(holding.map((file) => relative(checks, file))).toEqual([]);
  });

  it('import neither the catalogue, the policy, the examiner nor another group’s checks', () => {
    const graph = importGraph(join(root, 'packages', 'core', 'src'));
    const above = ['catalogue.ts', 'policy.ts', 'examine.ts', 'score.ts', 'indicators.ts'].map((f) => join(root, 'packages', 'core', 'src', 'forensics', f));
    const reaches: string[] = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith(checks + sep) || file.endsWith('registry.generated.ts')) continue;
      const group = relative(checks, file).split(sep)[0];
      for (const target of targets) {
        const otherGroup = target.startsWith(checks + sep) && relative(checks, target).split(sep)[0] !== group;
        if (above.includes(target) || otherGroup) reaches.push(`${relative(checks, file)} -> ${relative(checks, target)}`);
      }
    }
    expect(reaches).toEqual([]);
  });
});

describe('layers of the server', () => {
  /** What each folder of packages/server/src may import besides itself: plumbing below resources, resources below the APIs that compose them. */
  const ALLOWED: Record<string, string[]> = {
    store: [],
    ops: ['store'],
    queue: ['store'],
    http: ['ops', 'store'],
    views: ['store'],
    notifications: ['views', 'http', 'ops', 'store'],
    documents: ['reports', 'notifications', 'views', 'http', 'queue', 'ops', 'store'],
    console: ['http'],
    loans: ['notifications', 'views', 'http', 'store'],
    reports: ['notifications', 'views', 'http', 'queue', 'store'],
    recapture: ['reports', 'notifications', 'views', 'http', 'queue', 'store'],
    media: ['http', 'ops', 'store'],
    mcp: ['media', 'http', 'store'],
    apis: ['documents', 'loans', 'reports', 'recapture', 'http', 'queue', 'store'],
  };
  const src = join(root, 'packages', 'server', 'src');
  const graph = importGraph(src);
  const folderOf = (file: string) => relative(src, file).split(sep)[0]!;
  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    it(`${folder}/ imports only ${allowed.join(', ') || 'itself'}`, () => {
      const reaches: string[] = [];
      for (const [file, targets] of graph) {
        if (folderOf(file) !== folder) continue;
        for (const target of targets) {
          const to = folderOf(target);
          if (to !== folder && !allowed.includes(to)) reaches.push(`${relative(src, file)} -> ${relative(src, target)}`);
        }
      }
      expect(reaches).toEqual([]);
    });
  }
});

describe('layers of the core', () => {
  /** Folders (or root modules) of packages/core/src each low layer may import. */
  const LOW_LAYERS: Record<string, string[]> = {
    pdf: ['pdf', 'bytes.ts', 'defined.ts', 'errors.ts', 'on-demand.ts', 'platform.ts', 'wasm', 'spec'],
    containers: ['containers', 'bytes.ts', 'errors.ts', 'spec', 'pdf/filters'],
    wasm: ['wasm'],
    spec: ['spec', 'errors.ts'],
  };
  const src = join(root, 'packages', 'core', 'src');
  const graph = importGraph(src);
  for (const [layer, allowed] of Object.entries(LOW_LAYERS)) {
    it(`${layer}/ imports nothing above it`, () => {
      const reaches: string[] = [];
      for (const [file, targets] of graph) {
        if (!relative(src, file).startsWith(`${layer}/`)) continue;
        for (const target of targets) {
          const to = relative(src, target);
          if (!allowed.some((a) => to === a || to.startsWith(`${a}/`))) reaches.push(`${relative(src, file)} -> ${to}`);
        }
      }
      expect(reaches).toEqual([]);
    });
  }
});

describe('installed dependency closure', () => {
  const native = (pkg: string): string[] =>
    [...closure(join(root, 'packages', pkg))].flatMap(([name, dir]) => {
      const why = nodeNative(name, dir);
      return why ? [`${name} (${why})`] : [];
    });

  it('@loupe/core pulls in no Node-native package', () => {
    expect(native('core')).toEqual([]);
  });

  it('@loupe/browser pulls in no Node-native package', () => {
    expect(native('browser')).toEqual([]);
  });

  it('@loupe/worker pulls in no Node-native package and not the Node platform', () => {
    expect(native('worker')).toEqual([]);
    expect([...closure(join(root, 'packages', 'worker')).keys()]).not.toContain('@loupe/node');
  });

  it('the check sees what it must: @loupe/node pulls in its native packages', () => {
    const found = native('node').join(' ');
    for (const name of ['onnxruntime-node', '@napi-rs/canvas', 'tesseract.js', '@ffmpeg-installer/ffmpeg']) expect(found).toContain(name);
  });
});

describe('package entry points', () => {
  it('every published package names its public entries in an exports map, types first', () => {
    for (const name of PACKAGES) {
      const m = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> };
      for (const [entry, conditions] of Object.entries(m.exports)) {
        const keys = Object.keys(conditions).filter((k) => k !== '@loupe/source');
        if ('types' in conditions) expect(keys[0], `${name} ${entry}`).toBe('types');
        expect(conditions['@loupe/source'], `${name} ${entry}`).toMatch(/^\.\/src\//);
      }
    }
  });

  it("the core's main entry serves no test helper (they live in @loupe/core/testing)", async () => {
    const core = await import('@loupe/core');
    const testing = await import('@loupe/core/testing');
    for (const helper of Object.keys(testing)) expect(Object.keys(core), helper).not.toContain(helper);
  });

  it("the core's main entry serves no internal (they live in @loupe/core/internal), and the examples use the public entries only", async () => {
    const core = await import('@loupe/core');
    const internal = await import('@loupe/core/internal');
    for (const name of Object.keys(internal)) expect(Object.keys(core), name).not.toContain(name);
    const sources = readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.(ts|mjs|js)$/.test(f) && !f.includes('node_modules'),
    );
    expect(sources.length).toBeGreaterThan(3);
    for (const file of sources) expect(readFileSync(join(root, 'examples', file), 'utf8'), file).not.toMatch(/@loupe\/[a-z]+\/internal/);
  });
});
