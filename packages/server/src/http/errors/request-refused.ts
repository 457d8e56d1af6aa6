// A request the plumbing refuses before any API logic runs (a path that is not valid
// percent-encoding, for one). It names only the status and what was wrong; the API that owns the
// path spells it in its contract's envelope.

/** A refusal by the shared plumbing, answered in the owning API's envelope. */
export class RequestRefused extends Error {
  override readonly name = 'RequestRefused';
  readonly code = 'request_refused';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
