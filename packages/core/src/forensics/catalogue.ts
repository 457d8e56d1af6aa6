// The catalogue, assembled from the check definitions (`checks/registry.generated.ts`, written
// from the check folders): every check in the order it runs and is listed, every indicator with
// its check, its evidence class and the sentence its findings are summarised by, and the types a
// finding of any check has. Nothing here is written by hand per check: a new check folder is in
// the catalogue when the registry is written (`npm run build`).
import type { AnyCheck, CheckDefinition, EvidenceClass, FindingOf, IndicatorDefinition, Subject } from './check.js';
import { CHECK_DEFINITIONS } from './checks/registry.generated.js';

/** Every check's definition. */
type Definitions = (typeof CHECK_DEFINITIONS)[number];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;
type IndicatorsOf<D> = D extends CheckDefinition<string, infer I, Subject> ? I : never;
/** Every check's indicators, by code. */
type AllIndicators = UnionToIntersection<IndicatorsOf<Definitions>>;

/** Every indicator code. */
export type IndicatorCode = keyof AllIndicators & string;
/** A finding of any check: a union discriminated by `code`. */
export type Finding = FindingOf<AllIndicators>;
/** Names of the checks, as `checks_passed` reports them. */
export type CheckName = Definitions['name'];

/** One indicator as the catalogue lists it: its definition and the name of the check that raises it. */
export type CatalogueEntry = IndicatorDefinition<object> & { check: CheckName };

/** Every check, in the order they run and are listed. */
export const CHECK_LIST: readonly AnyCheck[] = [...CHECK_DEFINITIONS].sort((a, b) => a.order - b.order);

function assemble(): Record<IndicatorCode, CatalogueEntry> {
  const entries: Record<string, CatalogueEntry> = {};
  for (const check of CHECK_LIST) {
    for (const [code, definition] of Object.entries(check.indicators)) {
      if (code in entries) throw new Error(`Indicator ${code} is defined by both "${entries[code]!.check}" and "${check.name}".`);
      entries[code] = { ...(definition as IndicatorDefinition<object>), check: check.name as CheckName };
    }
  }
  return entries as Record<IndicatorCode, CatalogueEntry>;
}

/** Every indicator, by code, with the check that raises it. */
export const CATALOGUE = assemble();

/** The class of evidence of every indicator (content, or a family of context). */
export const EVIDENCE = Object.fromEntries(Object.entries(CATALOGUE).map(([code, entry]) => [code, entry.evidence])) as Record<IndicatorCode, EvidenceClass>;

/** The sentence of a finding, rendered by its indicator. */
export const summaryOf = (finding: Finding): string => CATALOGUE[finding.code].summary(finding);
