// Generates src/generated/loupe-api.generated.ts from the OpenAPI document the server itself serves (the
// production listener's, which holds both APIs), with openapi-typescript. Run by the build; a test
// regenerates it and fails when the committed file differs, so the client cannot drift.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedTypes } from './openapi-types.js';

const target = join(import.meta.dirname, '..', 'src', 'generated', 'loupe-api.generated.ts');
writeFileSync(target, await generatedTypes());
console.log(`wrote ${target}`);
