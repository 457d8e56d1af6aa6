// Types of code-size.mjs for the type-checked tests.

/** Functions below `root` longer than `limit` lines, longest first. */
export function longFunctions(root: string, limit: number): { file: string; line: number; name: string; lines: number }[];
/** Interfaces below `root` with more than `limit` members, largest first. */
export function largeInterfaces(root: string, limit: number): { file: string; name: string; members: number }[];
