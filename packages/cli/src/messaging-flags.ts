// The flags that say where borrowers' re-capture messages go, shared by `loupe serve` and
// `loupe worker`: --smtp-url and --mail-from for e-mail, --sms-url and --sms-max-chars for SMS (the
// provider key only from LOUPE_SMS_KEY, never on a command line). Each falls back to its LOUPE_*
// variable in the server.
import type { MessagingOptions } from '@loupe/server';

/** The parseArgs options. */
export const MESSAGING_OPTIONS = {
  'smtp-url': { type: 'string' },
  'mail-from': { type: 'string' },
  'sms-url': { type: 'string' },
  'sms-max-chars': { type: 'string' },
} as const;

/** The usage lines. */

/** The server's messaging options from parsed flags, or the error to print. */
export function messagingOf(values: Partial<Record<keyof typeof MESSAGING_OPTIONS, string>>): MessagingOptions | string {
  const out: MessagingOptions = {};
  if (values['smtp-url'] !== undefined) out.smtpUrl = values['smtp-url'];
  if (values['mail-from'] !== undefined) out.mailFrom = values['mail-from'];
  if (values['sms-url'] !== undefined) out.smsUrl = values['sms-url'];
  if (values['sms-max-chars'] !== undefined) {
    const n = Number(values['sms-max-chars']);
    if (!Number.isInteger(n) || n < 40) return `--sms-max-chars is a whole number of at least 40 (got ${values['sms-max-chars']})`;
    out.smsMaxChars = n;
  }
  return out;
}
