// Whether yt-dlp runs is looked up without blocking the server's start, and a link that needs it
// where it does not run is answered as by a deployment with no resolver.
import type { MediaDecoder } from '@loupe/core';
import { describe, expect, it } from 'vitest';
import { MediaHttpError } from '../http/errors/media-errors.js';
import { createYtDlpResolver, ytDlpInstalled } from './yt-dlp-resolver.js';

describe('the yt-dlp resolver', () => {
  it('looks yt-dlp up asynchronously: false for a binary that does not run', async () => {
    const lookup = ytDlpInstalled('/nonexistent/yt-dlp');
    expect(lookup).toBeInstanceOf(Promise);
    expect(await lookup).toBe(false);
    expect(await ytDlpInstalled('true')).toBe(true);
  });

  it('answers 501 LINK_RESOLUTION_UNAVAILABLE, before any proxy is started, where yt-dlp does not run', async () => {
    let proxies = 0;
    const resolver = createYtDlpResolver({
      installed: ytDlpInstalled('/nonexistent/yt-dlp'),
      proxyUrl: async () => {
        proxies++;
        return 'http://127.0.0.1:9';
      },
      decoder: {} as MediaDecoder,
      maxBytes: 1024,
      timeoutMs: 1000,
    });
    const refused = await resolver.resolve('https://video.example/watch').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MediaHttpError);
    expect(refused).toMatchObject({ status: 501, body: { error: 'LINK_RESOLUTION_UNAVAILABLE', retryable: false } });
    expect(proxies).toBe(0);
  });
});
