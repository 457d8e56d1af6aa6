// The message a borrower receives with a re-capture link, composed once at mint and stored with
// its delivery (what was sent is what was recorded): the client's body with `{document}` replaced
// by the document's kind in plain words, never its verdict, score or findings; the link and when
// it expires; a greeting by name only when the client gave one; the wrapper in the borrower's
// language where Loupe has one (en, fr, es, de; else English). The e-mail has a plain-text and an
// HTML part (the QR code of the link inline); an SMS is the body and the link.
import type { Environment } from '../store/store.js';

/** What the composer needs to know of the link and its document. */
export interface MessageInput {
  linkId: string;
  environment: Environment;
  claimUrl: string;
  expiresAt: string;
  /** The client's message body (validated at mint). */
  body: string;
  /** The document's category (the engine's, else the submitted hint). */
  category: string | undefined;
  borrower: { display_name?: string; phone?: string; email?: string; locale: string } | null;
}

/** A composed message (the outbox body of its delivery). */
export interface ComposedMessage {
  channel: 'email' | 'sms';
  linkId: string;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** The claim URL (the e-mail's QR code encodes it). */
  url: string;
}

type Words = {
  subject: string;
  greeting: (name: string) => string;
  open: string;
  until: (date: string) => string;
  ignore: string;
  qr: string;
  kinds: Record<string, string>;
};

const WORDS: Record<string, Words> = {
  en: {
    subject: 'A photo for your application',
    greeting: (name) => `Hello ${name},`,
    open: 'Open this secure link on your phone:',
    until: (date) => `The link works until ${date}.`,
    ignore: 'If you were not expecting this message, you can ignore it.',
    qr: 'Or scan this code with your phone:',
    kinds: {
      bank_statement: 'bank statement',
      paystub: 'pay stub',
      tax_form: 'tax form',
      id_document: 'ID document',
      utility_bill: 'utility bill',
      other: 'document',
    },
  },
  fr: {
    subject: 'Une photo pour votre dossier',
    greeting: (name) => `Bonjour ${name},`,
    open: 'Ouvrez ce lien sécurisé sur votre téléphone :',
    until: (date) => `Le lien fonctionne jusqu’au ${date}.`,
    ignore: 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
    qr: 'Ou scannez ce code avec votre téléphone :',
    kinds: {
      bank_statement: 'relevé bancaire',
      paystub: 'bulletin de salaire',
      tax_form: 'avis d’imposition',
      id_document: 'pièce d’identité',
      utility_bill: 'facture',
      other: 'document',
    },
  },
  es: {
    subject: 'Una foto para su solicitud',
    greeting: (name) => `Hola ${name}:`,
    open: 'Abra este enlace seguro en su teléfono:',
    until: (date) => `El enlace funciona hasta el ${date}.`,
    ignore: 'Si no esperaba este mensaje, puede ignorarlo.',
    qr: 'O escanee este código con su teléfono:',
    kinds: {
      bank_statement: 'extracto bancario',
      paystub: 'recibo de nómina',
      tax_form: 'declaración de impuestos',
      id_document: 'documento de identidad',
      utility_bill: 'factura de servicios',
      other: 'documento',
    },
  },
  de: {
    subject: 'Ein Foto für Ihren Antrag',
    greeting: (name) => `Hallo ${name},`,
    open: 'Öffnen Sie diesen sicheren Link auf Ihrem Telefon:',
    until: (date) => `Der Link gilt bis ${date}.`,
    ignore: 'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
    qr: 'Oder scannen Sie diesen Code mit Ihrem Telefon:',
    kinds: {
      bank_statement: 'Kontoauszug',
      paystub: 'Gehaltsabrechnung',
      tax_form: 'Steuerbescheid',
      id_document: 'Ausweis',
      utility_bill: 'Rechnung',
      other: 'Dokument',
    },
  },
};

/** The languages with a wrapper. */
export const MESSAGE_LOCALES = Object.keys(WORDS);

/** The wrapper language of a BCP 47 tag (its primary subtag when Loupe has it, else English). */
export function messageLocale(tag: string | undefined): string {
  const primary = (tag ?? 'en').split('-')[0]?.toLowerCase() ?? 'en';
  return primary in WORDS ? primary : 'en';
}

/** The document's kind in plain words in `locale`. */
export function documentWords(category: string | undefined, locale: string): string {
  const words = WORDS[messageLocale(locale)] as Words;
  return words.kinds[category ?? 'other'] ?? (words.kinds.other as string);
}

/** Text as HTML text (the five characters that matter escaped). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Composes the message of a link for its channel. */
export function composeMessage(channel: 'email' | 'sms', input: MessageInput): ComposedMessage {
  const locale = messageLocale(input.borrower?.locale);
  const words = WORDS[locale] as Words;
  const body = input.body.replaceAll('{document}', documentWords(input.category, locale));
  const name = input.borrower?.display_name?.trim();
  const expires = new Intl.DateTimeFormat(input.borrower?.locale ?? 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(input.expiresAt),
  );
  const to = channel === 'email' ? (input.borrower?.email ?? '') : (input.borrower?.phone ?? '');
  const lines = [...(name ? [words.greeting(name), ''] : []), body, '', words.open, input.claimUrl, '', `${words.until(expires)} (UTC)`, '', words.ignore];
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;max-width:32em">`,
    ...(name ? [`<p>${escapeHtml(words.greeting(name))}</p>`] : []),
    `<p>${escapeHtml(body)}</p>`,
    `<p>${escapeHtml(words.open)}<br><a href="${escapeHtml(input.claimUrl)}">${escapeHtml(input.claimUrl)}</a></p>`,
    `<p>${escapeHtml(words.qr)}<br><img src="cid:link-qr" alt="" width="180" height="180"></p>`,
    `<p>${escapeHtml(words.until(expires))} (UTC)</p>`,
    `<p style="color:#666">${escapeHtml(words.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    channel,
    linkId: input.linkId,
    to,
    locale,
    subject: words.subject,
    text: channel === 'email' ? lines.join('\n') : `${name ? `${words.greeting(name)} ` : ''}${body} ${input.claimUrl}`,
    html: channel === 'email' ? html : '',
    url: input.claimUrl,
  };
}
