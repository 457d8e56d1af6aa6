// Identifiers: a prefix naming the object and 24 hex digits from the platform's CSPRNG, so ids are
// unguessable and say what they are (`usr_`, `key_`, `led_`, `rsv_`, `det_`).
import { randomBytes } from 'node:crypto';

/** A new id with `prefix` (`usr`, `key`, ...). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
