#!/usr/bin/env node
// Finds import cycles among a package's TypeScript sources (type-only imports included: a type
// cycle is still two modules that cannot be understood apart). Relative specifiers are resolved
// the way the build resolves them (`./x.js` -> `./x.ts`, a folder -> its `index.ts`); test files
// are left out. Prints each cycle and exits 1 when there is one. Used by test/architecture.test.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sources } from './ts-sources.mjs';

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import graph of the sources below `root`: file -> files it imports. */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sources(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of `graph` with more than one node (or a node importing itself): Tarjan. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** File-level import cycles below `root`, as paths relative to it. */
export function importCycles(root) {
  return components(importGraph(root)).map((cycle) => cycle.map((f) => relative(root, f)).sort());
}

/**
 * Cycles among the first-level folders (and top-level files) below `root`: a folder that imports
 * another which, directly or through others, imports it back. Folders are layers; a cycle among
 * them means two layers that cannot be understood apart.
 */
export function folderCycles(root) {
  const unitOf = (file) => relative(root, file).split(sep)[0].replace(/\.ts$/, '');
  const units = new Map();
  for (const [file, targets] of importGraph(root)) {
    const from = unitOf(file);
    if (!units.has(from)) units.set(from, new Set());
    for (const target of targets) if (unitOf(target) !== from) units.get(from).add(unitOf(target));
  }
  return components(units).filter((cycle) => cycle.length > 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  let found = 0;
  for (const root of roots.length ? roots : ['packages/core/src']) {
    for (const cycle of importCycles(resolve(root))) {
      found++;
      console.log(`${root}: ${cycle.join(' <-> ')}`);
    }
  }
  process.exit(found ? 1 : 0);
}
