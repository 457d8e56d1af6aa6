// Types of import-cycles.mjs for the type-checked tests.

/** The import graph of the sources below `root`: file -> files it imports. */
export function importGraph(root: string): Map<string, Set<string>>;
/** File-level import cycles below `root`, as paths relative to it. */
export function importCycles(root: string): string[][];
/** Cycles among the first-level folders (and top-level files) below `root`. */
export function folderCycles(root: string): string[][];
