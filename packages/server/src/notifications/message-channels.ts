// The ports a re-capture message leaves through, and their adapters: e-mail over SMTP (nodemailer,
// to the deployment's server) and SMS over one HTTP provider endpoint. The SMS request is Loupe's
// own documented shape — `POST <endpoint>` with JSON `{to, parts, reference}` (`parts` the message
// split to the provider's length, `reference` the link id) and `X-Loupe-Signature: t=<unix>,v1=<hex
// HMAC-SHA256 of "<t>.<body>" under the provider key>`, the webhooks' scheme — answered with any
// 2xx (its body is recorded as the provider's answer). A channel that is not configured is absent.
import nodemailer from 'nodemailer';
import QRCode from 'qrcode';
import type { ComposedMessage } from './borrower-message.js';
import { signWebhook } from './signature.js';

/** What a channel answered for one send (recorded on the delivery). */
export interface SendReceipt {
  /** The provider's answer (SMTP response line and message id, or the SMS provider's body). */
  response: string;
}

/** A channel: sends one composed message or throws with what went wrong. */
export interface MessageChannel {
  send(message: ComposedMessage): Promise<SendReceipt>;
}

/** The channels a deployment has. */
export interface MessageChannels {
  email?: MessageChannel;
  sms?: MessageChannel;
}

/** E-mail through the SMTP server at `url` (`smtp://user:pass@host:port`, `smtps://` for TLS), from `from`. */
export function smtpChannel(url: string, from: string): MessageChannel {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const qr = await QRCode.toBuffer(message.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Loupe-Link': message.linkId },
        attachments: [{ filename: 'link.png', content: qr, contentType: 'image/png', cid: 'link-qr' }],
      });
      return { response: `${info.response} (${info.messageId})` };
    },
  };
}

/** Options of the SMS provider endpoint. */
export interface SmsProviderOptions {
  url: string;
  /** The deployment's provider key: signs every request. */
  key: string;
  /** The provider's longest message (default 1,600 characters): a longer message is split into parts. */
  maxChars?: number;
  timeoutMs?: number;
}

/** SMS through the provider endpoint. */
export function httpSmsChannel(options: SmsProviderOptions): MessageChannel {
  return {
    async send(message) {
      const body = JSON.stringify({ to: message.to, parts: smsParts(message.text, options.maxChars ?? 1600), reference: message.linkId });
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-loupe-signature': signWebhook(options.key, body, Math.floor(Date.now() / 1000)) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const answer = (await response.text()).slice(0, 2000);
      if (response.status < 200 || response.status >= 300) throw new Error(`the SMS provider answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
      return { response: `HTTP ${response.status} ${answer}` };
    },
  };
}

/**
 * `text` in parts of at most `max` characters, split between words, a part numbered "(i/n) " when
 * there are several; a word longer than a part (the link) is never cut unless it alone exceeds one.
 */
export function smsParts(text: string, max: number): string[] {
  const chars = [...text];
  if (chars.length <= max) return [text];
  const room = max - 8; // "(nn/nn) "
  const parts: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= room) current = candidate;
    else {
      if (current) parts.push(current);
      let rest = word;
      while ([...rest].length > room) {
        parts.push([...rest].slice(0, room).join(''));
        rest = [...rest].slice(room).join('');
      }
      current = rest;
    }
  }
  if (current) parts.push(current);
  return parts.map((p, i) => `(${i + 1}/${parts.length}) ${p}`);
}

/** How a deployment reaches borrowers (each channel optional). */
export interface MessagingOptions {
  /** `smtp://...` or `smtps://...` (`LOUPE_SMTP_URL`). */
  smtpUrl?: string;
  /** The From of e-mails (`LOUPE_MAIL_FROM`; required with an SMTP URL). */
  mailFrom?: string;
  /** The SMS provider endpoint (`LOUPE_SMS_URL`). */
  smsUrl?: string;
  /** The provider key that signs SMS requests (`LOUPE_SMS_KEY`; required with an SMS endpoint). */
  smsKey?: string;
  /** The provider's longest message (`LOUPE_SMS_MAX_CHARS`, default 1,600). */
  smsMaxChars?: number;
}

/** The messaging options given, each missing one from the environment. */
export function messagingWithEnv(given: MessagingOptions = {}): MessagingOptions {
  const env = process.env;
  const maxChars = given.smsMaxChars ?? (env.LOUPE_SMS_MAX_CHARS ? Number(env.LOUPE_SMS_MAX_CHARS) : undefined);
  return Object.fromEntries(
    Object.entries({
      smtpUrl: given.smtpUrl ?? env.LOUPE_SMTP_URL,
      mailFrom: given.mailFrom ?? env.LOUPE_MAIL_FROM,
      smsUrl: given.smsUrl ?? env.LOUPE_SMS_URL,
      smsKey: given.smsKey ?? env.LOUPE_SMS_KEY,
      smsMaxChars: maxChars,
    }).filter(([, v]) => v !== undefined && v !== ''),
  ) as MessagingOptions;
}

/** The channels the options configure; refuses half a configuration. */
export function messageChannels(options: MessagingOptions): MessageChannels {
  const channels: MessageChannels = {};
  if (options.smtpUrl) {
    if (!/^smtps?:\/\//.test(options.smtpUrl)) throw new Error('The SMTP URL is smtp://host:port or smtps://host:port.');
    if (!options.mailFrom) throw new Error('An SMTP URL needs a from-address (--mail-from or LOUPE_MAIL_FROM).');
    channels.email = smtpChannel(options.smtpUrl, options.mailFrom);
  }
  if (options.smsUrl) {
    if (!/^https?:\/\//.test(options.smsUrl)) throw new Error('The SMS provider endpoint is an http(s) URL.');
    if (!options.smsKey) throw new Error('An SMS endpoint needs the provider key (LOUPE_SMS_KEY).');
    const maxChars = options.smsMaxChars ?? 1600;
    if (!Number.isInteger(maxChars) || maxChars < 40) throw new Error('The SMS length limit is a whole number of at least 40 characters.');
    channels.sms = httpSmsChannel({ url: options.smsUrl, key: options.smsKey, maxChars });
  }
  return channels;
}
