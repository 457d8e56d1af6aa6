// The composer and the SMS splitter: every language's wrapper around every template, for every
// document kind, passes the tip-off validator; the name appears only when given; the document's
// kind replaces the token; parts never exceed the provider's length and never cut the link.
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../recapture/templates.js';
import { tipOffTerms } from '../recapture/tip-off.js';
import { composeMessage, MESSAGE_LOCALES, messageLocale } from './borrower-message.js';
import { smsParts } from './message-channels.js';

const CATEGORIES = ['bank_statement', 'paystub', 'tax_form', 'id_document', 'utility_bill', 'other', undefined];
const input = (locale: string, category: string | undefined, body: string, name?: string) => ({
  linkId: 'rcl_1',
  environment: 'production' as const,
  claimUrl: 'https://claim.example.com/c/AbCdEf0123456789AbCdEf0123456789',
  expiresAt: '2026-11-26T10:00:00.000Z',
  body,
  category,
  borrower: { locale, email: 'b@example.com', phone: '+14155550100', ...(name ? { display_name: name } : {}) },
});

describe('re-capture messages', () => {
  it('never carries a tip-off term, in any language, template or document kind', () => {
    for (const locale of MESSAGE_LOCALES)
      for (const template of TEMPLATES)
        for (const category of CATEGORIES)
          for (const channel of ['email', 'sms'] as const) {
            const m = composeMessage(channel, input(locale, category, template.body, 'Ana'));
            expect(tipOffTerms(`${m.subject}\n${m.text}\n${m.html}`), `${locale} ${template.id} ${category} ${channel}`).toEqual([]);
            expect(m.text).not.toContain('{document}');
          }
  });

  it('greets by name only when one was given, and picks the language by its primary subtag', () => {
    const named = composeMessage('email', input('es-MX', 'paystub', TEMPLATES[1]!.body, 'Ana López'));
    expect(named.text.startsWith('Hola Ana López:')).toBe(true);
    expect(named.text).toContain('recibo de nómina');
    expect(named.html).toContain('<p>Hola Ana López:</p>');
    const anonymous = composeMessage('email', input('en-GB', 'paystub', TEMPLATES[1]!.body));
    expect(anonymous.text.startsWith(TEMPLATES[1]!.body.replace('{document}', 'pay stub'))).toBe(true);
    expect(messageLocale('pt-BR')).toBe('en');
    expect(messageLocale('DE-at')).toBe('de');
  });

  it('escapes the client body in the HTML part', () => {
    const m = composeMessage('email', input('en-US', 'other', 'Please photograph your {document} <b>now</b> & "soon".'));
    expect(m.html).toContain('&#60;b&#62;now&#60;/b&#62; &#38; &#34;soon&#34;');
  });

  it('splits an SMS between words into numbered parts the provider takes, keeping the link whole', () => {
    const url = 'https://claim.example.com/c/AbCdEf0123456789AbCdEf0123456789';
    const text = `${'word '.repeat(120)}${url}`;
    const parts = smsParts(text, 70);
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect([...part].length).toBeLessThanOrEqual(70);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    }
    expect(parts.some((p) => p.endsWith(url))).toBe(true);
    expect(smsParts('short message', 160)).toEqual(['short message']);
  });
});
