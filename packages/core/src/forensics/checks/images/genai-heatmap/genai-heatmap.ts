// The GenAI heatmap: where the docforge patch model, asked for by the caller (`models:
// ["docforge"]`), scores connected patches of an uploaded picture over its threshold. The model
// runs before the checks (its rows are the Document's `genai_heatmap`); this check reports the
// areas. Not listed when the model was not asked for.
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PictureCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  genai_synthetic_region: indicator<{ page: number; flagged: number; patches: number; areas: number }>(copy.genai_synthetic_region, 'content', (f) =>
    f.flagged / f.patches > 0.5
      ? `The docforge model scores ${Math.round((f.flagged / f.patches) * 100)}% of the image as likely generated.`
      : `The docforge model scores ${f.flagged} connected patches (${f.areas} area${f.areas === 1 ? '' : 's'}) as likely generated or inpainted.`,
  ),
};

/** Areas reported at most. */
const MAX_AREAS = 10;

/** The areas the heatmap model flagged, or why it did not run; nothing when it was not asked for. */
function heatmapAreas({ heatmap, pictures }: PictureCheckContext): CheckResult<FindingOf<typeof indicators>> {
  if (!heatmap) return {};
  if ('notRun' in heatmap) return { notRun: [heatmap.notRun] };
  const picture = pictures[0];
  if (!picture || heatmap.areas.length === 0) return ran([]);
  return ran([
    {
      code: 'genai_synthetic_region',
      page: 1,
      flagged: heatmap.flagged,
      patches: heatmap.patches,
      areas: heatmap.areas.length,
      boxes: heatmap.areas.map((a) => picture.toPage(a)).slice(0, MAX_AREAS),
    },
  ]);
}

/** The GenAI heatmap check. */
export const genaiHeatmap = defineCheck({ name: 'GenAI heatmap', subjects: ['image'], order: 240, indicators, run: heatmapAreas });
