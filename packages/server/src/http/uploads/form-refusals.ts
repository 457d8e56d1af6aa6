// What a multipart body can get wrong besides its file's size, said the same way by every upload
// route: more parts than the route takes, a field carrying an API key (keys travel in headers
// only), or a body the parser could not read (malformed or cut short). Each API spells the
// refusal in its own envelope.

/** Field names that carry an API key (refused: keys travel in headers only). */
export const KEY_FIELD = /^(api[_-]?key|apikey|key|access_token|token|x-api-key)$/i;

/** What was wrong with a multipart body, in the caller's terms, from the error its parser threw. */
export function formProblem(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_FILES_LIMIT') return 'Send one file part; this request carries more than one.';
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return 'The form carries more fields than this route takes.';
  return 'The multipart body could not be read: it is malformed or was cut short.';
}
