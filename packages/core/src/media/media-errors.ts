// Errors of the media detection engine, with the media spec's UPPER_SNAKE_CASE codes, and the
// per-type size caps. `NOT_ASSESSABLE` carries lower-case reasons (`audio_too_short`,
// `no_voice_content`): it is an answer, not an outage.
import type { MediaType } from './sniff.js';

/** Codes a media detection can fail with (the spec's, plus undecodable video and audio). */
export type MediaErrorCode = 'UNSUPPORTED_MEDIA_TYPE' | 'UNDECODABLE_IMAGE' | 'UNDECODABLE_VIDEO' | 'UNDECODABLE_AUDIO' | 'FILE_TOO_LARGE' | 'NOT_ASSESSABLE' | 'DETECTORS_UNAVAILABLE';

/** Upload caps by media type (10, 100 and 50 MiB). */
export const MEDIA_CAPS: Record<MediaType, number> = { image: 10 * 1024 * 1024, video: 100 * 1024 * 1024, audio: 50 * 1024 * 1024 };

/** HTTP status of each code, as the spec's error table gives it. */
export const MEDIA_ERROR_STATUS: Record<MediaErrorCode, number> = {
  UNSUPPORTED_MEDIA_TYPE: 422, UNDECODABLE_IMAGE: 422, UNDECODABLE_VIDEO: 422, UNDECODABLE_AUDIO: 422, FILE_TOO_LARGE: 413, NOT_ASSESSABLE: 422, DETECTORS_UNAVAILABLE: 500,
};

/** A media detection that ended without a Detection. */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  constructor(
    readonly code: MediaErrorCode,
    message: string,
    /** Lower-case reasons, for NOT_ASSESSABLE. */
    readonly reasons: string[] = [],
  ) {
    super(message);
  }

  /** The spec's object-form error body. */
  toBody(): { success: false; error: { code: MediaErrorCode; message: string }; reasons?: string[] } {
    return { success: false, error: { code: this.code, message: this.message }, ...(this.reasons.length ? { reasons: this.reasons } : {}) };
  }
}

/** The undecodable code for a media type. */
export function undecodable(type: MediaType, message: string): MediaError {
  return new MediaError(type === 'image' ? 'UNDECODABLE_IMAGE' : type === 'video' ? 'UNDECODABLE_VIDEO' : 'UNDECODABLE_AUDIO', message);
}
