// The tip-off validator: a message a borrower reads must not tell them their document was flagged.
// It looks for the words and phrases a borrower could read that way (fraud, forged, tampered,
// altered, suspicious, investigation, ...) in any case and inflection, written with look-alike
// characters (Cyrillic and Greek homoglyphs, digits and symbols for letters, accents, zero-width
// characters), spaced and punctuated letter by letter ("f r a u d", "f.r.a.u.d") or misspelled
// by a slip or two ("fraudulant", "invesitgation"). Phrases that are ordinary requests in context
// pass: "not valid because it is blurry", "the totals do not match the form", "under review for
// approval". It answers the canonical terms it found; the list and its reasoning are in the server
// README, its precision and recall on a labelled set in bench/README.md.

/**
 * The terms, each a canonical name and the pattern of its inflections (matched as whole words of
 * the normalised text). Kept narrow enough that ordinary requests pass ("alternative",
 * "flagship" and "edit your details" do not match).
 */
export const TIP_OFF_TERMS: readonly { term: string; pattern: string }[] = [
  { term: 'fraud', pattern: 'fraud(?:s|ulent|ulently|ster|sters)?' },
  { term: 'forged', pattern: 'forg(?:e|ed|es|ery|eries|ing|er|ers)' },
  { term: 'fake', pattern: 'fak(?:e|ed|es|ing|ery)' },
  { term: 'counterfeit', pattern: 'counterfeit(?:s|ed|ing)?' },
  { term: 'falsified', pattern: 'falsi(?:fy|fied|fies|fying|fication)|false(?:ly)?|falsehood' },
  { term: 'tampered', pattern: 'tamper(?:s|ed|ing)?' },
  { term: 'altered', pattern: 'alter(?:s|ed|ing|ation|ations)' },
  { term: 'manipulated', pattern: 'manipulat(?:e|ed|es|ing|ion|ions)' },
  { term: 'doctored', pattern: 'doctored|doctoring' },
  { term: 'suspicious', pattern: 'suspicio(?:us|usly|n|ns)|suspect(?:s|ed|ing)?' },
  { term: 'investigation', pattern: 'investigat(?:e|ed|es|ing|ion|ions|or|ors)' },
  { term: 'flagged', pattern: 'flag(?:s|ged|ging)?|red[- ]?flags?' },
  {
    term: 'not genuine',
    // "not valid" only when no quality or freshness reason follows in the sentence ("not valid because it is blurry" is a quality request)
    pattern:
      "(?:not|isn'?t|wasn'?t) (?:genuine|authentic|real)|inauthentic|ingenuine|(?:not|isn'?t|wasn'?t) valid(?![^.!?]{0,60}(?:blurr|dark|cut off|cropped|unreadable|illegible|expired|out of date|too old|incomplete|missing|rotated|out of focus|hard to read))",
  },
  { term: 'irregularity', pattern: 'irregularit(?:y|ies)' },
  { term: 'discrepancy', pattern: 'discrepanc(?:y|ies)' },
  { term: 'inconsistent', pattern: 'inconsisten(?:t|cy|cies)' },
  {
    term: 'mismatch',
    // figures that do not match (each other, our records) disclose a check; not matching the borrower's own form is a request to confirm it
    pattern: "mismatch(?:es|ed)?|(?:(?:do|does|did) not|(?:don|doesn|didn)'?t) match(?! (?:the|your) (?:form|application)| what you)",
  },
  { term: 'verdict', pattern: 'verdicts?|risk scores?' },
  { term: 'rejected', pattern: 'reject(?:ed|ion)' },
  { term: 'compliance review', pattern: 'fraud team|compliance (?:team|review)' },
];

/** Look-alike characters and their letters. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ς: 's',
  σ: 's',
  // digits and symbols used for letters
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};

/** Lower case, accents and zero-width characters removed, look-alikes replaced (digits only inside words). */
function normalise(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u200b-\u200f\u2060\ufeff\u00ad]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  // a look-alike counts as a letter only next to a letter or another look-alike (so "$500" and "24 hours" stay as they are)
  return folded.replace(/[^\s]+/g, (word) => (/[a-z\u0400-\u04ff\u0370-\u03ff]/.test(word) ? [...word].map((c) => LOOK_ALIKES[c] ?? c).join('') : word));
}

/** Letters written one at a time ("f r a u d", "f.r.a.u.d", "f-r-a-u-d") joined into words. */
function joinSpacedLetters(text: string): string {
  return text.replace(/\b[a-z](?:[\s._*\-/·•]+[a-z]\b){2,}/g, (run) => run.replace(/[^a-z]/g, ''));
}

const COMPILED = TIP_OFF_TERMS.map(({ term, pattern }) => ({ term, regex: new RegExp(`(?<![a-z])(?:${pattern})(?![a-z])`, 'i') }));

/** The words a misspelling of which still discloses a flag, with their canonical term. */
const MISSPELLABLE: readonly [string, string][] = [
  ['fraudulent', 'fraud'],
  ['forged', 'forged'],
  ['forgery', 'forged'],
  ['counterfeit', 'counterfeit'],
  ['falsified', 'falsified'],
  ['tampered', 'tampered'],
  ['altered', 'altered'],
  ['manipulated', 'manipulated'],
  ['doctored', 'doctored'],
  ['suspicious', 'suspicious'],
  ['investigation', 'investigation'],
  ['flagged', 'flagged'],
  ['irregularity', 'irregularity'],
  ['discrepancy', 'discrepancy'],
  ['inconsistent', 'inconsistent'],
];

/** Ordinary words one edit from a term (they are not misspellings of it). */
const NEAR_WORDS = new Set([
  'forget',
  'forgets',
  'forger',
  'gorged',
  'auspicious',
  'pampered',
  'tempered',
  'flogged',
  'flapped',
  'consistent',
  'consistently',
  'regularity',
]);

/** Optimal string alignment distance (edits, with adjacent transpositions), stopping past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Terms written with one slip (two in long words): "fraudulant", "tamperd", "invesitgation". */
function misspelledTerms(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.match(/[a-z]{5,}/g) ?? []) {
    if (NEAR_WORDS.has(word)) continue;
    for (const [target, term] of MISSPELLABLE) {
      const limit = target.length >= 10 ? 2 : 1;
      if (word !== target && editDistance(word, target, limit) <= limit) found.add(term);
    }
  }
  return found;
}

/** The canonical tip-off terms `message` contains, in list order (empty when it is safe). */
export function tipOffTerms(message: string): string[] {
  const normal = normalise(message);
  const forms = [normal, joinSpacedLetters(normal), normal.replace(/(\w)[-_*.](?=\w)/g, '$1')];
  const slips = misspelledTerms(forms.join(' '));
  return COMPILED.filter(({ term, regex }) => slips.has(term) || forms.some((form) => regex.test(form))).map(({ term }) => term);
}
