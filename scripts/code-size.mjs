#!/usr/bin/env node
// Sizes that say a unit does several jobs, in a package's TypeScript sources (tests and
// conformance suites left out): functions longer than a limit of lines, and interfaces (ports)
// with more members than a limit. Used by test/architecture.test.ts;
// `node scripts/code-size.mjs DIR [LIMIT]` prints the long functions.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sources } from './ts-sources.mjs';

/** Tests, declarations and conformance suites are not the package's code. */
const SKIP = /\.(test|d)\.ts$|conformance\.ts$/;

/** Functions below `root` longer than `limit` lines: `{file, line, name, lines}`, longest first. */
export function longFunctions(root, limit) {
  const found = [];
  for (const file of sources(root, SKIP)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        const lines = last - first + 1;
        if (lines > limit) found.push({ file: relative(root, file), line: first + 1, name: node.name?.getText(source) ?? '(anonymous)', lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

/** Interfaces below `root` with more than `limit` members: `{file, name, members}`, largest first. */
export function largeInterfaces(root, limit) {
  const found = [];
  for (const file of sources(root, SKIP)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isInterfaceDeclaration(node) && node.members.length > limit)
        found.push({ file: relative(root, file), name: node.name.text, members: node.members.length });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.members - a.members);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'packages/server/src', limit = '150'] = process.argv.slice(2);
  const found = longFunctions(resolve(dir), Number(limit));
  for (const f of found) console.log(`${f.lines}\t${f.file}:${f.line} ${f.name}`);
  process.exit(found.length ? 1 : 0);
}
