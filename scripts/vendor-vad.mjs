// prepack of @loupe/models: the Silero VAD file the manifest names (kept in the repository's
// node_modules, from @ricky0123/vad-web) copied into the package, so an install of @loupe/models
// has every model without that package (and the onnxruntime-web it depends on). The copy is
// ignored by git; the model store reads a manifest entry's file from the folder first, then from
// the package the entry names.
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const models = join(import.meta.dirname, '..', 'models');
const require = createRequire(join(models, 'package.json'));
const manifest = JSON.parse(readFileSync(join(models, 'manifest.json'), 'utf8'));
for (const entry of manifest.models) {
  if (!entry.package) continue;
  copyFileSync(join(dirname(require.resolve(entry.package)), entry.file), join(models, entry.file));
  console.log(`vendored ${entry.file} from ${entry.package}`);
}
