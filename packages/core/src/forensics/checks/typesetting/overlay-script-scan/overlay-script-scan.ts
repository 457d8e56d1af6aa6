// The overlay/script scan: what a PDF runs or lays over its text. Active content and covering
// annotations are read from the object structure (`scripts.ts`), cover-ups from the pages' paint
// order (`cover-ups.ts`).
import { defineCheck, ran } from '../../../check.js';
import { coverUps } from './cover-ups.js';
import { indicators } from './indicators.js';
import { scriptsAndAnnotations } from './scripts.js';

/** The overlay/script scan. */
export const overlayScriptScan = defineCheck({
  name: 'overlay/script scan',
  subjects: ['pdf'],
  order: 50,
  indicators,
  run: (ctx) => ran([...scriptsAndAnnotations(ctx), ...coverUps(ctx)]),
});
