// The first step of a media detection: what the bytes are and whether they may be decoded. The
// type comes from the content (`sniffMedia`); size caps are per type; empty input is
// undecodable; an image whose header declares more pixels than the engine decodes (a
// decompression bomb) is refused before any decoder sees it. Returns the envelope's `media`. A
// video container is a recording when its streams say so (`mediaOfStreams`): an MP4, MOV or WebM
// holding audio and no picture is analysed as audio.
import { imageSize } from '../containers/image-container.js';
import { type MediaFormat, sniffMedia } from '../containers/sniff.js';
import { webpSize } from '../containers/webp.js';
import { MediaError, undecodable } from '../errors.js';

/** Largest image (and video frame) the media engine decodes: 100 megapixels. */
export const MAX_MEDIA_PIXELS = 100_000_000;

import type { MediaProbe } from '../platform.js';
import type { MediaFacts, MediaType } from '../spec/media.js';

/** Upload caps by media type (10, 100 and 50 MiB). */
export const MEDIA_CAPS: Record<MediaType, number> = { image: 10 * 1024 * 1024, video: 100 * 1024 * 1024, audio: 50 * 1024 * 1024 };

/** Identifies and admits media bytes; throws a `MediaError` with the spec's code otherwise. */
export function inspectMedia(bytes: Uint8Array, filename: string | null): { format: MediaFormat; media: MediaFacts } {
  if (bytes.length === 0) throw undecodable('image', 'The file is empty.');
  const format = sniffMedia(bytes);
  if (!format)
    throw new MediaError(
      'unsupported_media_type',
      'Not an accepted photo (JPG, PNG, WEBP), video (MP4, MOV, WEBM) or audio (MP3, WAV, M4A, FLAC, OGG, AAC) file.',
    );
  const cap = MEDIA_CAPS[format.type];
  if (bytes.length > cap) throw new MediaError('file_too_large', `The ${format.type} is ${bytes.length} bytes; the cap is ${cap} bytes.`);
  if (format.type === 'image') {
    const size = format.format === 'webp' ? webpSize(bytes) : imageSize(bytes);
    if (!size || size.width === 0 || size.height === 0) throw undecodable('image', 'The image header declares no size.');
    if (size.width * size.height > MAX_MEDIA_PIXELS) {
      throw undecodable('image', `The image header declares ${size.width} x ${size.height} pixels, over the ${MAX_MEDIA_PIXELS / 1e6}-megapixel limit.`);
    }
  }
  return { format, media: { type: format.type, filename, mime_type: format.mime, bytes: bytes.length } };
}

/** The media as its streams show it: a video container with audio and no picture is a recording. */
export function mediaOfStreams(media: MediaFacts, probe: MediaProbe): MediaFacts {
  if (media.type !== 'video' || probe.video || !probe.audio) return media;
  return { ...media, type: 'audio', mime_type: media.mime_type === 'video/webm' ? 'audio/webm' : 'audio/mp4' };
}
