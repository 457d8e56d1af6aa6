// What a check is: one definition — its name (as `checks_passed` reports it), what it examines
// (PDFs, pictures or both) and needs (other checks' findings), where it is listed, the indicators
// it can raise (each with its evidence class, display copy and the sentence its findings are
// summarised by) and `run`, which reads a check context and returns findings as data. The
// catalogue, the check lists and the evidence table are assembled from the definitions
// (`catalogue.ts`, from the generated `checks/registry.generated.ts`); how much a finding weighs is
// the scoring policy's (`policy.ts`), never the check's.
import type { Severity } from '../spec/document.js';
import { outOfReadingFrame } from '../tables/reading-frame.js';
import type { PdfCheckContext, PictureCheckContext, TableContext } from './contexts.js';
import type { AnyFinding, PageBox, Placement } from './findings.js';

/**
 * Independent families of context signals. `active` (scripts, actions) is risk, `structure`
 * (a recovered cross-reference, data after the end, an owner password) is file health,
 * `resave` (a new document id) is what every save after the first does, and `reading` is a
 * content finding whose reading nothing corroborates (as likely a misreading as an edit, the
 * scoring policy's call): none is evidence of an edit, so none counts toward agreement (score.ts).
 * `provenance` is a claim the file makes about its own origin that its bytes contradict (a
 * producer named by a save that software did not write): a disguise, apart from what tool
 * touched the file (`tooling`) and what the saves changed (`revisions`).
 */
export type ContextFamily =
  | 'tooling'
  | 'dates'
  | 'revisions'
  | 'page_edit_metadata'
  | 'fonts'
  | 'provenance'
  | 'structure'
  | 'active'
  | 'resave'
  | 'reading'
  | 'print';

/**
 * What kind of evidence an indicator is. Content evidence shows the document's content was
 * changed: text changed between revisions, a cover-up, text shown that is not the text encoded,
 * arithmetic contradicted by figures read with confidence, a modified signed range, pixels that
 * disagree with their capture. Context is everything around the content (producer names,
 * metadata dates, revision bookkeeping, font packaging, structure quirks, active content), in
 * independent families: genuine files carry context every day, so context alone is capped below
 * SUSPICIOUS unless several families agree (score.ts).
 */
export type EvidenceClass = 'content' | ContextFamily;

/**
 * An indicator's display copy: the spec's Indicator fields and its severity. A check keeps the copy
 * of its indicators as data beside its module (`copy.json`), apart from the code that finds them.
 */
export interface IndicatorCopy {
  title: string;
  severity: string;
  what_it_is: string;
  what_it_means: string;
  how_detected: string;
}

/** One indicator as the check that raises it defines it; `F` is what its findings carry. */
export interface IndicatorDefinition<F extends object = object> extends IndicatorCopy {
  severity: Severity;
  /** Content evidence, or the family of context it belongs to. */
  evidence: EvidenceClass;
  /** One sentence about a finding, for display, from what it carries. */
  summary(finding: F & Placement): string;
}

/** A check's indicators, by code. */
// biome-ignore lint/suspicious/noExplicitAny: a check's indicators each carry facts of their own
export type Indicators = Record<string, IndicatorDefinition<any>>;

/** The facts a finding of indicator `D` carries (besides its code and placement). */
export type FactsOf<D> = D extends IndicatorDefinition<infer F> ? F : never;

/** The findings of a set of indicators: a union discriminated by `code`. */
export type FindingOf<I extends Indicators> = { [C in keyof I & string]: { code: C } & Placement & FactsOf<I[C]> }[keyof I & string];

const SEVERITIES: readonly string[] = ['high', 'medium', 'low'] satisfies Severity[];

/**
 * Defines one indicator whose findings carry `F`: its copy (from the check's `copy.json`), its
 * evidence class and the sentence a finding is summarised by. A copy with a severity the spec does
 * not have is refused when the check loads.
 */
export function indicator<F extends object = Record<never, never>>(
  copy: IndicatorCopy,
  evidence: EvidenceClass,
  summary: (finding: F & Placement) => string,
): IndicatorDefinition<F> {
  if (!SEVERITIES.includes(copy.severity)) throw new Error(`"${copy.title}" has the severity "${copy.severity}"; the spec's are ${SEVERITIES.join(', ')}.`);
  return { ...copy, severity: copy.severity as Severity, evidence, summary };
}

