// The published routes answer with one decision rule over the score: a file /v1/detections calls
// ALERT at 0.95 is synthetic on /v1/detect/* too, and a verdict without a score decides alone.
import type { Detection } from '@loupe/core';
import { describe, expect, it } from 'vitest';
import { isSynthetic } from './published-routes.js';

const detection = (verdict: Detection['verdict'], score: number | null): Detection => ({ verdict, score }) as Detection;

describe('the published routes decision rule', () => {
  it('decides on the score when there is one, whatever the verdict band', () => {
    expect(isSynthetic(detection('ALERT', 0.95))).toBe(true);
    expect(isSynthetic(detection('ALERT', 0.45))).toBe(false);
    expect(isSynthetic(detection('LIKELY_AI', 0.5))).toBe(true);
    expect(isSynthetic(detection('LIKELY_REAL', 0.1))).toBe(false);
  });
  it('decides on the verdict when there is no score', () => {
    expect(isSynthetic(detection('ALERT', null))).toBe(false);
    expect(isSynthetic(detection('LIKELY_AI', null))).toBe(true);
  });
});
