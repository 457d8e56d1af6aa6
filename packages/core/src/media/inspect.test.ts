// Admission of media bytes: envelope facts, the spec's error codes for empty, unknown, oversized
// and bomb-sized input.
import { describe, expect, it } from 'vitest';
import { webpSize } from '../containers/webp.js';
import { mediaSpecCode, toMediaErrorBody } from '../error-bodies.js';
import { MediaError } from '../errors.js';
import { inspectMedia, MEDIA_CAPS, mediaOfStreams } from './inspect.js';

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (error) {
    return error instanceof MediaError ? mediaSpecCode(error) : 'other';
  }
  return undefined;
};

function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

describe('media admission', () => {
  it('describes admitted media for the envelope', () => {
    expect(inspectMedia(png(640, 480), 'a.png').media).toEqual({ type: 'image', filename: 'a.png', mime_type: 'image/png', bytes: 64 });
  });

  it('refuses empty, unknown, oversized and bomb-sized input with the spec codes', () => {
    expect(codeOf(() => inspectMedia(new Uint8Array(0), null))).toBe('UNDECODABLE_IMAGE');
    expect(codeOf(() => inspectMedia(new TextEncoder().encode('%PDF-1.7 not media at all'), null))).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = new Uint8Array(MEDIA_CAPS.image + 1);
    big.set(png(10, 10));
    expect(codeOf(() => inspectMedia(big, null))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => inspectMedia(png(10_000, 10_001), null))).toBe('UNDECODABLE_IMAGE');
    expect(codeOf(() => inspectMedia(png(0, 10), null))).toBe('UNDECODABLE_IMAGE');
    const error = (() => {
      try {
        inspectMedia(png(20_000, 20_000), 'bomb.png');
      } catch (e) {
        return e as MediaError;
      }
    })();
    expect(toMediaErrorBody(error)).toMatchObject({ success: false, error: { code: 'UNDECODABLE_IMAGE' } });
  });

  it('reads WEBP sizes from lossy, lossless and extended headers', () => {
    const head = (chunk: string, body: number[]): Uint8Array =>
      new Uint8Array(
        [...'RIFF']
          .map((c) => c.charCodeAt(0))
          .concat(
            [0, 0, 0, 0],
            [...`WEBP${chunk}`].map((c) => c.charCodeAt(0)),
            [0, 0, 0, 0],
            body,
            new Array(16).fill(0),
          ),
      );
    expect(webpSize(head('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]))).toEqual({ width: 640, height: 480 });
    const bits = (640 - 1) | ((480 - 1) << 14);
    expect(webpSize(head('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255]))).toEqual({ width: 640, height: 480 });
    expect(webpSize(head('VP8X', [0, 0, 0, 0, 0x7f, 0x02, 0, 0xdf, 0x01, 0]))).toEqual({ width: 640, height: 480 });
  });
});

describe('media of streams', () => {
  const video = { type: 'video' as const, filename: 'a.mp4', mime_type: 'video/mp4', bytes: 10 };
  it('takes a video container with audio and no picture for a recording, and leaves the rest', () => {
    expect(mediaOfStreams(video, { durationS: 3, audio: { sampleRate: 48000, channels: 2 } })).toEqual({ ...video, type: 'audio', mime_type: 'audio/mp4' });
    expect(mediaOfStreams({ ...video, mime_type: 'video/webm' }, { durationS: 3, audio: { sampleRate: 48000, channels: 1 } }).mime_type).toBe('audio/webm');
    expect(mediaOfStreams(video, { durationS: 3, video: { width: 2, height: 2 }, audio: { sampleRate: 48000, channels: 2 } })).toBe(video);
    expect(mediaOfStreams(video, { durationS: 3 })).toBe(video);
  });
});