/** What a check examines: the PDF's structure and text, or the pictures of a photo, scan or image-only page. */
export type Subject = 'pdf' | 'image';

/** The context a check of `S` runs on. */
export type ContextOf<S extends Subject> = S extends 'pdf' ? PdfCheckContext : PictureCheckContext;

/**
 * What a check returns: its findings when it ran (on all or part of what it examines), and why
 * it could not run on the rest (or at all): `{ findings }`, `{ notRun: [why] }`, or both (a
 * picture check that read one page's image and not another's). Neither means it had nothing to
 * examine (no pictures): it is then not listed at all.
 */
export interface CheckResult<F> {
  findings?: F[];
  notRun?: string[];
}

/** A check that ran and found `findings`. */
export const ran = <F>(findings: F[]): CheckResult<F> => ({ findings });
/** A check that could not run, and why. */
export const notRun = (why: string): CheckResult<never> => ({ notRun: [why] });

/** A check as the examiner sees it, whatever its indicators and subjects (what one check reads of another). */
export interface AnyCheck {
  name: string;
  subjects: readonly Subject[];
  order: number;
  needs?: readonly AnyCheck[];
  indicators: Indicators;
  run(ctx: never, findingsOf: never): CheckResult<AnyFinding> | Promise<CheckResult<AnyFinding>>;
}

/** The findings of check `C`. */
export type FindingOfCheck<C> = C extends { indicators: infer I extends Indicators } ? FindingOf<I> : never;

/** What a check reads of the checks it needs: their findings (nothing when one could not run). */
export type NeededFindings = <C extends AnyCheck>(check: C) => readonly FindingOfCheck<C>[];

/** One check, defined once: everything the catalogue, the check lists and the examiner know of it. */
export interface CheckDefinition<N extends string, I extends Indicators, S extends Subject> {
  /** Its name in `checks_passed`. */
  name: N;
  /** What it examines; the examiner runs it on documents of these subjects. */
  subjects: readonly S[];
  /** Where its name and findings are listed among the checks (lower first). */
  order: number;
  /** Checks whose findings it reads; the examiner runs them first. */
  needs?: readonly AnyCheck[];
  /** Every indicator it can raise. */
  indicators: I;
  /**
   * Examines `ctx`; `findingsOf` gives what a needed check found (nothing when it could not run).
   * Checks of PDFs run synchronously; checks of pictures may await a port (a decoder, a model).
   */
  run(ctx: ContextOf<S>, findingsOf: NeededFindings): CheckResult<FindingOf<I>> | Promise<CheckResult<FindingOf<I>>>;
}

/** Defines a check (the identity, typed: a check module exports `defineCheck({...})`). */
export const defineCheck = <const N extends string, I extends Indicators, S extends Subject>(definition: CheckDefinition<N, I, S>): CheckDefinition<N, I, S> =>
  definition;

/** The sentence of `finding`, by the summary of its indicator in `indicators`. */
export function summaryOf<I extends Indicators>(indicators: I, finding: FindingOf<I>): string {
  return (indicators[finding.code] as IndicatorDefinition<object>).summary(finding);
}

/**
 * A check that reads the pages' words: not run when no page had any (image-only pages read
 * without OCR), so `checks_passed` never lists arithmetic that read nothing. The boxes of its
 * findings on a page read in its text's turned frame are placed back in user space.
 */
export function onWords<F extends Placement>(ctx: TableContext, run: () => F[]): CheckResult<F> {
  if (!ctx.pages.some((page) => (ctx.words(page)?.length ?? 0) > 0)) return { notRun: ['no words were read from the pages (image-only pages without OCR)'] };
  const findings = run();
  const turned = new Map(
    ctx.pages.flatMap((page) => {
      const turn = ctx.readingTurn?.(page.number) ?? 0;
      return turn ? [[page.number, { turn, crop: page.cropBox }] as const] : [];
    }),
  );
  if (turned.size === 0) return { findings };
  const userSpace = (box: PageBox): PageBox => {
    const page = turned.get(box.page);
    return page ? outOfReadingFrame(box, page.turn, page.crop) : box;
  };
  return { findings: findings.map((f) => (f.boxes ? { ...f, boxes: f.boxes.map(userSpace) } : f)) };
}
