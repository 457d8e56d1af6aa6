// What a multipart body can get wrong besides its file's size, said the same way by every upload
// route: more parts than the route takes, a field carrying an API key (keys travel in headers
// only), or a body the parser could not read (malformed or cut short). Each API spells the
// refusal in its own envelope.

/** A multipart problem: what was wrong, in the caller's terms. */
export interface FormProblem {
  /** `too_many_parts`, `key_in_body` or `unreadable`. */
  kind: 'too_many_parts' | 'key_in_body' | 'unreadable';
  message: string;
}

/** Field names that carry an API key (refused: keys travel in headers only). */
export const KEY_FIELD = /^(api[_-]?key|apikey|key|access_token|token|x-api-key)$/i;

/** The problem behind an error the multipart parser threw. */
export function formProblem(error: unknown): FormProblem {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_FILES_LIMIT') return { kind: 'too_many_parts', message: 'Send one file part; this request carries more than one.' };
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return { kind: 'too_many_parts', message: 'The form carries more fields than this route takes.' };
  return { kind: 'unreadable', message: 'The multipart body could not be read: it is malformed or was cut short.' };
}
