import { describe, expect, it } from 'vitest';
import { aggregateScore, audioWindows, billableUnits, centreThreshold, framePlan, mediaVerdict } from './plan.js';

describe('media plans and rules', () => {
  it('plans about one frame a second up to 20 s, then 20 spread over the clip', () => {
    expect(framePlan(0)).toEqual([]);
    expect(framePlan(0.4)).toEqual([0.2]);
    expect(framePlan(3)).toEqual([0.5, 1.5, 2.5]);
    expect(framePlan(20)).toHaveLength(20);
    const long = framePlan(60);
    expect(long).toHaveLength(20);
    expect(long[0]).toBe(1.5);
    expect(long[19]).toBe(58.5);
  });

  it('cuts audio into 4 s windows every 2 s, ending at the clip end; nothing under a second', () => {
    expect(audioWindows(900)).toEqual([]);
    expect(audioWindows(2500)).toEqual([{ start_ms: 0, end_ms: 2500 }]);
    expect(audioWindows(9000)).toEqual([
      { start_ms: 0, end_ms: 4000 },
      { start_ms: 2000, end_ms: 6000 },
      { start_ms: 4000, end_ms: 8000 },
      { start_ms: 5000, end_ms: 9000 },
    ]);
  });

  it('scores a clip by the mean of its top quarter and never by unscored parts', () => {
    expect(aggregateScore([])).toBeNull();
    expect(aggregateScore([null, null])).toBeNull();
    expect(aggregateScore([0.1, 0.2, 0.9, null])).toBe(0.9);
    expect(aggregateScore([0.1, 0.1, 0.1, 0.1, 0.8, 0.6, 0.1, 0.1])).toBe(0.7);
  });

  it('answers verdicts by type: an ALERT band for images and video, two answers for audio', () => {
    expect(mediaVerdict(0.2, 0.5, 'image')).toBe('LIKELY_REAL');
    expect(mediaVerdict(0.5, 0.5, 'video')).toBe('ALERT');
    expect(mediaVerdict(0.66, 0.5, 'image')).toBe('LIKELY_AI');
    expect(mediaVerdict(null, 0.5, 'video')).toBe('ALERT');
    expect(mediaVerdict(0.5, 0.5, 'audio')).toBe('LIKELY_AI');
    expect(mediaVerdict(0.49, 0.5, 'audio')).toBe('LIKELY_REAL');
  });

  it('bills an image 1, a video its scored frames up to 20, audio per started minute', () => {
    expect(billableUnits('image', 0, 0)).toBe(1);
    expect(billableUnits('video', 7, 0)).toBe(7);
    expect(billableUnits('video', 25, 0)).toBe(20);
    expect(billableUnits('audio', 0, 1000)).toBe(1);
    expect(billableUnits('audio', 0, 60_001)).toBe(2);
  });
});

describe('threshold centring for audio values', () => {
  it('maps the threshold to 0.5 and keeps order and ends', () => {
    expect(centreThreshold(0.904, 0.904)).toBe(0.5);
    expect(centreThreshold(0, 0.904)).toBe(0);
    expect(centreThreshold(1, 0.904)).toBe(1);
    expect(centreThreshold(0.452, 0.904)).toBeCloseTo(0.25);
    expect(centreThreshold(0.95, 0.904)).toBeGreaterThan(centreThreshold(0.93, 0.904));
  });
});
