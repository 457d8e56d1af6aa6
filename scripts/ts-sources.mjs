// The TypeScript sources of a folder, for the scripts that read a package's code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir` whose path `skip` does not match (default: tests and declarations). */
export function sources(dir, skip = /\.(test|d)\.ts$/) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sources(path, skip));
    else if (path.endsWith('.ts') && !skip.test(path)) out.push(path);
  }
  return out;
}
