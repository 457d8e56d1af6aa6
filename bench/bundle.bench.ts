// What an integrator's bundler keeps of the engine, and what importing it costs, measured in one
// run with esbuild (the bundler most tools build on) against the built packages (run `npm run
// build` first; `npm run bench:bundle` does):
// - one small function of @loupe/core bundled alone, minified (budget 30 KB);
// - the documents-only pre-screening page (examples/vite-page) minified and gzipped, pdf.js
//   excluded, split as a bundler splits dynamic imports: what loads up front (budget 150 KB
//   gzipped) and what loads when a file needs it;
// - `import('@loupe/core')` in a fresh process against Node's own start (budget 150 ms).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { median } from './measure.js';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'loupe-bundle-'));
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

console.log('One function of @loupe/core, bundled alone and minified (budget 30 KB):');
for (const name of ['sniffFormat', 'manifestDigest', 'diffWords', 'sha256Hex', 'toDocumentError']) {
  const out = await build({
    // as an integrator's module would import it, resolved from the workspace
    stdin: { contents: `import { ${name} } from '@loupe/core'; console.log(${name});`, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  const bytes = out.outputFiles[0]!.contents;
  console.log(`  ${name.padEnd(16)} ${kb(bytes.length).padStart(9)} (${kb(gzipSync(bytes).length)} gzipped)`);
}

const pageDir = join(dir, 'page');
await build({
  entryPoints: [join(root, 'examples', 'vite-page', 'src', 'main.ts')],
  bundle: true,
  minify: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  outdir: pageDir,
  external: ['pdfjs-dist', '*?url'],
  logLevel: 'error',
});
const files = readdirSync(pageDir).filter((f) => f.endsWith('.js'));
const gz = (f: string) => gzipSync(readFileSync(join(pageDir, f))).length;
const upFront = gz('main.js');
console.log('\nThe documents-only pre-screening page (examples/vite-page; pdf.js excluded), minified:');
console.log(`  up front   ${kb(statSync(join(pageDir, 'main.js')).size).padStart(9)}, ${kb(upFront)} gzipped (budget 150 KB gzipped)`);
for (const f of files.filter((f) => f !== 'main.js' && statSync(join(pageDir, f)).size > 1024))
  console.log(`  on demand  ${kb(statSync(join(pageDir, f)).size).padStart(9)}, ${kb(gz(f))} gzipped (${f})`);

const wall = (args: string[]): number => {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    execFileSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  return median(times);
};
const node = wall(['-e', '0']);
const core = wall(['--input-type=module', '-e', "await import('@loupe/core')"]);
console.log(
  `\nimport('@loupe/core') in a fresh process: ${core.toFixed(0)} ms whole, ${(core - node).toFixed(0)} ms after Node's own start (node -e 0: ${node.toFixed(0)} ms; budget 150 ms)`,
);
rmSync(dir, { recursive: true, force: true });
