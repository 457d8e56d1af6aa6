// Detection envelopes from measured values: field rules per media type.
import { describe, expect, it } from 'vitest';
import type { MediaError } from '../errors.js';
import { audioDetection, type EnvelopeBase, imageDetection, videoDetection } from './envelope.js';

const at = new Date('2026-11-22T10:00:00.123Z');
const b = (type: 'image' | 'video' | 'audio'): EnvelopeBase => ({
  id: 'det_1',
  createdAt: at,
  version: 'V1.5',
  threshold: 0.5,
  media: { type, filename: 'x', mime_type: null, bytes: 10 },
});

describe('detection envelopes', () => {
  it('scores an image with two decimals, one credit and a one-sentence summary', () => {
    const d = imageDetection(b('image'), 0.83456);
    expect(d).toMatchObject({
      status: 'completed',
      created_at: '2026-11-22T10:00:00.123Z',
      model: 'loupe-media V1.5',
      verdict: 'LIKELY_AI',
      score: 0.83,
      credits_used: 1,
    });
    expect(d.summary).toMatch(/^The image .*\.$/);
    expect(imageDetection(b('image'), null)).toMatchObject({ verdict: 'ALERT', score: null });
  });

  it('keeps a video series with four decimals, unscored frames null with a cause, credits per scored frame', () => {
    const d = videoDetection(b('video'), [
      { index: 0, timestamp_s: 0.5, score: 0.123456 },
      { index: 1, timestamp_s: 1.5, score: null, cause: 'decode_failed' },
      { index: 2, timestamp_s: 2.5, score: 0.9 },
    ]);
    expect(d.frames).toEqual([
      { index: 0, timestamp_s: 0.5, score: 0.1235 },
      { index: 1, timestamp_s: 1.5, score: null, cause: 'decode_failed' },
      { index: 2, timestamp_s: 2.5, score: 0.9 },
    ]);
    expect(d).toMatchObject({ score: 0.9, verdict: 'LIKELY_AI', threshold_used: 0.5, credits_used: 2 });
    expect(videoDetection(b('video'), [{ index: 0, timestamp_s: 0.5, score: null, cause: 'decode_failed' }])).toMatchObject({
      score: null,
      verdict: 'ALERT',
      credits_used: 0,
    });
  });

  it('answers audio with two verdicts, minutes of credit, and NOT_ASSESSABLE when nothing was judged', () => {
    const d = audioDetection(b('audio'), 125_000, [
      { start_ms: 0, end_ms: 4000, value: 0.2, status: 'scored' },
      { start_ms: 2000, end_ms: 6000, value: null, status: 'abstained', reason_codes: ['no_voice_content'] },
    ]);
    expect(d).toMatchObject({ verdict: 'LIKELY_REAL', score: 0.2, duration_ms: 125_000, credits_used: 3 });
    const reasons = (f: () => unknown): string[] => {
      try {
        f();
      } catch (e) {
        return (e as MediaError).reasons;
      }
      return [];
    };
    expect(reasons(() => audioDetection(b('audio'), 500, []))).toEqual(['audio_too_short']);
    expect(
      reasons(() => audioDetection(b('audio'), 8000, [{ start_ms: 0, end_ms: 4000, value: null, status: 'abstained', reason_codes: ['no_voice_content'] }])),
    ).toEqual(['no_voice_content']);
  });
});
