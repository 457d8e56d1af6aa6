// Pages written apart: among the first save's pages that share fonts (one producer's resources,
// one save), pages whose drawing instructions are written another way than the others'. A
// producer writes every page of a save with one writer. A script that changes a figure parses the
// page it is on and writes that page again in its own way, and leaves the other pages as they
// were. So this needs no fingerprint of the producer, only the pages the forger left.
import { CONTENT_TRAITS, type ContentSyntax, type ContentTrait, type FirstSavePage } from '../../../readers/content-syntax.js';

/** A trait the pages disagree on: the form the pages apart show, and the form the others show. */
export interface SplitHabit {
  trait: ContentTrait;
  apart: string;
  others: string;
}

/** Pages of a save written another way than the pages that share their fonts. */
export interface PagesApart {
  /** The pages written apart (1-based), the fewer of the two ways; on a tie, the first page's way. */
  pages: number[];
  /** The pages written the other way. */
  others: number[];
  split: SplitHabit[];
}

/** Traits two ways of writing must differ on (one may follow from what a page shows: its fonts, its arrays). */
const SPLIT_TRAITS = 2;

/** The definite form of `trait` on a page (neither unread nor mixed). */
const formOf = (syntax: ContentSyntax, trait: ContentTrait): string | undefined => {
  const form = syntax[trait];
  return form === undefined || form === 'mixed' ? undefined : form;
};

/**
 * The pages of the first save (`firstPages`) written two ways, when those that share fonts split into two
 * groups: each group's pages agree on every trait they read definitely, and the groups read
 * different forms of at least `SPLIT_TRAITS` traits. Undefined when they do not split so.
 */
export function pagesWrittenApart(firstPages: readonly FirstSavePage[]): PagesApart | undefined {
  const pages = firstPages.map((p, i) => ({ number: i + 1, fonts: new Set(p.fonts), page: p }));
  // pages that share a font with another page: one producer's pages of one save (only theirs are decoded)
  const linked = pages
    .filter((p) => p.fonts.size > 0 && pages.some((q) => q !== p && [...p.fonts].some((f) => q.fonts.has(f))))
    .map((p) => ({ number: p.number, syntax: p.page.syntax() }));
  if (linked.length < 2) return undefined;
  // the ways of writing: pages grouped by the forms of every trait they read definitely
  const ways: { pages: typeof linked; forms: Partial<Record<ContentTrait, string>> }[] = [];
  for (const page of linked) {
    const forms = CONTENT_TRAITS.map((t) => [t, formOf(page.syntax, t)] as const);
    let way = ways.find((w) => forms.every(([t, form]) => form === undefined || w.forms[t] === undefined || form === w.forms[t]));
    if (!way) {
      way = { pages: [], forms: {} };
      ways.push(way);
    }
    way.pages.push(page);
    for (const [t, form] of forms) if (form !== undefined) way.forms[t] ??= form;
  }
  if (ways.length !== 2) return undefined;
  const [a, b] = ways as [(typeof ways)[number], (typeof ways)[number]];
  const split = CONTENT_TRAITS.flatMap((trait): SplitHabit[] => {
    const x = a.forms[trait];
    const y = b.forms[trait];
    return x !== undefined && y !== undefined && x !== y ? [{ trait, apart: x, others: y }] : [];
  });
  if (split.length < SPLIT_TRAITS) return undefined;
  const [apart, others] = b.pages.length < a.pages.length ? [b, a] : [a, b];
  return {
    pages: apart.pages.map((p) => p.number),
    others: others.pages.map((p) => p.number),
    split: apart === a ? split : split.map((s) => ({ trait: s.trait, apart: s.others, others: s.apart })),
  };
}
