// The tip-off validator: a message a borrower reads must not tell them their document was flagged.
// It looks for the words and phrases a borrower could read that way (fraud, forged, tampered,
// altered, suspicious, investigation, ...) in any case and inflection, written with look-alike
// characters (Cyrillic and Greek homoglyphs, digits and symbols for letters, accents, zero-width
// characters) or spaced and punctuated letter by letter ("f r a u d", "f.r.a.u.d"). It answers
// the canonical terms it found; the list and its reasoning are in the server README.

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
  { term: 'not genuine', pattern: "(?:not|isn'?t|wasn'?t) (?:genuine|authentic|real|valid)|inauthentic|ingenuine" },
  { term: 'irregularity', pattern: 'irregularit(?:y|ies)' },
  { term: 'discrepancy', pattern: 'discrepanc(?:y|ies)' },
  { term: 'inconsistent', pattern: 'inconsisten(?:t|cy|cies)' },
  { term: 'mismatch', pattern: "mismatch(?:es|ed)?|(?:do|does|did) not match|(?:don|doesn|didn)'?t match" },
  { term: 'verdict', pattern: 'verdicts?|risk scores?' },
  { term: 'rejected', pattern: 'reject(?:ed|ion)' },
  { term: 'compliance review', pattern: 'fraud team|compliance (?:team|review)|under review for' },
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

/** The canonical tip-off terms `message` contains, in list order (empty when it is safe). */
export function tipOffTerms(message: string): string[] {
  const normal = normalise(message);
  const forms = [normal, joinSpacedLetters(normal), normal.replace(/(\w)[-_*.](?=\w)/g, '$1')];
  return COMPILED.filter(({ regex }) => forms.some((form) => regex.test(form))).map(({ term }) => term);
}
