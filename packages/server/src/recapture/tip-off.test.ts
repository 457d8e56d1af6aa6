// The tip-off validator catches what a borrower could read as "your document was flagged" —
// inflections, case, look-alike characters, spaced letters — and lets ordinary requests and the
// templates through.
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from './templates.js';
import { tipOffTerms } from './tip-off.js';

describe('tip-off validator', () => {
  it('catches the terms in any case and inflection', () => {
    expect(tipOffTerms('We think this statement is FRAUDULENT')).toEqual(['fraud']);
    expect(tipOffTerms('The pay stub was forged and then altered')).toEqual(['forged', 'altered']);
    expect(tipOffTerms('Your upload looks Tampered-with.')).toEqual(['tampered']);
    expect(tipOffTerms('It is under investigation by our fraud team')).toEqual(['fraud', 'investigation', 'compliance review']);
    expect(tipOffTerms('Your document was flagged as suspicious')).toEqual(['suspicious', 'flagged']);
    expect(tipOffTerms('The figures do not match; it is not genuine')).toEqual(['not genuine', 'mismatch']);
    expect(tipOffTerms('Our system found discrepancies and irregularities')).toEqual(['irregularity', 'discrepancy']);
    expect(tipOffTerms('We found a fake, counterfeit, doctored copy')).toEqual(['fake', 'counterfeit', 'doctored']);
  });

  it('sees through look-alikes, accents, zero-width characters and spaced letters', () => {
    expect(tipOffTerms('This is fr@ud')).toEqual(['fraud']);
    expect(tipOffTerms('f0rg3d')).toEqual(['forged']);
    expect(tipOffTerms('frаud')).toEqual(['fraud']); // Cyrillic а
    expect(tipOffTerms('susріcious')).toEqual(['suspicious']); // Cyrillic р and і
    expect(tipOffTerms('tàmpéred')).toEqual(['tampered']);
    expect(tipOffTerms('fr\u200baud')).toEqual(['fraud']);
    expect(tipOffTerms('f r a u d')).toEqual(['fraud']);
    expect(tipOffTerms('F.R.A.U.D detected')).toEqual(['fraud']);
    expect(tipOffTerms('t-a-m-p-e-r-e-d')).toEqual(['tampered']);
    expect(tipOffTerms('fr-aud')).toEqual(['fraud']);
  });

  it('catches a slip of the keyboard, and lets the ordinary words near the terms through', () => {
    expect(tipOffTerms('Your statement looks fraudulant')).toEqual(['fraud']);
    expect(tipOffTerms('There is an invesitgation')).toEqual(['investigation']);
    expect(tipOffTerms('it was tamperd with')).toEqual(['tampered']);
    expect(tipOffTerms('Please do not forget the second page; the glass was tempered. An auspicious start, and be consistent.')).toEqual([]);
  });

  it('reads "not valid" and "do not match" in context', () => {
    expect(tipOffTerms('The copy we received is not valid because it is blurry.')).toEqual([]);
    expect(tipOffTerms('The totals do not match the form you filled in; please confirm them.')).toEqual([]);
    expect(tipOffTerms('Your application is under review for approval.')).toEqual([]);
    expect(tipOffTerms('Your statement is not valid.')).toEqual(['not genuine']);
    expect(tipOffTerms('The balance does not match our records.')).toEqual(['mismatch']);
  });

  it('lets ordinary requests and every template through', () => {
    for (const text of [
      'Please send a clearer photo of your March statement.',
      'Is there an alternative address we can use? Our flagship branch is open until 5.',
      'You can edit your contact details in the app; the fee is $500 and takes 24 hours.',
      'Thank you! Your forgetfulness is forgiven — just upload the page again.',
      'We need the document by Friday to finish the review of your application.',
    ])
      expect(tipOffTerms(text), text).toEqual([]);
    for (const t of TEMPLATES) {
      expect(t.body).toContain('{document}');
      expect(tipOffTerms(t.body), t.id).toEqual([]);
    }
  });
});
