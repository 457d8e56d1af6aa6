// A producer's fingerprint: the writing habits genuine files of each producer share, of the file
// (`file-syntax.ts`) and of its pages' content streams (`content-syntax.ts`), learned by
// bench/tools/learn-fingerprints.ts from the genuine files of every source (`fingerprints.json`);
// and the habits of a file that names a producer but is not written like it.
import type { PdfFile } from '../../../../pdf/pdf-file.js';
import { CONTENT_TRAITS, type ContentSyntax, type ContentTrait, type FirstSavePage, firstSavePages } from '../../../readers/content-syntax.js';
import { type FileSyntax, fileSyntax, producerFamily, type SyntaxTrait } from '../../../readers/file-syntax.js';
import table from './fingerprints.json' with { type: 'json' };

/** A writing habit: of the file, or of its pages' content. */
export type Habit = SyntaxTrait | ContentTrait;

/** The habits of the content streams, apart from the file's. */
export const CONTENT_HABITS: ReadonlySet<Habit> = new Set<Habit>(CONTENT_TRAITS);

/** The forms of the habits one file shows. */
export type Habits = Partial<Record<Habit, string>>;

/** The habits a file shows: of its first save, and of each of its first pages' content. */
export interface FileHabits {
  file: FileSyntax;
  pages: ContentSyntax[];
}

/**
 * The habits of the first save of `file` and of its first pages' content (`pages`, when the caller
 * read them already); undefined when its objects could not be placed.
 */
export function habitsOf(file: PdfFile, pages: readonly FirstSavePage[] = firstSavePages(file)): FileHabits | undefined {
  const syntax = fileSyntax(file);
  return syntax && { file: syntax, pages: pages.map((p) => p.syntax()) };
}

/** One producer's habits, how many genuine files showed them, and the producer strings (versions) they were written under. */
export interface Fingerprint {
  files: number;
  versions: string[];
  habits: Habits;
}

const FINGERPRINTS = table.families as Record<string, Fingerprint>;

/** Habits a file must break before it is said not to be the producer's writing (one may be an option or a version's change). */
export const BROKEN_HABITS = 2;

/** A habit of the named producer the file breaks: the trait, the producer's form and the file's (on `page`, for a habit of the content). */
export interface BrokenHabit {
  trait: Habit;
  habit: string;
  file: string;
  page?: number;
}

/** Versions a producer's habits must have held across before they are held to a version no genuine file showed. */
export const VERSIONS_TO_GENERALISE = 3;

/**
 * The fingerprint of the producer `producer` names, when genuine files have taught one that holds
 * for it: its own version was seen, or the habits held across `VERSIONS_TO_GENERALISE` versions
 * (a writer's habits change between releases: Ghostscript's header comment did).
 */
export function fingerprintOf(producer: string): Fingerprint | undefined {
  const fingerprint = FINGERPRINTS[producerFamily(producer)];
  if (!fingerprint) return undefined;
  return fingerprint.versions.includes(producer) || fingerprint.versions.length >= VERSIONS_TO_GENERALISE ? fingerprint : undefined;
}

/**
 * The habits of `fingerprint` that a file breaks: a habit of the file where it shows another form,
 * a habit of the content where a page shows another (the first such page; a page a script wrote
 * again among pages its producer wrote). A trait of mixed forms, or one the file or page gives no
 * reading of, breaks nothing.
 */
export function brokenHabits(fingerprint: Fingerprint, { file, pages }: FileHabits): BrokenHabit[] {
  const broken: BrokenHabit[] = [];
  const definite = (form: string | undefined, habit: string): form is string => form !== undefined && form !== 'mixed' && form !== habit;
  for (const [trait, habit] of Object.entries(fingerprint.habits) as [Habit, string][]) {
    if (!CONTENT_HABITS.has(trait)) {
      const form = file[trait as SyntaxTrait];
      if (definite(form, habit)) broken.push({ trait, habit, file: form });
      continue;
    }
    const page = pages.findIndex((p) => definite(p[trait as ContentTrait], habit));
    if (page >= 0) broken.push({ trait, habit, file: pages[page]![trait as ContentTrait]!, page: page + 1 });
  }
  return broken;
}
