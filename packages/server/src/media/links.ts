// Media from a link: the link is fetched once under the egress rule (100 MB cap, time limit, at
// most three redirects, every address checked). A direct image, video or audio file is used as it
// is; a page (a video platform's) needs a `LinkResolver` — without one the deployment answers
// `501 LINK_RESOLUTION_UNAVAILABLE`. Every failure is the spec's string-form link refusal with
// `retryable` and `resolverCode`.
import { type Source, sniffMedia } from '@loupe/core';
import { type Egress, EgressError, lastPathSegment } from '../http/egress/egress.js';
import { type MediaHttpError, stringError } from '../http/errors/media-errors.js';

/** Turns a video page into its media (an adapter over yt-dlp or a platform API). */
export interface LinkResolver {
  /** Fetches the media a link points at (the default resolver runs yt-dlp behind the egress guard). */
  resolve(url: string): Promise<{ bytes: Uint8Array; filename: string | null; source: Source }>;
}

/** The media behind a link. */
export interface LinkedMedia {
  bytes: Uint8Array;
  filename: string | null;
  source: Source;
}

/** The largest file fetched behind a link: 100 MB. */
export const LINK_MAX_BYTES = 100 * 1024 * 1024;

const refusal = (status: number, code: string, resolverCode: string, retryable: boolean, message: string): MediaHttpError =>
  stringError(status, code, message, { retryable, resolverCode });

/** The spec's answer for a failed fetch (what the network said stays on it as the cause, for the log). */
export function linkError(error: EgressError): MediaHttpError {
  const answer = linkAnswer(error);
  answer.cause = error;
  return answer;
}

function linkAnswer(error: EgressError): MediaHttpError {
  switch (error.reason) {
    case 'bad_url':
    case 'blocked_address':
      return refusal(422, 'LINK_NOT_RESOLVABLE', 'UNSUPPORTED_URL', false, error.message);
    case 'too_large':
      return refusal(413, 'LINK_MEDIA_TOO_LARGE', 'MEDIA_TOO_LARGE', false, error.message);
    case 'timeout':
      return refusal(504, 'LINK_RESOLUTION_TIMEOUT', 'FETCH_TIMEOUT', true, error.message);
    case 'too_many_redirects':
      return refusal(502, 'LINK_RESOLUTION_FAILED', 'FETCH_FAILED', false, error.message);
    case 'empty':
      return refusal(422, 'LINK_NOT_RESOLVABLE', 'NOT_A_VIDEO', false, error.message);
    case 'http_status': {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) return refusal(422, 'LINK_NOT_RESOLVABLE', 'LOGIN_REQUIRED', false, error.message);
      if (status === 404 || status === 410) return refusal(422, 'LINK_NOT_RESOLVABLE', 'VIDEO_DELETED', false, error.message);
      if (status === 429) return refusal(502, 'LINK_RESOLUTION_FAILED', 'RATE_LIMITED', true, error.message);
      return refusal(502, 'LINK_RESOLUTION_FAILED', 'FETCH_FAILED', status >= 500, error.message);
    }
    default:
      return refusal(502, 'LINK_RESOLUTION_FAILED', 'FETCH_FAILED', true, error.message);
  }
}

/** The answer for a video page where the deployment has no resolver. */
export const noResolver = (): MediaHttpError =>
  refusal(
    501,
    'LINK_RESOLUTION_UNAVAILABLE',
    'UNSUPPORTED_URL',
    false,
    'The link is a page, not a media file, and this deployment has no resolver for video pages; upload the file instead.',
  );

/** Fetches the media a link names. */
export async function mediaFromLink(url: string, egress: Egress, resolver?: LinkResolver): Promise<LinkedMedia> {
  if (!/^https?:\/\//i.test(url))
    throw stringError(400, 'INVALID_URL', 'The url must be an http or https link.', { retryable: false, resolverCode: 'UNSUPPORTED_URL' });
  let fetched: Awaited<ReturnType<Egress['fetch']>>;
  try {
    fetched = await egress.fetch(url);
  } catch (error) {
    if (error instanceof EgressError) throw linkError(error);
    throw error;
  }
  if (sniffMedia(fetched.bytes)) {
    return {
      bytes: fetched.bytes,
      filename: fetched.filename ?? lastPathSegment(fetched.finalUrl),
      source: { url, canonical_url: fetched.finalUrl, platform: new URL(fetched.finalUrl).hostname, truncated: false },
    };
  }
  if (!resolver) throw noResolver();
  return resolver.resolve(url);
}
