// Printed dates read from text: ISO (2024-03-15), numeric with any separator (03/15/2024,
// 15.03.24 — month first unless the first number cannot be a month), and month names before or
// after the day (Mar 15, 2024; 15 March 2024). Every date found in a string, in order, as ISO
// dates with their position, so a caller can read a labelled date or a period's two ends.

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** The month (1-12) a word names: in full, by its first three letters, or "Sept"; 0 for any other word. */
export function monthNamed(word: string): number {
  const w = word.toLowerCase();
  return MONTH_NAMES.findIndex((m) => m === w || m.slice(0, 3) === w || (w === 'sept' && m === 'september')) + 1;
}
const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] | undefined }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/g,
    parse: (m) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      let y = Number(m[3]);
      if (y < 100) y += 2000;
      return a > 12 ? [y, b, a] : [y, a, b];
    },
  },
  {
    re: /\b([A-Z][a-z]{2,8})\.? (\d{1,2}),? (\d{4})\b/g,
    parse: (m) => {
      const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
      return month < 0 ? undefined : [Number(m[3]), month + 1, Number(m[2])];
    },
  },
  {
    re: /\b(\d{1,2}) ([A-Z][a-z]{2,8})\.? (\d{4})\b/g,
    parse: (m) => {
      const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
      return month < 0 ? undefined : [Number(m[3]), month + 1, Number(m[1])];
    },
  },
];

/** A date found in a string: where it starts and ends, and the day it names (ISO `yyyy-mm-dd`). */
export interface FoundDate {
  index: number;
  end: number;
  iso: string;
}

/** Every valid date in `text`, in order of position (overlapping readings keep the first). */
export function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, parse } of DATE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const parts = parse(m as RegExpExecArray);
      if (!parts) continue;
      const [y, mo, d] = parts;
      const date = new Date(Date.UTC(y, mo - 1, d));
      if (mo < 1 || mo > 12 || d < 1 || d > 31 || date.getUTCDate() !== d || y < 1900 || y > 2200) continue;
      found.push({ index: m.index!, end: m.index! + m[0].length, iso: date.toISOString().slice(0, 10) });
    }
  }
  found.sort((a, b) => a.index - b.index);
  const kept: FoundDate[] = [];
  for (const f of found) if (!kept.length || f.index >= kept[kept.length - 1]!.end) kept.push(f);
  return kept;
}

/** The first date in `text`, as an ISO date. */
export function firstDate(text: string): string | undefined {
  return datesIn(text)[0]?.iso;
}

/** Whole days from ISO date `a` to ISO date `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}
