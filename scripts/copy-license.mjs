// prepack of every published package: the repository's LICENSE copied into the package folder, so
// the tarball carries it (npm packs a LICENSE found at the package root). The copies are ignored by git.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

copyFileSync(join(import.meta.dirname, '..', 'LICENSE'), join(process.cwd(), 'LICENSE'));
